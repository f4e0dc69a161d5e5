/// The scaffold's edits to the package's files, as functions of their text.
///
/// Each edit finds the list it extends by the line that opens it and adds one
/// line in the list's own indentation. It throws, naming the file and what to
/// add by hand, when that line is missing or already holds the name, so the
/// scaffold works out every edit before it writes any.
enum ScaffoldEdits {
  static let manifest = "Package.swift"
  static let registry = "Sources/StrategyRegistry/Registry.swift"
  static let appModeRegistry = "Sources/AppModeRegistry/AppModeRegistry.swift"
  static let generator = "Benchmarks/Scripts/generate-synthetic.swift"
  static let guide = "Guides/Strategies.md"
  /// Written by the generator, not by an edit here.
  static let syntheticRegistry = "Sources/SyntheticRegistry/SyntheticRegistry.swift"
  static let editCosts = "results/reference/scaling/edit-cost.csv"

  // MARK: Package.swift

  /// The modules of `let strategyModules = [...]`, in order.
  static func strategyModules(inManifest text: String) throws(ScaffoldError) -> [String] {
    let lines = TextLines(text)
    let list = try lines.list(openedBy: "let strategyModules = [", file: manifest)
    return lines.lines[(list.open + 1)..<list.close].compactMap { line in
      let trimmed = line.trimmingSpaces
      guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
      return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
    }
  }

  /// `"MyPattern",` at the end of `strategyModules`: its module, its app mode
  /// and its synthetic module follow from that list.
  static func addingModule(_ name: StrategyName, toManifest text: String) throws(ScaffoldError) -> String {
    guard try !strategyModules(inManifest: text).contains(name.module) else {
      throw .badPackage(manifest, "strategyModules already lists \"\(name.module)\"")
    }
    var lines = TextLines(text)
    try lines.append("\"\(name.module)\",", toListOpenedBy: "let strategyModules = [", file: manifest)
    return lines.text
  }

  // MARK: The registries

  /// `import MyPattern` and `RegisteredStrategy(MyPatternStrategy.self),` at
  /// the end of `Registry.strategies`.
  static func addingStrategy(_ name: StrategyName, toRegistry text: String) throws(ScaffoldError) -> String {
    var lines = TextLines(text)
    let entry = "RegisteredStrategy(\(name.strategyType).self),"
    guard !lines.contains(entry) else { throw .badPackage(registry, "already registers \(name.strategyType)") }
    try lines.addImport(name.module, file: registry)
    try lines.append(entry, toListOpenedBy: "public static let strategies: [RegisteredStrategy] = [", file: registry)
    return lines.text
  }

  /// `import AppMyPattern` and `AppMyPattern.AppLoops.self,` at the end of
  /// the app-mode registry's types.
  static func addingAppMode(_ name: StrategyName, toAppModeRegistry text: String) throws(ScaffoldError)
    -> String
  {
    var lines = TextLines(text)
    let entry = "\(name.appModule).AppLoops.self,"
    guard !lines.contains(entry) else { throw .badPackage(appModeRegistry, "already lists \(name.appModule)") }
    try lines.addImport(name.appModule, file: appModeRegistry)
    try lines.append(
      entry, toListOpenedBy: "private static let types: [any AppModeWorkload.Type] = [", file: appModeRegistry)
    return lines.text
  }

  // MARK: The synthetic generator

  static let patternEnum = "public enum SyntheticPattern: String, CaseIterable, Sendable {"
  static let writtenLike = "public static let writtenLike: [SyntheticPattern: SyntheticPattern] = "

  /// The registry names of the generator's patterns, in order.
  static func syntheticPatterns(inGenerator text: String) throws(ScaffoldError) -> [String] {
    let lines = TextLines(text)
    return try lines.caseLines(of: patternEnum, file: generator).map { line in
      // `case naive`, or `case protocolGetter = "protocol-getter"`.
      let declaration = line.trimmingSpaces.dropFirst("case ".count)
      guard let quote = declaration.firstIndex(of: "\"") else { return String(declaration) }
      return String(declaration[declaration.index(after: quote)...].prefix { $0 != "\"" })
    }
  }

