import BenchmarkResults

/// Everything a run produced: what it ran on, a row per strategy and case,
/// and every raw sample.
struct RunResults {
  var info: RunInfo
  var rows: [TimingRow]
  var samples: [RawSample] = []

  /// Fills in each row's ratios to the baseline strategy and to the floor of
  /// its case, and flags rows faster than their floor.
  mutating func computeRatios() {
    var baselineMedians: [BenchmarkCase: Double] = [:]
    var floorMedians: [BenchmarkCase: Double] = [:]
    for row in rows {
      if row.key.strategy == info.baseline { baselineMedians[row.key.benchmarkCase] = row.median }
      if row.key.strategy == .floor { floorMedians[row.key.benchmarkCase] = row.median }
    }
    for index in rows.indices {
      let row = rows[index]
      let floor = floorMedians[row.key.benchmarkCase] ?? floorMedians[row.key.floorCaseBeforeVersion3]
      if !row.key.strategy.isReference, let median = baselineMedians[row.key.benchmarkCase], median > 0 {
        rows[index].ratioToBaseline = row.median / median
      }
      if let floor, floor > 0 {
        rows[index].ratioToFloor = row.median / floor
        rows[index].suspect = !row.key.strategy.isReference && row.median < floor
      }
    }
  }

  /// The run as its CSV.
  var document: String { RunFile.document(info: info, rows: rows) }
}

extension ResultKey {
  /// Where a file before version 3 kept this row's floor: one floor row per
  /// feed, with operation `floor`.
  var floorCaseBeforeVersion3: BenchmarkCase {
    BenchmarkCase(feed: feed, operation: StrategyID.floor.rawValue, mode: mode)
  }
}
