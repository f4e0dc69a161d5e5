/// What a result was measured on and built with, written into every row.
public struct Machine: Equatable, Sendable {
  public var swiftVersion: String
  /// `release` or `debug`.
  public var buildConfiguration: String
  /// The optimisation and the package's own build policy.
  public var buildFlags: String
  public var operatingSystem: String
  public var cpuModel: String
  public var cores: Int

  public init(
    swiftVersion: String, buildConfiguration: String, buildFlags: String, operatingSystem: String,
    cpuModel: String, cores: Int
  ) {
    self.swiftVersion = swiftVersion
    self.buildConfiguration = buildConfiguration
    self.buildFlags = buildFlags
    self.operatingSystem = operatingSystem
    self.cpuModel = cpuModel
    self.cores = cores
  }

  static let unknown = Machine(
    swiftVersion: "", buildConfiguration: "", buildFlags: "", operatingSystem: "", cpuModel: "", cores: 0)
}

/// What every row of a run or profile carries about the run as a whole.
public struct RunInfo: Equatable, Sendable {
  /// The file's schema version, as read or written.
  public var schemaVersion: String
  public var runID: String
  /// UTC, ISO 8601, when the run started.
  public var timestamp: String
  public var machine: Machine
  public var seed: UInt64
  /// The command line that produced the file.
  public var command: String
  /// `false` when the run was interrupted before its last case.
  public var complete: Bool
  /// The strategy every ratio is taken against.
  public var baseline: StrategyID
  /// Where the run's wall time went; `nil` in a file from before it was
  /// recorded.
  public var time: RunTime? = nil
  /// Seconds from the run's start (as `time`'s wall) to the moment its
  /// adaptive launches last found every claim of the answer it has rows
  /// for settled; `nil` when they never did, in a run of fixed launches,
  /// and in a file from before it was recorded.
  public var claimsSettled: Double? = nil

  public init(
    schemaVersion: String, runID: String, timestamp: String, machine: Machine, seed: UInt64,
    command: String, complete: Bool = true, baseline: StrategyID
  ) {
    self.schemaVersion = schemaVersion
    self.runID = runID
    self.timestamp = timestamp
    self.machine = machine
    self.seed = seed
    self.command = command
    self.complete = complete
    self.baseline = baseline
  }

  /// Files before the `baseline` column took ratios against this strategy.
  public static let formerBaseline: StrategyID = "enum-switch"

  static let unknown = RunInfo(
    schemaVersion: "", runID: "", timestamp: "", machine: .unknown, seed: 0, command: "",
    baseline: formerBaseline)
}

/// One row of a run: a strategy, or the floor or the null, timed on one
/// benchmark case.
public struct TimingRow: Sendable {
  public var key: ResultKey
  /// `interleaved` (every strategy sampled in each round) or `sequential`
  /// (one strategy's representation in memory at a time).
  public var schedule: String
  /// Nanoseconds per element over the samples.
  public var statistics: SampleStatistics
  public var elementsPerSample: Int
  public var ratioToBaseline: Double?
  public var ratioToFloor: Double?
  /// `MemoryLayout.stride` of the strategy's element type.
  public var elementStride: Int?
  /// Heap bytes per element the strategy's representation holds.
  public var footprintBytesPerElement: Double?
  /// Heap allocations (calls) and bytes asked for per element, counted in a
  /// pass after timing.
  public var allocationsPerElement: Double?
  public var allocatedBytesPerElement: Double?
  /// Hardware counts per element during timing, where the kernel exposes them.
  public var cyclesPerElement: Double?
  public var instructionsPerElement: Double?
  public var branchMissesPerElement: Double?
  /// The digest of every output over the feed, 16 hex digits.
  public var checksum: String
  /// For a synthetic row, the pattern whose code it times when that is
  /// another's: a pattern `new-strategy` added is written as its template
  /// until it has an idiom of its own. `nil` for every other row.
  public var writtenAs: String?
  /// Faster than its floor: a measuring error, not a result.
  public var suspect: Bool

  // Paired ratios over launches.

