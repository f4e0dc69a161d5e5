import BenchmarkResults
import RunContract
import Statistics

extension MeasuredRun {
  /// Fills in each row's statistics from its samples (over every launch),
  /// its paired ratios to the baseline and to the floor of its case, what
  /// `compare` tracks and the resolution, its time net of the null's, and
  /// flags rows faster than their floor.
  ///
  /// Rows without samples (written by hand in tests, or read from a file)
  /// keep their statistics, and their ratios are ratios of medians.
  package mutating func computeRatios() {
    computeRatios(using: SampleIndex(samples))
  }

  /// The same, from `byRow`, an index of these rows' samples (it may hold
  /// other rows' too): a run's launches keep one as their samples come
  /// (`RunAggregate`), rather than index every sample again after each.
  package mutating func computeRatios(using byRow: SampleIndex) {
    for index in rows.indices {
      guard let values = byRow.all[rows[index].key], let statistics = try? SampleStatistics(values) else { continue }
      rows[index].statistics = statistics
      rows[index].launches = byRow.byRound[rows[index].key]!.count
    }
    let ratios = Ratios(rows: rows, byRound: byRow.byRound, baseline: info.baseline, layouts: layouts)
    for index in rows.indices { ratios.fill(&rows[index]) }
    rows = TimingRow.paced(rows, baseline: info.baseline)
  }

  /// The number of rows with a launch variance a domain needs for its rows
  /// to be moderated toward its own typical variance, not the run's.
  package static let domainPoolMinimum = 10
}

/// A run's samples, by row: every one, and each by launch and round.
package struct SampleIndex {
  /// Nanoseconds per element by row, launch and round.
  fileprivate var byRound: [ResultKey: [Int: [Int: Double]]] = [:]
  fileprivate var all: [ResultKey: [Double]] = [:]

  package init(_ samples: [RawSample] = []) { add(samples) }

  /// Indexes `samples` too, after those already indexed.
  package mutating func add(_ samples: [RawSample]) {
    for sample in samples {
      byRound[sample.key, default: [:]][sample.launch, default: [:]][sample.round] = sample.nanosecondsPerElement
      all[sample.key, default: []].append(sample.nanosecondsPerElement)
    }
  }
}

/// Each row's ratios, from rows whose statistics are final: paired by
/// round within each launch and combined over launches where there are
/// samples, ratios of medians where there are not.
private struct Ratios {
  let byRound: [ResultKey: [Int: [Int: Double]]]
  let medians: [ResultKey: Double]
  let baseline: StrategyID
  let layouts: Int
  /// The typical variance of tracked log-ratios between launches (with
  /// layouts, between layouts' means) that each row's own is moderated
  /// toward: its domain's, where the domain has
  /// `MeasuredRun.domainPoolMinimum` rows to pool, else the run's
  /// (`pooledVariance(for:)`).
  private(set) var pooled: Double?
  private(set) var pooledByDomain: [String: Double] = [:]

  init(rows: [TimingRow], byRound: [ResultKey: [Int: [Int: Double]]], baseline: StrategyID, layouts: Int) {
    self.byRound = byRound
    self.baseline = baseline
    self.layouts = layouts
    medians = Dictionary(rows.map { ($0.key, $0.median) }) { _, last in last }
    let variances = rows.compactMap { row in
      PairedRatio.launchVariance(units(launchEstimates(row.key, over: Self.reference(row, tracked(row))))).map {
        (domain: row.key.feed.domain, variance: $0)
      }
    }
    // The median, not the mean: a few layout-sensitive rows with launches in
    // two modes must not widen every calm row's interval. By domain: the
    // synthetic domain's 2-ns loops vary between launches more than share
    // and feed rows do, so one pool for the run made the synthetic
    // intervals too narrow and the share ones too wide (the A/A evidence is
    // in Guides/Method.md, "Ratios").
    pooled = Summary.median(variances.map(\.variance))
    let byDomain = Dictionary(grouping: variances, by: \.domain)
    for (domain, group) in byDomain where group.count >= MeasuredRun.domainPoolMinimum {
      pooledByDomain[domain] = Summary.median(group.map(\.variance))
    }
  }

  /// The launch variance a row of `key`'s is moderated toward.
  func pooledVariance(for key: ResultKey) -> Double? {
    pooledByDomain[key.feed.domain] ?? pooled
  }

  /// The row of `strategy` in `row`'s case.
  private static func reference(_ row: TimingRow, _ strategy: StrategyID) -> ResultKey {
    ResultKey(row.key.benchmarkCase, strategy)
  }

  /// What `compare` tracks a row against: the baseline, or for the
  /// baseline the floor.
  private func tracked(_ row: TimingRow) -> StrategyID {
    row.key.strategy == baseline ? .floor : baseline
  }

