import Foundation
import Testing

@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import Reports
@testable import Statistics
import BenchmarkResults
import DispatchModel
import StrategyRegistry
import TestSupport
import RunContract

/// Synthetic runs with a known ratio: each launch has its own offset (a
/// layout effect), each round a drift that hits both rows alike, and every
/// sample lognormal noise.
struct SyntheticCase {
  var trueRatio: Double
  var launches = 5
  var rounds = 30
  /// The standard deviation of a launch's log-offset of the numerator.
  var launchSpread = 0.03
  var sampleNoise = 0.05
  /// Drift across rounds, shared by both rows of a round: ln(time) grows by
  /// this over a launch.
  var drift = 0.0
  /// One launch's numerator slowed by this factor.
  var outlierLaunch: Double? = nil

  /// Per-launch round → ns of the numerator and the denominator.
  func generate(_ generator: inout SplitMix64) -> [(numerator: [Int: Double], denominator: [Int: Double])] {
    (0..<launches).map { launch in
      let offset = launchSpread * normal(&generator) + (launch == 0 ? log(outlierLaunch ?? 1) : 0)
      var numerator: [Int: Double] = [:]
      var denominator: [Int: Double] = [:]
      for round in 0..<rounds {
        let shared = drift * Double(round) / Double(rounds)
        denominator[round] = 10 * exp(shared + sampleNoise * normal(&generator))
        numerator[round] = 10 * trueRatio * exp(offset + shared + sampleNoise * normal(&generator))
      }
      return (numerator, denominator)
    }
  }

  func normal(_ generator: inout SplitMix64) -> Double {
    let u = max(Double(generator.next() >> 11) / Double(1 << 53), 1e-300)
    let v = Double(generator.next() >> 11) / Double(1 << 53)
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
  }
}

@Suite struct PairedRatioTests {
  /// Pools as a run does: the variance of many rows like this one.
  func pooledVariance(_ synthetic: SyntheticCase, _ generator: inout SplitMix64) -> Double {
    let variances = (0..<40).compactMap { _ in
      PairedRatio.launchVariance(
        synthetic.generate(&generator).compactMap {
          PairedRatio.launchEstimate($0.numerator, over: $0.denominator)?.median
        })
    }
    return variances.reduce(0, +) / Double(variances.count)
  }

  @Test(arguments: [1.0, 2.5])
  func theIntervalCoversTheTrueRatioAboutNineteenTimesInTwenty(trueRatio: Double) throws {
    var generator = SplitMix64(seed: 42)
    let synthetic = SyntheticCase(trueRatio: trueRatio, drift: 0.3)
    let pooled = pooledVariance(synthetic, &generator)
    let trials = 400
    var covered = 0
    for _ in 0..<trials {
      let estimates = synthetic.generate(&generator).compactMap {
        PairedRatio.launchEstimate($0.numerator, over: $0.denominator)
      }
      let ratio = try #require(PairedRatio.combine(estimates, pooledVariance: pooled))
      if ratio.interval.contains(trueRatio) { covered += 1 }
    }
    let coverage = Double(covered) / Double(trials)
    #expect(coverage > 0.90 && coverage < 0.995, "coverage \(coverage)")
  }

  @Test func anOutlierLaunchWidensTheIntervalInsteadOfHidingInIt() throws {
    var generator = SplitMix64(seed: 7)
    var synthetic = SyntheticCase(trueRatio: 2)
    let calm = synthetic.generate(&generator).compactMap {
      PairedRatio.launchEstimate($0.numerator, over: $0.denominator)
    }
    synthetic.outlierLaunch = 1.5
    let wild = synthetic.generate(&generator).compactMap {
      PairedRatio.launchEstimate($0.numerator, over: $0.denominator)
    }
    let a = try #require(PairedRatio.combine(calm, pooledVariance: nil))
    let b = try #require(PairedRatio.combine(wild, pooledVariance: nil))
    #expect(b.logHigh - b.logLow > 2 * (a.logHigh - a.logLow))
    #expect(b.interval.contains(2))
  }

