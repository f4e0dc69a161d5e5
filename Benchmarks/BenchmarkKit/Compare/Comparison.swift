/// A strategy against the baseline within one run.
struct Standing {
  var key: CellKey
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
  var group: CellKey
  var baseline: String
  var standings: [Standing]
}

/// How a cell moved between two runs.
enum Verdict: String {
  case regressed, improved, unchanged
}

/// One cell of two runs side by side.
struct CellChange {
  var key: CellKey
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
  static func within(_ run: RunFile, baseline: String, samples: [CellKey: [Double]]?)
    -> [GroupStanding]
  {
    var groups: [CellKey: [RunRow]] = [:]
    var order: [CellKey] = []
    for row in run.rows where row.key.strategy != "floor" {
      if groups[row.key.group] == nil { order.append(row.key.group) }
      groups[row.key.group, default: []].append(row)
    }
    return order.compactMap { group in
      let rows = groups[group]!
      guard let base = rows.first(where: { $0.key.strategy == baseline }), base.median > 0 else {
        return nil
      }
      let ranked = rows.sorted { ($0.median, $0.key.strategy) < ($1.median, $1.key.strategy) }
      let standings = ranked.enumerated().map { index, row in
        Standing(
          key: row.key, median: row.median, ratio: row.median / base.median,
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
    _ base: RunFile, _ new: RunFile, threshold: Double, baseSamples: [CellKey: [Double]]?,
    newSamples: [CellKey: [Double]]?
  ) -> (changes: [CellChange], onlyInBase: [CellKey], onlyInNew: [CellKey]) {
    let baseRows = base.byKey
    let newRows = new.byKey
    var changes: [CellChange] = []
    for newRow in new.rows {
      guard let baseRow = baseRows[newRow.key], baseRow.median > 0 else { continue }
      let ratio = newRow.median / baseRow.median
      let interval = ratioInterval(newRow, baseRow, samples: newSamples, otherSamples: baseSamples)
      var pValue: Double?
      let significant: Bool
      if let a = newSamples?[newRow.key], let b = baseSamples?[newRow.key], !a.isEmpty, !b.isEmpty {
        pValue = RankTest.pValue(a, b)
        significant = pValue! < 0.05
      } else {
        significant =
          newRow.intervalLow > baseRow.intervalHigh || newRow.intervalHigh < baseRow.intervalLow
      }
      let verdict: Verdict =
        !significant ? .unchanged
        : ratio > 1 + threshold ? .regressed
        : ratio < 1 - threshold ? .improved : .unchanged
      changes.append(
        CellChange(
          key: newRow.key, baseMedian: baseRow.median, newMedian: newRow.median, ratio: ratio,
          interval: interval, method: pValue == nil ? "intervals" : "rank test", pValue: pValue,
          significant: significant, verdict: verdict))
    }
    let onlyInBase = base.rows.map(\.key).filter { newRows[$0] == nil }
    let onlyInNew = new.rows.map(\.key).filter { baseRows[$0] == nil }
    return (changes, onlyInBase, onlyInNew)
  }

  /// Differences in what two runs were measured on, worth a warning.
  static func warnings(_ base: RunFile, _ new: RunFile) -> [String] {
    var warnings: [String] = []
    for column in RunFile.machineColumns + ["seed"] {
      let a = base.run[column] ?? ""
      let b = new.run[column] ?? ""
      if a != b {
        warnings.append("the runs differ in \(column): \(JSONText.quoted(a)) and \(JSONText.quoted(b))")
      }
    }
    return warnings
  }

  /// The interval of `row.median ÷ other.median`.
  private static func ratioInterval(
    _ row: RunRow, _ other: RunRow, samples: [CellKey: [Double]]?,
    otherSamples: [CellKey: [Double]]?
  ) -> ClosedRange<Double> {
    if let a = samples?[row.key], let b = otherSamples?[other.key], !a.isEmpty, !b.isEmpty {
      return RatioInterval.bootstrap(numerator: a, denominator: b)
    }
    return RatioInterval.fromIntervals(
      numerator: row.intervalLow...row.intervalHigh, denominator: other.intervalLow...other.intervalHigh)
  }
}
