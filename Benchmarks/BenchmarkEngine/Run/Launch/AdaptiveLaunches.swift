import BenchmarkResults
import StrategyRegistry
import RunContract

/// Chooses what each launch after the first ones times: the benchmark cases
/// whose ratios are not yet resolved to the target, the widest first, as
/// many as the time left allows.
///
/// Most cases are settled after a few launches and a few are not: their
/// ratio depends on the layout a launch draws, so their launch-to-launch
/// variance is large. Kalibera and Jones ("Rigorous Benchmarking in
/// Reasonable Time", ISMM 2013) spend repetitions at the level, and on the
/// benchmarks, where the variance is; so does this. A case in a launch
/// costs its building and sampling only, so a launch of a few unsettled
/// cases costs a fraction of a launch of all of them. Guides/Method.md,
/// "Adaptive launches".
package struct AdaptiveLaunches {
  package var settings: AdaptiveSettings
  /// The plan of the first launches: every case.
  package var plan: LaunchPlan
  /// The builds each launch index runs in (2 with `--alternate-with`).
  package var builds: Int
  /// Seconds the code-size count after the launches is expected to take.
  package var reserve: Double
  /// The strategy every ratio is paired with, timed in every launch.
  package var baseline: String = Registry.baselineName

  /// A benchmark case's state after the launches so far.
  package struct CaseState: Equatable {
    package var benchmarkCase: BenchmarkCase
    /// The largest `resolution` of its strategies' rows (over every build).
    package var resolution: Double
    /// The fewest launches any of its rows has.
    package var launches: Int
    /// Its widest row's `launch_variance_share`: how much of the variance
    /// of one launch's estimate is between launches, not within one.
    package var launchShare: Double? = nil
    /// With layouts: its widest row has half or more of its variance
    /// between layouts, and each layout has had `layoutBoundLaunches`
    /// launches, so more launches of the same layouts would not narrow it.
    package var layoutBound = false
    /// Its strategies whose rows are still wider than the target: what a
    /// launch of the case times again, beside the baseline.
    package var wide: Set<String> = []
    /// The elements its samples visit in the first launches
    /// (`slice_elements`), which a launch of fewer strategies keeps.
    package var slice: Int? = nil
  }

  /// Launches per layout after which a case whose variance is between
  /// layouts is not launched again.
  package static let layoutBoundLaunches = 4

  /// What each case needs, from the rows of every build so far: its widest
  /// row, its rows still wider than `target`, and the fewest launches of
  /// those (of every row, when none is): a row that met the target is
  /// timed no more, so its launches do not hold the case back.
  package static func states(_ builds: [MeasuredRun], target: Double = AdaptiveSettings().targetResolution)
    -> [BenchmarkCase: CaseState]
  {
    states(
      rows: builds.map { results in
        var results = results
        results.computeRatios()
        return results.rows
      }, target: target)
  }

  /// The same, from each build's rows with their ratios computed.
  package static func states(rows builds: [[TimingRow]], target: Double) -> [BenchmarkCase: CaseState] {
    var states: [BenchmarkCase: CaseState] = [:]
    var wideLaunches: [BenchmarkCase: Int] = [:]
    for rows in builds {
      for row in rows where !row.key.strategy.isReference {
        guard let resolution = row.resolution else { continue }
        let benchmarkCase = row.key.benchmarkCase
        var state = states[benchmarkCase] ?? CaseState(benchmarkCase: benchmarkCase, resolution: 0, launches: .max)
        if resolution > state.resolution {
          state.launchShare = row.launchVarianceShare
          state.layoutBound =
            row.layouts > 1 && (row.layoutVarianceShare ?? 0) >= 0.5
            && row.launches >= row.layouts * layoutBoundLaunches
        }
        state.resolution = max(state.resolution, resolution)
        state.launches = min(state.launches, row.launches)
        if resolution > target {
          state.wide.insert(row.key.strategy.rawValue)
          wideLaunches[benchmarkCase] = min(wideLaunches[benchmarkCase] ?? .max, row.launches)
        }
        state.slice = state.slice ?? row.slice
        states[benchmarkCase] = state
      }
    }
    for (benchmarkCase, launches) in wideLaunches { states[benchmarkCase]?.launches = launches }
    return states
  }

  /// The cases the next launch times, widest first, or an empty list when
  /// every case meets the target, has its most launches, or none fits in
  /// the time left.
  /// - Parameters:
  ///   - states: each case's state (`states(_:)`).
  ///   - elapsed: seconds since the run started.
  ///   - secondsPerEstimated: how long a launch took per second
  ///     `RunEstimate` expected, measured on the launches so far.
  package func next(_ states: [BenchmarkCase: CaseState], elapsed: Double, secondsPerEstimated: Double)
    -> [BenchmarkCase]
  {
    let wanted = states.values
      .filter {
        $0.resolution > settings.targetResolution && $0.launches < settings.maxLaunches && !$0.layoutBound
      }
      .sorted { $0.resolution != $1.resolution ? $0.resolution > $1.resolution : $0.benchmarkCase < $1.benchmarkCase }
    var chosen: [BenchmarkCase] = []
    for state in wanted {
      let cost = seconds(of: chosen + [state.benchmarkCase], states, secondsPerEstimated: secondsPerEstimated)
      if elapsed + cost + reserve <= settings.maxTime { chosen.append(state.benchmarkCase) }
    }
    return chosen
  }

  /// The expected seconds of one launch index (in every build) of `cases`.
  package func seconds(
    of cases: [BenchmarkCase], _ states: [BenchmarkCase: CaseState], secondsPerEstimated: Double
  ) -> Double {
    let estimate = RunEstimate(
      plan.plan.restricted(to: Set(cases), rounds: rounds(cases, states)), sampling: plan.sampling)
    return Double(builds) * (estimate.perLaunch * secondsPerEstimated + Self.launchOverhead)
  }

  /// The rounds each of `cases` is sampled in by a launch that times them
  /// again, where fewer than every first launch's
  /// (`rounds(launchShare:size:sampling:)`).
  package func rounds(_ cases: [BenchmarkCase], _ states: [BenchmarkCase: CaseState]) -> [BenchmarkCase: Int] {
    var rounds: [BenchmarkCase: Int] = [:]
    for benchmarkCase in cases {
      guard let share = states[benchmarkCase]?.launchShare else { continue }
      let chosen = Self.rounds(launchShare: share, size: benchmarkCase.feed.size, sampling: plan.sampling)
      if chosen < plan.sampling.minimumRounds { rounds[benchmarkCase] = chosen }
    }
    return rounds
  }

  /// The rounds a launch of a case should sample it in, so that a second
  /// of the run narrows the case's widest interval most: Kalibera and
  /// Jones's optimal repetitions at the inner level of a two-level
  /// experiment (ISMM 2013: the repetitions at each level that give the
  /// narrowest interval for the time), √(c_launch ÷ c_round × σ²_round ÷ τ²).
  ///
  /// A launch costs the case its building (`RunEstimate.building(size:)`)
  /// and a round its share of the sampling time; of the variance of one
  /// launch's estimate in `minimumRounds` rounds, `launchShare` is between
  /// launches (τ²) and the rest within (σ²_round ÷ `minimumRounds`). Where
  /// launches decide (a layout-sensitive row, share near 1), a few rounds
  /// tell a launch's estimate as well as 30 and the time goes to launches;
  /// where rounds vary as much as launches do, every round is kept. Whole
  /// rounds in each pass, from one per pass to `minimumRounds`.
  package static func rounds(launchShare: Double, size: Int, sampling: SamplingSettings) -> Int {
    let full = sampling.minimumRounds
    guard launchShare > 0 else { return full }
    guard launchShare < 1 else { return sampling.passes }
    let perRound = sampling.sampleTime / Double(full)
    let withinOverBetween = Double(full) * (1 - launchShare) / launchShare
    let optimal = (RunEstimate.building(size: size) / perRound * withinOverBetween).squareRoot()
    let perPass = Int((optimal / Double(sampling.passes)).rounded(.up))
    return min(full, max(1, perPass) * sampling.passes)
  }

  /// What a launch of `cases` times of each: its strategies whose rows are
  /// still wide, and the baseline every ratio pairs with (the floor and
  /// the null are timed in every case). A row that met the target is not
  /// built or timed again: a launch costs the case only what it narrows.
  /// The case keeps its first launches' slice, so a sample of a strategy
  /// visits as many elements in every launch, however few are timed beside it.
  package func timed(_ cases: [BenchmarkCase], _ states: [BenchmarkCase: CaseState])
    -> (strategies: [BenchmarkCase: Set<String>], slices: [BenchmarkCase: Int])
  {
    var strategies: [BenchmarkCase: Set<String>] = [:]
    var slices: [BenchmarkCase: Int] = [:]
    for benchmarkCase in cases {
      guard let state = states[benchmarkCase], !state.wide.isEmpty else { continue }
      strategies[benchmarkCase] = state.wide.union([baseline])
      slices[benchmarkCase] = state.slice
    }
    return (strategies, slices)
  }

  /// Seconds a launch costs besides its cases: starting the process and
  /// reading the plan.
  package static let launchOverhead = 0.2

  /// The plan of launch `index` (from 0), which times `cases` only, each
  /// in the rounds `rounds(_:_:)` gives it, and each with only its rows
  /// still wider than the target and the baseline they pair with, on the
  /// first launches' slice (`timed(_:_:)`).
  package func plan(for cases: [BenchmarkCase], _ states: [BenchmarkCase: CaseState], launch index: Int) -> LaunchPlan {
    var launchPlan = plan
    let (strategies, slices) = timed(cases, states)
    launchPlan.plan = plan.plan.restricted(
      to: Set(cases), rounds: rounds(cases, states), strategies: strategies, slices: slices)
    launchPlan.launches = index + 1
    return launchPlan
  }
}

