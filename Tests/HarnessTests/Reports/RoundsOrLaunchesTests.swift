@testable import BenchmarkResults
import CommandLineSupport
import Foundation
@testable import Reports
import TestSupport
import Testing

/// `compare RUN.csv --samples … --show rounds-or-launches`: per domain, the
/// variance of a launch's estimate from alternate rounds over that from all
/// its rounds, on samples built so that it can be worked out by hand (and
/// as the script the view replaced, `git show
/// 0f70e0a:Benchmarks/Scripts/rounds-or-launches.py`,
/// printed for the same samples, but for "1 rows": feed 1 rows, median
/// 2.00; share 2 rows, median 1.50).
///
/// Every launch's log-ratios to the baseline take one value `a` in its
/// paired rounds of even place and another `b` in those of odd place, so
/// its estimate from all of them is (a + b) ÷ 2 (ten of each: the mean of
/// the middle two), from the even rounds `a`, from the odd `b`.
@Suite struct RoundsOrLaunchesTests {
  static let baseline = StrategyID("enum-switch")
  static let share = BenchmarkCase(
    feed: FeedID(domain: "share", size: 1_000, distribution: "uniform", kinds: 3), operation: "share.instagram")
  static let feed = BenchmarkCase(
    feed: FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6), operation: "feed.color")

  /// A row's samples from each launch's (a, b): `rounds` paired rounds,
  /// then `unpaired` more that the baseline did not take, at values that
  /// would move every figure if they were paired.
  static func samples(
    _ key: ResultKey, _ launches: [(a: Double, b: Double)], rounds: Int = 20, unpaired: Int = 1
  ) -> [RawSample] {
    launches.enumerated().flatMap { launch, pair in
      (0..<(rounds + unpaired)).map { round in
        let log = round >= rounds ? 5 : round % 2 == 0 ? pair.a : pair.b
        return RawSample(
          key: key, index: launch * (rounds + unpaired) + round, launch: launch, round: round,
          elementsPerSample: 1_000, nanosecondsPerElement: 10 * exp(log))
      }
    }
  }

  /// The baseline's samples in a case: 10 ns in each of 20 rounds of 5
  /// launches.
  static func baselineSamples(_ benchmarkCase: BenchmarkCase, baseline: StrategyID = baseline) -> [RawSample] {
    (0..<5).flatMap { launch in
      (0..<20).map { round in
        RawSample(
          key: ResultKey(benchmarkCase, baseline), index: launch * 20 + round, launch: launch, round: round,
          elementsPerSample: 1_000, nanosecondsPerElement: 10)
      }
    }
  }

  /// By hand: estimates from all rounds 0, 0.1, 0.2, 0.2 (variance
  /// 0.0275 ÷ 3); from the even 0.1, 0, 0.2, 0.3 (0.05 ÷ 3); from the odd
  /// −0.1, 0.2, 0.2, 0.1 (0.06 ÷ 3); (0.05 + 0.06) ÷ 2 ÷ 0.0275 = 2.
  static let roundsDecide = [(a: 0.1, b: -0.1), (a: 0, b: 0.2), (a: 0.2, b: 0.2), (a: 0.3, b: 0.1)]
  /// Each launch's rounds alike, the launches apart: every estimate of a
  /// launch the same, so the ratio is 1.
  static let launchesDecide = [(a: 0.0, b: 0.0), (a: 0.1, b: 0.1), (a: 0.2, b: 0.2), (a: 0.3, b: 0.3)]

  static func file(_ samples: [RawSample]) -> SamplesFile {
    SamplesFile(path: "samples.csv", runID: "run", samples: Dictionary(grouping: samples, by: \.key))
  }

  /// Rows that do not count: too few launches, a launch short of 20
  /// paired rounds, estimates that do not vary, and the floor and null.
  static let ignored: [RawSample] =
    samples(ResultKey(share, "naive"), Array(roundsDecide.prefix(3)))
    + samples(ResultKey(share, "cast-chain"), launchesDecide, rounds: 19, unpaired: 0)
    + samples(ResultKey(feed, "naive"), Array(repeating: (a: 0.1, b: 0.1), count: 4))
    + samples(ResultKey(share, .floor), roundsDecide) + samples(ResultKey(share, .null), roundsDecide)

  @Test func eachRowsRatioIsWhatTheHandWorkedExampleGives() throws {
    let samples =
      Self.samples(ResultKey(Self.share, "protocol-getter"), Self.roundsDecide)
      + Self.samples(ResultKey(Self.share, "classic-visitor"), Self.launchesDecide)
      + Self.samples(ResultKey(Self.feed, "protocol-getter"), Self.roundsDecide.map { (a: $0.b, b: $0.a) })
      + Self.ignored + Self.baselineSamples(Self.share) + Self.baselineSamples(Self.feed)
    let ratios = RoundsOrLaunches.ratios(Self.file(samples), baseline: Self.baseline)
    #expect(ratios.keys.sorted() == ["feed", "share"])
    let share = try #require(ratios["share"]).sorted()
    #expect(share.count == 2)
    #expect(abs(share[0] - 1) < 1e-9 && abs(share[1] - 2) < 1e-9, "\(share)")
    #expect(ratios["feed"]?.count == 1 && abs(ratios["feed"]![0] - 2) < 1e-9, "\(ratios)")
    // A baseline the samples do not hold: no ratio to take.
    #expect(RoundsOrLaunches.ratios(Self.file(samples), baseline: "tagged-visitor").isEmpty)

    let report = RoundsOrLaunches.report(Self.file(samples), baseline: Self.baseline)
    #expect(report.failure == nil)
    #expect(
      report.text == """
        variance of a launch's estimate from half its rounds over from all of them
        (about 2: the rounds decide; about 1: the launches do)
          feed: 1 row, median 2.00
          share: 2 rows, median 1.50

        """)
  }

  @Test func samplesWithNoRowThatCountsAreRefusedWithWhatToDo() {
    let samples = Self.ignored + Self.baselineSamples(Self.share) + Self.baselineSamples(Self.feed)
    let report = RoundsOrLaunches.report(Self.file(samples), baseline: Self.baseline)
    #expect(report.failure?.exitStatus == 65)
    #expect(report.failure?.message.contains("no row has 4 launches of 20 rounds paired with enum-switch") == true)
    #expect(report.failure?.message.contains("--launches 4 or more") == true)
  }

  /// Through the command: the A/A fixture's share.instagram rows, their
  /// rounds deciding, beside its feed.render rows, their launches deciding.
  @Test func compareShowsItFromARunAndItsSamples() throws {
    guard case .run(let run) = try Schema.load(Fixtures.pairA) else { throw ResultsError("the fixture is not a run") }
    var samples: [RawSample] = []
    let keys = run.rows.map(\.key).filter { !$0.strategy.isReference && $0.strategy != run.info.baseline }
    let share = keys.filter { $0.operation == "share.instagram" }
    let feed = keys.filter { $0.operation == "feed.render" }
    #expect(!share.isEmpty && !feed.isEmpty)
    for key in share { samples += Self.samples(key, Self.roundsDecide, unpaired: 0) }
    for key in feed { samples += Self.samples(key, Self.launchesDecide, unpaired: 0) }
    for benchmarkCase in Set((share + feed).map(\.benchmarkCase)) {
      samples += Self.baselineSamples(benchmarkCase, baseline: run.info.baseline)
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rounds-\(UUID()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SamplesFile.document(runID: run.info.runID, samples: samples).write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = InProcess.main(["compare", Fixtures.pairA, "--samples", path, "--show", "rounds-or-launches"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("  feed: \(feed.count.counted("row")), median 1.00\n"), "\(result.output)")
    #expect(result.output.contains("  share: \(share.count.counted("row")), median 2.00\n"), "\(result.output)")

    let refused = InProcess.main(["compare", Fixtures.pairA, "--show", "rounds-or-launches"])
    #expect(refused.status == 64)
    #expect(refused.errors.contains("--show rounds-or-launches reads the run's raw samples: pass --samples"))
  }
}
