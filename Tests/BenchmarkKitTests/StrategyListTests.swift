@testable import BenchmarkKit
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// The strategies are listed in three places besides the registry's
/// modules: the registry itself, the README's mechanism table and the
/// chart palette. They must name the same strategies, in the same order.
@Suite struct StrategyListTests {
  /// The strategy names in the first column of the README's mechanism table,
  /// the table of the section "The strategies".
  static func readmeTableNames() throws -> [String] {
    let readme = try String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "## The strategies"), "README.md has no section \"## The strategies\"")
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
    return section.compactMap { line -> String? in
      // A table row whose first cell is a name in backquotes: | `naive` | …
      guard line.hasPrefix("| `") else { return nil }
      let cell = line.dropFirst(3)
      guard let end = cell.firstIndex(of: "`") else { return nil }
      return String(cell[..<end])
    }
  }

  @Test func readmeTableListsTheRegistrysStrategiesInOrder() throws {
    let names = try Self.readmeTableNames()
    #expect(names == Registry.names)
  }

  @Test func chartPaletteListsTheRegistrysStrategiesInOrder() {
    #expect(ChartPalette.knownNames == Registry.names)
  }
}