  /// The pattern's case at the end of `SyntheticPattern`, and an entry in
  /// `writtenLike` that has the generator write it as the template's
  /// pattern, so that its synthetic module compiles and passes parity as a
  /// copy of the template's.
  static func addingPattern(
    _ name: StrategyName, writtenLike template: StrategyName, toGenerator text: String
  ) throws(ScaffoldError) -> String {
    let patterns = try syntheticPatterns(inGenerator: text)
    guard !patterns.contains(name.registryName) else {
      throw .badPackage(generator, "SyntheticPattern already has \(name.registryName)")
    }
    guard patterns.contains(template.registryName) else {
      throw .badPackage(generator, "SyntheticPattern has no \(template.registryName) to write \(name.registryName) as")
    }
    var lines = TextLines(text)
    let last = try lines.caseLines(of: patternEnum, file: generator).indices.last!
    lines.lines.insert("  case \(name.caseName) = \"\(name.registryName)\"", at: last + 1)

    let entry = ".\(name.caseName): .\(template.caseName),"
    guard let index = lines.lines.firstIndex(where: { $0.trimmingSpaces.hasPrefix(writtenLike) }) else {
      throw .badPackage(generator, "no line \"\(writtenLike)…\" to add \(entry) to")
    }
    let line = lines.lines[index]
    if line.hasSuffix("[:]") {
      let indent = String(line.prefix { $0 == " " })
      lines.lines.replaceSubrange(
        index...index, with: [String(line.dropLast(2)), indent + "  " + entry, indent + "]"])
    } else {
      try lines.append(entry, toListOpenedBy: writtenLike + "[", file: generator)
    }
    return lines.text
  }

  // MARK: The strategies guide

  /// A row for the strategy at the end of the mechanism table of
  /// Guides/Strategies.md, which `StrategyListTests` holds to the registry.
  static func addingRow(_ name: StrategyName, template: StrategyName, toGuide text: String) throws(ScaffoldError)
    -> String
  {
    var lines = TextLines(text)
    guard let section = lines.lines.firstIndex(of: "# The strategies") else {
      throw .badPackage(guide, "no section \"# The strategies\" holding the table of strategies")
    }
    guard let first = lines.lines[section...].firstIndex(where: { $0.hasPrefix("| `") }) else {
      throw .badPackage(guide, "no table of strategies (rows \"| `name` | …\") under \"# The strategies\"")
    }
    let rows = lines.lines[first...].prefix { $0.hasPrefix("|") }
    guard !rows.contains(where: { $0.hasPrefix("| `\(name.registryName)` |") }) else {
      throw .badPackage(guide, "the table of strategies already has a row for \(name.registryName)")
    }
    let row =
      "| `\(name.registryName)` | [`Sources/\(name.module)`](../Sources/\(name.module)) | scaffolded from `\(template.registryName)` by `dispatch-bench new-strategy`, and still its code: say here how one element is dispatched |"
    lines.lines.insert(row, at: first + rows.count)
    return lines.text
  }

  // MARK: The strategy's sources

  /// A source file of the template, as the new strategy's: the template's
  /// module, its strategy type and its app module renamed wherever they are a
  /// whole identifier, and its registry name wherever it is a whole word; in
  /// the file declaring the strategy type, a doc comment and `mechanism`
  /// that say whose code it still is.
  static func copying(_ text: String, from template: StrategyName, to name: StrategyName) -> String {
    let renames = [
      template.module: name.module, template.strategyType: name.strategyType, template.appModule: name.appModule,
    ]
    var copy = ""
    var word = ""
    func flush() {
      copy += renames[word] ?? word
      word = ""
    }
    for character in text {
      if character.isIdentifierCharacter {
        word.append(character)
      } else {
        flush()
        copy.append(character)
      }
    }
    flush()
    copy = copy.replacingWord(template.registryName, with: name.registryName)
    return markingScaffold(copy, name: name, template: template)
  }

  /// The first line of the paragraph a scaffold puts on the strategy type.
  static func scaffoldMark(_ name: StrategyName) -> String {
    "/// \(name.registryName): scaffolded by `dispatch-bench new-strategy` from"
  }

  /// Opens the strategy type's doc comment with a paragraph saying whose
  /// code this is (replacing the template's own such paragraph, if it was
  /// scaffolded too), and starts its `mechanism` with the same.
  private static func markingScaffold(_ text: String, name: StrategyName, template: StrategyName) -> String {
    var lines = TextLines(text)
    guard let declaration = lines.lines.firstIndex(where: { $0.contains("enum \(name.strategyType): DispatchStrategy") })
    else { return text }
    var start = declaration
    while start > 0 && lines.lines[start - 1].hasPrefix("///") { start -= 1 }
    if lines.lines[start].hasPrefix(scaffoldMark(name)), let end = lines.lines[start..<declaration].firstIndex(of: "///") {
      lines.lines.removeSubrange(start...end)
    }
    let paragraph = wrapped(
      "\(name.registryName): scaffolded by `dispatch-bench new-strategy` from \(template.registryName), whose code it still is and whose description follows. Write the pattern's own dispatch in this module's files, then say here how one element is dispatched (Guides/Strategies.md, \"Adding a strategy\").")
    lines.lines.insert(contentsOf: paragraph + ["///"], at: start)

    // The one-line mechanism, in reports: its string literal starts with
    // whose code it is.
    guard let mechanism = lines.lines.firstIndex(where: { $0.contains("static let mechanism =") }) else {
      return lines.text
    }
    let literal = lines.lines[mechanism].contains("\"") ? mechanism : mechanism + 1
    guard literal < lines.lines.count, let quote = lines.lines[literal].firstIndex(of: "\"") else {
      return lines.text
    }
    var rest = lines.lines[literal][lines.lines[literal].index(after: quote)...]
    if rest.hasPrefix("scaffolded from "), let colon = rest.firstRange(of: ": ") {
      rest = rest[colon.upperBound...]
    }
    lines.lines[literal] = String(lines.lines[literal][...quote]) + "scaffolded from \(template.registryName): " + rest
    return lines.text
  }

