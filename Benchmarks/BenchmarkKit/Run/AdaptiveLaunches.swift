import BenchmarkResults

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
struct AdaptiveLaunches {
  var settings: AdaptiveSettings
  /// The plan of the first launches: every case.
  var plan: LaunchPlan
  /// The builds each launch index runs in (2 with `--alternate-with`).
  var builds: Int
  /// Seconds the code-size count after the launches is expected to take.
  var reserve: Double

  /// A benchmark case's state after the launches so far.
  struct CaseState: Equatable {
    var benchmarkCase: BenchmarkCase
    /// The largest `resolution` of its strategies' rows (over every build).
    var resolution: Double
    /// The fewest launches any of its rows has.
    var launches: Int
    /// With layouts: its widest row has half or more of its variance
    /// between layouts, and each layout has had `layoutBoundLaunches`
    /// launches, so more launches of the same layouts would not narrow it.
    var layoutBound = false
  }

  /// Launches per layout after which a case whose variance is between
  /// layouts is not launched again.
  static let layoutBoundLaunches = 4

  /// What each case needs, from the rows of every build so far: its widest
  /// row, and its fewest launches.
  static func states(_ builds: [RunResults]) -> [BenchmarkCase: CaseState] {
    var states: [BenchmarkCase: CaseState] = [:]
    for var results in builds {
      results.computeRatios()
      for row in results.rows where !row.key.strategy.isReference {
        guard let resolution = row.resolution else { continue }
        let benchmarkCase = row.key.benchmarkCase
        var state = states[benchmarkCase] ?? CaseState(benchmarkCase: benchmarkCase, resolution: 0, launches: .max)
        if resolution > state.resolution {
          state.layoutBound =
            row.layouts > 1 && (row.layoutVarianceShare ?? 0) >= 0.5
            && row.launches >= row.layouts * layoutBoundLaunches
        }
        state.resolution = max(state.resolution, resolution)
        state.launches = min(state.launches, row.launches)
        states[benchmarkCase] = state
      }
    }
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
  func next(_ states: [BenchmarkCase: CaseState], elapsed: Double, secondsPerEstimated: Double) -> [BenchmarkCase] {
    let wanted = states.values
      .filter {
        $0.resolution > settings.targetResolution && $0.launches < settings.maxLaunches && !$0.layoutBound
      }
      .sorted { $0.resolution != $1.resolution ? $0.resolution > $1.resolution : $0.benchmarkCase < $1.benchmarkCase }
    var chosen: [BenchmarkCase] = []
    for state in wanted {
      let cost = seconds(of: chosen + [state.benchmarkCase], secondsPerEstimated: secondsPerEstimated)
      if elapsed + cost + reserve <= settings.maxTime { chosen.append(state.benchmarkCase) }
    }
    return chosen
  }

  /// The expected seconds of one launch index (in every build) of `cases`.
  func seconds(of cases: [BenchmarkCase], secondsPerEstimated: Double) -> Double {
    let estimate = RunEstimate(plan.plan.restricted(to: Set(cases)), sampling: plan.sampling)
    return Double(builds) * (estimate.perLaunch * secondsPerEstimated + Self.launchOverhead)
  }

  /// Seconds a launch costs besides its cases: starting the process and
  /// reading the plan.
  static let launchOverhead = 0.2

  /// The plan of launch `index` (from 0), which times `cases` only.
  func plan(for cases: [BenchmarkCase], launch index: Int) -> LaunchPlan {
    var launchPlan = plan
    launchPlan.plan = plan.plan.restricted(to: Set(cases))
    launchPlan.launches = index + 1
    return launchPlan
  }
}

/// What adaptive launches did, for the run's closing lines.
struct AdaptiveSummary: Equatable {
  var settings: AdaptiveSettings
  /// The launches of every case, then each later launch's number of cases.
  var initialLaunches: Int
  var laterLaunches: [Int] = []
  /// Why the launches stopped.
  var stop: Stop = .allMet

  enum Stop: Equatable {
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
