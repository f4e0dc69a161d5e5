/// The time every table, answer and chart prints for a row: one that agrees
/// with the ratio printed beside it.
///
/// A row's `median` is over its own launches. Claims-first launches run some
/// strategies in more launches than others, and the machine's speed moves
/// between launches, so one row's median divided by the baseline's need not
/// be the row's ratio, which is paired within rounds: a reader who divides
/// the two printed numbers would find a different answer from the one
/// printed. So a strategy's shown time is the baseline's median in its case
/// times its paired ratio to the baseline: its time at the pace the baseline
/// was measured at. Its shown interval is the baseline's median times the
/// ratio's interval. The baseline, the floor (printed without a ratio) and
/// a row without a ratio show their own median and interval; the CSV keeps
/// every row's own.
extension TimingRow {
  /// The time a table prints: at the baseline's pace where the row has a
  /// ratio to the baseline, else the row's own median.
  public var shownMedian: Double {
    guard let ratio = ratioToBaseline, let base = pace else { return median }
    return base * ratio
  }

  /// The 95% interval beside `shownMedian`: the baseline's median times the
  /// ratio's interval, or the row's own interval of its median.
  public var shownInterval: ClosedRange<Double> {
    guard ratioToBaseline != nil, let base = pace, let low = ratioToBaselineLow, let high = ratioToBaselineHigh
    else { return statistics.intervalLow...statistics.intervalHigh }
    return (base * low)...(base * high)
  }

  /// Each row with the baseline's median of its case, which its shown time
  /// is paced by. A row of the baseline or the floor, and a row whose case
  /// has no baseline row, keeps its own times.
  public static func paced(_ rows: [TimingRow], baseline: StrategyID) -> [TimingRow] {
    var medians: [BenchmarkCase: Double] = [:]
    for row in rows where row.key.strategy == baseline { medians[row.key.benchmarkCase] = row.median }
    return rows.map { row in
      var row = row
      let isPaced = row.key.strategy != baseline && row.key.strategy != .floor
      row.pace = isPaced ? medians[row.key.benchmarkCase] : nil
      return row
    }
  }
}