/// What adaptive launches did, for the run's closing lines.
package struct AdaptiveSummary: Equatable {
  package var settings: AdaptiveSettings
  /// The launches of every case, then each later launch's number of cases.
  package var initialLaunches: Int
  package var laterLaunches: [Int] = []
  /// Of the later launches, those that timed only rows of claims still
  /// open (`AdaptiveLaunches.claimed(_:_:elapsed:secondsPerEstimated:)`).
  package var claimLaunches = 0
  /// The rounds of each case launched again in fewer rounds than the first
  /// launches' (`AdaptiveLaunches.rounds(launchShare:size:sampling:)`),
  /// one entry per case and launch.
  package var fewerRounds: [Int] = []
  /// The rounds of every other launch of a case (`SamplingSettings.minimumRounds`).
  package var fullRounds = SamplingSettings().minimumRounds
  /// Why the launches stopped.
  package var stop: Stop = .allMet
  /// Seconds from the run's start to the moment the answer's claims were
  /// last all settled (`ClaimLaunches.Reading.allSettled`), as read after
  /// the first launches and after each later one; `nil` while one is open,
  /// and when the rows read none.
  package var claimsSettled: Double? = nil

  /// Records the claims as they stand `elapsed` seconds into the run: the
  /// first moment none is open, kept while none reopens; a claim that
  /// reopens (its intervals moved) clears it, for the next moment all are
  /// settled again.
  package mutating func record(_ claims: ClaimLaunches.Reading, elapsed: Double) {
    if !claims.allSettled {
      claimsSettled = nil
    } else if claimsSettled == nil {
      claimsSettled = elapsed
    }
  }

  package enum Stop: Equatable {
    case allMet
    /// Some case still wants a launch, but none fits the time left.
    case outOfTime
    /// Every case still wide has its most launches.
    case maxLaunches
    /// Every case still wide that more launches could narrow has its most
    /// launches; the others' variance is between layouts.
    case layouts
  }
}