  /// Under drift across rounds, pairing each round cancels it; an interval
  /// from the two rows' own spreads does not.
  @Test func pairingIsNarrowerThanAnUnpairedIntervalUnderDrift() throws {
    var generator = SplitMix64(seed: 3)
    let synthetic = SyntheticCase(
      trueRatio: 1.5, launches: 1, rounds: 60, launchSpread: 0, sampleNoise: 0.02, drift: 0.5)
    let launch = synthetic.generate(&generator)[0]
    let estimate = try #require(PairedRatio.launchEstimate(launch.numerator, over: launch.denominator))
    let paired = try #require(PairedRatio.combine([estimate], pooledVariance: nil))
    let numerator = try SampleStatistics(Array(launch.numerator.values))
    let denominator = try SampleStatistics(Array(launch.denominator.values))
    let unpaired = RatioInterval.fromIntervals(
      numerator: numerator.medianInterval, denominator: denominator.medianInterval)
    // In logarithms: the paired interval is less than a third as wide.
    #expect(paired.logHigh - paired.logLow < log(unpaired.upperBound / unpaired.lowerBound) / 3)
    #expect(paired.interval.contains(1.5))
  }

  @Test func studentTQuantilesMatchTheTables() throws {
    #expect(abs(try #require(StudentT.quantile(degrees: 2)) - 4.303) < 0.002)
    #expect(abs(try #require(StudentT.quantile(degrees: 10)) - 2.228) < 0.002)
    #expect(abs(try #require(StudentT.quantile(degrees: 1000)) - 1.962) < 0.002)
    #expect(abs(try #require(StudentT.twoSidedPValue(2.228, degrees: 10)) - 0.05) < 0.001)
  }
}

@Suite struct ShuffleTests {
  @Test func aRoundsOrderIsASeededPermutation() {
    for round in 0..<50 {
      let order = Sampler.order(11, seed: 99, round: round)
      #expect(order.sorted() == Array(0..<11))
      #expect(order == Sampler.order(11, seed: 99, round: round))
    }
    #expect(Sampler.order(11, seed: 99, round: 0) != Sampler.order(11, seed: 100, round: 0))
  }

  @Test func everyContenderComesFirstAboutEquallyOften() {
    let contenders = 11
    let rounds = 22_000
    var first = [Int](repeating: 0, count: contenders)
    var behind = [[Int]](repeating: [Int](repeating: 0, count: contenders), count: contenders)
    for round in 0..<rounds {
      let order = Sampler.order(contenders, seed: 5, round: round)
      first[order[0]] += 1
      for (a, b) in zip(order, order.dropFirst()) { behind[b][a] += 1 }
    }
    let expected = Double(rounds) / Double(contenders)
    for count in first { #expect(abs(Double(count) - expected) < 0.1 * expected) }
    // No contender keeps the same neighbour ahead of it: in a uniform
    // permutation each contender is right behind each other one in 1 round
    // of 11 (2,000 of 22,000, standard deviation about 43), so each count
    // is within 10% (200) of that; a contender is never behind itself.
    for (b, row) in behind.enumerated() {
      for (a, count) in row.enumerated() {
        if a == b {
          #expect(count == 0)
        } else {
          #expect(abs(Double(count) - expected) < 0.1 * expected, "\(a) right before \(b) in \(count) rounds")
        }
      }
    }
  }

  @Test func everySampleOfARoundIsTakenOnTheSameSliceAndTheSliceMovesOn() {
    var settings = SamplingSettings()
    // A nanosecond of sampling: whatever the machine, a round over the whole
    // feed costs more than its share, so each sample visits a slice (the
    // decision itself, on given costs, is tested below).
    settings.sampleTime = 1e-9
    settings.minimumRounds = 30
    settings.minimumSlice = 100
    settings.minimumSampleDuration = 1e-9
    let box = RangeLog()
    let contenders = (0..<3).map { index in
      Contender(id: StrategyID("c\(index)"), count: 100_000) { range, _ in box.ranges.append(range) }
    }
    let measured = Sampler(settings: settings).measure(contenders, shuffleSeed: 1)
    #expect(measured.slice < 100_000)
    #expect(measured.contenders.allSatisfy { $0.nanosecondsPerElement.count >= 30 })
    #expect(Set(box.ranges.suffix(60).map(\.lowerBound)).count > 1)
  }
}

/// The slice a case is sampled in, from its contenders' costs per element:
/// given costs, not timed ones.
@Suite struct SliceLengthTests {
  static func sampler(sampleTime: Double = 0.001, minimumRounds: Int = 30, minimumSlice: Int = 100) -> Sampler {
    var settings = SamplingSettings()
    settings.sampleTime = sampleTime
    settings.minimumRounds = minimumRounds
    settings.minimumSlice = minimumSlice
    return Sampler(settings: settings)
  }

