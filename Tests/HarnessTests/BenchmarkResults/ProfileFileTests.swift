import BenchmarkResults
import Testing
import TestSupport

/// The exclusivity-check count of profile schema 3, and the older profiles
/// that have none.
@Suite struct ProfileFileTests {
  func profile(_ name: String) throws -> ProfileFile {
    guard case .profile(let file) = try Schema.load(Fixtures.runs + "/" + name) else {
      Issue.record("\(name) is not read as a profile")
      throw CancellationError()
    }
    return file
  }

  /// Configuring a cell writes three of its stored properties, each a
  /// dynamic exclusivity check (a class's stored property); the floor and
  /// the null write none.
  @Test func aSchema3ProfileCarriesItsExclusivityChecks() throws {
    let file = try profile("profile-v3.csv")
    #expect(file.info.schemaVersion == "3")
    #expect(!file.rows.isEmpty)
    for row in file.rows {
      let expected: Double = row.key.strategy.isReference ? 0 : 3
      #expect(row.counts[.exclusivityChecks] == expected, "\(row.key.path)")
    }
  }

  /// A profile made before the count has no figure for it, rather than a
  /// zero that would say the loop made no check.
  @Test func anOlderProfileHasNoExclusivityCount() throws {
    let file = try profile("profile-v2.csv")
    #expect(!file.rows.isEmpty)
    #expect(file.rows.allSatisfy { $0.counts[.exclusivityChecks] == nil })
    #expect(file.rows.allSatisfy { $0.counts[.instructions] != nil })
  }
}
