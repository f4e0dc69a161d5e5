import Foundation
import generate_synthetic
import StrategyRegistry
import SyntheticRegistry
import TestSupport
import Testing

/// The generator's output is deterministic, is what is committed, and is
/// what the registry lists; `outOfDate` names what differs.
@Suite struct SyntheticGeneratorTests {
  @Test func theCommittedFilesAreTheGeneratorsOutput() {
    let problems = SyntheticGenerator.outOfDate(SyntheticGenerator.files, root: Fixtures.packageRoot)
    #expect(
      problems.isEmpty,
      "run `swift run generate-synthetic`: \(problems.joined(separator: "; "))")
  }

  @Test func twoRunsWriteTheSameFilesInTheSameOrder() {
    let first = SyntheticGenerator.files
    let second = SyntheticGenerator.files
    #expect(first.map(\.path) == second.map(\.path))
    #expect(first.map(\.text) == second.map(\.text))
    #expect(Set(first.map(\.path)).count == first.count)
    // Every pattern at six numbers of kinds, the registry and the edit costs.
    #expect(first.count == SyntheticPattern.allCases.count * 6 + 2)
  }

  @Test func theRegistryListsWhatTheGeneratorWrites() {
    let generated = SyntheticPattern.allCases.flatMap { pattern in
      SyntheticDomain.kindCounts.map { "\(pattern.rawValue)/\($0)" }
    }
    #expect(SyntheticRegistry.workloads.map { "\($0.name)/\($0.kinds)" } == generated)
    #expect(SyntheticRegistry.operations == SyntheticDomain.operations.map(\.name))
    #expect(SyntheticRegistry.kindCounts == SyntheticDomain.kindCounts)
  }

  /// The generator's patterns are the registry's, in its order: the one
  /// list is Package.swift's `strategyModules`, and the generator's enum
  /// (which `new-strategy` extends beside it) may not drift from it.
  @Test func theGeneratorsPatternsAreTheRegistrysList() {
    #expect(SyntheticPattern.allCases.map(\.rawValue) == Registry.names)
  }

  /// Each idiom is the pattern of its name's own; every other pattern (one
  /// `dispatch-bench new-strategy` added) is written as another.
  @Test func everyPatternIsWrittenInAnIdiom() {
    for idiom in SyntheticIdiom.allCases {
      #expect(SyntheticPattern(rawValue: idiom.rawValue)?.idiom == idiom, "\(idiom.rawValue)")
    }
    for pattern in SyntheticPattern.allCases where SyntheticIdiom(rawValue: pattern.rawValue) == nil {
      let template = SyntheticPattern.writtenLike[pattern]
      #expect(template.map { $0.idiom == pattern.idiom } == true, "\(pattern.rawValue) has no idiom")
    }
  }

  /// A stale file, a missing one and a stray one are each named.
  @Test func outOfDateNamesEveryFileThatDiffers() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("synthetic-generator-test-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = SyntheticGenerator.files
    try SyntheticGenerator.write(files, root: root)
    #expect(SyntheticGenerator.outOfDate(files, root: root).isEmpty)

    let stale = files[3].path
    let missing = files[10].path
    // Beside the generated folder, and in it.
    let strays = [
      "Sources/Synthetic/EnumSwitch/Kinds128.swift", "Sources/Synthetic/EnumSwitch/generated/Kinds128.swift",
    ]
    try "// edited by hand\n".write(toFile: root + "/" + stale, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: root + "/" + missing)
    for stray in strays {
      try "".write(toFile: root + "/" + stray, atomically: true, encoding: .utf8)
    }
    #expect(
      SyntheticGenerator.outOfDate(files, root: root)
        == ["\(stale): out of date", "\(missing): missing"] + strays.map { "\($0): not generated; remove it" })
  }

  /// A namespace at 2 kinds with one operation, known line by line.
  @Test func theEnumSwitchDomainIsWhatAHandWouldWrite() throws {
    let constant = try #require(SyntheticDomain.operations.first)
    let source = SyntheticSource(pattern: .enumSwitch, kinds: 2, operations: [constant])
    #expect(
      source.domainLines == [
        "struct Kind0 { let value: UInt64 }",
        "struct Kind1 { let value: UInt64 }",
        "enum Item {",
        "  case kind0(Kind0)",
        "  case kind1(Kind1)",
        "  var constant: Int {",
        "    switch self {",
        "    case .kind0: 3",
        "    case .kind1: 10",
        "    }",
        "  }",
        "}",
      ])
    #expect(source.path == "Sources/Synthetic/EnumSwitch/generated/Kinds2.swift")
  }
}
