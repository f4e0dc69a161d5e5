import BenchmarkResults

/// A 95% interval for the ratio of two medians.
package enum RatioInterval {
  /// By bootstrap: both sets are resampled with replacement `resamples`
  /// times, the ratio of the resamples' medians taken each time, and the
  /// 2.5th and 97.5th percentiles of those ratios returned. `below(n)`
  /// draws an index in `0..<n`: the caller's seeded generator, so the same
  /// samples give the same interval.
  package static func bootstrap(
    numerator: [Double], denominator: [Double], resamples: Int = 2_000, below: (Int) -> Int
  ) -> ClosedRange<Double> {
    precondition(!numerator.isEmpty && !denominator.isEmpty)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var top = [Double](repeating: 0, count: numerator.count)
    var bottom = [Double](repeating: 0, count: denominator.count)
    for _ in 0..<resamples {
      for index in top.indices { top[index] = numerator[below(numerator.count)] }
      for index in bottom.indices { bottom[index] = denominator[below(denominator.count)] }
      top.sort()
      bottom.sort()
      let median = SampleStatistics.percentile(bottom, 0.5)
      if median > 0 { ratios.append(SampleStatistics.percentile(top, 0.5) / median) }
    }
    guard !ratios.isEmpty else { return 0...Double.infinity }
    ratios.sort()
    return SampleStatistics.percentile(ratios, 0.025)...SampleStatistics.percentile(ratios, 0.975)
  }

  /// From each median's own 95% interval, without raw samples: the widest
  /// ratio the two intervals allow. Conservative (wider than the truth).
  package static func fromIntervals(numerator: ClosedRange<Double>, denominator: ClosedRange<Double>)
    -> ClosedRange<Double>
  {
    guard denominator.lowerBound > 0 else { return 0...Double.infinity }
    let low = numerator.lowerBound / denominator.upperBound
    let high = numerator.upperBound / denominator.lowerBound
    return min(low, high)...max(low, high)
  }
}
