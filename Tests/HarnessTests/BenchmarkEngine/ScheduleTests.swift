@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import StrategyRegistry
import Testing
import RunContract

/// The two schedules differ only in how strategies share memory: a feed
/// timed one strategy at a time writes the rows an interleaved one does,
/// and each strategy's samples pair with the baseline's of its own rounds.
@Suite struct ScheduleTests {
  func run(_ schedule: Schedule, launch: LaunchContext) throws -> MeasuredRun {
    var settings = SamplingSettings()
    settings.sampleTime = 0.002
    settings.minimumRounds = 6
    settings.minimumSampleDuration = 1e-7
    let silent = InProcess.silent
    var runner = ElementsRunner(
      sampler: Sampler(settings: settings), progress: Progress(console: silent, total: 2, enabled: false))
    runner.launch = launch
    let planned = PlannedFeed(
      feed: SampleRuns.feed(.feed, size: 200),
      operations: [
        PlannedOperation(.feedIdentifier, ["naive", "protocol-getter", "enum-switch"]),
        PlannedOperation(.feedHeight, ["naive", "enum-switch"]),
      ])
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    try runner.run(planned, schedule: schedule, into: &results)
    return results
  }

  @Test(arguments: [LaunchContext(index: 0, count: 1, seed: 1), LaunchContext(index: 1, count: 3, seed: 7)])
  func aSequentialFeedWritesTheRowsOfAnInterleavedOne(launch: LaunchContext) throws {
    let interleaved = try run(.interleaved, launch: launch)
    let sequential = try run(.sequential, launch: launch)
    func byKey(_ results: MeasuredRun) -> [String: TimingRow] {
      Dictionary(uniqueKeysWithValues: results.rows.map { ($0.key.path, $0) })
    }
    let (a, b) = (byKey(interleaved), byKey(sequential))
    #expect(interleaved.rows.count == 9 && Set(a.keys) == Set(b.keys))
    for (key, row) in a {
      #expect(row.schedule == "interleaved" && b[key]?.schedule == "sequential", "\(key)")
      #expect(row.checksum == b[key]?.checksum, "\(key)")
      #expect(row.elementStride == b[key]?.elementStride, "\(key)")
      #expect(row.shuffleSeed == b[key]?.shuffleSeed, "\(key)")
    }
    // The baseline is timed beside each other strategy, in that group's
    // rounds: every strategy's rounds are the baseline's of its group.
    let samples = Dictionary(grouping: sequential.samples, by: \.key)
    for (key, list) in samples where key.strategy != "enum-switch" {
      let baseline = Set(try #require(samples[ResultKey(key.benchmarkCase, "enum-switch")], "\(key)").map(\.round))
      #expect(list.allSatisfy { baseline.contains($0.round) }, "\(key)")
    }
    let groups = Set(sequential.samples.map { $0.round / ElementsRunner.roundsPerGroup })
    #expect(groups == [0, 1, 2], "the baseline's group, naive's and protocol-getter's")
  }
}
