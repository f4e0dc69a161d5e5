@testable import BenchmarkEngine
import Reports
import BenchmarkResults
import Testing

/// The counts set beside a time, and the note where time and instructions
/// disagree by more than 2×.
@Suite struct CountsBesideTimeTests {
  static let feedCase = BenchmarkCase(
    feed: FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6), operation: "feed.color", mode: .app)

  /// A profile of the enum and one other strategy on `feed.color`.
  static func profile(_ enumCounts: [ProfileMetric: Double], _ other: [ProfileMetric: Double]) -> ProfileFile {
    let info = RunInfo(
      schemaVersion: Schema.profileVersion, runID: "p", timestamp: "", machine: Machine.current(), seed: 1,
      command: "", baseline: "enum-switch")
    return ProfileFile(
      path: "p.csv", info: info, tool: "valgrind",
      rows: [
        ProfileRow(key: ResultKey(feedCase, "enum-switch"), counts: enumCounts),
        ProfileRow(key: ResultKey(feedCase, "protocol-getter"), counts: other),
      ])
  }

  /// The getter's counts at the run's size (100,000), from the profile's 1,000.
  static func counts(_ profile: ProfileFile) throws -> CountsBesideTime {
    var key = ResultKey(feedCase, "protocol-getter")
    key.benchmarkCase.feed.size = 100_000
    return try #require(CountsBesideTime(key, baseline: "enum-switch", profile: profile))
  }

  @Test func ratiosAndCountsPerElement() throws {
    let counts = try Self.counts(
      Self.profile(
        [.instructions: 50, .conditionalBranches: 9, .conditionalMispredicts: 1],
        [
          .instructions: 400, .conditionalBranches: 40, .indirectBranches: 3, .conditionalMispredicts: 3,
          .indirectMispredicts: 0.5,
        ]))
    #expect(counts.size == 1_000)
    #expect(counts.instructionRatio == 8)
    #expect(counts.branches == 43)
    #expect(counts.mispredicts == 3.5)
    #expect(counts.cells(explanation: nil) == ["8.00×", "43.00", "3.50", ""])
    #expect(counts.explanation(timeRatio: 5) == nil, "5× time and 8× instructions agree within 2×")
  }

  /// Time far below instructions: the enum pays more per instruction; here
  /// a release per element that the other does not pay.
  @Test func theBaselinesReleasesExplainACheapGetter() throws {
    let counts = try Self.counts(
      Self.profile(
        [.instructions: 50, .releases: 1, .conditionalMispredicts: 0.5],
        [.instructions: 400, .conditionalMispredicts: 4]))
    let explanation = try #require(counts.explanation(timeRatio: 3))
    #expect(explanation.name == "retains and releases")
    #expect(
      explanation.text.hasPrefix(
        "time 3.00× the enum-switch's, instructions 8.00×: retains and releases, 2.00 per 100 instructions for enum-switch against 0.00 for protocol-getter"
      ))
  }

  /// Time far above instructions: the row mispredicts more per instruction.
  @Test func mispredictsExplainASlowRow() throws {
    let counts = try Self.counts(
      Self.profile([.instructions: 50, .conditionalMispredicts: 0.1], [.instructions: 60, .indirectMispredicts: 2]))
    let explanation = try #require(counts.explanation(timeRatio: 4))
    #expect(explanation.name == "mispredicts")
  }

  /// A gap no count accounts for is said so.
  @Test func aGapNoCountExplains() throws {
    let counts = try Self.counts(Self.profile([.instructions: 50], [.instructions: 60]))
    let explanation = try #require(counts.explanation(timeRatio: 4))
    #expect(explanation.count == nil)
    #expect(explanation.name == "none")
  }

  /// The baseline's own row shows its instructions, and a row the profile
  /// lacks has no counts.
  @Test func theBaselineAndAMissingRow() throws {
    let profile = Self.profile([.instructions: 48.5], [.instructions: 400])
    let enumCounts = try #require(
      CountsBesideTime(ResultKey(Self.feedCase, "enum-switch"), baseline: "enum-switch", profile: profile))
    #expect(enumCounts.isBaseline)
    #expect(enumCounts.cells(explanation: nil)[0] == "1 (48.5)")
    #expect(CountsBesideTime(ResultKey(Self.feedCase, "naive"), baseline: "enum-switch", profile: profile) == nil)
  }
}
