@testable import Reports
import BenchmarkEngine
import BenchmarkResults
import CommandLineSupport
import Testing

/// `answer --sections existential`: the existential domain's rows with their
/// ratios and, from a profile, their counts.
@Suite struct ExistentialAnswerTests {
  static let feed = FeedID(domain: PlannedSynthetic.existentialDomain, size: 100_000, distribution: "uniform", kinds: 1)

  /// The enum at 1 ns, `any-boxed` at 3 ns, 2.8–3.2 times it; the floor too.
  static func rows() -> [TimingRow] {
    ["enum-switch", "any-boxed", "floor"].map { name in
      var row = SampleRuns.row(
        StrategyID(name), "existential.wrap", samples: name == "any-boxed" ? [3, 3, 3] : [1, 1, 1])
      row.key = ResultKey(BenchmarkCase(feed: feed, operation: "existential.wrap", mode: .app), StrategyID(name))
      if name == "any-boxed" {
        (row.ratioToBaseline, row.ratioToBaselineLow, row.ratioToBaselineHigh) = (3, 2.8, 3.2)
        row.allocationsPerElement = 1.001
      }
      return row
    }
  }

  static func answer(profile: ProfileFile? = nil) -> Answer {
    let run = RunFile(path: "run.csv", info: SampleRuns.info, rows: rows())
    return Answer(rows: AnswerRows(run: run, size: 100_000, layout: "uniform"), profile: profile, scaling: nil)
  }

  @Test func eachContenderWithItsRatioAndTheRunsAllocations() throws {
    let table = try Self.answer().existentialTable()
    #expect(table.rows.map { $0[1] } == ["enum-switch", "any-boxed"])
    #expect(table.rows[0][3] == "1")
    #expect(table.rows[1][3] == "3.00× (2.80–3.20)")
    #expect(table.rows[1].last == "1.00")
  }

  @Test func aProfileGivesEachContendersCounts() throws {
    let key = ResultKey(
      BenchmarkCase(
        feed: FeedID(domain: Self.feed.domain, size: 1_000, distribution: "uniform", kinds: 1),
        operation: "existential.wrap", mode: .app), "any-boxed")
    let profile = ProfileFile(
      path: "profile.csv", info: SampleRuns.info, tool: "callgrind",
      rows: [
        ProfileRow(
          key: key,
          counts: [.instructions: 422, .indirectBranches: 3, .retains: 1, .allocations: 1, .exclusivityChecks: 0])
      ])
    let table = try Self.answer(profile: profile).existentialTable()
    #expect(
      table.columns.map(\.title).suffix(5) == [
        "instructions", "indirect branches", "retains", "allocations", "exclusivity checks",
      ])
    #expect(table.rows[1].suffix(5) == ["422", "3.00", "1.00", "1.00", "0.00"])
    // The enum has no profile row here: its counts are missing, not zero.
    #expect(table.rows[0].suffix(5).allSatisfy { $0 == missingFigure })
  }

  @Test func aRunWithoutTheDomainSaysHowToGetIt() {
    let run = RunFile(path: "plain.csv", info: SampleRuns.info, rows: [])
    let answer = Answer(rows: AnswerRows(run: run, size: 100_000, layout: "uniform"), profile: nil, scaling: nil)
    #expect(throws: SectionUnavailable.self) { try answer.existentialTable() }
  }
}
