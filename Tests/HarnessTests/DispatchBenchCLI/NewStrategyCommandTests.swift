@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import DispatchBenchCLI
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `dispatch-bench new-strategy`: the name and the options it accepts, the
/// names the package has a use for already, and (as a subprocess, with
/// `--dry-run`, so nothing is written) its plan and exit statuses.
@Suite struct NewStrategyCommandTests {
  func command(_ arguments: [String]) throws(CommandError) -> NewStrategyCommand {
    try NewStrategyCommand(ParsedArguments(arguments, spec: NewStrategyCommand.spec))
  }

  // MARK: Arguments

  @Test func takesANameAndItsOptions() throws {
    let plain = try command(["MyPattern"])
    #expect(plain.name.module == "MyPattern")
    #expect(plain.templateName == "protocol-getter")
    #expect(plain.packagePath == nil && !plain.dryRun)

    let all = try command(["TaggedUnion", "--from", "enum-switch", "--package-path", "/src/bench", "--dry-run"])
    #expect(all.name.registryName == "tagged-union")
    #expect(all.templateName == "enum-switch")
    #expect(all.packagePath == "/src/bench" && all.dryRun)
  }

  @Test(arguments: [
    ([String](), "missing NAME"),
    (
      ["my-pattern"],
      "NAME: \"my-pattern\" is not an UpperCamelCase module name: ASCII letters and digits, starting with a capital (did you mean 'MyPattern'?)"
    ),
    (["my_pattern"], "(did you mean 'MyPattern'?)"),
    (["myPattern"], "(did you mean 'MyPattern'?)"),
    (["9Lives"], "is not an UpperCamelCase module name"),
    (["Café"], "is not an UpperCamelCase module name"),
    (
      ["HTTPTable"],
      "\"HTTPTable\" has two capitals in a row (HT): each capital starts a word of its registry name, so write HttpTable"
    ),
    (["MyURL"], "so write MyUrl"),
    (["Default"], "\"Default\" is a Swift keyword"),
    (["Swift"], "a module of the toolchain"),
    (["MyPattern", "Other"], "unexpected argument 'Other'"),
    (["MyPattern", "--form", "naive"], "unknown option '--form' for 'new-strategy' (did you mean '--from'?)"),
    (["MyPattern", "--from"], "--from needs a value (example: --from enum-switch)"),
  ])
  func refusesABadCommandLine(arguments: [String], message: String) {
    expectCommandError(message, anywhere: true, usageOf: "new-strategy") { try command(arguments) }
  }

