/// A Swift source file read just enough to measure it: its lines, and where
/// each function and initializer starts and ends. Not a parser, a scan.
///
/// The rule: a file's length is its number of lines. A function starts at a
/// line that declares one (`func`, or `init` followed by `(`, `<`, `?` or
/// `!`, after any attributes and modifiers) and ends at the brace that closes
/// its body: the first `{` outside parentheses after the declaration opens
/// it, and braces are counted from there. Comments and string literals
/// (interpolations, multi-line and raw strings included) are skipped, so a
/// brace in them does not count. Its length runs from the declaring line to
/// the closing brace, both included. A nested function is measured in its
/// own right and as part of the one around it; a second declaration on a
/// line is not measured. A declaration without a body (a protocol's
/// requirement: the enclosing `}` or the next declaring line comes before
/// any `{`) is not measured. Computed properties, subscripts and closures
/// are not functions here, and regex literals are read as code.
struct SourceScan {
  struct Function: Equatable {
    /// The declaring line, from 1.
    var line: Int
    var length: Int
    var declaration: String
  }

  let lineCount: Int
  let functions: [Function]

  init(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    lineCount = text.hasSuffix("\n") ? lines.count - 1 : lines.count
    let lexed = Lexer(Array(text.utf8))
    let declarations = lines.indices.filter { lexed.codeLines.contains($0 + 1) && Self.declares(lines[$0]) }
    let declarationLines = Set(declarations.map { $0 + 1 })
    functions = declarations.compactMap { index in
      let line = index + 1
      guard let end = Self.bodyEnd(declaredAt: line, tokens: lexed.tokens, declarationLines: declarationLines)
      else { return nil }
      return Function(line: line, length: end - line + 1, declaration: String(lines[index].drop { $0 == " " }))
    }
  }

  static let modifiers: Set<String> = [
    "private", "fileprivate", "internal", "package", "public", "open", "static", "class", "final",
    "mutating", "nonmutating", "override", "convenience", "required", "nonisolated", "dynamic",
    "private(set)", "fileprivate(set)", "internal(set)", "package(set)",
  ]

  /// Whether `line` declares a function or an initializer.
  static func declares(_ line: Substring) -> Bool {
    var rest = line.drop { $0 == " " || $0 == "\t" }
    while true {
      let word = rest.prefix { $0 != " " && $0 != "(" }
      if word.hasPrefix("@") {
        // An attribute, with its arguments if it has any.
        rest = rest.dropFirst(word.count)
        if rest.first == "(" { rest = rest.drop { $0 != ")" }.dropFirst() }
      } else if let modifier = modifiers.first(where: { rest.hasPrefix($0 + " ") }) {
        rest = rest.dropFirst(modifier.count)
      } else {
        break
      }
      rest = rest.drop { $0 == " " }
    }
    if rest.hasPrefix("func ") { return true }
    guard rest.hasPrefix("init") else { return false }
    return rest.dropFirst(4).first.map { "(<?!".contains($0) } ?? false
  }

  /// The line of the brace that closes the body of the function declared at
  /// `line`, or nil if it has none.
  static func bodyEnd(declaredAt line: Int, tokens: [Lexer.Token], declarationLines: Set<Int>) -> Int? {
    guard var index = tokens.firstIndex(where: { $0.line >= line }) else { return nil }
    var parentheses = 0
    // Find the body's opening brace: the first outside parentheses.
    while index < tokens.count {
      let token = tokens[index]
      if token.line > line && declarationLines.contains(token.line) && parentheses == 0 { return nil }
      switch token.kind {
      case "(": parentheses += 1
      case ")": parentheses -= 1
      case "{" where parentheses == 0: return closingLine(from: index, tokens: tokens)
      case "}" where parentheses == 0: return nil
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The line of the brace that closes the one at `open`.
  static func closingLine(from open: Int, tokens: [Lexer.Token]) -> Int? {
    var depth = 0
    for token in tokens[open...] {
      if token.kind == "{" { depth += 1 }
      if token.kind == "}" { depth -= 1 }
      if depth == 0 { return token.line }
    }
    return nil
  }
}
