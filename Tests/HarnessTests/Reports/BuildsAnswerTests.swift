@testable import Reports
import BenchmarkResults
import CommandLineSupport
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
    return AnswerRows(
      run: RunFile(path: "\(build).csv", info: SampleRuns.info, rows: rows), size: 100_000, layout: "uniform")
  }

  @Test func eachBuildSaysWhetherTheEnumIsFastestFromItsIntervals() {
    let table = BuildsAnswer(builds: [run("release", 1.5...2.5), run("onone", 0.9...1.2), run("osize", 0.5...0.8)])
      .table()
    #expect(table.rows.map { $0[0] } == ["release", "onone", "osize"])
    #expect(table.rows.allSatisfy { $0[1] == "app" })
    #expect(table.rows[0].last == "yes: every other interval above 1")
    #expect(table.rows[1].last?.hasPrefix("cannot tell: protocol-getter on identifier (0.90–1.20×)") == true)
    #expect(
      table.rows[2].last?.hasPrefix("no: faster than the enum: protocol-getter on identifier (0.50–0.80×)") == true)
    #expect(table.rows[0][2] == "3.0, 3.0")
    #expect(table.rows[0][3] == "1.50–2.50×")
    // No real-work operation in these runs: the figure is missing, not made up.
    #expect(table.rows[0][5] == "–")
  }

  /// The matrix's builds are rows like any other: named by
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

  /// `answer --build-runs` as a user runs it: each build's run file, the
  /// builds section with a row per build in the order given, and what it
  /// says without --build-runs or given a profile.
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
      "answer", paths[0], "--build-runs", paths.joined(separator: ","), "--section", "builds", "--format", "markdown",
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
    #expect(without.errors.contains("pass each build's run with --build-runs"), "\(without.errors)")
    let profile = InProcess.main(["answer", paths[0], "--build-runs", Fixtures.profile, "--section", "builds"])
    #expect(profile.status == 64)
    #expect(profile.errors.contains("is a profile of a build none of the runs is"), "\(profile.errors)")
  }

  /// A build's run with flags of its own, as the matrix's builds have.
  private func run(_ build: String, flags: String) -> AnswerRows {
    var rows = run(build, 1.5...2.5)
    rows.run.info.machine.buildFlags = flags
    return rows
  }

  /// A profile of the binary built with `flags`: on each cheap operation
  /// in app mode, the enum at `instructions` and each article at twice it,
  /// one retain more and no exclusivity check.
  private func profile(flags: String, instructions: Double) -> ProfileFile {
    var info = SampleRuns.info
    info.machine.buildFlags = flags
    let feed = SampleRuns.feed(size: 1_000).id
    let rows = ["feed.identifier", "feed.color"].flatMap { operation in
      (["enum-switch"] + AnswerNames.articles.map(\.rawValue)).map { strategy in
        let isEnum = strategy == "enum-switch"
        return ProfileRow(
          key: ResultKey(BenchmarkCase(feed: feed, operation: operation, mode: .app), StrategyID(strategy)),
          counts: [
            .instructions: isEnum ? instructions : 2 * instructions + Double(strategy.count),
            .retains: isEnum ? 0 : 1, .exclusivityChecks: 0,
          ])
      }
    }
    return ProfileFile(path: "profile-\(flags).csv", info: info, tool: "callgrind", rows: rows)
  }

  /// Each build's profile is found by its build flags, and its counts sit
  /// beside the builds' table: the enum's, and the articles' range.
  @Test func aBuildsProfileGivesItsCountsPerElement() throws {
    let builds = [run("release", flags: "-O"), run("onone", flags: "-Onone")]
    let profiles = try AnswerCommand.match([profile(flags: "-Onone", instructions: 100)], to: builds)
    #expect(profiles.map { $0?.path } == [nil, "profile--Onone.csv"])
    let table = try #require(BuildsAnswer(builds: builds, profiles: profiles).countsTable())
    #expect(table.rows.map { $0[0] } == ["onone", "onone"])
    #expect(table.rows.map { $0[2] } == ["feed.identifier", "feed.color"])
    // protocol-getter, classic-visitor and generic-visitor: 200 plus the
    // length of their names, 15 each, so one figure rather than a range.
    #expect(table.rows[0][3] == "100")
    #expect(table.rows[0][4] == "215")
    #expect(table.rows[0][5] == "0.0" && table.rows[0][6] == "1.0")
    #expect(BuildsAnswer(builds: builds, profiles: [nil, nil]).countsTable() == nil)
  }

  /// A profile of no build given, or two of one, is refused by name.
  @Test func aProfileOfNoBuildOrTwoOfOneIsRefused() {
    let builds = [run("release", flags: "-O")]
    #expect(throws: CommandError.self) {
      try AnswerCommand.match([profile(flags: "-Osize", instructions: 1)], to: builds)
    }
    #expect(throws: CommandError.self) {
      try AnswerCommand.match(
        [profile(flags: "-O", instructions: 1), profile(flags: "-O", instructions: 2)], to: builds)
    }
  }
}
