extension SourceScan {
  /// The parentheses and braces of a Swift source that are code, not comment
  /// or string, each with its line; the lines that start in code; and the
  /// words of code (identifiers, keywords), each with its line and how many
  /// braces enclose it.
  ///
  /// Skips `//` and nested `/* */` comments, and string literals: `"…"`,
  /// `"""…"""` and raw strings (`#"…"#`), with their escapes and
  /// interpolations (whose own strings are skipped as well).
  struct Lexer {
    struct Token: Equatable {
      var kind: Character
      var line: Int
    }

    /// An identifier or keyword: `[A-Za-z_][A-Za-z0-9_]*`, in code or in a
    /// string's interpolation.
    struct Word: Equatable {
      var text: String
      var line: Int
      /// Its first byte's offset in the source.
      var offset: Int
      /// The braces of code open around it (outside interpolations).
      var depth: Int
    }

    private(set) var tokens: [Token] = []
    private(set) var codeLines: Set<Int> = [1]
    private(set) var words: [Word] = []
    private var openBraces = 0
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      code(untilParenthesis: false)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\")

    private static func startsWord(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_")
    }

    private static func continuesWord(_ byte: UInt8) -> Bool {
      startsWord(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether `text` stands `offset` bytes after `index`.
    private func at(_ text: String, _ offset: Int = 0) -> Bool {
      index + offset <= bytes.count && bytes[(index + offset)...].starts(with: text.utf8)
    }

    private mutating func advance(_ count: Int = 1) {
      for _ in 0..<count where index < bytes.count {
        if bytes[index] == Self.newline { line += 1 }
        index += 1
      }
    }

    /// Code, to the end or (in an interpolation) to its closing parenthesis;
    /// records tokens only outside interpolations.
    private mutating func code(untilParenthesis: Bool) {
      var parentheses = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == Self.newline && !untilParenthesis { codeLines.insert(line + 1) }
        if at("//") {
          while index < bytes.count && bytes[index] != Self.newline { advance() }
        } else if at("/*") {
          blockComment()
        } else if byte == Self.quote || byte == Self.hash {
          if !string() { advance() }
        } else if Self.continuesWord(byte) {
          // A number's digits and letters (`0x1F`) are read as one word too,
          // and kept only when they start as a word does.
          let start = index
          while index < bytes.count && Self.continuesWord(bytes[index]) { advance() }
          if Self.startsWord(bytes[start]) {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            words.append(Word(text: text, line: line, offset: start, depth: openBraces))
          }
        } else {
          let kind = Character(UnicodeScalar(byte))
          if untilParenthesis {
            if kind == "(" { parentheses += 1 }
            if kind == ")" {
              if parentheses == 0 {
                advance()
                return
              }
              parentheses -= 1
            }
          } else if "(){}".contains(kind) {
            tokens.append(Token(kind: kind, line: line))
            if kind == "{" { openBraces += 1 }
            if kind == "}" { openBraces -= 1 }
          }
          advance()
        }
      }
    }

    private mutating func blockComment() {
      var depth = 0
      repeat {
        if at("/*") {
          depth += 1
          advance(2)
        } else if at("*/") {
          depth -= 1
          advance(2)
        } else {
          advance()
        }
      } while depth > 0 && index < bytes.count
    }

    /// A string literal at `index`, if one starts there, skipped whole.
    private mutating func string() -> Bool {
      var hashes = 0
      while index + hashes < bytes.count && bytes[index + hashes] == Self.hash { hashes += 1 }
      guard index + hashes < bytes.count, bytes[index + hashes] == Self.quote else { return false }
      let delimiter = at("\"\"\"", hashes) ? "\"\"\"" : "\""
      let closing = delimiter + String(repeating: "#", count: hashes)
      let escape = "\\" + String(repeating: "#", count: hashes)
      advance(hashes + delimiter.count)
      while index < bytes.count && !at(closing) {
        if at(escape) {
          advance(escape.utf8.count)
          if at("(") {
            advance()
            code(untilParenthesis: true)
          } else {
            advance()
          }
        } else {
          advance()
        }
      }
      advance(closing.utf8.count)
      return true
    }
  }
}
