import BenchmarkResults

/// What `compare` and `report` read off a row: one value per element with
/// its 95% interval (a point for exact counts).
struct Measured {
  var key: ResultKey
  var value: Double
  var interval: ClosedRange<Double>
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

  /// A run's times, or a profile's count of `metric` (instructions unless
  /// named).
  init(_ contents: Schema.Contents, metric: ProfileMetric = .instructions) {
    switch contents {
    case .run(let file):
      path = file.path
      info = file.info
      measure = .time
      rows = file.rows.map { Measured(key: $0.key, value: $0.median, interval: $0.interval) }
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
}

/// One cell of two runs side by side.
struct CellChange {
  var key: ResultKey
  var baseMedian: Double
  var newMedian: Double
  /// new ÷ base.
  var ratio: Double
  var interval: ClosedRange<Double>
  /// `rank test` when both runs' raw samples were given, else `intervals`.
  var method: String
  var pValue: Double?
  var significant: Bool
  var verdict: Verdict
}

/// What `compare` computes.
enum Comparison {
  /// Every group of a run with its strategies ranked against `baseline`.
  ///
  /// Ratio intervals come from a bootstrap of the raw samples when they are
  /// given, else from the medians' own intervals (conservative).
  static func within(_ run: MeasuredFile, baseline: StrategyID, samples: [ResultKey: [Double]]?)
    -> [GroupStanding]
  {
    let groups = OrderedGroups(run.rows.filter { !$0.key.strategy.isReference }) { $0.key.benchmarkCase }
    return groups.compactMap { group, rows in
      guard let base = rows.first(where: { $0.key.strategy == baseline }), base.value > 0 else {
        return nil
      }
      let ranked = rows.sorted { ($0.value, $0.key.strategy) < ($1.value, $1.key.strategy) }
      let standings = ranked.enumerated().map { index, row in
        Standing(
          key: row.key, median: row.value, ratio: row.value / base.value,
          interval: row.key.strategy == baseline
            ? nil : ratioInterval(row, base, samples: samples, otherSamples: samples),
          rank: index + 1)
      }
      return GroupStanding(group: group, baseline: baseline, standings: standings)
    }
  }

  /// Every cell of `new` matched with the same cell of `base`.
  ///
  /// A cell regressed (or improved) when it is slower (or faster) by more
  /// than `threshold` and the difference is significant: by the rank test at
  /// 5% when both runs' raw samples are given, else by the two medians'
  /// 95% intervals not overlapping.
  static func between(
    _ base: MeasuredFile, _ new: MeasuredFile, threshold: Double, baseSamples: [ResultKey: [Double]]?,
    newSamples: [ResultKey: [Double]]?
  ) -> (changes: [CellChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey]) {
    let baseRows = base.byKey
    let newRows = new.byKey
    var changes: [CellChange] = []
    for newRow in new.rows {
      guard let baseRow = baseRows[newRow.key], baseRow.value > 0 else { continue }
      let ratio = newRow.value / baseRow.value
      let interval = ratioInterval(newRow, baseRow, samples: newSamples, otherSamples: baseSamples)
      var pValue: Double?
      let significant: Bool
      if let a = newSamples?[newRow.key], let b = baseSamples?[newRow.key], !a.isEmpty, !b.isEmpty {
        pValue = RankTest.pValue(a, b)
        significant = pValue! < 0.05
      } else {
        significant =
          newRow.interval.lowerBound > baseRow.interval.upperBound
          || newRow.interval.upperBound < baseRow.interval.lowerBound
      }
      let verdict: Verdict =
        !significant ? .unchanged
        : ratio > 1 + threshold ? .regressed
        : ratio < 1 - threshold ? .improved : .unchanged
      changes.append(
        CellChange(
          key: newRow.key, baseMedian: baseRow.value, newMedian: newRow.value, ratio: ratio,
          interval: interval, method: pValue == nil ? "intervals" : "rank test", pValue: pValue,
          significant: significant, verdict: verdict))
    }
    let onlyInBase = base.rows.map(\.key).filter { newRows[$0] == nil }
    let onlyInNew = new.rows.map(\.key).filter { baseRows[$0] == nil }
    return (changes, onlyInBase, onlyInNew)
  }

  /// Differences in what two runs were measured on, worth a warning.
  static func warnings(_ base: RunInfo, _ new: RunInfo) -> [String] {
    let compared: [(String, (RunInfo) -> String)] = [
      ("cpu_model", { $0.machine.cpuModel }), ("cores", { String($0.machine.cores) }),
      ("os", { $0.machine.operatingSystem }), ("swift_version", { $0.machine.swiftVersion }),
      ("build_configuration", { $0.machine.buildConfiguration }),
      ("build_flags", { $0.machine.buildFlags }), ("seed", { String($0.seed) }),
    ]
    return compared.compactMap { column, value in
      let (a, b) = (value(base), value(new))
      return a == b ? nil : "the runs differ in \(column): \(JSONText.quoted(a)) and \(JSONText.quoted(b))"
    }
  }

  /// The interval of `row.median ÷ other.median`.
  private static func ratioInterval(
    _ row: Measured, _ other: Measured, samples: [ResultKey: [Double]]?,
    otherSamples: [ResultKey: [Double]]?
  ) -> ClosedRange<Double> {
    if let a = samples?[row.key], let b = otherSamples?[other.key], !a.isEmpty, !b.isEmpty {
      return RatioInterval.bootstrap(numerator: a, denominator: b)
    }
    return RatioInterval.fromIntervals(numerator: row.interval, denominator: other.interval)
  }
}
