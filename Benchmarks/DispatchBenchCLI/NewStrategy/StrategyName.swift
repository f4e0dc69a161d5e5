import BenchmarkResults

/// A strategy's names, all derived from its module's: the module
/// (`MyPattern`), the name the registry, the command line and the results use
/// (`my-pattern`), and the synthetic generator's case (`myPattern`).
///
/// Each capital starts a word of the registry name, and the generator turns
/// the registry name back into the module's directory word by word, so a
/// module name is UpperCamelCase with no two capitals in a row: `HttpTable`,
/// whose registry name is `http-table`, not `HTTPTable`.
package struct StrategyName: Equatable, Sendable {
  /// The module, and its directory under Sources/: `MyPattern`.
  package let module: String

  /// Checks `module` as a new module's name: UpperCamelCase ASCII letters and
  /// digits, no two capitals in a row, and not a Swift keyword or a module
  /// the toolchain has.
  package init(module: String) throws(ScaffoldError) {
    let characters = Array(module)
    guard let first = characters.first else {
      throw .badInput("the name is empty (example: MyPattern)")
    }
    guard characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), first.isUppercase else {
      var message =
        "\"\(module)\" is not an UpperCamelCase module name: ASCII letters and digits, starting with a capital"
      if let suggestion = Self.suggestion(for: module) { message += " (did you mean '\(suggestion)'?)" }
      throw .badInput(message)
    }
    if let run = zip(characters, characters.dropFirst()).first(where: { $0.isUppercase && $1.isUppercase }) {
      throw .badInput(
        "\"\(module)\" has two capitals in a row (\(run.0)\(run.1)): "
          + "each capital starts a word of its registry name, so write \(Self.oneCapitalPerWord(module))")
    }
    guard !Self.reserved.contains(module), !Self.keywords.contains(Self.lowerCamel(module)) else {
      throw .badInput(
        "\"\(module)\" is a Swift keyword or a module of the toolchain; pick another name (example: MyPattern)")
    }
    self.module = module
  }

  /// A module the package has already, unchecked.
  package init(existing module: String) {
    self.module = module
  }

  /// The registry name: `my-pattern`.
  package var registryName: String {
    var name = ""
    for character in module {
      if character.isUppercase && !name.isEmpty { name += "-" }
      name += character.lowercased()
    }
    return name
  }

  /// The synthetic generator's `SyntheticPattern` case: `myPattern`.
  package var caseName: String { Self.lowerCamel(module) }

  /// The type conforming to `DispatchStrategy`: `MyPatternStrategy`.
  package var strategyType: String { module + "Strategy" }

  /// The module of its app mode: `AppMyPattern`.
  package var appModule: String { "App" + module }

  /// The module of its synthetic domain: `SyntheticMyPattern`.
  package var syntheticModule: String { "Synthetic" + module }

  /// What `registryName` was made from, as the generator computes a
  /// pattern's directory: each word capitalised.
  package static func module(ofRegistryName name: String) -> String {
    StrategyID(name).moduleName
  }

  package static func lowerCamel(_ module: String) -> String {
    module.prefix(1).lowercased() + module.dropFirst()
  }

  /// `my-pattern` or `my_pattern` as UpperCamelCase, when that is a name.
  private static func suggestion(for text: String) -> String? {
    let words = text.split(whereSeparator: { !$0.isASCII || !($0.isLetter || $0.isNumber) })
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard joined != text, let first = joined.first, first.isLetter else { return nil }
    return oneCapitalPerWord(joined)
  }

  /// `HTTPTable` as `HttpTable`: a run of capitals becomes one word, its
  /// last capital starting the next word when a lowercase letter follows.
  private static func oneCapitalPerWord(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      let previousIsCapital = index > 0 && characters[index - 1].isUppercase
      let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
      result += previousIsCapital && !nextIsLowercase ? character.lowercased() : String(character)
    }
    return result
  }

  /// Modules a package target must not shadow.
  private static let reserved: Set<String> = [
    "Swift", "Foundation", "Dispatch", "Glibc", "Musl", "Darwin", "Testing", "XCTest",
    "PackageDescription", "PackagePlugin", "Observation", "Synchronization", "RegexBuilder",
    "Distributed", "Any", "Self", "Type", "Protocol",
  ]

  /// Keywords a generator case (the lower-camel name) cannot be without
  /// backquotes.
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super",
    "throws", "true", "try", "any", "some",
  ]
}
