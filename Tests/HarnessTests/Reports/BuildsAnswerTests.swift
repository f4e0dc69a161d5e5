@testable import Reports
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
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

  /// The matrix's builds of issue #36 are rows like any other: named by
  /// their runs' build column, in the order given, each with its verdict.
  @Test func theNewBuildsAreRowsOfTheirOwn() {
    let names = ["release", "evolution-frozen", "package", "exclusivity-unchecked"]
    let table = BuildsAnswer(
      builds: [run(names[0], 1.5...2.5), run(names[1], 0.5...0.8), run(names[2], 1.5...2.5), run(names[3], 0.9...1.2)]
    ).table()
    #expect(table.rows.map { $0[0] } == names)
    #expect(table.rows[1].last?.hasPrefix("no: faster than the enum") == true, "\(table.rows[1])")
    #expect(table.rows[2].last == "yes: every other interval above 1")
    #expect(table.rows[3].last?.hasPrefix("cannot tell") == true, "\(table.rows[3])")
  }

  /// `answer --builds` as a user runs it: each build's run file, the
  /// builds section with a row per build in the order given, and what it
  /// says without --builds or given a profile.
  @Test func answerWithBuildsPrintsARowPerBuild() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var paths: [String] = []
    for (build, interval) in [("release", 1.5...2.5), ("onone", 0.9...1.2), ("osize", 0.5...0.8)] {
      let path = directory + "/run.\(build).csv"
      try RunFile.document(info: SampleRuns.info, rows: run(build, interval).run.rows)
        .write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let result = InProcess.main([
      "answer", paths[0], "--builds", paths.joined(separator: ","), "--section", "builds", "--format", "markdown",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    let release = try #require(lines.firstIndex { $0.hasPrefix("| release ") }, "\(result.output)")
    let onone = try #require(lines.firstIndex { $0.hasPrefix("| onone ") }, "\(result.output)")
    let osize = try #require(lines.firstIndex { $0.hasPrefix("| osize ") }, "\(result.output)")
    #expect(release < onone && onone < osize)
    #expect(lines[release].contains("yes: every other interval above 1"))
    #expect(lines[onone].contains("cannot tell"))
    #expect(lines[osize].contains("no: faster than the enum"))

    let without = InProcess.main(["answer", paths[0], "--section", "builds"])
    #expect(without.status != 0)
    #expect(without.errors.contains("pass each build's run with --builds"), "\(without.errors)")
    let profile = InProcess.main(["answer", paths[0], "--builds", Fixtures.profile, "--section", "builds"])
    #expect(profile.status == 64)
    #expect(profile.errors.contains("is a profile, not a run CSV"), "\(profile.errors)")
  }
}
