import BenchmarkResults
import RunContract

/// What `compare` and `report` read off a row: one value per element with
/// its 95% interval (a point for exact counts).
package struct Measured {
  package var key: ResultKey
  package var value: Double
  package var interval: ClosedRange<Double>
  /// The row's paired ratio to the run's baseline with its 95% interval
  /// (version 4 runs).
  package var ratio: (value: Double, interval: ClosedRange<Double>)?
  /// What `compare` tracks between runs (version 4 runs).
  package var tracked: Tracked?
}

/// The ratio a row is tracked by between runs: to the baseline, or for the
/// baseline itself to the floor; with the standard error of its logarithm
/// over launches.
package struct Tracked {
  package var reference: StrategyID
  package var ratio: Double
  package var logError: Double
  /// `nil`: a normal interval (one launch).
  package var degrees: Double?
  package var launches: Int
  /// The row's `launch_variance_share`: how much of one launch's variance
  /// is between launches.
  package var launchShare: Double? = nil
}

/// What a comparison measures in a results file.
package enum Measure: Equatable {
  /// A run's median nanoseconds per element.
  case time
  /// One of a profile's exact counts per element.
  case count(ProfileMetric)

  /// The unit tables name: `ns`, `instructions`.
  package var unit: String {
    switch self {
    case .time: "ns"
    case .count(let metric): metric.title
    }
  }

  package var isExact: Bool { self != .time }
}

/// A results file's rows as one measure.
package struct MeasuredFile {
  package var path: String
  package var info: RunInfo
  package var measure: Measure
  package var rows: [Measured]
  /// What a run's rows record of its machine (`nil` for profiles and older
  /// runs).
  package var disturbance: MachineDisturbance?
  /// The run's launches were adaptive: each case has its own number.
  package var adaptive = false

  /// A run's times, or a profile's count of `metric` (instructions unless
  /// named).
  package init(_ contents: Schema.Contents, metric: ProfileMetric = .instructions) {
    switch contents {
    case .run(let file):
      path = file.path
      info = file.info
      measure = .time
      adaptive = file.rows.contains { $0.targetResolution != nil }
      disturbance = file.rows.first.flatMap { row in
        row.interruptedShare.flatMap { share in
          row.launchSpeedSpread.map { MachineDisturbance(interruptedShare: share, launchSpeedSpread: $0) }
        }
      }
      rows = file.rows.map { row in
        var measured = Measured(key: row.key, value: row.median, interval: row.interval)
        if let ratio = row.ratioToBaseline, let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh {
          measured.ratio = (ratio, low...high)
        }
        if let reference = row.tracked, let logError = row.trackedLogError,
          let ratio = reference == .floor ? row.ratioToFloor : row.ratioToBaseline
        {
          measured.tracked = Tracked(
            reference: reference, ratio: ratio, logError: logError, degrees: row.trackedDegrees,
            launches: row.launches, launchShare: row.launchVarianceShare)
        }
        return measured
      }
    case .profile(let file):
      path = file.path
      info = file.info
      measure = .count(metric)
      rows = file.rows.map { Measured(key: $0.key, value: $0[metric], interval: $0[metric]...$0[metric]) }
    }
  }

  package var byKey: [ResultKey: Measured] {
    Dictionary(rows.map { ($0.key, $0) }) { first, _ in first }
  }
}

/// A strategy against the baseline within one run.
package struct Standing {
  package var key: ResultKey
  package var median: Double
  /// median ÷ the baseline's median; 1 for the baseline itself.
  package var ratio: Double
  /// A 95% interval for the ratio; `nil` for the baseline.
  package var interval: ClosedRange<Double>?
  /// 1 for the fastest strategy of the group.
  package var rank: Int
}

/// One operation on one feed within a run: every strategy, ranked.
package struct GroupStanding {
  package var group: BenchmarkCase
  package var baseline: StrategyID
  package var standings: [Standing]
}

/// How a row moved between two runs.
package enum Verdict: String {
  /// Beyond the noise band, and significant with every compared row counted
  /// (Holm's correction at 5%).
  case regressed, improved, unchanged
  /// Beyond the noise band on this row's own 95% interval, but not with
  /// every compared row counted: among hundreds of rows, about one in twenty
  /// lands there by chance, so two runs of one binary have some. Neither
  /// regressed nor improved, and never fails a run.
  case perRowMove = "per-row move"
  /// A regression Holm's correction carries, on a row a change to the code
  /// would not move alone: the baseline's own row with its floor moving, or
  /// a row its launches decide with no calmer row of its strategy and
  /// operation regressing beside it. Two separate runs cannot tell it from
  /// what each run's launches drew; never fails a run.
  case uncorroborated
  /// The runs cannot tell: the change's interval reaches past the noise band
  /// on a side it is not wholly beyond.
  case withinResolution = "within resolution"
}

/// One row of two runs side by side.
package struct RowChange {
  package var key: ResultKey
  package var baseMedian: Double
  package var newMedian: Double
  /// new ÷ base.
  package var ratio: Double
  package var interval: ClosedRange<Double>
  /// `launches` for tracked ratios, else `intervals`.
  package var method: String
  package var pValue: Double?
  package var significant: Bool
  package var verdict: Verdict
  /// A regression that stays significant with every compared row counted
  /// (Holm's correction at 5%): what makes `compare` exit 2.
  package var holdsForTheRun = false
  /// The baseline's own row, tracked against the floor: its move is the
  /// baseline's or the floor's, and only the other rows of its case tell
  /// which.
  package var trackedAgainstFloor = false
  /// The launch decides the row in either run (`launch_variance_share` at
  /// least `Comparison.launchesDecide`): which launches a run drew moves it.
  package var launchesDecide = false
  /// A regression that would have held, but its launches decide it and no
  /// calmer row of its strategy and operation regressed with it.
  package var heldBackAsLaunchDecided = false
}

/// What `compare` computes.
package enum Comparison {
  // `within` (Comparison+Within.swift) and `between`
  // (Comparison+Between.swift).

  /// The fewest launches a run needs for `compare` to call a row regressed
  /// or improved: with one or two, how much a process's layout moves a row
  /// is unknown (a `--quick` run has one).
  package static let minimumLaunches = 3

  /// A row whose `launch_variance_share` is at least this in either run is
  /// decided by its launches more than by its rounds.
  package static let launchesDecide = 0.5

  /// Whether two runs are one run's builds (`--alternate-with`, `--builds`),
  /// whose launches alternated and saw the same machine states: they share
  /// the run's start.
  package static func oneRun(_ base: RunInfo, _ new: RunInfo) -> Bool {
    !base.timestamp.isEmpty && base.timestamp == new.timestamp
  }
}