  /// Per-launch estimates of ln(row ÷ other), from paired rounds, by launch.
  private func launchEstimates(_ key: ResultKey, over other: ResultKey) -> [(launch: Int, estimate: SampleStatistics)] {
    guard let mine = byRound[key], let theirs = byRound[other] else { return [] }
    return mine.keys.sorted().compactMap { launch in
      theirs[launch].flatMap { PairedRatio.launchEstimate(mine[launch]!, over: $0) }.map { (launch, $0) }
    }
  }

  /// The independent estimates a ratio combines: each launch's, or with
  /// layouts, each layout's mean over its launches.
  private func units(_ estimates: [(launch: Int, estimate: SampleStatistics)]) -> [Double] {
    guard layouts > 1 else { return estimates.map(\.estimate.median) }
    let byLayout = Dictionary(grouping: estimates) { $0.launch / LayoutBuilds.launchStride }
    return byLayout.keys.sorted().map { layout in
      let medians = byLayout[layout]!.map(\.estimate.median)
      return medians.reduce(0, +) / Double(medians.count)
    }
  }

  /// The row's paired ratio to `strategy`, over every launch (and layout).
  private func ratio(_ row: TimingRow, to strategy: StrategyID) -> PairedRatio? {
    guard row.key.strategy != strategy else { return nil }
    let estimates = launchEstimates(row.key, over: Self.reference(row, strategy))
    let pooled = pooledVariance(for: row.key)
    guard layouts > 1 else { return PairedRatio.combine(estimates.map(\.estimate), pooledVariance: pooled) }
    return PairedRatio.combine(units: units(estimates), launches: estimates.count, pooledVariance: pooled)
  }

  func fill(_ row: inout TimingRow) {
    let toBaseline = ratio(row, to: baseline)
    let toFloor = ratio(row, to: .floor)
    fillBaselineRatio(&row, toBaseline)
    fillFloorRatio(&row, toFloor)
    if let null = medians[Self.reference(row, .null)], row.key.strategy != .null, row.key.strategy != .floor {
      row.netMedian = row.median - null
    }
    let trackedKey = Self.reference(row, tracked(row))
    let estimates = launchEstimates(row.key, over: trackedKey)
    if row.key.strategy != trackedKey.strategy, let levels = LaunchLevels(estimates.map(\.estimate)) {
      row.launchVarianceShare = levels.launchShare
      // With layouts the launches group by layout: layout_variance_share
      // says how much, and two groups would be the layouts, not a finding.
      row.bimodalLaunches = layouts > 1 ? nil : levels.bimodal
    }
    if layouts > 1, row.key.strategy != trackedKey.strategy {
      row.layouts = Set(estimates.map { $0.launch / LayoutBuilds.launchStride }).count
      row.layoutVarianceShare = LaunchLevels.layoutShare(
        Dictionary(grouping: estimates) { $0.launch / LayoutBuilds.launchStride }.values.map {
          $0.map(\.estimate.median)
        })
    }
    if let ratio = row.key.strategy == baseline ? toFloor : toBaseline {
      row.tracked = tracked(row)
      row.trackedLogError = ratio.standardError
      row.trackedDegrees = ratio.degrees
      row.resolution = ratio.resolution
    }
  }

  private func fillBaselineRatio(_ row: inout TimingRow, _ ratio: PairedRatio?) {
    if row.key.strategy == baseline {
      row.ratioToBaseline = 1
      row.ratioToBaselineLow = 1
      row.ratioToBaselineHigh = 1
    } else if let ratio {
      row.ratioToBaseline = ratio.ratio
      row.ratioToBaselineLow = ratio.interval.lowerBound
      row.ratioToBaselineHigh = ratio.interval.upperBound
    } else if !row.key.strategy.isReference, let median = medians[Self.reference(row, baseline)], median > 0 {
      row.ratioToBaseline = row.median / median
    }
  }

  /// The ratio to the floor, and whether the row is faster than its floor.
  private func fillFloorRatio(_ row: inout TimingRow, _ ratio: PairedRatio?) {
    let floorKey = Self.reference(row, .floor)
    if let ratio {
      row.ratioToFloor = ratio.ratio
    } else if let floor = medians[floorKey], floor > 0 {
      row.ratioToFloor = row.median / floor
    }
    if let floor = medians[floorKey], floor > 0 {
      row.suspect =
        !row.key.strategy.isReference && SampleIndex.isBelowTheFloor(median: row.median, floor: floor, ratio)
    }
  }
}

extension SampleIndex {
  /// Below the floor beyond what the run can tell: the paired ratio's
  /// whole 95% interval under 1 when the run has one (a row within noise
  /// of the floor is not an error), else the median under the floor's.
  package static func isBelowTheFloor(median: Double, floor: Double, _ ratio: PairedRatio?) -> Bool {
    guard let ratio else { return median < floor }
    return ratio.interval.upperBound < 1
  }
}
