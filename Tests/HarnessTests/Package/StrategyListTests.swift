@testable import DispatchBenchCLI
@testable import Reports
import BenchmarkResults
import Claims
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// The registry lists the strategies; the mechanism table of
/// Guides/Strategies.md names the same ones in the same order (but a pattern
/// `new-strategy` added, until it is written up), and the chart palette's fixed colours belong to registered
/// strategies, in order, a strategy added since taking one of the others.
@Suite struct StrategyListTests {
  /// The strategy names in the first column of the mechanism table of
  /// Guides/Strategies.md, the table of its section "The strategies".
  static func guideTableNames() throws -> [String] {
    let guide = try String(contentsOfFile: Fixtures.packageRoot + "/Guides/Strategies.md", encoding: .utf8)
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex(of: "# The strategies"), "Guides/Strategies.md has no section \"# The strategies\"")
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("# ") }
    return section.compactMap { line -> String? in
      // A table row whose first cell is a name in backquotes: | `naive` | …
      guard line.hasPrefix("| `") else { return nil }
      let cell = line.dropFirst(3)
      guard let end = cell.firstIndex(of: "`") else { return nil }
      return String(cell[..<end])
    }
  }

  /// The patterns `new-strategy` added that are still their template's code
  /// (the generator's `SyntheticPattern.writtenLike`): their row in the
  /// guide comes when they are written up.
  static func scaffolded() throws -> Set<String> {
    let generator = try String(
      contentsOfFile: Fixtures.packageRoot + "/" + ScaffoldEdits.generator, encoding: .utf8)
    let cases = try ScaffoldEdits.syntheticPatterns(inGenerator: generator)
    let list = try #require(
      generator.firstMatch(of: /static let writtenLike: \[SyntheticPattern: SyntheticPattern\] = \[(?<list>[^\]]*)\]/))
    let scaffoldedCases = Set(list.list.matches(of: /\.(\w+):/).map { String($0.1) })
    return Set(cases.filter { scaffoldedCases.contains(StrategyName(existing: StrategyID($0).moduleName).caseName) })
  }

  /// `dispatch-bench help` names every registered pattern, from the list.
  @Test func theHelpOverviewNamesEveryPattern() {
    let overview = DispatchBench.overview.replacing("\n", with: " ")
    #expect(overview.contains("\(Registry.names.count) patterns"))
    for name in Registry.names { #expect(overview.contains(name), "help omits \(name)") }
    #expect(Registry.names.count >= 10)
  }

  /// The answer's claims name registered patterns only, and every
  /// registered pattern is either in one of its groups or named as left
  /// out of the claims.
  @Test func theAnswersGroupsCoverTheRegistry() throws {
    let scaffolded = try Self.scaffolded()
    let grouped =
      [AnswerNames.enumSwitch] + AnswerNames.articles + AnswerNames.alternatives + AnswerNames.costly
      + AnswerNames.outsideTheClaims
    #expect(Set(grouped.map(\.rawValue)) == Set(Registry.names).subtracting(scaffolded), "\(grouped)")
    #expect(grouped.count == Set(grouped).count, "a pattern in two groups: \(grouped)")
  }

  @Test func guideTableListsTheRegistrysStrategiesInOrder() throws {
    let names = try Self.guideTableNames()
    let scaffolded = try Self.scaffolded()
    #expect(names == Registry.names.filter { !scaffolded.contains($0) })
  }

  @Test func chartPaletteNamesRegisteredStrategiesInOrder() {
    #expect(Registry.names.filter(ChartPalette.knownNames.contains) == ChartPalette.knownNames)
    // Every registered pattern has a colour of its own while the palette
    // has one to give, the tagged visitor's included.
    #expect(ChartPalette.knownNames == Array(Registry.names.prefix(ChartPalette.colors.count)))
    #expect(ChartPalette.knownNames.contains("tagged-visitor"))
    let fixed = Set(ChartPalette.colors)
    for (index, name) in Registry.names.enumerated() where !ChartPalette.knownNames.contains(name) {
      #expect(!fixed.contains(ChartPalette.color(for: name, index: index)), "\(name) takes a fixed colour")
    }
  }
}