  /// `text` as `///` lines of at most 80 columns.
  private static func wrapped(_ text: String) -> [String] {
    var lines: [String] = []
    var current = "///"
    for word in text.split(separator: " ") {
      if current.count + 1 + word.count > 80, current != "///" {
        lines.append(current)
        current = "///"
      }
      current += " " + word
    }
    return lines + [current]
  }
}

// MARK: - Lines of text

/// A file's lines, for edits that add or replace whole lines; `text` joins
/// them back as they were, a final newline included.
struct TextLines {
  var lines: [String]

  init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  var text: String { lines.joined(separator: "\n") }

  func contains(_ trimmedLine: String) -> Bool {
    lines.contains { $0.trimmingSpaces == trimmedLine }
  }

  /// The line opening a multi-line list (`opener` after its indentation,
  /// the line ending in `[`) and the `]` closing it at the same indentation.
  func list(openedBy opener: String, file: String) throws(ScaffoldError) -> (open: Int, close: Int) {
    guard let open = lines.firstIndex(where: { $0.trimmingSpaces == opener }) else {
      throw .badPackage(file, "no line \"\(opener)\" opening the list to add to")
    }
    let indent = String(lines[open].prefix { $0 == " " })
    guard let close = lines[(open + 1)...].firstIndex(of: indent + "]") else {
      throw .badPackage(file, "the list \"\(opener)\" has no \"]\" of its own indentation")
    }
    return (open, close)
  }

  /// Adds `item` as the list's last line, indented as its last item.
  mutating func append(_ item: String, toListOpenedBy opener: String, file: String) throws(ScaffoldError) {
    let list = try list(openedBy: opener, file: file)
    let indent =
      list.close > list.open + 1
      ? String(lines[list.close - 1].prefix { $0 == " " }) : String(lines[list.open].prefix { $0 == " " }) + "  "
    lines.insert(indent + item, at: list.close)
  }

  /// Adds `import module` to the file's first block of imports, in
  /// alphabetical order as the block keeps them.
  mutating func addImport(_ module: String, file: String) throws(ScaffoldError) {
    guard let first = lines.firstIndex(where: { $0.hasPrefix("import ") }) else {
      throw .badPackage(file, "no imports to add \"import \(module)\" to")
    }
    let block = lines[first...].prefix { $0.hasPrefix("import ") }
    let line = "import \(module)"
    let position = block.firstIndex { $0 > line } ?? block.endIndex
    lines.insert(line, at: position)
  }

  /// The `case` lines that directly follow the line `declaration`.
  func caseLines(of declaration: String, file: String) throws(ScaffoldError) -> ArraySlice<String> {
    guard let open = lines.firstIndex(where: { $0.trimmingSpaces == declaration }) else {
      throw .badPackage(file, "no \"\(declaration)\"")
    }
    let cases = lines[(open + 1)...].prefix { $0.trimmingSpaces.hasPrefix("case ") }
    guard !cases.isEmpty else { throw .badPackage(file, "no cases after \"\(declaration)\"") }
    return cases
  }
}

extension StringProtocol {
  /// Without its leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

extension Character {
  /// Whether it may be part of a Swift identifier (ASCII letters, digits and
  /// `_`; the package's names use no others).
  var isIdentifierCharacter: Bool {
    isASCII && (isLetter || isNumber || self == "_")
  }
}

extension String {
  /// `word` replaced by `replacement` wherever neither neighbour continues
  /// it: a letter, digit, `_` or `-` before or after makes it part of
  /// another word (`protocol-getter` is not a word of `my-protocol-getter`).
  func replacingWord(_ word: String, with replacement: String) -> String {
    guard !word.isEmpty else { return self }
    func continues(_ character: Character?) -> Bool {
      character.map { $0.isIdentifierCharacter || $0 == "-" } ?? false
    }
    var result = ""
    var rest = self[...]
    while let found = rest.firstRange(of: word) {
      let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : nil
      let after = found.upperBound < endIndex ? self[found.upperBound] : nil
      result += rest[..<found.lowerBound]
      result += continues(before) || continues(after) ? word : replacement
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
