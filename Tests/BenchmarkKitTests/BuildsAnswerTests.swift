@testable import BenchmarkEngine
@testable import BinaryInspection
@testable import CommandLineSupport
@testable import DispatchBenchCLI
@testable import Reports
@testable import Statistics
import BenchmarkResults
import DispatchModel
import Testing

/// The answer's table per build of a build matrix: each claim rests on the
/// intervals, or says the run cannot tell.
@Suite struct BuildsAnswerTests {
  /// A build's run of the two cheap operations in app mode: the enum at 3 ns,
  /// and every other strategy at `interval` times it.
  private func run(_ build: String, _ interval: ClosedRange<Double>) -> AnswerRows {
    let feed = SampleRuns.feed(size: 100_000)
    var rows: [TimingRow] = []
    for operation in ["feed.identifier", "feed.color"] {
      for strategy in ["enum-switch", "protocol-getter", "classic-visitor", "generic-visitor", "naive"] {
        var row = SampleRuns.row(StrategyID(strategy), operation, samples: [3, 3, 3], feed: feed)
        row.key = ResultKey(BenchmarkCase(feed: feed.id, operation: operation, mode: .app), StrategyID(strategy))
        let isEnum = strategy == "enum-switch"
        row.ratioToBaseline = isEnum ? 1 : (interval.lowerBound + interval.upperBound) / 2
        row.ratioToBaselineLow = isEnum ? 1 : interval.lowerBound
        row.ratioToBaselineHigh = isEnum ? 1 : interval.upperBound
        row.build = build
        rows.append(row)
      }
    }
    return AnswerRows(run: RunFile(path: "\(build).csv", info: SampleRuns.info, rows: rows), size: 100_000, layout: "uniform")
  }

  @Test func eachBuildSaysWhetherTheEnumIsFastestFromItsIntervals() {
    let table = BuildsAnswer(builds: [run("release", 1.5...2.5), run("onone", 0.9...1.2), run("osize", 0.5...0.8)])
      .table()
    #expect(table.rows.map { $0[0] } == ["release", "onone", "osize"])
    #expect(table.rows.allSatisfy { $0[1] == "app" })
    #expect(table.rows[0].last == "yes: every other interval above 1")
    #expect(table.rows[1].last?.hasPrefix("cannot tell: protocol-getter on identifier (0.90–1.20×)") == true)
    #expect(table.rows[2].last?.hasPrefix("no: faster than the enum: protocol-getter on identifier (0.50–0.80×)") == true)
    #expect(table.rows[0][2] == "3.0, 3.0")
    #expect(table.rows[0][3] == "1.50–2.50×")
    // No real-work operation in these runs: the figure is missing, not made up.
    #expect(table.rows[0][5] == "–")
  }
}
