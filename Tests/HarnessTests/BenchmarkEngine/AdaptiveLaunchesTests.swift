@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import Statistics
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing
import RunContract

@Suite struct AdaptiveLaunchesTests {
  func design(_ arguments: [String]) throws(CommandError) -> LaunchDesign {
    try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec)).design
  }

  // MARK: The design a command line asks for

  @Test func aRunIsAdaptiveUnlessGivenLaunchesOrQuick() throws {
    #expect(try design([]) == .adaptive(AdaptiveSettings()))
    #expect(try design(["--operations", "feed.color"]) == .adaptive(AdaptiveSettings()))
    #expect(try design(["--launches", "6"]) == .fixed(6))
    #expect(try design(["--quick"]) == .fixed(1))
    #expect(try design(["--quick", "--launches", "3"]) == .fixed(3))
    // An adaptive option makes even a quick run adaptive.
    #expect(try design(["--quick", "--max-launches", "5"]).adaptive?.maxLaunches == 5)
  }

  @Test func adaptiveOptionsAreRead() throws {
    let settings = try #require(
      try design(["--target-resolution", "3%", "--max-time", "600", "--min-launches", "6", "--max-launches", "60"])
        .adaptive)
    #expect(abs(settings.targetResolution - 0.03) < 1e-12)
    #expect(settings.maxTime == 600)
    #expect(settings.initialLaunches == 6)
    #expect(settings.maxLaunches == 60)
    #expect(abs((try design(["--target-resolution", "2.5"]).adaptive?.targetResolution ?? 0) - 0.025) < 1e-12)
  }

  @Test(arguments: [
    (
      ["--launches", "6", "--target-resolution", "3"],
      "--launches fixes the number of launches; --target-resolution sets adaptive launches"
    ),
    (["--target-resolution", "fine"], #"--target-resolution: "fine" is not a percentage"#),
    (["--target-resolution", "0"], #"--target-resolution: "0" is outside 0…100 (exclusive)"#),
    (["--max-time", "soon"], #"--max-time: "soon" is not a number of seconds"#),
    (["--min-launches", "1"], "--min-launches"),
    (["--min-launches", "8", "--max-launches", "5"], "--max-launches 5 is fewer than --min-launches 8"),
  ])
  func badDesignsAreRefusedByName(arguments: [String], message: String) {
    expectCommandError(message, anywhere: true) { try design(arguments) }
  }

  // MARK: Restricting a plan to some cases

  @Test func aRestrictedPlanTimesOnlyItsCasesInOnlyTheirModes() throws {
    let plan = try RunOptions(
      ParsedArguments(
        ["--operations", "feed.color,feed.identifier,synthetic.constant", "--sizes", "1000", "--kinds", "2,4"],
        spec: RunOptions.spec)
    ).matrix.plan()
    let cases = plan.cases
    #expect(Set(cases).count == cases.count)
    let chosen = Set(
      cases.filter {
        ($0.operation == "feed.color" && $0.mode == .app)
          || ($0.operation == "synthetic.constant" && $0.feed.kinds == 4)
      })
    #expect(!chosen.isEmpty)
    let restricted = plan.restricted(to: chosen)
    #expect(Set(restricted.cases) == chosen)
    #expect(restricted.feeds.allSatisfy { $0.modes == [.app] })
    #expect(restricted.caseCount == chosen.count)
    // Every key of the restricted plan is a key of the whole plan.
    #expect(Set(restricted.keys).isSubset(of: Set(plan.keys)))
    #expect(plan.restricted(to: []).caseCount == 0)
    #expect(plan.restricted(to: Set(cases)).keys == plan.keys)
  }

  // MARK: Choosing the next launch's cases

  private func state(_ operation: String, _ resolution: Double, launches: Int = 4) -> AdaptiveLaunches.CaseState {
    AdaptiveLaunches.CaseState(
      benchmarkCase: BenchmarkCase(
        feed: FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6), operation: operation, mode: .app),
      resolution: resolution, launches: launches)
  }

  private func adaptive(maxTime: Double = 1_000, maxLaunches: Int = 40) throws -> AdaptiveLaunches {
    var settings = AdaptiveSettings()
    settings.maxTime = maxTime
    settings.maxLaunches = maxLaunches
    let plan = try RunOptions(
      ParsedArguments(
        ["--operations", "feed.color,feed.identifier,feed.height", "--sizes", "1000", "--modes", "app"],
        spec: RunOptions.spec)
    ).matrix.plan()
    let launchPlan = LaunchPlan(
      plan: plan, memory: MemoryPlan(budget: 1e12), sampling: SamplingSettings(), seed: 1, launches: 4, quiet: true)
    return AdaptiveLaunches(settings: settings, plan: launchPlan, builds: 1, reserve: 0)
  }

  private func states(_ states: [AdaptiveLaunches.CaseState]) -> [BenchmarkCase: AdaptiveLaunches.CaseState] {
    Dictionary(uniqueKeysWithValues: states.map { ($0.benchmarkCase, $0) })
  }

  @Test func theNextLaunchTimesTheUnsettledCasesWidestFirst() throws {
    let all = states([state("feed.color", 0.12), state("feed.identifier", 0.02), state("feed.height", 0.06)])
    let next = try adaptive().next(all, elapsed: 0, secondsPerEstimated: 1)
    #expect(next.map(\.operation) == ["feed.color", "feed.height"])
  }

  @Test func settledOrFullyLaunchedCasesAreNotLaunchedAgain() throws {
    let all = states([state("feed.color", 0.12, launches: 40), state("feed.identifier", 0.039)])
    #expect(try adaptive().next(all, elapsed: 0, secondsPerEstimated: 1).isEmpty)
  }

  @Test func aCaseWhoseVarianceIsBetweenLayoutsIsNotLaunchedAgain() throws {
    var bound = state("feed.color", 0.12)
    bound.layoutBound = true
    let all = states([bound, state("feed.height", 0.06)])
    #expect(try adaptive().next(all, elapsed: 0, secondsPerEstimated: 1).map(\.operation) == ["feed.height"])
  }

  @Test func theTimeLeftKeepsTheWidestCasesOnly() throws {
    let adaptive = try adaptive(maxTime: 10)
    let all = states([state("feed.color", 0.12), state("feed.height", 0.06)])
    let one = adaptive.seconds(of: [all.keys.first { $0.operation == "feed.color" }!], all, secondsPerEstimated: 1)
    // Room for one case, not two: the wider is chosen.
    let next = adaptive.next(all, elapsed: 10 - one * 1.05, secondsPerEstimated: 1)
    #expect(next.map(\.operation) == ["feed.color"])
    #expect(adaptive.next(all, elapsed: 10, secondsPerEstimated: 1).isEmpty)
  }

  // MARK: The rounds of a case launched again

  @Test func roundsGoToLaunchesWhereLaunchesDecide() {
    let sampling = SamplingSettings()
    let rounds = { (share: Double, size: Int) in
      AdaptiveLaunches.rounds(launchShare: share, size: size, sampling: sampling)
    }
    // Rounds that vary as much as launches do keep every round.
    #expect(rounds(0, 100_000) == 30)
    #expect(rounds(0.5, 100_000) == 30)
    // Launches that decide: √(0.43 s ÷ 5 ms × 30 × 0.01 ÷ 0.99) ≈ 5.1,
    // whole rounds in each of 5 passes.
    #expect(rounds(0.99, 100_000) == 10)
    #expect(rounds(1, 100_000) == sampling.passes)
    // Fewer rounds as the launch's share grows, more as building a launch
    // costs more; always a multiple of the passes, one round each at least.
    let shares = stride(from: 0.0, through: 1.0, by: 0.05).map { $0 }
    for size in [1_000, 10_000, 100_000, 1_000_000] {
      let chosen = shares.map { rounds($0, size) }
      #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 >= $1 }, "\(size): \(chosen)")
      #expect(chosen.allSatisfy { $0 % sampling.passes == 0 && $0 >= sampling.passes && $0 <= 30 })
    }
    for share in shares { #expect(rounds(share, 1_000) <= rounds(share, 1_000_000)) }
  }

  @Test func fewerRoundsKeepTheSliceARoundIsGiven() {
    let sampling = SamplingSettings()
    let fewer = sampling.sampling(rounds: 10)
    #expect(fewer.minimumRounds == 10)
    #expect(
      abs(fewer.sampleTime / Double(fewer.minimumRounds) - sampling.sampleTime / Double(sampling.minimumRounds)) < 1e-12
    )
    // In fewer blocks, so that each block's untimed warm-up round stays a
    // sixth of its rounds or less, as at 30 rounds in 5 passes.
    #expect(fewer.passes == 1 && fewer.minimumRoundsPerPass == 10)
    #expect(sampling.sampling(rounds: 5).passes == 1)
    #expect(sampling.sampling(rounds: 25).passes == 4)
    // Never more rounds than every other launch's.
    #expect(sampling.sampling(rounds: 60) == sampling)
  }

  /// An adaptive launch times a case's rows still wider than the target
  /// and the baseline, on the first launches' slice, without the null; a
  /// case with no wide row, or not chosen, is as before.
  @Test func aLaunchAgainTimesOnlyTheWideRowsAndTheBaselineOnTheFirstSlice() throws {
    let adaptive = try adaptive()
    var color = state("feed.color", 0.12)
    color.wide = ["handler-table"]
    color.slice = 768
    let height = state("feed.height", 0.09)
    let launchPlan = adaptive.plan(
      for: [color.benchmarkCase, height.benchmarkCase], states([color, height]), launch: 5)
    let feed = try #require(launchPlan.plan.feeds.first)
    let colorEntry = try #require(feed.operations.first { $0.operation == .feedColor })
    #expect(colorEntry.strategies == ["enum-switch", "handler-table"])
    #expect(colorEntry.slice == 768)
    let heightEntry = try #require(feed.operations.first { $0.operation == .feedHeight })
    #expect(heightEntry.strategies == Registry.names && heightEntry.slice == nil)
    #expect(feed.timesNull == false)
    #expect(!launchPlan.plan.keys.contains { $0.strategy == .null && $0.operation == "feed.color" })
  }

  /// A case's wide rows come from its rows' resolutions, and its launches
  /// are those of its wide rows: a row that met the target and is timed no
  /// more does not hold the case at its launches.
  @Test func aCasesLaunchesAreItsWideRowsLaunches() {
    let benchmarkCase = state("feed.color", 0).benchmarkCase
    func row(_ strategy: StrategyID, resolution: Double, launches: Int) -> TimingRow {
      var row = TimingRow(
        key: ResultKey(benchmarkCase, strategy), schedule: "interleaved", statistics: .of([1, 2, 3]),
        elementsPerSample: 1, checksum: "")
      row.resolution = resolution
      row.launches = launches
      row.slice = 512
      return row
    }
    let rows = [
      row("enum-switch", resolution: 0.02, launches: 20), row("naive", resolution: 0.03, launches: 4),
      row("handler-table", resolution: 0.06, launches: 20), row(.floor, resolution: 0.5, launches: 20),
    ]
    let state = AdaptiveLaunches.states(rows: [rows], target: 0.04)[benchmarkCase]
    #expect(state?.wide == ["handler-table"])
    #expect(state?.launches == 20)
    #expect(state?.slice == 512)
  }

  @Test func aCaseLaunchedAgainCarriesItsRoundsIntoThePlanAndTheEstimate() throws {
    let adaptive = try adaptive()
    var decided = state("feed.color", 0.12)
    decided.launchShare = 0.99
    var calm = state("feed.height", 0.06)
    calm.launchShare = 0.1
    let unknown = state("feed.identifier", 0.08)
    let all = states([decided, calm, unknown])
    let cases = Array(all.keys)
    let launchPlan = adaptive.plan(for: cases, all, launch: 4)
    let rounds = Dictionary(
      uniqueKeysWithValues: launchPlan.plan.feeds.flatMap { planned in
        planned.operations.map { ($0.operation.rawValue, $0.rounds) }
      })
    // Each operation is planned (the outer optional), with its own rounds
    // or every launch's (nil).
    let planned = try #require(rounds["feed.color"])
    #expect(try #require(planned) < 30)
    #expect(try #require(rounds["feed.height"]) == nil)
    #expect(try #require(rounds["feed.identifier"]) == nil)
    // The plan a launch child reads carries them.
    #expect(try LaunchPlan.decoded(launchPlan.encoded()) == launchPlan)
    // Fewer rounds cost less sampling time.
    let full = adaptive.plan(for: cases, [:], launch: 4)
    #expect(
      RunEstimate(launchPlan.plan, sampling: launchPlan.sampling).perLaunch
        < RunEstimate(full.plan, sampling: full.sampling).perLaunch)
  }

  @Test func aSyntheticFeedsCasesShareTheMostRoundsAnyIsGiven() throws {
    let plan = try RunOptions(
      ParsedArguments(
        ["--operations", "synthetic.constant", "--sizes", "1000", "--kinds", "2,4"], spec: RunOptions.spec)
    ).matrix.plan()
    let cases = plan.cases
    let given = Dictionary(uniqueKeysWithValues: cases.map { ($0, $0.feed.kinds == 2 ? 10 : 5) })
    let restricted = plan.restricted(to: Set(cases), rounds: given)
    #expect(restricted.synthetic.map(\.rounds) == [10, 5])
    // A case given no rounds keeps every round.
    let one = try #require(cases.first { $0.feed.kinds == 4 })
    #expect(plan.restricted(to: Set(cases), rounds: [one: 5]).synthetic.map(\.rounds) == [nil, 5])
  }

  // MARK: The levels of variance

  /// Launch estimates with `medians` and a sampling interval of ±`half`.
  private func launches(_ medians: [Double], half: Double = 0.005) -> [SampleStatistics] {
    medians.map { median in
      var statistics = SampleStatistics.of([median, median, median])
      statistics.intervalLow = median - half
      statistics.intervalHigh = median + half
      return statistics
    }
  }

  @Test func launchesThatAgreeLeaveTheVarianceWithinThem() throws {
    let levels = try #require(LaunchLevels(launches([0.100, 0.101, 0.099, 0.100, 0.1005, 0.0995], half: 0.01)))
    #expect(levels.launchShare < 0.2)
    #expect(!levels.bimodal)
  }

  @Test func launchesInTwoGroupsAreBimodalAndTheLaunchDecides() throws {
    let levels = try #require(LaunchLevels(launches([0.10, 0.101, 0.099, 0.40, 0.401, 0.399, 0.10, 0.40])))
    #expect(levels.launchShare > 0.95)
    #expect(levels.bimodal)
  }

  @Test func widelyScatteredLaunchesAreNotCalledBimodal() throws {
    let spread = (0..<12).map { 0.1 + 0.02 * Double($0) }
    let levels = try #require(LaunchLevels(launches(spread)))
    #expect(levels.launchShare > 0.9)
    #expect(!levels.bimodal)
  }

  /// A row at 12% after 25 launches needs 25 × 3² = 225 for 4%; a run of
  /// 170 s gave it 25, so at that pace 225 take 1,530 s.
  @Test func theWidestRowsShortOfTheTargetSayWhatWouldResolveThem() throws {
    var results = SampleRuns.results()
    let wide = try #require(results.rows.firstIndex { !$0.key.strategy.isReference })
    for index in results.rows.indices {
      results.rows[index].resolution = index == wide ? 0.12 : 0.01
      results.rows[index].launches = 25
      results.rows[index].launchVarianceShare = 0.97
    }
    results.recordTarget(0.04)
    results.info.time = RunTime(wall: 170, seconds: [:])
    let lines = RunCommand.limits(results, target: 0.04)
    try #require(lines.count == 1, "\(lines)")
    #expect(
      lines[0].hasPrefix(results.rows[wide].key.path + ": 12% after 25 launches, 97% of its variance between launches"))
    #expect(
      lines[0].hasSuffix("about 225 launches would resolve it, at this run's pace (25 in 2m50s) within --max-time 1530")
    )
    results.info.time = nil
    #expect(RunCommand.limits(results, target: 0.04)[0].hasSuffix("about 225 launches would resolve it"))
  }

  @Test func levelsNeedThreeLaunches() {
    #expect(LaunchLevels(launches([0.1, 0.4])) == nil)
  }

  // MARK: What the run writes

  @Test func rowsRecordTheTargetAndWhetherTheyMetIt() throws {
    var results = SampleRuns.results()
    for index in results.rows.indices { results.rows[index].resolution = index % 2 == 0 ? 0.01 : 0.2 }
    results.recordTarget(0.04)
    let strategies = results.rows.filter { !$0.key.strategy.isReference }
    for row in strategies {
      #expect(row.targetResolution == 0.04)
      #expect(row.metTarget == (try #require(row.resolution) <= 0.04), "\(row.key)")
    }
    #expect(results.rows.filter(\.key.strategy.isReference).allSatisfy { $0.metTarget == nil })
    guard case .run(let file) = try Schema.parse(results.document, path: "memory") else {
      Issue.record("not a run file")
      return
    }
    #expect(file.rows.map(\.metTarget) == results.rows.map(\.metTarget))
    #expect(!results.casesShortOfTarget.isEmpty)
  }

  /// A small adaptive run end to end: two launches of every case, then more
  /// of the cases short of an unreachable target, until each has its most
  /// launches; every strategy row says it did not meet the target.
  @Test func anAdaptiveRunLaunchesAgainOnlyWhatIsShortAndSaysSo() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/adaptive.csv"
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--domains", "share", "--operations", "share.instagram", "--sizes", "100",
      "--modes", "boundary", "--max-time-per-case", "0.001", "--min-launches", "2", "--max-launches", "3",
      "--target-resolution", "0.0001", "--output", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // The notes wrap to the terminal's width: read as one line each.
    let notes = result.standardError.replacing(/\n +/, with: " ")
    #expect(notes.contains("2 launches of every case, then more of those whose ratios' resolution is over 0.0001%"))
    #expect(notes.contains("adaptive launches: 2 of every case, then 1 more launch of 1 case, the widest first"))
    #expect(notes.contains("1 of 1 cases did not meet the target resolution of 0.0001% within --max-launches 3"))
    guard case .run(let file) = try Schema.load(output) else { throw ResultsError("\(output) is not a run file") }
    let strategies = file.rows.filter { !$0.key.strategy.isReference }
    try #require(!strategies.isEmpty, "the run wrote no strategy rows")
    #expect(strategies.allSatisfy { $0.launches == 3 && $0.metTarget == false && $0.launchVarianceShare != nil })
    #expect(strategies.allSatisfy { $0.targetResolution == 0.000001 })
  }
}
