@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import Claims
import Foundation
import StrategyRegistry
import TestSupport
import Testing
import RunContract

/// Adaptive launches go to the claims still open first: which
/// claims a run's rows leave open, what each needs, and a launch that builds
/// only the rows that would settle them.
@Suite struct ClaimLaunchesTests {
  static let articles: [StrategyID] = ["protocol-getter", "classic-visitor", "generic-visitor"]

  /// The answer fixture's rows, with the getter and visitors on
  /// `feed.identifier` in boundary mode given `interval` and `launches`.
  static func rows(_ interval: ClosedRange<Double>, launches: Int = 4) throws -> RunFile {
    let path = Fixtures.directory + "/answer/run.csv"
    guard case .run(var run) = try Schema.load(path) else { throw ResultsError("the fixture is not a run") }
    for index in run.rows.indices {
      let key = run.rows[index].key
      guard articles.contains(key.strategy), key.operation == "feed.identifier", key.mode == .boundary else { continue }
      run.rows[index].ratioToBaseline = (interval.lowerBound + interval.upperBound) / 2
      run.rows[index].ratioToBaselineLow = interval.lowerBound
      run.rows[index].ratioToBaselineHigh = interval.upperBound
      run.rows[index].launches = launches
    }
    return run
  }

  static func need(_ run: RunFile, _ claim: String) throws -> ClaimLaunches.Need {
    let needs = ClaimLaunches(resolution: 0.04).reading([run.rows], info: run.info).needs
    return try #require(needs.first { $0.claim == claim }, "\(claim) is not open: \(needs.map(\.claim))")
  }

  /// The getter and visitors at 0.95–1.10× the enum through a boundary:
  /// the enum's interval (1 to 1) reaches theirs, so "fastest" there is
  /// open, and so is their span, whose low end 0.95 may rise to 1.025.
  @Test func rowsThatOverlapTheEnumLeaveFastestAndTheSpanOpen() throws {
    let run = try Self.rows(0.95...1.10, launches: 6)
    let fastest = try Self.need(run, "fastest, feed.identifier, boundary")
    #expect(fastest.launches <= 6, "the fewest launches of its rows")
    let strategies = fastest.strategies.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    #expect(Set(Self.articles.map(\.rawValue)).isSubset(of: strategies), "\(strategies)")
    #expect(fastest.strategies.keys.allSatisfy { $0.operation == "feed.identifier" && $0.mode == .boundary })
    let span = try Self.need(run, "getter and visitors, feed.identifier, boundary")
    #expect(span.launches == 6)
    #expect(span.strategies.values.allSatisfy { $0.isSubset(of: Set(Self.articles.map(\.rawValue))) })
    #expect(try #require(span.factor) > 1)
  }

  private func adaptive(maxTime: Double = 1_000, maxLaunches: Int = 40) throws -> AdaptiveLaunches {
    var settings = AdaptiveSettings()
    settings.maxTime = maxTime
    settings.maxLaunches = maxLaunches
    let plan = try RunOptions(
      ParsedArguments(["--operations", "feed.identifier,feed.height", "--sizes", "100000"], spec: RunOptions.spec)
    ).matrix.plan()
    let launchPlan = LaunchPlan(
      plan: plan, memory: MemoryPlan(budget: 1e12), sampling: SamplingSettings(), seed: 1, launches: 4, quiet: true)
    return AdaptiveLaunches(settings: settings, plan: launchPlan, builds: 1, reserve: 0)
  }

  private static let identifier = BenchmarkCase(
    feed: FeedID(domain: "feed", size: 100_000, distribution: "uniform", kinds: 6), operation: "feed.identifier",
    mode: .boundary)

  private func need(factor: Double?, launches: Int = 4) -> ClaimLaunches.Need {
    ClaimLaunches.Need(
      claim: "fastest, feed.identifier, boundary", strategies: [Self.identifier: ["protocol-getter"]],
      launches: launches, factor: factor)
  }

  @Test func anOpenClaimThatCanSettleInTheTimeLeftIsLaunchedFirst() throws {
    let chosen = try adaptive().claimed([need(factor: 2)], [:], elapsed: 0, secondsPerEstimated: 1)
    #expect(chosen == [Self.identifier: ["protocol-getter"]])
  }

  /// 4 × (1,000 − 1) more launches of a case at a tenth of a second or more
  /// each do not fit in 1,000 s; a claim no launches would settle, nor one
  /// whose rows have their most launches, is not launched for either.
  @Test func anOpenClaimThatCannotSettleInTheTimeLeftIsLeftToTheWidestRows() throws {
    let adaptive = try adaptive()
    #expect(adaptive.claimed([need(factor: 1_000)], [:], elapsed: 0, secondsPerEstimated: 1).isEmpty)
    #expect(adaptive.claimed([need(factor: nil)], [:], elapsed: 0, secondsPerEstimated: 1).isEmpty)
    #expect(adaptive.claimed([need(factor: 2, launches: 40)], [:], elapsed: 0, secondsPerEstimated: 1).isEmpty)
    #expect(adaptive.claimed([need(factor: 2)], [:], elapsed: 1_000, secondsPerEstimated: 1).isEmpty)
  }

  /// The launch builds the claim's rows and the baseline, and nothing else
  /// of the feed: no other operation, mode, strategy or the null.
  @Test func aLaunchForTheClaimsBuildsOnlyTheirRowsAndTheBaseline() throws {
    var state = AdaptiveLaunches.CaseState(benchmarkCase: Self.identifier, resolution: 0.03, launches: 4)
    state.slice = 512
    let launchPlan = try adaptive().plan(
      claiming: [Self.identifier: ["protocol-getter"]], [Self.identifier: state], launch: 7)
    #expect(launchPlan.launches == 8)
    let feeds = launchPlan.plan.feeds
    try #require(feeds.count == 1)
    #expect(feeds[0].modes == [.boundary])
    #expect(feeds[0].timesNull == false)
    #expect(feeds[0].operations.map(\.operation) == [.feedIdentifier])
    #expect(
      try feeds[0].operations[0].strategies
        == [Registry.baselineName, "protocol-getter"].sorted {
          try #require(Registry.names.firstIndex(of: $0)) < #require(Registry.names.firstIndex(of: $1))
        })
    #expect(feeds[0].operations[0].slice == 512)
    #expect(launchPlan.plan.synthetic.isEmpty)
  }
}
