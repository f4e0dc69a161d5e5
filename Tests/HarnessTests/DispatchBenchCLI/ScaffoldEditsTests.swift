@testable import DispatchBenchCLI
import BenchmarkResults
import StrategyRegistry
import TestSupport
import Testing

/// `new-strategy`'s edits, on text: each list gains one line in its own
/// indentation, a name already there or a list not found is refused, and a
/// template's sources are renamed where they name it and nowhere else.
@Suite struct ScaffoldEditsTests {
  static let name = try! StrategyName(module: "MyPattern")
  static let template = StrategyName(existing: "ProtocolGetter")

  // MARK: Package.swift

  static let manifest = """
    // swift-tools-version:6.0
    let strategyModules = [
      "Naive",
      "ProtocolGetter",
    ]

    let harnessModules = strategyModules + ["NullStrategy"]

    """

  @Test func readsTheStrategyModules() throws {
    #expect(try ScaffoldEdits.strategyModules(inManifest: Self.manifest) == ["Naive", "ProtocolGetter"])
  }

  @Test func appendsTheModuleToStrategyModules() throws {
    let edited = try ScaffoldEdits.addingModule(Self.name, toManifest: Self.manifest)
    #expect(
      edited == """
        // swift-tools-version:6.0
        let strategyModules = [
          "Naive",
          "ProtocolGetter",
          "MyPattern",
        ]

        let harnessModules = strategyModules + ["NullStrategy"]

        """)
    #expect(throws: ScaffoldError.badPackage("Package.swift", "strategyModules already lists \"MyPattern\"")) {
      try ScaffoldEdits.addingModule(Self.name, toManifest: edited)
    }
  }

  /// An empty list gets its first item two spaces in; a list that is not
  /// there is named.
  @Test func handlesAnEmptyListAndAMissingOne() throws {
    #expect(
      try ScaffoldEdits.addingModule(Self.name, toManifest: "let strategyModules = [\n]\n")
        == "let strategyModules = [\n  \"MyPattern\",\n]\n")
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingModule(Self.name, toManifest: "let modules = [\"Naive\"]\n")
    }
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingModule(Self.name, toManifest: "let strategyModules = [\n  \"Naive\",\n")
    }
  }

  // MARK: The synthetic generator

  static func generator(writtenLike: String) -> String {
    """
    public enum SyntheticPattern: String, CaseIterable, Sendable {
      case naive
      case protocolGetter = "protocol-getter"

      \(writtenLike)
    }

    """
  }

  @Test func addsThePatternWrittenAsTheTemplates() throws {
    let generator = Self.generator(writtenLike: ScaffoldEdits.writtenLike + "[:]")
    #expect(try ScaffoldEdits.syntheticPatterns(inGenerator: generator) == ["naive", "protocol-getter"])
    let edited = try ScaffoldEdits.addingPattern(Self.name, writtenLike: Self.template, toGenerator: generator)
    #expect(
      edited == """
        public enum SyntheticPattern: String, CaseIterable, Sendable {
          case naive
          case protocolGetter = "protocol-getter"
          case myPattern = "my-pattern"

          public static let writtenLike: [SyntheticPattern: SyntheticPattern] = [
            .myPattern: .protocolGetter,
          ]
        }

        """)
    // A second pattern, from the first: one more case, one more entry.
    let second = try StrategyName(module: "Other")
    let twice = try ScaffoldEdits.addingPattern(second, writtenLike: Self.name, toGenerator: edited)
    #expect(
      try ScaffoldEdits.syntheticPatterns(inGenerator: twice) == ["naive", "protocol-getter", "my-pattern", "other"])
    #expect(twice.contains("    .myPattern: .protocolGetter,\n    .other: .myPattern,\n  ]\n"))
  }

  @Test func refusesATakenPatternOrAMissingTemplate() throws {
    let generator = Self.generator(writtenLike: ScaffoldEdits.writtenLike + "[:]")
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingPattern(
        Self.template, writtenLike: StrategyName(existing: "Naive"), toGenerator: generator)
    }
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingPattern(
        Self.name, writtenLike: StrategyName(existing: "EnumSwitch"), toGenerator: generator)
    }
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingPattern(
        Self.name, writtenLike: Self.template, toGenerator: Self.generator(writtenLike: ""))
    }
  }

  // MARK: The frozen build's attributes

  static let frozenList = """
    # A comment naming Sources/ProtocolGetter/Cells.swift
    Sources/Naive/Strategy.swift
      NaiveStrategy:
        @inline(never) -> @inlinable  public static func share(

    Sources/ProtocolGetter/Feed.swift
      @frozen  public enum FeedRow
    Sources/ProtocolGetter/Strategy.swift
      ProtocolGetterStrategy:
        @inline(never) -> @inlinable  public static func share(

    Sources/DispatchModel/ShareModels.swift
      @frozen  public struct User

    """

  @Test func copiesTheTemplatesAttributesRenamedAfterItsOwn() throws {
    let edited = try ScaffoldEdits.addingFrozenAttributes(of: Self.template, for: Self.name, toList: Self.frozenList)
    #expect(
      edited == """
        # A comment naming Sources/ProtocolGetter/Cells.swift
        Sources/Naive/Strategy.swift
          NaiveStrategy:
            @inline(never) -> @inlinable  public static func share(

        Sources/ProtocolGetter/Feed.swift
          @frozen  public enum FeedRow
        Sources/ProtocolGetter/Strategy.swift
          ProtocolGetterStrategy:
            @inline(never) -> @inlinable  public static func share(

        Sources/MyPattern/Feed.swift
          @frozen  public enum FeedRow

        Sources/MyPattern/Strategy.swift
          MyPatternStrategy:
            @inline(never) -> @inlinable  public static func share(

        Sources/DispatchModel/ShareModels.swift
          @frozen  public struct User

        """)
  }

  @Test func refusesATakenPatternOrATemplateTheListLacks() throws {
    let edited = try ScaffoldEdits.addingFrozenAttributes(of: Self.template, for: Self.name, toList: Self.frozenList)
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingFrozenAttributes(of: Self.template, for: Self.name, toList: edited)
    }
    #expect(throws: ScaffoldError.self) {
      try ScaffoldEdits.addingFrozenAttributes(
        of: StrategyName(existing: "EnumSwitch"), for: Self.name, toList: Self.frozenList)
    }
  }

  // MARK: The sources

  static let source = """
    import DispatchModel

    /// Protocols of getters.
    ///
    /// **How one element is dispatched:** a witness-table call.
    public enum ProtocolGetterStrategy: DispatchStrategy {
      public static let name = "protocol-getter"
      public static let mechanism =
        "witness-table call per getter"

      public static func makeCell(reuseIdentifier: String) -> FeedCell? {
        ProtocolGetter.makeCell(reuseIdentifier: reuseIdentifier)
      }
    }

    /// protocol-getter as an app compiles it; not my-protocol-getter.
    typealias Strategy = ProtocolGetterStrategy
    let share = AppProtocolGetter.share
    let other = ProtocolGetterCell.self

    """

  @Test func renamesTheTemplateWhereItIsAWholeNameOrWord() {
    let copy = ScaffoldEdits.copying(Self.source, from: Self.template, to: Self.name)
    #expect(copy.contains("public enum MyPatternStrategy: DispatchStrategy {"))
    #expect(copy.contains("public static let name = \"my-pattern\""))
    #expect(copy.contains("    MyPattern.makeCell(reuseIdentifier: reuseIdentifier)"))
    #expect(copy.contains("/// my-pattern as an app compiles it; not my-protocol-getter."))
    #expect(copy.contains("typealias Strategy = MyPatternStrategy"))
    #expect(copy.contains("let share = AppMyPattern.share"))
    // Another name that starts with the template's is another name.
    #expect(copy.contains("let other = ProtocolGetterCell.self"))
  }

  @Test func saysWhoseCodeTheCopyIs() throws {
    let copy = ScaffoldEdits.copying(Self.source, from: Self.template, to: Self.name)
    let lines = copy.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[2].hasPrefix(ScaffoldEdits.scaffoldMark(Self.name)))
    #expect(lines[3].hasPrefix("/// protocol-getter, whose code it still is"))
    #expect(lines.allSatisfy { $0.count <= 80 || !$0.hasPrefix("///") })
    let paragraphEnd = try #require(lines.firstIndex(of: "///"))
    #expect(lines[paragraphEnd + 1] == "/// Protocols of getters.")
    #expect(copy.contains("    \"scaffolded from protocol-getter: witness-table call per getter\""))

    // Copied again, the paragraph and the mechanism name the new template
    // once.
    let second = try StrategyName(module: "Other")
    let again = ScaffoldEdits.copying(copy, from: Self.name, to: second)
    #expect(again.components(separatedBy: "scaffolded by").count == 2)
    #expect(again.contains("/// other: scaffolded by `dispatch-bench new-strategy` from my-pattern,"))
    #expect(again.contains("    \"scaffolded from my-pattern: witness-table call per getter\""))
    #expect(again.contains("public enum OtherStrategy: DispatchStrategy {"))
  }

  // MARK: The package's own files

  /// Every edit applies to the committed files, so that a change to them
  /// that would stop `new-strategy` fails here, not in a user's hands.
  @Test func theEditsApplyToThePackagesOwnFiles() throws {
    let name = try StrategyName(module: "EditsTestPattern")
    func read(_ path: String) throws -> String { try readText(Fixtures.packageRoot + "/" + path) }
    let manifest = try ScaffoldEdits.addingModule(name, toManifest: try read(ScaffoldEdits.manifest))
    #expect(try ScaffoldEdits.strategyModules(inManifest: manifest).last == name.module)
    let generator = try ScaffoldEdits.addingPattern(
      name, writtenLike: Self.template, toGenerator: try read(ScaffoldEdits.generator))
    #expect(try ScaffoldEdits.syntheticPatterns(inGenerator: generator).last == name.registryName)
    #expect(generator.contains("    .editsTestPattern: .protocolGetter,\n"))
    let list = try ScaffoldEdits.addingFrozenAttributes(
      of: Self.template, for: name, toList: try read(ScaffoldEdits.frozenAttributes))
    #expect(list.contains("\nSources/EditsTestPattern/Strategy.swift\n  EditsTestPatternStrategy:\n"))
  }

  /// Every strategy copies cleanly: no whole identifier of the template's
  /// module, strategy type or app module is left in the copy.
  @Test(arguments: Registry.names)
  func everyStrategyCopiesUnderTheNewName(strategy: String) throws {
    let name = try StrategyName(module: "CopyTestPattern")
    let template = try Scaffold.template(
      named: strategy,
      among: ScaffoldEdits.strategyModules(
        inManifest: readText(Fixtures.packageRoot + "/Package.swift")))
    let directory = Fixtures.packageRoot + "/Sources/" + template.module
    let files = try directoryEntries(directory).filter { $0.hasSuffix(".swift") }
    #expect(files == ["Cells.swift", "Feed.swift", "Loops.swift", "Share.swift", "Strategy.swift"])
    var declared = false
    for file in files {
      let copy = ScaffoldEdits.copying(try readText(directory + "/" + file), from: template, to: name)
      let words = Set(copy.split { !$0.isIdentifierCharacter })
      for leftover in [template.module, template.strategyType, template.appModule] {
        #expect(!words.contains(Substring(leftover)), "\(strategy): \(file) still names \(leftover)")
      }
      if copy.contains("public enum CopyTestPatternStrategy: DispatchStrategy") {
        declared = true
        #expect(copy.contains("public static let name = \"copy-test-pattern\""), "\(strategy)")
        #expect(copy.contains(ScaffoldEdits.scaffoldMark(name)), "\(strategy)")
        #expect(copy.contains("\"scaffolded from \(strategy): "), "\(strategy)")
      }
    }
    #expect(declared, "\(strategy): no file declares CopyTestPatternStrategy")
  }
}
