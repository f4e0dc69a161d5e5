import BenchmarkResults

/// A 95% interval for the ratio of two medians.
package enum RatioInterval {
  /// By bootstrap: both sets are resampled with replacement `resamples`
  /// times, the ratio of the resamples' medians taken each time, and the
  /// 2.5th and 97.5th percentiles of those ratios returned; any ratio at or
  /// above 0 when no resample's denominator has a median above 0. `below(n)`
  /// draws an index in `0..<n`: the caller's seeded generator, so the same
  /// samples give the same interval. `nil` for a side without samples, a
  /// sample that is NaN or infinite, or no resamples.
  package static func bootstrap(
    numerator: [Double], denominator: [Double], resamples: Int = 2_000, below: (Int) -> Int
  ) -> ClosedRange<Double>? {
    guard StatisticsError.refusal(of: numerator) == nil, StatisticsError.refusal(of: denominator) == nil,
      resamples > 0
    else { return nil }
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var top = [Double](repeating: 0, count: numerator.count)
    var bottom = [Double](repeating: 0, count: denominator.count)
    for _ in 0..<resamples {
      for index in top.indices { top[index] = numerator[below(numerator.count)] }
      for index in bottom.indices { bottom[index] = denominator[below(denominator.count)] }
      top.sort()
      bottom.sort()
      guard let median = SampleStatistics.percentile(bottom, 0.5), median > 0,
        let ratio = SampleStatistics.percentile(top, 0.5).map({ $0 / median }), ratio.isFinite
      else { continue }
      ratios.append(ratio)
    }
    guard !ratios.isEmpty else { return 0...Double.infinity }
    ratios.sort()
    guard let low = SampleStatistics.percentile(ratios, 0.025), let high = SampleStatistics.percentile(ratios, 0.975)
    else { return nil }
    return low...high
  }

  /// From each median's own 95% interval, without raw samples: the widest
  /// ratio the two intervals allow. Conservative (wider than the truth).
  /// Its ends are among the four quotients of the intervals' bounds; where
  /// the denominator's interval holds 0, or a quotient is ∞ ÷ ∞, the ratio
  /// may be any size: any at or above 0 when both intervals lie at or above
  /// 0, else any at all.
  package static func fromIntervals(numerator: ClosedRange<Double>, denominator: ClosedRange<Double>)
    -> ClosedRange<Double>
  {
    let unbounded =
      numerator.lowerBound >= 0 && denominator.lowerBound >= 0
      ? 0...Double.infinity : -Double.infinity...Double.infinity
    guard !denominator.contains(0) else { return unbounded }
    let corners = [numerator.lowerBound, numerator.upperBound].flatMap { top in
      [denominator.upperBound, denominator.lowerBound].map { top / $0 }
    }
    guard !corners.contains(where: \.isNaN) else { return unbounded }
    return corners.min()!...corners.max()!
  }
}