  @Test func aFeedWhoseRoundFitsItsShareIsSampledWhole() {
    // 1 ms over 30 rounds: 33,333 ns a round; 1,000 elements at 3 × 1 ns fit.
    #expect(Self.sampler().sliceLength(count: 1_000, costs: [1, 1, 1]) == 1_000)
  }

  @Test func aFeedWhoseRoundDoesNotFitTakesTheLongestSliceThatDoes() {
    // 100,000 elements at 3 ns a round's element: 300,000 ns, over the
    // 33,333 ns share; 33,333 / 3 = 11,111 elements do fit.
    #expect(Self.sampler().sliceLength(count: 100_000, costs: [1, 1, 1]) == 11_111)
  }

  @Test func aSliceIsNeverUnderTheMinimum() {
    #expect(Self.sampler().sliceLength(count: 100_000, costs: [1_000, 1_000, 1_000]) == 100)
    // Nor over the feed.
    #expect(Self.sampler(minimumSlice: 5_000).sliceLength(count: 2_000, costs: [1_000]) == 2_000)
  }
}

/// Cases built together are sampled in passes: every case's rounds come in
/// `passes` blocks spread over the launch, in an order shuffled per pass.
@Suite struct PassTests {
  final class CallLog: @unchecked Sendable {
    var cases: [Int] = []
    var finished: [Int] = []
  }

  func readyCases(_ count: Int, log: CallLog) -> [ReadyCase] {
    (0..<count).map { index in
      let benchmarkCase = BenchmarkCase(
        feed: FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6), operation: "op\(index)",
        mode: .boundary)
      let contenders = (0..<3).map { strategy in
        Contender(id: StrategyID("s\(strategy)"), count: 1_000) { _, _ in log.cases.append(index) }
      }
      return ReadyCase(
        benchmarkCase: benchmarkCase, label: "case \(index)", contenders: contenders, shuffleSeed: UInt64(index)
      ) {
        measured, results in
        log.finished.append(index)
        for samples in measured.contenders {
          results.samples += samples.rawSamples(ResultKey(benchmarkCase, samples.id), launch: 0)
        }
      }
    }
  }

  func runner(passes: Int, seed: UInt64 = 1) -> ElementsRunner {
    var settings = SamplingSettings()
    settings.sampleTime = 0.001
    settings.minimumRounds = 12
    settings.minimumSampleDuration = 1e-9
    settings.passes = passes
    let silent = InProcess.silent
    var runner = ElementsRunner(
      sampler: Sampler(settings: settings), progress: Progress(console: silent, total: 6, enabled: false))
    runner.launch = LaunchContext(index: 0, count: 2, seed: seed)
    return runner
  }

