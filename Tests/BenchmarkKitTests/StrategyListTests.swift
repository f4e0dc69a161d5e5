@testable import BenchmarkEngine
@testable import BinaryInspection
@testable import CommandLineSupport
@testable import DispatchBenchCLI
@testable import Reports
@testable import Statistics
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// The registry lists the strategies; the mechanism table of
/// Guides/Strategies.md names the same ones in the same order (`new-strategy`
/// adds a row), and the chart palette's fixed colours belong to registered
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

  @Test func guideTableListsTheRegistrysStrategiesInOrder() throws {
    let names = try Self.guideTableNames()
    #expect(names == Registry.names)
  }

  @Test func chartPaletteNamesRegisteredStrategiesInOrder() {
    #expect(Registry.names.filter(ChartPalette.knownNames.contains) == ChartPalette.knownNames)
    let fixed = Set(ChartPalette.colors)
    for (index, name) in Registry.names.enumerated() where !ChartPalette.knownNames.contains(name) {
      #expect(!fixed.contains(ChartPalette.color(for: name, index: index)), "\(name) takes a fixed colour")
    }
  }
}
