import BenchmarkResults

/// Everything a run produced: what it ran on, a row per strategy and case,
/// and every raw sample, from every launch.
struct RunResults {
  var info: RunInfo
  var rows: [TimingRow]
  var samples: [RawSample] = []

  /// Fills in each row's statistics from its samples (over every launch),
  /// its paired ratios to the baseline and to the floor of its case, what
  /// `compare` tracks and the resolution, its time net of the null's, and
  /// flags rows faster than their floor.
  ///
  /// Rows without samples (written by hand in tests, or read from a file)
  /// keep their statistics, and their ratios are ratios of medians.
  mutating func computeRatios() {
    // ns per element by row, launch and round.
    var byRow: [ResultKey: [Int: [Int: Double]]] = [:]
    var all: [ResultKey: [Double]] = [:]
    for sample in samples {
      byRow[sample.key, default: [:]][sample.launch, default: [:]][sample.round] = sample.nanosecondsPerElement
      all[sample.key, default: []].append(sample.nanosecondsPerElement)
    }
    for index in rows.indices {
      guard let values = all[rows[index].key] else { continue }
      rows[index].statistics = SampleStatistics(values)
      rows[index].launches = byRow[rows[index].key]!.count
    }

    var medians: [ResultKey: Double] = [:]
    for row in rows { medians[row.key] = row.median }
    func reference(_ row: TimingRow, _ strategy: StrategyID) -> ResultKey {
      ResultKey(row.key.benchmarkCase, strategy)
    }
    /// Per-launch estimates of ln(row ÷ other), from paired rounds.
    func launchEstimates(_ key: ResultKey, over other: ResultKey) -> [SampleStatistics] {
      guard let mine = byRow[key], let theirs = byRow[other] else { return [] }
      return mine.keys.sorted().compactMap { launch in
        theirs[launch].flatMap { PairedRatio.launchEstimate(mine[launch]!, over: $0) }
      }
    }
    func tracked(_ row: TimingRow) -> StrategyID {
      row.key.strategy == info.baseline ? .floor : info.baseline
    }

    // The run's typical launch variance of tracked log-ratios, which each
    // row's own is moderated toward.
    let variances = rows.compactMap { row in
      PairedRatio.launchVariance(launchEstimates(row.key, over: reference(row, tracked(row))).map(\.median))
    }
    // The median, not the mean: a few layout-sensitive rows with launches in
    // two modes must not widen every calm row's interval.
    let pooled = variances.isEmpty ? nil : SampleStatistics(variances).median

    for index in rows.indices {
      let row = rows[index]
      let baselineKey = reference(row, info.baseline)
      let floorKey = reference(row, .floor)
      let toBaseline =
        row.key.strategy == info.baseline
        ? nil : PairedRatio.combine(launchEstimates(row.key, over: baselineKey), pooledVariance: pooled)
      let toFloor =
        row.key.strategy == .floor
        ? nil : PairedRatio.combine(launchEstimates(row.key, over: floorKey), pooledVariance: pooled)

      if row.key.strategy == info.baseline {
        rows[index].ratioToBaseline = 1
        rows[index].ratioToBaselineLow = 1
        rows[index].ratioToBaselineHigh = 1
      } else if let toBaseline {
        rows[index].ratioToBaseline = toBaseline.ratio
        rows[index].ratioToBaselineLow = toBaseline.interval.lowerBound
        rows[index].ratioToBaselineHigh = toBaseline.interval.upperBound
      } else if !row.key.strategy.isReference, let median = medians[baselineKey], median > 0 {
        rows[index].ratioToBaseline = row.median / median
      }
      if let toFloor {
        rows[index].ratioToFloor = toFloor.ratio
      } else if let floor = medians[floorKey] ?? medians[ResultKey(row.key.floorCaseBeforeVersion3, .floor)],
        floor > 0
      {
        rows[index].ratioToFloor = row.median / floor
      }
      if let floor = medians[floorKey], floor > 0 {
        rows[index].suspect = !row.key.strategy.isReference && row.median < floor
      }
      if let null = medians[reference(row, .null)], row.key.strategy != .null, row.key.strategy != .floor {
        rows[index].netMedian = row.median - null
      }
      if let ratio = row.key.strategy == info.baseline ? toFloor : toBaseline {
        rows[index].tracked = tracked(row)
        rows[index].trackedLogError = ratio.standardError
        rows[index].trackedDegrees = ratio.degrees
        rows[index].resolution = ratio.resolution
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
