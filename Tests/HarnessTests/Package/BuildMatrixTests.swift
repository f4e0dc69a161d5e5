@testable import BenchmarkEngine
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// The build matrix is written in four places that must agree: the script
/// that builds it (Benchmarks/Scripts/build-matrix.sh), the setting each
/// build passes (read by Package.swift), the rows' `build_flags` (Machine),
/// and the guide's table (Guides/Builds.md). And the `evolution-frozen`
/// build's attributes must be invisible to every other build, and found in
/// the sources by the list that holds them.
@Suite struct BuildMatrixTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: Fixtures.packageRoot + "/" + path, encoding: .utf8)
  }

  /// The builds the script times, in order: its `names=(...)` list.
  static func scriptBuilds() throws -> [String] {
    let script = try read("Benchmarks/Scripts/build-matrix.sh")
    let list = try #require(script.firstMatch(of: /\nnames=\((?<names>[^)]*)\)/), "build-matrix.sh has no names=(...)")
    return list.names.split(separator: " ").map(String.init)
  }

  /// The environment settings of each `build NAME env VAR=1 ...` line.
  static func scriptSettings() throws -> [(build: String, variables: [String])] {
    let script = try read("Benchmarks/Scripts/build-matrix.sh")
    return script.split(separator: "\n").compactMap { line in
      guard let match = line.wholeMatch(of: /build ([\w-]+) env(.*)/) else { return nil }
      let variables = match.2.matches(of: /(\w+)=1/).map { String($0.1) }
      return (String(match.1), variables)
    }
  }

  /// The build names in the first column of Guides/Builds.md's table of builds.
  static func guideBuilds() throws -> [String] {
    let guide = try read("Guides/Builds.md")
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("## Builds") }, "Guides/Builds.md has no section \"## Builds\"")
    let table = lines[(start + 1)...].drop { !$0.hasPrefix("| build ") }.dropFirst(2).prefix { $0.hasPrefix("|") }
    return table.compactMap { $0.firstMatch(of: /^\| `([\w-]+)` \|/).map { String($0.1) } }
  }

  @Test func theGuideDescribesEveryBuildTheScriptTimes() throws {
    let builds = try Self.scriptBuilds()
    #expect(
      builds.contains("exclusivity-unchecked") && builds.contains("package") && builds.contains("evolution-frozen"))
    #expect(try Self.guideBuilds() == builds, "Guides/Builds.md's table of builds against build-matrix.sh's names")
  }

  @Test func theScriptBuildsEveryBuildItTimes() throws {
    let built = try Self.scriptSettings().map(\.build)
    #expect(["release"] + built == (try Self.scriptBuilds()), "build-matrix.sh builds (release first) and times")
  }

  /// Each setting a build passes is read by Package.swift and said by the
  /// rows' build_flags (a define of the same name that Machine reads).
  @Test func everySettingIsReadByThePackageAndSaidInTheBuildFlags() throws {
    let package = try Self.read("Package.swift")
    let machine = try Self.read("Benchmarks/BenchmarkEngine/Instruments/Machine.swift")
    let settings = try Self.scriptSettings()
    for (build, variables) in settings where build != "osize" && build != "onone" {
      #expect(!variables.isEmpty, "\(build) passes no setting to Package.swift")
      for variable in variables {
        #expect(
          package.contains("Context.environment[\"\(variable)\"] == \"1\""),
          "Package.swift does not read \(variable) (\(build))")
        #expect(package.contains(".define(\"\(variable)\")"), "Package.swift does not define \(variable) (\(build))")
        #expect(machine.contains(variable), "Machine's build flags do not say \(variable) (\(build))")
      }
    }
  }

  /// This build (the tests') is none of the matrix's: its flags say the
  /// package's own policy, and none of the matrix's additions.
  @Test func theBuildFlagsOfADefaultBuildSayThePolicy() {
    let flags = Machine.currentBuildFlags
    #expect(flags.contains("model+strategies:-disable-cmo"), "\(flags)")
    for addition in ["default-cmo", "-enforce-exclusivity", "-enable-library-evolution", "frozen"] {
      #expect(!flags.contains(addition), "\(flags)")
    }
  }

  /// The model's and the strategies' Swift files, by full path.
  static func modelAndStrategyFiles() throws -> [String] {
    let root = Fixtures.packageRoot + "/Sources/"
    let modules = try FileManager.default.contentsOfDirectory(atPath: root).filter {
      FileManager.default.fileExists(atPath: root + $0 + "/Strategy.swift") || $0 == "DispatchModel"
    }
    #expect(modules.count >= 10, "\(modules)")
    return try modules.sorted().flatMap { try Fixtures.files(under: root + $0) }.filter { $0.hasSuffix(".swift") }
  }

  /// No `@frozen`, `@inlinable` or `@usableFromInline` in the model and the
  /// strategy modules but the model's cell constants (`@inlinable` literals,
  /// FeedCells.swift's exception): each file reads as an app writes the
  /// pattern, and every build but `evolution-frozen` compiles it so. That
  /// build's attributes are Benchmarks/Scripts/frozen-attributes.txt's.
  @Test func theSourcesHoldNoSpeedAttribute() throws {
    var found: [String] = []
    for file in try Self.modelAndStrategyFiles() {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      found += Self.speedAttributes(text).filter { !$0.contains("public static var") }
        .map { "\(file.dropFirst(Fixtures.packageRoot.count + 1)): \($0)" }
    }
    #expect(found.isEmpty, "speed attributes in the sources:\n\(found.joined(separator: "\n"))")
  }

  /// The lines of code (not comments) with a speed attribute.
  static func speedAttributes(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.hasPrefix("//") && $0.contains(/@(frozen|inlinable|usableFromInline)\b/)
    }
  }

  @Test func theAttributeScanSkipsComments() {
    let text = """
      /// `@inlinable` in a comment is not an attribute.
      @usableFromInline let x = 1
      public enum E {}
      @frozen public struct S {}
      """
    #expect(Self.speedAttributes(text) == ["@usableFromInline let x = 1", "@frozen public struct S {}"])
  }

  /// No source under Sources/ is written for the frozen build: its
  /// attributes are in the list, not in `#if DISPATCH_BENCH_FROZEN` blocks
  /// a reader of the pattern reads past.
  @Test func noSourceHasAFrozenCondition() throws {
    let root = Fixtures.packageRoot + "/"
    var found: [String] = []
    for file in try Fixtures.files(under: root + "Sources") where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      found += Self.frozenConditions(text).map { "\(file.dropFirst(root.count)): \($0)" }
    }
    #expect(
      found.isEmpty, "move these to Benchmarks/Scripts/frozen-attributes.txt:\n\(found.joined(separator: "\n"))")
  }

  /// The `#if` and `#elseif` lines that test `DISPATCH_BENCH_FROZEN`.
  static func frozenConditions(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      $0.contains(/^#(if|elseif)\b.*\bDISPATCH_BENCH_FROZEN\b/)
    }
  }

  @Test func theConditionScanFindsTheFrozenBuildsOnly() {
    let text = """
      #if DISPATCH_BENCH_FROZEN
      @frozen
      #endif
        #if os(Linux) && !DISPATCH_BENCH_FROZEN
      #elseif DISPATCH_BENCH_FROZEN
      // #if DISPATCH_BENCH_FROZEN in a comment
      #if DISPATCH_BENCH_FROZEN_NOT
      #if APP_MODE
      """
    #expect(
      Self.frozenConditions(text) == [
        "#if DISPATCH_BENCH_FROZEN", "#if os(Linux) && !DISPATCH_BENCH_FROZEN", "#elseif DISPATCH_BENCH_FROZEN",
      ])
  }

  static let frozenSources = Fixtures.packageRoot + "/Benchmarks/Scripts/frozen-sources.py"

  /// Every declaration the frozen build's list names is where the list
  /// says, so the list has not rotted since the sources changed.
  @Test(.enabled(if: ExternalTools.hasPython, "needs /usr/bin/python3, which CI has"))
  func theFrozenListFindsEveryDeclaration() throws {
    let result = try Subprocess.run([Self.frozenSources, "--check"], program: "/usr/bin/python3")
    #expect(result.status == 0, "\(result.standardError)")
    let count = result.standardOutput.firstMatch(of: /all (\d+) attributes found/).flatMap { Int($0.1) }
    #expect((count ?? 0) > 300, "\(result.standardOutput)")
  }

  /// A declaration the list names that the source does not have stops the
  /// frozen build's sources from being written, naming the list's line.
  @Test(.enabled(if: ExternalTools.hasPython, "needs /usr/bin/python3, which CI has"))
  func theFrozenListRefusesADeclarationItDoesNotFind() throws {
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("frozen-\(UUID().uuidString).txt").path
    defer { try? FileManager.default.removeItem(atPath: list) }
    try """
    Sources/EnumSwitch/Feed.swift
      @frozen  public enum FeedRow
      @frozen  public enum NoSuchRow
    """.write(toFile: list, atomically: true, encoding: .utf8)
    let result = try Subprocess.run([Self.frozenSources, "--check", "--list", list], program: "/usr/bin/python3")
    #expect(result.status == 1)
    #expect(result.standardError.contains(":3: Sources/EnumSwitch/Feed.swift: `public enum NoSuchRow`: not found"))
    #expect(result.standardError.contains("frozen-sources.py: 1 error, nothing written"))
  }

  /// Package.swift builds the frozen build from the folder the script
  /// writes.
  @Test func thePackageBuildsFromTheFolderTheScriptWrites() throws {
    let script = try Self.read("Benchmarks/Scripts/frozen-sources.py")
    let folder = try #require(script.firstMatch(of: /\nOUTPUT = ROOT \/ "([^"]+)" \/ "([^"]+)"\n/))
    #expect(try Self.read("Package.swift").contains("let frozenSources = \"\(folder.1)/\(folder.2)/\""))
  }

  /// Every pattern is written for speed in the frozen build: the list holds
  /// each strategy module's entry points.
  @Test func theFrozenListHasEveryPattern() throws {
    let list = try Self.read("Benchmarks/Scripts/frozen-attributes.txt")
    let files = Set(list.split(separator: "\n").filter { $0.hasSuffix(".swift") && !$0.hasPrefix(" ") })
    let strategies = try Self.modelAndStrategyFiles().filter { $0.hasSuffix("/Strategy.swift") }
      .map { String($0.dropFirst(Fixtures.packageRoot.count + 1)) }
    #expect(strategies.count >= 10)
    for strategy in strategies {
      #expect(files.contains(Substring(strategy)), "frozen-attributes.txt has no \(strategy)")
    }
  }

  /// The registry's `ClientStrategy` (the evolution builds' contract of the
  /// timed loops) restates every requirement of `DispatchStrategy`, so a
  /// requirement added to one is added to the other.
  @Test func theClientProtocolRestatesTheContract() throws {
    let contract = try Self.read("Sources/DispatchModel/DispatchStrategy.swift")
    let client = try Self.read("Sources/StrategyRegistry/ClientStrategy.swift")
    let requirement = /(static func \w+\([^)]*\)|static var \w+|associatedtype \w+)/
    let names = { (text: String) in
      Set(text.matches(of: requirement).map { String($0.1).replacing(/\s+/, with: " ") })
    }
    let required = names(contract)
    #expect(required.count >= 18, "\(required)")
    #expect(names(client) == required, "ClientStrategy against DispatchStrategy")
  }
}
