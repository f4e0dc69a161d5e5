#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import DispatchModel
import BenchmarkResults

/// The Mann–Whitney U test (Wilcoxon rank-sum): do two sets of samples come
/// from the same distribution?
///
/// Distribution-free, so it suits timings, which are skewed and have long
/// right tails. The p-value uses the normal approximation with corrections
/// for ties and continuity, sound for the 10 or more samples a run takes.
package enum RankTest {
  /// The two-sided p-value; small means the samples differ.
  ///
  /// - Precondition: both sets have samples.
  package static func pValue(_ a: [Double], _ b: [Double]) -> Double {
    precondition(!a.isEmpty && !b.isEmpty, "the rank test needs samples on both sides")
    let n1 = Double(a.count)
    let n2 = Double(b.count)
    let n = n1 + n2
    let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
    // Average ranks over ties, and the tie correction Σ(t³ − t).
    var rankSumA = 0.0
    var tieTerm = 0.0
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
      let averageRank = Double(start + end + 2) / 2
      for index in start...end where pooled[index].1 == 0 { rankSumA += averageRank }
      let t = Double(end - start + 1)
      tieTerm += t * t * t - t
      start = end + 1
    }
    let u = rankSumA - n1 * (n1 + 1) / 2
    let mean = n1 * n2 / 2
    let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
    guard variance > 0 else { return 1 }  // every sample equal
    let distance = max(0, abs(u - mean) - 0.5)
    return min(1, erfc(distance / variance.squareRoot() / 2.0.squareRoot()))
  }
}

/// A 95% interval for the ratio of two medians.
package enum RatioInterval {
  /// By bootstrap: both sets are resampled with replacement `resamples`
  /// times, the ratio of the resamples' medians taken each time, and the
  /// 2.5th and 97.5th percentiles of those ratios returned. Seeded, so the
  /// same samples give the same interval.
  package static func bootstrap(
    numerator: [Double], denominator: [Double], resamples: Int = 2_000, seed: UInt64 = 1
  ) -> ClosedRange<Double> {
    precondition(!numerator.isEmpty && !denominator.isEmpty)
    var random = SplitMix64(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var top = [Double](repeating: 0, count: numerator.count)
    var bottom = [Double](repeating: 0, count: denominator.count)
    for _ in 0..<resamples {
      for index in top.indices { top[index] = numerator[random.below(numerator.count)] }
      for index in bottom.indices { bottom[index] = denominator[random.below(denominator.count)] }
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
