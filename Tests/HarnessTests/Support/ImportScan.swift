/// A Swift source read just enough to tell whether its imports are used: the
/// modules it imports, the names it writes, and the names it declares for
/// other modules' files. Not a parser, a scan of `SourceScan.Lexer`'s words.
///
/// The rule: a file uses a module it imports when it writes a name the
/// module declares for others. Those are its top-level declarations (a type,
/// `func`, `let`, `var` or `typealias`, not `private` or `fileprivate`) and
/// the members of its extensions of other modules' types (`extension Int {
/// package var counted … }`), which a file calls without writing any name of
/// the module. Members of a module's own types are not: a file reaches them
/// through the type's name or through a value it got elsewhere, which needs
/// no import. A name in a comment or in a string's text is not written; one
/// in an interpolation is. Lines that import write nothing.
struct ImportScan {
  struct Import: Equatable {
    var module: String
    var line: Int
    /// `@_exported import`: the module's names are this module's clients'.
    var exported: Bool
  }

  let imports: [Import]
  /// Every word of code outside the lines that import.
  let names: Set<String>
  /// The top-level declarations not `private` or `fileprivate`.
  let declarations: Set<String>
  /// The members, not `private` or `fileprivate`, of each extension, with
  /// the type it extends.
  let extensionMembers: [(type: String, member: String)]

  static let declaring: Set<String> = [
    "class", "struct", "enum", "protocol", "actor", "typealias", "func", "let", "var", "extension",
  ]
  /// Words that may stand before `import` on its line.
  static let importPrefixes: Set<String> = [
    "_exported", "_implementationOnly", "testable", "preconcurrency", "public", "package", "internal", "private",
    "fileprivate",
  ]

  init(_ text: String) {
    let bytes = Array(text.utf8)
    let words = SourceScan.Lexer(bytes).words
    let lines = Dictionary(grouping: words.indices, by: { words[$0].line })
    var imports: [Import] = []
    for indices in lines.values {
      guard let at = indices.firstIndex(where: { words[$0].text == "import" && words[$0].depth == 0 }),
        indices[..<at].allSatisfy({ Self.importPrefixes.contains(words[$0].text) }),
        let module = indices[(at + 1)...].first(where: { !Self.declaring.contains(words[$0].text) })
      else { continue }
      let prefixes = indices[..<at].map { words[$0].text }
      imports.append(
        Import(module: words[module].text, line: words[module].line, exported: prefixes.contains("_exported")))
    }
    self.imports = imports.sorted { $0.line < $1.line }
    let importLines = Set(imports.map(\.line))
    names = Set(words.filter { !importLines.contains($0.line) }.map(\.text))

    var declarations: Set<String> = []
    var members: [(type: String, member: String)] = []
    // The extension whose body the words at depth 1 are in, if they are in one.
    var extended: (type: String, isPrivate: Bool)?
    for index in words.indices where Self.declaring.contains(words[index].text) {
      let word = words[index]
      guard index + 1 < words.count, let name = Self.named(after: index, words: words, bytes: bytes) else { continue }
      let isPrivate = Self.isPrivate(index, words: words)
      if word.depth == 0 {
        extended = word.text == "extension" ? (name, isPrivate) : nil
        if word.text != "extension" && !isPrivate { declarations.insert(name) }
      } else if word.depth == 1, let extended, !extended.isPrivate, !isPrivate, word.text != "extension" {
        members.append((extended.type, name))
      }
    }
    self.declarations = declarations
    extensionMembers = members
  }

  /// The name a declaring word at `index` declares: the next word, when only
  /// spaces or a backquote stand between them (`func ==` declares no name
  /// here, and `class func f` declares `f` at `func`).
  private static func named(after index: Int, words: [SourceScan.Lexer.Word], bytes: [UInt8]) -> String? {
    let word = words[index]
    let next = words[index + 1]
    guard next.line == word.line, !declaring.contains(next.text) else { return nil }
    let between = bytes[(word.offset + word.text.utf8.count)..<next.offset]
    guard between.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "`") }) else { return nil }
    return next.text
  }

  /// Whether the declaration at `index` is `private` or `fileprivate` (not
  /// `private(set)`, which is read everywhere).
  private static func isPrivate(_ index: Int, words: [SourceScan.Lexer.Word]) -> Bool {
    let line = words[index].line
    var before = index - 1
    while before >= 0 && words[before].line == line {
      let text = words[before].text
      let setter = before + 1 < index && words[before + 1].text == "set"
      if (text == "private" || text == "fileprivate") && !setter { return true }
      before -= 1
    }
    return false
  }

  /// The names a module declares for other modules' files, from its
  /// sources' scans (see the type's rule).
  static func offered(by scans: [ImportScan]) -> Set<String> {
    let own = Set(scans.flatMap(\.declarations))
    let members = scans.flatMap(\.extensionMembers).filter { !own.contains($0.type) }.map(\.member)
    return own.union(members)
  }

  /// The names a C module's headers declare: functions (a name before `(`)
  /// and `typedef struct { … } name;`.
  static func offered(byHeader text: String) -> Set<String> {
    let words = SourceScan.Lexer(Array(text.utf8)).words
    let bytes = Array(text.utf8)
    var names: Set<String> = []
    for (index, word) in words.enumerated() {
      var after = word.offset + word.text.utf8.count
      while after < bytes.count && bytes[after] == UInt8(ascii: " ") { after += 1 }
      guard after < bytes.count else { continue }
      let isFunction = bytes[after] == UInt8(ascii: "(") && !cWords.contains(word.text)
      let isTypedef =
        bytes[after] == UInt8(ascii: ";") && index > 0
        && bytes[..<word.offset].last(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "}")
      if isFunction || isTypedef { names.insert(word.text) }
    }
    return names
  }

  private static let cWords: Set<String> = ["void", "int", "char", "sizeof", "if", "while", "for", "return", "defined"]
}