  @Test func aCaseGivenFewerRoundsTakesThemInEveryPass() throws {
    // Contenders slower than a block's share of the time: each block takes
    // exactly its minimum rounds.
    let slow = { (_: Range<Int>, _: Int) in
      let start = MonotonicClock.now()
      while MonotonicClock.now() - start < 50_000 {}
    }
    let cases = (0..<2).map { index in
      let benchmarkCase = BenchmarkCase(
        feed: FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6), operation: "op\(index)",
        mode: .boundary)
      let contenders = (0..<2).map { Contender(id: StrategyID("s\($0)"), count: 1_000, run: slow) }
      return ReadyCase(
        benchmarkCase: benchmarkCase, label: "case \(index)", contenders: contenders, shuffleSeed: UInt64(index),
        rounds: index == 0 ? nil : 4
      ) { measured, results in
        for samples in measured.contenders {
          results.samples += samples.rawSamples(ResultKey(benchmarkCase, samples.id), launch: 0)
        }
      }
    }
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    try runner(passes: 4).sample(cases, into: &results)
    let rounds = Dictionary(grouping: results.samples) { $0.key.operation }.mapValues { Set($0.map(\.round)).count }
    #expect(rounds == ["op0": 12, "op1": 4])
  }

  @Test func everyCaseIsSampledInBlocksSpreadOverThePasses() throws {
    let log = CallLog()
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    try runner(passes: 4).sample(readyCases(6, log: log), into: &results)
    #expect(log.finished == Array(0..<6))
    // Each case's calls come in 4 stretches (calibration and the first
    // block's warm-up join the first), not one.
    var stretches = Array(repeating: 0, count: 6)
    for (previous, next) in zip([-1] + log.cases, log.cases) where previous != next { stretches[next] += 1 }
    #expect(stretches.allSatisfy { $0 >= 4 }, "\(stretches)")
    // Every contender has the minimum rounds in all, numbered on across
    // blocks, so that every round pairs.
    for (key, samples) in Dictionary(grouping: results.samples, by: \.key) {
      let rounds = samples.map(\.round)
      #expect(rounds.count >= 12, "\(key)")
      #expect(rounds == Array(0..<rounds.count), "\(key)")
    }
  }

  @Test func theOrderOfCasesIsShuffledPerPassAndSeeded() throws {
    func order(seed: UInt64) throws -> [Int] {
      let log = CallLog()
      var results = MeasuredRun(info: SampleRuns.info, rows: [])
      try runner(passes: 3, seed: seed).sample(readyCases(8, log: log), into: &results)
      // The order cases' blocks begin in, after calibration (8 cases × 3
      // contenders, the first calls).
      var seen: [Int] = []
      for (previous, next) in zip(log.cases.dropFirst(23), log.cases.dropFirst(24)) where previous != next {
        seen.append(next)
      }
      return seen
    }
    let first = try order(seed: 1)
    #expect(try order(seed: 1) == first)
    #expect(try order(seed: 2) != first)
    #expect(Array(first.prefix(8)) != Array(first.dropFirst(8).prefix(8)), "\(first)")
  }
}

@Suite struct SliceTests {
  /// A slice of a feed sorted into six runs of kinds (a clustered feed) is
  /// taken in pieces spread over the whole feed, so every sample visits every
  /// run in proportion; across rounds the pieces move.
  @Test func aSliceStandsForTheWholeFeed() {
    let count = 100_000
    var starts: Set<Int> = []
    for round in 0..<30 {
      let ranges = Sampler.slice(round, length: 2_000, of: count)
      #expect(ranges.reduce(0) { $0 + $1.count } == ranges.count * ranges[0].count)
      #expect(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= count })
      for run in 0..<6 {
        let inRun = ranges.filter { $0.lowerBound * 6 / count == run }.count
        #expect(inRun >= 2 && inRun <= 4, "round \(round), run \(run): \(inRun) of \(ranges.count) pieces")
      }
      starts.insert(ranges[0].lowerBound)
    }
    #expect(starts.count > 10)
    #expect(Sampler.slice(3, length: 500, of: 400) == [0..<400])
  }
}

final class RangeLog: @unchecked Sendable {
  var ranges: [Range<Int>] = []
}

/// compare on synthetic runs with launch-level variance.
@Suite struct LaunchCompareTests {
  /// The strategies the simulated runs hold: the nine, fixed, so that a
  /// strategy `new-strategy` adds to the registry leaves every draw (and so
  /// every verdict below) as it is.
  static let strategies = [
    "naive", "protocol-getter", "classic-visitor", "generic-visitor", "enum-switch", "class-hierarchy",
    "cast-chain", "type-eraser", "handler-table",
  ]

  /// A run of every strategy on every operation, each row's tracked ratio
  /// drawn around its truth with the given launch-level standard error. The
  /// default, 0.0115, is the median `tracked_log_se` of the strategy rows of
  /// a default run (7 launches) on the development machine.
  ///
  /// `runLevel` adds a standard error common to the run, which the row's
  /// own (`tracked_log_se`) does not include: a machine state the whole run
  /// shares.
  func run(
    seed: UInt64, shift: [String: Double] = [:], launches: Int = 7, error: Double = 0.0115, runLevel: Double = 0
  ) -> MeasuredFile {
    var generator = SplitMix64(seed: seed)
    let synthetic = SyntheticCase(trueRatio: 1)
    var rows: [Measured] = []
    for operation in SpecOperation.allCases {
      for (index, strategy) in Self.strategies.enumerated() {
        let key = SampleRuns.feed().key(operation.rawValue, StrategyID(strategy))
        let truth = (1 + Double(index) * 0.5) * (shift["\(operation.rawValue)/\(strategy)"] ?? 1)
        var drawn = error * synthetic.normal(&generator)
        if runLevel > 0 { drawn += runLevel * synthetic.normal(&generator) }
        let ratio = truth * exp(drawn)
        var measured = Measured(key: key, value: ratio * 10, interval: ratio * 9...ratio * 11)
        measured.tracked = Tracked(
          reference: strategy == "enum-switch" ? .floor : "enum-switch", ratio: ratio, logError: error,
          degrees: Double(launches - 1) + PairedRatio.priorDegrees, launches: launches)
        rows.append(measured)
      }
    }
    var file = MeasuredFile(.run(RunFile(path: "run-\(seed).csv", info: SampleRuns.info, rows: [])))
    file.rows = rows
    return file
  }

