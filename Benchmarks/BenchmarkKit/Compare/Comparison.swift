import BenchmarkResults


/// What `compare` and `report` read off a row: one value per element with
/// its 95% interval (a point for exact counts).
struct Measured {
  var key: ResultKey
  var value: Double
  var interval: ClosedRange<Double>
  /// The row's paired ratio to the run's baseline with its 95% interval
  /// (version 4 runs).
  var ratio: (value: Double, interval: ClosedRange<Double>)?
  /// What `compare` tracks between runs (version 4 runs).
  var tracked: Tracked?
}

/// The ratio a row is tracked by between runs: to the baseline, or for the
/// baseline itself to the floor; with the standard error of its logarithm
/// over launches.
struct Tracked {
  var reference: StrategyID
  var ratio: Double
  var logError: Double
  /// `nil`: a normal interval (one launch).
  var degrees: Double?
  var launches: Int
  /// The row's `launch_variance_share`: how much of one launch's variance
  /// is between launches.
  var launchShare: Double? = nil
}

/// What a comparison measures in a results file.
enum Measure: Equatable {
  /// A run's median nanoseconds per element.
  case time
  /// One of a profile's exact counts per element.
  case count(ProfileMetric)

  /// The unit tables name: `ns`, `instructions`.
  var unit: String {
    switch self {
    case .time: "ns"
    case .count(let metric): metric.title
    }
  }

  var isExact: Bool { self != .time }
}

/// A results file's rows as one measure.
struct MeasuredFile {
  var path: String
  var info: RunInfo
  var measure: Measure
  var rows: [Measured]
  /// What a run's rows record of its machine (`nil` for profiles and older
  /// runs).
  var disturbance: MachineDisturbance?
  /// The run's launches were adaptive: each case has its own number.
  var adaptive = false

  /// A run's times, or a profile's count of `metric` (instructions unless
  /// named).
  init(_ contents: Schema.Contents, metric: ProfileMetric = .instructions) {
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

  var byKey: [ResultKey: Measured] {
    Dictionary(rows.map { ($0.key, $0) }) { first, _ in first }
  }
}

/// A strategy against the baseline within one run.
struct Standing {
  var key: ResultKey
  var median: Double
  /// median ÷ the baseline's median; 1 for the baseline itself.
  var ratio: Double
  /// A 95% interval for the ratio; `nil` for the baseline.
  var interval: ClosedRange<Double>?
  /// 1 for the fastest strategy of the group.
  var rank: Int
}

/// One operation on one feed within a run: every strategy, ranked.
struct GroupStanding {
  var group: BenchmarkCase
  var baseline: StrategyID
  var standings: [Standing]
}

/// How a cell moved between two runs.
enum Verdict: String {
  case regressed, improved, unchanged
  /// The runs cannot tell: the change's interval reaches past the noise band
  /// on a side it is not wholly beyond.
  case withinResolution = "within resolution"
}

/// One cell of two runs side by side.
struct CellChange {
  var key: ResultKey
  var baseMedian: Double
  var newMedian: Double
  /// new ÷ base.
  var ratio: Double
  var interval: ClosedRange<Double>
  /// `launches` for tracked ratios; `rank test` when both runs' raw samples
  /// were given, else `intervals`.
  var method: String
  var pValue: Double?
  var significant: Bool
  var verdict: Verdict
  /// A regression that stays significant with every compared cell counted
  /// (Holm's correction at 5%): what makes `compare` exit 2.
  var holdsForTheRun = false
  /// The baseline's own row, tracked against the floor: its move is the
  /// baseline's or the floor's, and only the other rows of its case tell
  /// which.
  var trackedAgainstFloor = false
  /// The launch decides the row in either run (`launch_variance_share` at
  /// least `Comparison.launchesDecide`): which launches a run drew moves it.
  var launchesDecide = false
  /// A regression that would have held, but its launches decide it and no
  /// calmer row of its strategy and operation regressed with it.
  var heldBackAsLaunchDecided = false
}

/// What `compare` computes.
enum Comparison {
  // `within` (Comparison+Within.swift) and `between`
  // (Comparison+Between.swift).

  /// The fewest launches a run needs for `compare` to call a row regressed
  /// or improved: with one or two, how much a process's layout moves a row
  /// is unknown (a `--quick` run has one).
  static let minimumLaunches = 3

  /// A row whose `launch_variance_share` is at least this in either run is
  /// decided by its launches more than by its rounds.
  static let launchesDecide = 0.5

  /// Whether two runs are one run's builds (`--alternate-with`, `--builds`),
  /// whose launches alternated and saw the same machine states: they share
  /// the run's start.
  static func oneRun(_ base: RunInfo, _ new: RunInfo) -> Bool {
    !base.timestamp.isEmpty && base.timestamp == new.timestamp
  }
}
