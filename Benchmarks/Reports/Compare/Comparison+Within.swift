import BenchmarkResults
import DispatchModel
import Statistics
import RunContract

/// One run: every strategy against a baseline.
extension Comparison {
  /// Every group of a run with its strategies ranked against `baseline`.
  ///
  /// Ratio intervals come from a bootstrap of the raw samples when they are
  /// given, else from the medians' own intervals (conservative).
  package static func within(_ run: MeasuredFile, baseline: StrategyID, samples: [ResultKey: [Double]]?)
    -> [GroupStanding]
  {
    let groups = OrderedGroups(run.rows.filter { !$0.key.strategy.isReference }) { $0.key.benchmarkCase }
    return groups.compactMap { group, rows in
      guard let base = rows.first(where: { $0.key.strategy == baseline }), base.value > 0 else {
        return nil
      }
      let paired = baseline == run.info.baseline && samples == nil && rows.allSatisfy { $0.ratio != nil }
      // With paired ratios, a strategy's time is shown at the baseline's
      // pace (TimingRow.shownMedian), so that it agrees with its ratio.
      func shown(_ row: Measured) -> Double { paired ? base.value * row.ratio!.value : row.value }
      let ranked = rows.sorted { (shown($0), $0.key.strategy) < (shown($1), $1.key.strategy) }
      let standings = ranked.map { row in
        Standing(
          key: row.key, median: shown(row),
          ratio: paired ? row.ratio!.value : row.value / base.value,
          interval: row.key.strategy == baseline
            ? nil : paired ? row.ratio!.interval : ratioInterval(row, base, samples: samples, otherSamples: samples),
          rank: 0)
      }
      // A strategy ranks behind only those whose interval lies wholly below
      // its own: strategies the run cannot separate share a rank.
      let ranges = standings.map { $0.interval ?? $0.ratio...$0.ratio }
      let ranks = Ranking.ranks(ranges)
      return GroupStanding(
        group: group, baseline: baseline,
        standings: zip(standings, ranks).map { standing, rank in
          var standing = standing
          standing.rank = rank
          return standing
        }.sorted { ($0.rank, $0.ratio) < ($1.rank, $1.ratio) })
    }
  }

  /// The interval of `row.median ÷ other.median`.
  package static func ratioInterval(
    _ row: Measured, _ other: Measured, samples: [ResultKey: [Double]]?,
    otherSamples: [ResultKey: [Double]]?
  ) -> ClosedRange<Double> {
    if let a = samples?[row.key], let b = otherSamples?[other.key] {
      var random = SplitMix64(seed: 1)
      if let interval = RatioInterval.bootstrap(numerator: a, denominator: b, below: { random.below($0) }) {
        return interval
      }
    }
    return RatioInterval.fromIntervals(numerator: row.interval, denominator: other.interval)
  }
}
