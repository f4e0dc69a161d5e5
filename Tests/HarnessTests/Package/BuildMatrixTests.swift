@testable import BenchmarkEngine
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// The build matrix is written in four places that must agree: the script
/// that builds it (Benchmarks/Scripts/build-matrix.sh), the setting each
/// build passes (read by Package.swift), the rows' `build_flags` (Machine),
/// and the guide's table (Guides/Builds.md). And the `evolution-frozen`
/// build's attributes must be invisible to every other build.
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
    #expect(builds.contains("exclusivity-unchecked") && builds.contains("package") && builds.contains("evolution-frozen"))
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
    let machine = try Self.read("Benchmarks/BenchmarkEngine/Run/Machine/Machine.swift")
    let settings = try Self.scriptSettings()
    for (build, variables) in settings where build != "osize" && build != "onone" {
      #expect(!variables.isEmpty, "\(build) passes no setting to Package.swift")
      for variable in variables {
        #expect(package.contains("Context.environment[\"\(variable)\"] == \"1\""), "Package.swift does not read \(variable) (\(build))")
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

  /// Every `@frozen`, `@inlinable` and `@usableFromInline` in the model and
  /// the strategy modules is inside `#if DISPATCH_BENCH_FROZEN`, so that
  /// every other build compiles what it compiled before, but the model's
  /// cell constants (`@inlinable` literals, FeedCells.swift's exception).
  @Test func theFrozenAttributesAreOnlyInTheFrozenBuild() throws {
    let root = Fixtures.packageRoot + "/Sources/"
    let modules = try FileManager.default.contentsOfDirectory(atPath: root).filter {
      FileManager.default.fileExists(atPath: root + $0 + "/Strategy.swift") || $0 == "DispatchModel"
    }
    #expect(modules.count >= 10, "\(modules)")
    var outside: [String] = []
    for module in modules {
      for file in try Fixtures.files(under: root + module) where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        outside += Self.attributesOutsideFrozen(text).filter { !$0.contains("public static var") }
          .map { "\(file.dropFirst(root.count)): \($0)" }
      }
    }
    #expect(outside.isEmpty, "outside #if DISPATCH_BENCH_FROZEN:\n\(outside.joined(separator: "\n"))")
  }

  /// The lines of code (not comments) with a speed attribute that no
  /// `#if DISPATCH_BENCH_FROZEN` encloses (its `#else` branch is outside).
  static func attributesOutsideFrozen(_ text: String) -> [String] {
    var stack: [Bool] = []  // whether each open #if branch is the frozen one
    var outside: [String] = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("#if ") {
        stack.append(line.contains("DISPATCH_BENCH_FROZEN"))
      } else if line.hasPrefix("#else") || line.hasPrefix("#elseif") {
        if !stack.isEmpty { stack[stack.count - 1] = false }
      } else if line.hasPrefix("#endif") {
        _ = stack.popLast()
      } else if !line.hasPrefix("//") && line.contains(/@(frozen|inlinable|usableFromInline)\b/)
        && !stack.contains(true)
      {
        outside.append(line)
      }
    }
    return outside
  }

  /// Every strategy module places the attributes alike, so that two read
  /// side by side: a `#if DISPATCH_BENCH_FROZEN` block holds one attribute
  /// line (`@inlinable`, `@usableFromInline`, `@frozen`, or an attribute
  /// with its declaration), never a block of declarations; its `#else`, if
  /// any, holds an entry point's `@inline(never)` or the `private`
  /// declaration the frozen branch opens up.
  @Test func everyFrozenBlockHoldsOneAttribute() throws {
    let root = Fixtures.packageRoot + "/Sources/"
    var odd: [String] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: root) {
      for file in try Fixtures.files(under: root + module) where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        odd += Self.frozenBlocksOfMoreThanAnAttribute(text).map { "\(file.dropFirst(root.count)): \($0)" }
      }
    }
    #expect(odd.isEmpty, "#if DISPATCH_BENCH_FROZEN blocks of more than an attribute:\n\(odd.joined(separator: "\n"))")
  }

  /// The `#if DISPATCH_BENCH_FROZEN` blocks whose branches are not one
  /// attribute line and, after `#else`, `@inline(never)` or a `private`
  /// declaration; each given by its lines joined with " / ".
  static func frozenBlocksOfMoreThanAnAttribute(_ text: String) -> [String] {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    var odd: [String] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == "#if DISPATCH_BENCH_FROZEN" else { continue }
      guard let end = lines[index...].firstIndex(of: "#endif") else { return odd + [lines[index]] }
      let body = Array(lines[(index + 1)..<end])
      let frozen = body.prefix { $0 != "#else" }
      let other = body.drop { $0 != "#else" }.dropFirst()
      let frozenIsAnAttribute = frozen.count == 1 && frozen.first?.hasPrefix("@") == true
      let otherIsPlain =
        other.isEmpty
        || (other.count == 1 && (other.first == "@inline(never)" || other.first?.hasPrefix("private ") == true))
      if !frozenIsAnAttribute || !otherIsPlain { odd.append(body.joined(separator: " / ")) }
      index = end
    }
    return odd
  }

  @Test func theBlockScanTellsOneAttributeFromADeclaration() {
    let text = """
      #if DISPATCH_BENCH_FROZEN
      @inlinable
      #else
      @inline(never)
      #endif
      #if DISPATCH_BENCH_FROZEN
      @usableFromInline let a = 1
      #else
      private let a = 1
      #endif
      #if DISPATCH_BENCH_FROZEN
      @inlinable
      init() {}
      #endif
      """
    #expect(Self.frozenBlocksOfMoreThanAnAttribute(text) == ["@inlinable / init() {}"])
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

  @Test func theAttributeScanTellsTheFrozenBranchFromTheOthers() {
    let text = """
      #if DISPATCH_BENCH_FROZEN
      @inlinable
      #else
      @inline(never)
      #endif
      #if DISPATCH_BENCH_FROZEN
      @frozen
      #endif
      public enum E {}
      /// `@inlinable` in a comment is not an attribute.
      #if os(Linux)
      @usableFromInline let x = 1
      #endif
      #if DISPATCH_BENCH_FROZEN
      #else
      @inlinable func f() {}
      #endif
      """
    #expect(Self.attributesOutsideFrozen(text) == ["@usableFromInline let x = 1", "@inlinable func f() {}"])
  }
}