  func verdicts(_ base: MeasuredFile, _ new: MeasuredFile, threshold: Double = 0.01) -> [RowChange] {
    Comparison.between(base, new, threshold: threshold, baseSamples: nil, newSamples: nil).changes
  }

  @Test func twoRunsOfTheSameBinaryPass() {
    var failing = 0
    var changed = 0
    var total = 0
    for seed in 0..<20 {
      let changes = verdicts(run(seed: UInt64(2 * seed)), run(seed: UInt64(2 * seed + 1)))
      if changes.contains(where: \.holdsForTheRun) { failing += 1 }
      changed += changes.filter { $0.verdict == .regressed || $0.verdict == .improved }.count
      total += changes.count
    }
    // A family-wise 5% error rate: at most a few of twenty pairs fail.
    #expect(failing <= 3, "\(failing) of 20 A/A pairs failed")
    #expect(Double(changed) / Double(total) <= 0.05)
  }

  @Test func aTenPercentSlowdownOfOneStrategyIsARegressionThatFailsTheRun() {
    let changes = verdicts(run(seed: 1), run(seed: 2, shift: ["feed.height/naive": 1.10]))
    let failing = changes.filter(\.holdsForTheRun)
    #expect(failing.map(\.key.path) == ["feed/feed.height/naive/uniform/1000"])
    #expect(failing.first?.verdict == .regressed)
  }

  /// One-launch runs (`--quick`) have no launch-to-launch variation in their
  /// intervals: a move beyond the band may be a layout a process drew, so
  /// compare cannot tell, and no row fails the run, however far it moved.
  @Test(arguments: [1, 2])
  func runsOfTooFewLaunchesCannotTell(launches: Int) {
    let changes = verdicts(
      run(seed: 1, launches: launches, error: 0.002),
      run(seed: 2, shift: ["feed.height/naive": 1.5], launches: launches, error: 0.002))
    let moved = changes.first { $0.key.path == "feed/feed.height/naive/uniform/1000" }
    #expect(moved?.verdict == .withinResolution)
    #expect(!changes.contains { $0.verdict == .regressed || $0.verdict == .improved })
    #expect(changes.allSatisfy { !$0.holdsForTheRun })
  }

  /// From three launches on, the same move is a regression.
  @Test func threeLaunchesCanTell() {
    let changes = verdicts(
      run(seed: 1, launches: 3, error: 0.002),
      run(seed: 2, shift: ["feed.height/naive": 1.5], launches: 3, error: 0.002))
    #expect(changes.filter(\.holdsForTheRun).map(\.key.path) == ["feed/feed.height/naive/uniform/1000"])
  }

  /// The baseline's own row is tracked against the floor. When only that
  /// ratio moves, the floor moved: listed as uncorroborated, never failing.
  @Test func aMoveOfTheBaselineAgainstTheFloorAloneDoesNotFailTheRun() throws {
    let changes = verdicts(run(seed: 1), run(seed: 2, shift: ["feed.height/enum-switch": 1.10]))
    let baseline = try #require(changes.first { $0.key.path == "feed/feed.height/enum-switch/uniform/1000" })
    #expect(baseline.verdict == .uncorroborated)
    #expect(!baseline.holdsForTheRun)
    #expect(changes.filter(\.holdsForTheRun).isEmpty)
  }

  /// A baseline that really slows down by 10% makes every other ratio of
  /// its case fall: its regression holds and fails the run.
  @Test func aTenPercentSlowdownOfTheBaselineFailsTheRun() {
    var shift = ["feed.height/enum-switch": 1.10]
    for name in Self.strategies where name != "enum-switch" { shift["feed.height/\(name)"] = 1 / 1.10 }
    let changes = verdicts(run(seed: 1), run(seed: 2, shift: shift))
    let failing = changes.filter(\.holdsForTheRun)
    #expect(failing.map(\.key.path) == ["feed/feed.height/enum-switch/uniform/1000"])
  }