  /// The processes that timed this row.
  public var launches = 1
  /// The 95% interval of `ratioToBaseline`, from the rounds that paired it
  /// with the baseline, over launches.
  public var ratioToBaselineLow: Double?
  public var ratioToBaselineHigh: Double?
  /// What `compare` tracks for this row: its ratio to the baseline, or for
  /// the baseline itself its ratio to the floor.
  public var tracked: StrategyID?
  /// The standard error of ln(tracked ratio), over launches (within the one
  /// launch when there is one), and its degrees of freedom (empty: normal).
  public var trackedLogError: Double?
  public var trackedDegrees: Double?
  /// The smallest relative change of the tracked ratio a comparison with a
  /// run like this one tells from none at 95%.
  public var resolution: Double?
  /// The median minus the null's median in the same case: the strategy's
  /// time net of the harness's own.
  public var netMedian: Double?
  /// The seed of the case's round shuffles (in launch 0; later launches mix
  /// in their index).
  public var shuffleSeed: UInt64?
  /// Elements a sample visits once per repetition: the feed, or a slice.
  public var slice: Int?
  /// Bytes of machine code the operation runs: the timed loop and what it
  /// reaches in the binary.
  public var codeBytes: Int?
  /// How `codeBytes` was counted; `nil` when there is no count.
  public var codeBytesMethod: CodeBytesMethod?

  // The machine through the run (the same on every row of a run).

  /// The largest share, over the run's launches, of a launch's samples that
  /// took over 4× their row's median: time the process lost its CPU.
  public var interruptedShare: Double?
  /// The fastest launch's speed over the slowest's, from the floor and null
  /// rows' medians in each launch: how far the machine's speed moved.
  public var launchSpeedSpread: Double?

  // How the run chose this row's launches, and where its variance is.

  /// The resolution adaptive launches aimed at (`run --target-resolution`);
  /// `nil` for a fixed number of launches.
  public var targetResolution: Double?
  /// Whether `resolution` met `targetResolution`.
  public var metTarget: Bool?
  /// Of the variance of one launch's estimate of the tracked ratio, the share
  /// that is between launches rather than sampling within one
  /// (`LaunchLevels`); `nil` below three launches.
  public var launchVarianceShare: Double?
  /// The launches' estimates fall in two separate groups: the ratio depends
  /// on a layout a launch draws.
  public var bimodalLaunches: Bool?

  // Builds and layouts (`run --builds`, `run --layouts`).

  /// The build the row was timed in, as `--builds NAME=BINARY` named it;
  /// `nil` for a run of one build.
  public var build: String?
  /// The layouts of one build (its code relinked in other function orders)
  /// the row's interval is over; 1 for one binary.
  public var layouts = 1
  /// With layouts: the share of a launch estimate's variance that is
  /// between layouts.
  public var layoutVarianceShare: Double?

  /// The baseline's median in this row's case, which `shownMedian` is paced
  /// by (`paced(_:baseline:)`); `nil` for the baseline and the floor.
  /// Not a column: every run and every file read sets it from its rows.
  public var pace: Double?

  public init(
    key: ResultKey, schedule: String, statistics: SampleStatistics, elementsPerSample: Int,
    checksum: String
  ) {
    self.key = key
    self.schedule = schedule
    self.statistics = statistics
    self.elementsPerSample = elementsPerSample
    self.checksum = checksum
    suspect = false
  }

  public var median: Double { statistics.median }
  public var interval: ClosedRange<Double> { statistics.medianInterval }

  /// A row with no key and one zero sample: what a reader fills in.
  public static let empty = TimingRow(
    key: ResultKey(BenchmarkCase(feed: FeedID(domain: "", size: 0, distribution: "", kinds: 0), operation: ""), ""),
    schedule: "", statistics: .zero, elementsPerSample: 0, checksum: "")
}

/// A row of a run file: the run's information and the row's own.
public struct RunRecord: Sendable {
  public var info: RunInfo
  public var row: TimingRow

  public init(info: RunInfo, row: TimingRow) {
    self.info = info
    self.row = row
  }
}

/// A run CSV written by `dispatch-bench run`, read back and checked.
public struct RunFile: Sendable {
  public var path: String
  public var info: RunInfo
  public var rows: [TimingRow]

  /// Paces `rows` by the baseline (`TimingRow.paced`), so that every
  /// reader prints times that agree with their ratios.
  public init(path: String, info: RunInfo, rows: [TimingRow]) {
    self.path = path
    self.info = info
    self.rows = TimingRow.paced(rows, baseline: info.baseline)
  }

  /// The CSV text of a run.
  public static func document(info: RunInfo, rows: [TimingRow]) -> String {
    Schema.run.document(rows.map { RunRecord(info: info, row: $0) })
  }

  /// The rows by key.
  public var byKey: [ResultKey: TimingRow] {
    Dictionary(rows.map { ($0.key, $0) }) { first, _ in first }
  }
}