  /// The module, registry and generator names of one name, and back.
  @Test(arguments: [
    ("MyPattern", "my-pattern", "myPattern"),
    ("X", "x", "x"),
    ("Visitor2", "visitor2", "visitor2"),
    ("My2Pattern", "my2-pattern", "my2Pattern"),
    ("HttpTableStrategy", "http-table-strategy", "httpTableStrategy"),
  ])
  func derivesEveryNameFromTheModules(module: String, registryName: String, caseName: String) throws {
    let name = try StrategyName(module: module)
    #expect(name.registryName == registryName)
    #expect(name.caseName == caseName)
    #expect(StrategyName.module(ofRegistryName: registryName) == module)
    #expect(
      [name.strategyType, name.appModule, name.syntheticModule]
        == ["\(module)Strategy", "App\(module)", "Synthetic\(module)"])
  }

  // MARK: The package's names

  /// Plans a scaffold in this package, which reads its files and writes
  /// nothing.
  func plan(_ module: String, from template: String = "protocol-getter") throws(ScaffoldError) -> Scaffold {
    try Scaffold(root: Fixtures.packageRoot, name: StrategyName(module: module), templateName: template)
  }

  @Test(arguments: [
    ("Naive", "protocol-getter", "Naive is already a strategy of this package (Sources/Naive)"),
    ("Model", "protocol-getter", "the package has, or makes, one named SyntheticModel already"),
    ("ModeRegistry", "protocol-getter", "one named AppModeRegistry already"),
    ("Registry", "protocol-getter", "one named SyntheticRegistry already"),
    ("DispatchModel", "protocol-getter", "Sources/DispatchModel already exists: remove it, or pick another name"),
    ("Floor", "protocol-getter", "\"floor\" names a reference row of every run"),
    ("Null", "protocol-getter", "\"null\" names a reference row of every run"),
    ("Platform", "protocol-getter", "declares a type Platform, which a module of that name would hide"),
    ("FeedController", "protocol-getter", "Sources/ProtocolGetter/Feed.swift declares a type FeedController"),
    (
      "PlanTestPattern", "protocol-getr",
      "--from: \"protocol-getr\" is not a strategy of this package (did you mean 'protocol-getter'?); valid: naive, "
    ),
    ("PlanTestPattern", "null", "--from: \"null\" is not a strategy of this package"),
  ])
  func refusesANameThePackageUses(module: String, template: String, message: String) {
    #expect {
      try plan(module, from: template)
    } throws: { error in
      let error = error as? ScaffoldError
      return error?.kind == .badInput && error?.message.contains(message) == true
    }
  }

  @Test func plansTheModuleAndTheEdits() throws {
    let scaffold = try plan("PlanTestPattern", from: "enum-switch")
    #expect(scaffold.template.module == "EnumSwitch")
    #expect(scaffold.directory == "Sources/PlanTestPattern")
    #expect(
      scaffold.created.map(\.path)
        == ["Cells", "Feed", "Loops", "Share", "Strategy"].map {
          "Sources/PlanTestPattern/\($0).swift"
        })
    // Three existing files: the registries' lists are written from
    // Package.swift's at build time, and nothing under results/ is touched.
    #expect(
      scaffold.edited.map(\.path) == [
        "Package.swift", "Benchmarks/generate-synthetic/SyntheticPattern.swift",
        "Benchmarks/Scripts/frozen-attributes.txt",
      ])
    #expect(!(scaffold.edited.map(\.path) + scaffold.generated).contains { $0.hasPrefix("results/") })
    #expect(!fileExists(Fixtures.packageRoot + "/Sources/PlanTestPattern"))
  }

  @Test func findsThePackageFromASubdirectory() throws {
    let root = try Scaffold.packageRoot(Fixtures.packageRoot + "/Guides/..")
    #expect(root == RunOptions.resolvedPath(Fixtures.packageRoot))
    #expect(throws: ScaffoldError.self) { try Scaffold.packageRoot(Fixtures.packageRoot + "/Guides") }
  }

  // MARK: As a user runs it

  @Test func aDryRunFromASubdirectoryPrintsThePlanAndWritesNothing() throws {
    let result = try Subprocess.run(
      ["new-strategy", "DryRunPattern", "--dry-run"], currentDirectory: Fixtures.packageRoot + "/Sources/Naive")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == """
        dry-run-pattern, a copy of protocol-getter: would create
          Sources/DryRunPattern/ (Cells.swift, Feed.swift, Loops.swift, Share.swift, Strategy.swift)
        would edit
          Package.swift
          Benchmarks/generate-synthetic/SyntheticPattern.swift
          Benchmarks/Scripts/frozen-attributes.txt
        and the synthetic generator would write
          Sources/Synthetic/DryRunPattern/
          Sources/SyntheticRegistry/generated/SyntheticRegistry.swift

        """)
    #expect(!fileExists(Fixtures.packageRoot + "/Sources/DryRunPattern"))
  }

  @Test(arguments: [
    (["new-strategy", "dry-run"], "(did you mean 'DryRun'?)"),
    (["new-strategy", "Naive", "--dry-run"], "Naive is already a strategy"),
    (["new-strategy", "DryRunPattern", "--from", "enum", "--dry-run"], "is not a strategy of this package"),
    (
      ["new-strategy", "DryRunPattern", "--package-path", "/", "--dry-run"],
      "--package-path: \"/\" has no Package.swift"
    ),
  ])
  func badInputExitsWith64AndTheUsage(arguments: [String], message: String) throws {
    let result = try Subprocess.run(arguments, currentDirectory: Fixtures.packageRoot)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains("USAGE: dispatch-bench new-strategy NAME"))
    #expect(result.standardOutput.isEmpty)
  }

  /// The real write, in a copy of the package's sources, manifest, guides,
  /// generator and frozen attributes (not the tree, and without building:
  /// CI's scaffold-check.sh builds and runs a scaffold). Every file the dry
  /// run lists is created or changed (three existing ones), the rest is as it was, the copy's code
  /// names the new strategy where the template named its own, and a second
  /// scaffold of the name is refused.
  @Test func writesTheScaffoldIntoACopyOfThePackage() throws {
    let copy = try NewStrategyFailureTests.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let before = try Self.contents(copy)

    let scaffold = try Scaffold(root: copy, name: StrategyName(module: "MyPattern"), templateName: "protocol-getter")
    try scaffold.write()
    let after = try Self.contents(copy)

    let created = Set(after.keys).subtracting(before.keys)
    #expect(created == Set(["Cells", "Feed", "Loops", "Share", "Strategy"].map { "Sources/MyPattern/\($0).swift" }))
    let changed = Set(before.keys.filter { before[$0] != after[$0] })
    // Three existing files: the registries' lists are written from
    // Package.swift's at build time, and the guide gets the row when the
    // pattern is written up.
    #expect(
      changed == [
        "Package.swift", "Benchmarks/generate-synthetic/SyntheticPattern.swift",
        "Benchmarks/Scripts/frozen-attributes.txt",
      ])
    // What changed, read independently of the edits' own code.
    let manifest = try #require(after["Package.swift"])
    #expect(manifest.contains(#""TaggedVisitor",\#n  "MyPattern",\#n]"#), "strategyModules ends with MyPattern")
    let generator = try #require(after["Benchmarks/generate-synthetic/SyntheticPattern.swift"])
    #expect(generator.contains(#"case myPattern = "my-pattern""#))
    #expect(generator.contains(".myPattern: .protocolGetter,"), "written as its template until it has an idiom")
    let frozen = try #require(after["Benchmarks/Scripts/frozen-attributes.txt"])
    #expect(frozen.contains("\nSources/MyPattern/Strategy.swift\n  MyPatternStrategy:\n"))
    for file in created {
      let text = try #require(after[file])
      #expect(!text.contains("ProtocolGetterStrategy"), "\(file) still names the template's type")
      #expect(!text.contains("import ProtocolGetter\n"), "\(file) still imports the template")
    }
    #expect(try #require(after["Sources/MyPattern/Strategy.swift"]).contains("MyPatternStrategy"))
    // The same name again is refused: it is a strategy of the copy now.
    #expect(throws: ScaffoldError.self) {
      try Scaffold(root: copy, name: StrategyName(module: "MyPattern"), templateName: "protocol-getter")
    }
  }

  /// The copy is built for speed in the `evolution-frozen` build as its
  /// template is: the template's attributes, renamed, are found in the
  /// copy's sources (frozen-sources.py, run on the package copy).
  @Test(.enabled(if: ExternalTools.hasPython, "needs /usr/bin/python3, which CI has"))
  func theScaffoldsFrozenAttributesFindItsDeclarations() throws {
    let copy = try NewStrategyFailureTests.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let scaffold = try Scaffold(root: copy, name: StrategyName(module: "MyPattern"), templateName: "tagged-visitor")
    try scaffold.write()
    let check = try Subprocess.run(
      [copy + "/Benchmarks/Scripts/frozen-sources.py", "--check"], program: "/usr/bin/python3")
    #expect(check.status == 0, "\(check.standardError)")
    let list = try String(contentsOfFile: copy + "/" + ScaffoldEdits.frozenAttributes, encoding: .utf8)
    let template = list.components(separatedBy: "\nSources/TaggedVisitor/").count
    #expect(template == 5 && list.components(separatedBy: "\nSources/MyPattern/").count == template, "\(list)")
  }

  /// Every file under `root`, by path relative to it, with its text.
  static func contents(_ root: String) throws -> [String: String] {
    var files: [String: String] = [:]
    for path in try Fixtures.files(under: root) {
      files[String(path.dropFirst(root.count + 1))] = try String(contentsOfFile: path, encoding: .utf8)
    }
    return files
  }
}