  /// A row without a tracked ratio (a reference row whose ratio could not
  /// be paired) is compared on its medians, never dropped.
  @Test func aRowWithoutATrackedRatioIsStillCompared() {
    var base = run(seed: 1)
    var new = run(seed: 2)
    base.rows[0].tracked = nil
    new.rows[0].tracked = nil
    let changes = verdicts(base, new)
    #expect(changes.count == base.rows.count)
    #expect(changes.first { $0.key == base.rows[0].key }?.method == "intervals")
    #expect(changes.filter { $0.method == "launches" }.count == base.rows.count - 1)
  }

  /// The floor and the null are the harness's own loops: when only they
  /// move (the machine's doing), the summary counts them apart from the
  /// strategies' rows, and the run passes.
  @Test func theFloorAndNullAreCountedApartFromTheStrategies() {
    func withReferences(_ file: MeasuredFile, moved: Double) -> MeasuredFile {
      var file = file
      for operation in SpecOperation.allCases {
        for (strategy, ratio) in [(StrategyID.floor, 0.1), (.null, 0.5)] {
          var measured = Measured(
            key: SampleRuns.feed().key(operation.rawValue, strategy), value: 1, interval: 0.9...1.1)
          measured.tracked = Tracked(
            reference: "enum-switch", ratio: ratio * moved, logError: 0.0115, degrees: 6 + PairedRatio.priorDegrees,
            launches: 7)
          file.rows.append(measured)
        }
      }
      return file
    }
    let base = withReferences(run(seed: 1), moved: 1)
    let new = withReferences(run(seed: 1), moved: 1.3)
    let result = Comparison.between(base, new, threshold: 0.05, baseSamples: nil, newSamples: nil)
    let references = 2 * SpecOperation.allCases.count
    let strategies = Self.strategies.count * SpecOperation.allCases.count
    #expect(result.changes.filter { $0.verdict == .regressed }.count == references)
    #expect(result.changes.filter(\.holdsForTheRun).isEmpty)
    let text = CompareOutput.between(
      result, base: base, new: new, threshold: 0.05, warnings: [], format: .table
    ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("0 regressed (0 failing the run), 0 improved, 0 uncorroborated, 0 per-row moves"))
    #expect(text.contains("\(strategies) unchanged of \(strategies) strategy rows"))
    #expect(text.contains("(\(references) floor and null rows), whose moves are the machine's"))
    #expect(text.contains("\(references) moved beyond the band"))
  }

  // MARK: Two runs that differ more than their launches allow

  func median(_ values: [Double]) -> Double { SampleStatistics.of(values).median }

  /// The widening of the `pair`th A/A pair of simulated runs.
  func widening(pair: Int, runLevel: Double) -> Double {
    let base = run(seed: UInt64(2 * pair), runLevel: runLevel)
    let new = run(seed: UInt64(2 * pair + 1), runLevel: runLevel)
    return RunLevel.widening(base, new)
  }

  @Test func runsThatDifferMoreThanTheirLaunchesAllowAreWidenedByAboutThat() {
    // A run-level error as large as the launches' own: the z-scores of no
    // change spread √2 ≈ 1.41 wide.
    let widened = (0..<10).map { (seed: Int) -> Double in widening(pair: seed, runLevel: 0.0115) }
    #expect(widened.allSatisfy { $0 >= 1 })
    #expect((1.25...1.6).contains(median(widened)), "\(widened)")
    // Runs whose launches cover what moves them are left as they are.
    let plain = (0..<10).map { (seed: Int) -> Double in widening(pair: seed, runLevel: 0) }
    #expect(plain.allSatisfy { $0 >= 1 })
    #expect(median(plain) < 1.15, "\(plain)")
  }