/// How a row's `code_bytes` was counted.
public enum CodeBytesMethod: String, CaseIterable, Sendable {
  /// What the timed loop called when it ran under callgrind, indirect calls
  /// included, and what that code calls directly.
  case callgrind
  /// What the loop reaches by direct calls alone: a lower bound for
  /// patterns that dispatch indirectly.
  case directCalls = "direct-calls"
  /// The synthetic domain's per-kind code, found by name.
  case generatedNames = "generated-names"
}

// MARK: The run CSV's columns

extension Schema {
  /// The run CSV's version: 2 added the allocation and hardware columns; 3
  /// the `baseline`, `ratio_to_baseline` (was `ratio_to_enum_switch`) and
  /// `mode` columns; 4 paired ratios over launches (`launches`,
  /// `ratio_to_baseline_low`/`_high`, `tracked*`, `resolution`, `net_median_ns`,
  /// `shuffle_seed`, `slice_elements`); 5 `code_bytes_method`, and
  /// `code_bytes` of share and feed rows follows indirect calls.
  public static let runVersion = "5"
  /// Run CSV versions `compare` and `report` read: the current one, and 4,
  /// whose columns it holds but `code_bytes_method` (read by the same code).
  /// Runs of versions 1 to 3 were compared on medians (and a rank test on
  /// raw samples), before launches and paired ratios; this build reads them
  /// no more, and says so.
  public static let readableRunVersions: Set<String> = ["4", runVersion]
  static let retiredRunVersions: [String: String] = Dictionary(
    uniqueKeysWithValues: ["1", "2", "3"].map {
      (
        $0,
        "is an older dispatch-bench's, before paired ratios over launches; this build reads versions 4 and "
          + "\(runVersion): time the suite again (`dispatch-bench run`), "
          + "or read this file with the commit that wrote it"
      )
    })

