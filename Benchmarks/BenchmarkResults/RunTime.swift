/// Where a run's wall time went, in seconds: the share spent in timed loops
/// and what the rest paid for, so that a change to the engine shows its
/// effect on the run's own efficiency (Guides/Run.md, "Where a run's
/// time goes"). The phases add up to `wall`.
public struct RunTime: Equatable, Sendable {
  /// What a second of a run was spent on.
  public enum Phase: String, CaseIterable, Sendable {
    /// Inside timed loops: every sample's duration.
    case sampling
    /// Calibrating each case, the untimed warm-up round of each block, and
    /// the sampler's own work between samples.
    case warmingUp = "warming_up"
    /// Generating elements, building every representation, and freeing it.
    case building
    /// The first launch's output checks and heap counts.
    case checking
    /// Starting and ending launch processes, their plan and result files,
    /// and each launch's statistics of its rows.
    case launching
    /// Counting each strategy's code under callgrind, after the launches.
    case codeSize = "code_size"
    /// Writing the run's CSV and samples file.
    case writing
    /// The run's own work besides: planning, choosing adaptive launches,
    /// pairing ratios over launches.
    case other

    /// The CSV column of this phase's seconds.
    public var column: String { rawValue + "_seconds" }

    /// How a sentence names it.
    public var words: String {
      switch self {
      case .sampling: "sampling"
      case .warmingUp: "calibrating and warming up"
      case .building: "building"
      case .checking: "checking"
      case .launching: "launching"
      case .codeSize: "code size"
      case .writing: "writing"
      case .other: "other"
      }
    }
  }

  /// Seconds from the start of the run (or launch) to the end of what it
  /// timed.
  public var wall: Double
  /// Seconds in each phase; a phase not listed took none.
  public var seconds: [Phase: Double]

  public init(wall: Double, seconds: [Phase: Double]) {
    self.wall = wall
    self.seconds = seconds
  }

  public subscript(phase: Phase) -> Double { seconds[phase] ?? 0 }

  /// The share of the wall time spent in timed loops.
  public var samplingShare: Double { wall > 0 ? self[.sampling] / wall : 0 }
}

extension RunInfo {
  /// `time`'s seconds in `phase`, for the CSV's columns; `nil` when the
  /// run's time was not recorded.
  subscript(seconds phase: RunTime.Phase) -> Double? {
    get { time.map { $0[phase] } }
    set {
      guard let newValue else { return }
      var time = self.time ?? RunTime(wall: 0, seconds: [:])
      time.seconds[phase] = newValue
      self.time = time
    }
  }

  /// `time`'s wall seconds, for the CSV's column.
  var wallSeconds: Double? {
    get { time?.wall }
    set {
      guard let newValue else { return }
      var time = self.time ?? RunTime(wall: 0, seconds: [:])
      time.wall = newValue
      self.time = time
    }
  }

  /// `time`'s sampling share, for the CSV's column (read back from the
  /// seconds, never on its own).
  var samplingShare: Double? {
    get { time?.samplingShare }
    set {}
  }
}

extension Schema {
  /// The run-wide columns of where the run's time went (`RunTime`), and
  /// when in it the answer's claims settled (`RunInfo.claimsSettled`):
  /// empty in a file from before they existed.
  static var timeColumns: [Column<RunRecord>] {
    [.optionalNumber("wall_seconds", \.info.wallSeconds, missing: "")]
      + RunTime.Phase.allCases.map { phase in .optionalNumber(phase.column, \.info[seconds: phase], missing: "") }
      + [
        .optionalNumber("sampling_share", \.info.samplingShare, missing: ""),
        .optionalNumber("claims_settled_seconds", \.info.claimsSettled, missing: ""),
      ]
  }
}