  @Test func aChangedBaselineIsNotTakenForTheMachine() {
    // Every ratio to the enum moves when the enum does: the z-scores move
    // together, and their spread, not their centre, is the widening.
    var shift: [String: Double] = [:]
    for operation in SpecOperation.allCases {
      for strategy in Self.strategies where strategy != "enum-switch" {
        shift["\(operation.rawValue)/\(strategy)"] = 1 / 1.1
      }
      shift["\(operation.rawValue)/enum-switch"] = 1.1
    }
    let base = run(seed: 1)
    let new = run(seed: 2, shift: shift)
    let widening = RunLevel.widening(base, new)
    // Around zero the spread would be about 8 (every z near ±5.8); around
    // the centre it is the noise's, a little more for the enum's own rows.
    #expect(widening < 1.6)
    let changes = Comparison.between(base, new, threshold: 0.02, baseSamples: nil, newSamples: nil, widening: widening)
      .changes
    #expect(changes.filter { $0.key.strategy == "enum-switch" }.allSatisfy { $0.verdict == .regressed })
    let others = changes.filter { $0.key.strategy != "enum-switch" }
    #expect(others.filter { $0.verdict == .improved }.count >= others.count * 9 / 10)
    #expect(!others.contains { $0.verdict == .regressed })
  }

  @Test func aRealChangeIsStillCaughtThroughTheWidening() {
    // A run-level error as large as the launches' own doubles the variance
    // of a change between runs: a 20% change stays as clear through it as
    // a 10% one is without it.
    var shift: [String: Double] = [:]
    for operation in SpecOperation.allCases { shift["\(operation.rawValue)/protocol-getter"] = 1.2 }
    for seed in 0..<10 {
      let base = run(seed: UInt64(2 * seed), runLevel: 0.0115)
      let new = run(seed: UInt64(2 * seed + 1), shift: shift, runLevel: 0.0115)
      let widening = RunLevel.widening(base, new)
      #expect(widening > 1)
      let changes = Comparison.between(
        base, new, threshold: 0.02, baseSamples: nil, newSamples: nil, widening: widening
      )
      .changes
      let changed = changes.filter { $0.key.strategy == "protocol-getter" }
      #expect(changed.filter(\.holdsForTheRun).count >= changed.count - 1, "seed \(seed)")
      #expect(changes.filter { $0.holdsForTheRun && $0.key.strategy != "protocol-getter" }.isEmpty, "seed \(seed)")
    }
  }

  @Test func anAAPairWithARunLevelErrorPassesOnceWidened() {
    var failingWidened = 0
    var failingPlain = 0
    for seed in 0..<20 {
      let base = run(seed: UInt64(2 * seed), runLevel: 0.0115)
      let new = run(seed: UInt64(2 * seed + 1), runLevel: 0.0115)
      let plain = Comparison.between(base, new, threshold: 0.02, baseSamples: nil, newSamples: nil).changes
      let widened = Comparison.between(
        base, new, threshold: 0.02, baseSamples: nil, newSamples: nil, widening: RunLevel.widening(base, new)
      ).changes
      if plain.contains(where: \.holdsForTheRun) { failingPlain += 1 }
      if widened.contains(where: \.holdsForTheRun) { failingWidened += 1 }
    }
    #expect(failingWidened <= 1)
    #expect(failingWidened <= failingPlain)
  }