  /// Every column of the run CSV, in file order. Columns are documented in
  /// Guides/ResultsCSV.md; a reader finds them by name.
  public static var run: ColumnTable<RunRecord> {
    ColumnTable<RunRecord>(
      infoColumns(
        version: \.info.schemaVersion, versionName: "schema_version", readable: readableRunVersions,
        retired: retiredRunVersions)
        + [
          .text("command", \.info.command),
          .boolean("complete", \.info.complete),
          Column("baseline", .text, required: true, write: { $0.info.baseline.rawValue }) {
            record, reader throws(ResultsError) in
            record.info.baseline = StrategyID(try reader.nonEmpty("baseline"))
          },
        ] + keyColumns(\RunRecord.row.key) + [
          .text("schedule", \.row.schedule),
          Column("samples", .number, required: true, write: { String($0.row.statistics.count) }) {
            record, reader throws(ResultsError) in
            let samples = try reader.integer("samples")
            guard samples > 0 else { throw reader.failure("samples", "must be at least 1") }
            record.row.statistics.count = samples
          },
          .integer("elements_per_sample", \.row.elementsPerSample),
          statistic("min_ns", \.min),
          statistic("p25_ns", \.p25),
          .number("median_ns", \.row.statistics.median, required: true),
          statistic("p75_ns", \.p75),
          statistic("p90_ns", \.p90),
          statistic("max_ns", \.max),
          statistic("mean_ns", \.mean),
          .number("stddev_ns", \.row.statistics.standardDeviation),
          .number("mad_ns", \.row.statistics.medianAbsoluteDeviation),
          .number("ci95_low_ns", \.row.statistics.intervalLow, required: true),
          .number("ci95_high_ns", \.row.statistics.intervalHigh, required: true),
          .optionalNumber(
            "ratio_to_baseline", \.row.ratioToBaseline, missing: ""),
          .optionalNumber("ratio_to_baseline_low", \.row.ratioToBaselineLow, missing: ""),
          .optionalNumber("ratio_to_baseline_high", \.row.ratioToBaselineHigh, missing: ""),
          .optionalNumber("ratio_to_floor", \.row.ratioToFloor, missing: ""),
          Column("launches", .number, required: true, write: { String($0.row.launches) }) {
            record, reader throws(ResultsError) in
            let launches = try reader.integer("launches")
            guard launches > 0 else { throw reader.failure("launches", "must be at least 1") }
            record.row.launches = launches
          },
          Column("tracked_reference", .text, write: { $0.row.tracked?.rawValue ?? "" }) { record, reader in
            let text = reader.text("tracked_reference")
            record.row.tracked = text.isEmpty ? nil : StrategyID(text)
          },
          .optionalNumber("tracked_log_se", \.row.trackedLogError, missing: ""),
          .optionalNumber("tracked_degrees", \.row.trackedDegrees, missing: ""),
          .optionalNumber("resolution", \.row.resolution, missing: ""),
          .optionalNumber("net_median_ns", \.row.netMedian, missing: ""),
          Column("shuffle_seed", .text, write: { $0.row.shuffleSeed.map { String($0) } ?? "" }) {
            record, reader throws(ResultsError) in
            let text = reader.text("shuffle_seed")
            guard !text.isEmpty else { return }
            guard let seed = UInt64(text) else { throw reader.failure("shuffle_seed", "\"\(text)\" is not a seed") }
            record.row.shuffleSeed = seed
          },
          .optionalInteger("slice_elements", \.row.slice),
          .optionalInteger("code_bytes", \.row.codeBytes),
          Column("code_bytes_method", .text, write: { $0.row.codeBytesMethod?.rawValue ?? "" }) {
            record, reader throws(ResultsError) in
            let text = reader.text("code_bytes_method")
            guard !text.isEmpty else { return }
            guard let method = CodeBytesMethod(rawValue: text) else {
              throw reader.failure(
                "code_bytes_method",
                "\"\(text)\" is not one of \(CodeBytesMethod.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            record.row.codeBytesMethod = method
          },
          .optionalInteger("element_stride_bytes", \.row.elementStride),
          .optionalNumber("footprint_bytes_per_element", \.row.footprintBytesPerElement),
          .optionalNumber("alloc_calls_per_element", \.row.allocationsPerElement),
          .optionalNumber("alloc_bytes_per_element", \.row.allocatedBytesPerElement),
          .optionalNumber("cycles_per_element", \.row.cyclesPerElement),
          .optionalNumber("instructions_per_element", \.row.instructionsPerElement),
          .optionalNumber("branch_misses_per_element", \.row.branchMissesPerElement),
          .text("checksum", \.row.checksum),
          Column("written_as", .text, write: { $0.row.writtenAs ?? "" }) { record, reader in
            let text = reader.text("written_as")
            record.row.writtenAs = text.isEmpty ? nil : text
          },
          .boolean("suspect", \.row.suspect),
          .optionalNumber("interrupted_share", \.row.interruptedShare, missing: ""),
          .optionalNumber("launch_speed_spread", \.row.launchSpeedSpread, missing: ""),
          .optionalNumber("target_resolution", \.row.targetResolution, missing: ""),
          .optionalBoolean("met_target", \.row.metTarget),
          .optionalNumber("launch_variance_share", \.row.launchVarianceShare, missing: ""),
          .optionalBoolean("bimodal_launches", \.row.bimodalLaunches),
          Column("build", .text, write: { $0.row.build ?? "" }) { record, reader in
            let text = reader.text("build")
            record.row.build = text.isEmpty ? nil : text
          },
          Column("layouts", .number, write: { String($0.row.layouts) }) { record, reader throws(ResultsError) in
            guard reader.has("layouts") else { return }
            let layouts = try reader.integer("layouts")
            guard layouts > 0 else { throw reader.failure("layouts", "must be at least 1") }
            record.row.layouts = layouts
          },
          .optionalNumber("layout_variance_share", \.row.layoutVarianceShare, missing: ""),
        ] + timeColumns)
  }

  /// A summary statistic of a row's samples.
  private static func statistic(
    _ name: String, _ path: WritableKeyPath<SampleStatistics, Double>
  ) -> Column<RunRecord> {
    Column(name, .number, required: true, write: { CSVNumber.text($0.row.statistics[keyPath: path]) }) {
      record, reader throws(ResultsError) in
      record.row.statistics[keyPath: path] = try reader.double(name)
    }
  }

  /// Reads a run CSV's text; `path` names it in errors.
  static func readRun(_ table: CSVTable, path: String) throws(ResultsError) -> RunFile {
    let (info, rows) = try readRows(
      table, path: path, columns: run, empty: RunRecord(info: .unknown, row: .empty)
    ) { (record: RunRecord, reader: FieldReader) throws(ResultsError) -> (RunInfo, TimingRow) in
      let row = record.row
      guard row.statistics.intervalLow <= row.median && row.median <= row.statistics.intervalHigh else {
        throw reader.failure(
          "median_ns",
          "the median \(row.median) is outside its interval [\(row.statistics.intervalLow), "
            + "\(row.statistics.intervalHigh)]")
      }
      return (record.info, row)
    }
    return RunFile(path: path, info: info, rows: rows)
  }
}