  @Test func fewRowsGiveNoWidening() {
    var base = run(seed: 1, runLevel: 0.05)
    var new = run(seed: 2, runLevel: 0.05)
    base.rows = Array(base.rows.prefix(RunLevel.minimumRows - 1))
    new.rows = Array(new.rows.prefix(RunLevel.minimumRows - 1))
    #expect(RunLevel.widening(base, new) == 1)
    // Rows of too few launches give none either.
    #expect(
      RunLevel.widening(run(seed: 1, launches: 2, runLevel: 0.05), run(seed: 2, launches: 2, runLevel: 0.05)) == 1)
  }

  @Test func theOutputSaysHowMuchItWidened() throws {
    let base = run(seed: 1, runLevel: 0.0115)
    let new = run(seed: 2, runLevel: 0.0115)
    let widening = RunLevel.widening(base, new)
    let result = Comparison.between(base, new, threshold: 0.02, baseSamples: nil, newSamples: nil, widening: widening)
    let text = CompareOutput.between(
      result, base: base, new: new, threshold: 0.02, warnings: [], format: .table, widening: widening
    ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("more than their launches allow, so every interval is"))
    let json = CompareOutput.between(
      result, base: base, new: new, threshold: 0.02, warnings: [], format: .json, widening: widening)
    #expect(json.contains("\"interval_widening\": "))
    let command = try CompareCommand(
      ParsedArguments(["a.csv", "b.csv", "--theoretical-null"], spec: CompareCommand.spec))
    #expect(command.theoreticalNull)
  }

  // MARK: Rows their launches decide, between separate runs

  /// `file` with the rows of `strategy` on `operation` decided by their
  /// launches, and, when `calm` is given, a second row of them at 100,000
  /// elements that its launches do not decide, a copy of the first with its
  /// tracked ratio times `calm`.
  func deciding(_ file: MeasuredFile, _ operation: String, _ strategy: String, calm: Double? = nil) -> MeasuredFile {
    var file = file
    for index in file.rows.indices
    where file.rows[index].key.strategy.rawValue == strategy && file.rows[index].key.operation == operation {
      file.rows[index].tracked?.launchShare = 0.9
      if let calm {
        var row = file.rows[index]
        row.key = SampleRuns.feed(size: 100_000).key(operation, StrategyID(strategy))
        row.tracked?.launchShare = 0.1
        row.tracked?.ratio *= calm
        file.rows.append(row)
      }
    }
    return file
  }

  @Test func aRowItsLaunchesDecideFailsSeparateRunsOnlyWithACalmerRowBesideIt() throws {
    let base = run(seed: 1)
    let moved = run(seed: 2, shift: ["feed.color/handler-table": 1.15])
    func held(_ base: MeasuredFile, _ new: MeasuredFile, oneRun: Bool = false) throws -> RowChange {
      try #require(
        Comparison.between(base, new, threshold: 0.02, baseSamples: nil, newSamples: nil, oneRun: oneRun).changes
          .first { $0.key == SampleRuns.feed().key("feed.color", "handler-table") })
    }
    // Decided by its launches and alone: held back, not failing, and not
    // called regressed (words that match what fails).
    let alone = try held(deciding(base, "feed.color", "handler-table"), deciding(moved, "feed.color", "handler-table"))
    #expect(alone.verdict == .uncorroborated)
    #expect(!alone.holdsForTheRun && alone.heldBackAsLaunchDecided)
    // A calmer row of the same strategy and operation regressed beside it.
    let both = try held(
      deciding(base, "feed.color", "handler-table", calm: 1), deciding(moved, "feed.color", "handler-table", calm: 1))
    #expect(both.holdsForTheRun && both.verdict == .regressed)
    // The calmer row did not move: still held back.
    let calmStill = try held(
      deciding(base, "feed.color", "handler-table", calm: 1),
      deciding(moved, "feed.color", "handler-table", calm: 1 / 1.15))
    #expect(!calmStill.holdsForTheRun)
    // One run's builds, whose launches alternated: judged on the interval.
    let alternating = try held(
      deciding(base, "feed.color", "handler-table"), deciding(moved, "feed.color", "handler-table"), oneRun: true)
    #expect(alternating.holdsForTheRun)
  }

  @Test func theSummarySaysWhichRegressionsItHeldBack() {
    let base = deciding(run(seed: 1), "feed.color", "handler-table")
    let new = deciding(run(seed: 2, shift: ["feed.color/handler-table": 1.15]), "feed.color", "handler-table")
    let result = Comparison.between(base, new, threshold: 0.02, baseSamples: nil, newSamples: nil)
    let text = CompareOutput.between(result, base: base, new: new, threshold: 0.02, warnings: [], format: .table)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("0 regressed (0 failing the run), 0 improved, 1 uncorroborated"))
    #expect(text.contains("a row its launches decide (launch_variance_share 0.5 or more)"))
    #expect(text.contains("time both builds in one run with --alternate-with"))
  }

  @Test func oneRunsBuildsShareItsStart() {
    var other = SampleRuns.info
    #expect(Comparison.oneRun(SampleRuns.info, other))
    other.timestamp = "2026-11-26T00:00:00Z"
    #expect(!Comparison.oneRun(SampleRuns.info, other))
    other.timestamp = ""
    #expect(!Comparison.oneRun(other, other))
  }

  @Test func aChangeBelowResolutionIsSaidToBeSo() throws {
    let changes = verdicts(run(seed: 1), run(seed: 2, shift: ["feed.height/naive": 1.03]))
    let change = try #require(changes.first { $0.key.path == "feed/feed.height/naive/uniform/1000" })
    #expect(change.verdict == .withinResolution)
    #expect(!change.holdsForTheRun)
  }
}
