#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Where a row's ratio varies: between launches, or within one. The model
/// is Kalibera and Jones's two levels ("Rigorous Benchmarking in Reasonable
/// Time", ISMM 2013): a launch draws an effect (its heap layout, the
/// machine's state), and its rounds scatter around it. A launch's estimate
/// then varies by τ² (the launch level) plus its own sampling error; the
/// spread of the launches' estimates, less their mean sampling error,
/// estimates τ².
///
/// Launches whose estimates fall in two separate groups say more than
/// "noise": the ratio depends on a layout a launch draws, one of two, so the
/// pattern is layout-sensitive at that size.
package struct LaunchLevels: Equatable {
  /// τ² over the variance of one launch's estimate: 0 when launches agree
  /// as well as their rounds allow, near 1 when the launch decides.
  package var launchShare: Double
  /// The launches fall in two groups (`isBimodal(_:)`).
  package var bimodal: Bool

  /// From each launch's estimate of a log-ratio (its median and interval);
  /// `nil` below three launches, for an estimate whose median or bounds are
  /// not finite numbers, or where their variance exceeds the largest
  /// `Double`. Launches that agree exactly, rounds and all, share nothing
  /// between them (nothing varies).
  package init?(_ launches: [SampleStatistics]) {
    let bounds = launches.flatMap { [$0.intervalLow, $0.median, $0.intervalHigh] }
    guard launches.count >= 3, !bounds.contains(where: { !$0.isFinite }),
      let between = PairedRatio.launchVariance(launches.map(\.median)), between.isFinite
    else { return nil }
    let within =
      launches.map { launch -> Double in
        let error = (launch.intervalHigh - launch.intervalLow) / (2 * NormalDistribution.quantile95)
        return error * error
      }.reduce(0, +) / Double(launches.count)
    guard within.isFinite, let bimodal = Self.isBimodal(launches.map(\.median), within: within) else { return nil }
    let tau = max(0, between - within)
    launchShare = tau + within > 0 ? tau / (tau + within) : 0
    self.bimodal = bimodal
  }

  /// With layouts: of the variance of one launch's estimate, the share
  /// between layouts (τ²ₗ ÷ (τ²ₗ + the launches' variance within a layout),
  /// τ²ₗ the layouts' means' variance less what their launches explain);
  /// `nil` below two layouts with two launches each, for an estimate that
  /// is NaN or infinite, or where a variance exceeds the largest `Double`.
  /// Layouts whose launches all agree share nothing (nothing varies).
  package static func layoutShare(_ layouts: [[Double]]) -> Double? {
    let usable = layouts.filter { $0.count >= 2 }
    guard usable.count >= 2, usable.count == layouts.count else { return nil }
    var means: [Double] = []
    var variances: [Double] = []
    for layout in usable {
      guard let mean = SampleStatistics.mean(layout), mean.isFinite,
        let variance = PairedRatio.launchVariance(layout), variance.isFinite
      else { return nil }
      means.append(mean)
      variances.append(variance)
    }
    guard let between = PairedRatio.launchVariance(means), between.isFinite else { return nil }
    let within = variances.reduce(0, +) / Double(usable.count)
    let launchesPerLayout = Double(usable.map(\.count).reduce(0, +)) / Double(usable.count)
    let tau = max(0, between - within / launchesPerLayout)
    return tau + within > 0 ? tau / (tau + within) : 0
  }

  /// The smallest difference between two groups of launches, as a ratio,
  /// that counts as two layouts rather than noise.
  package static let smallestSeparation = log(1.03)

  /// Whether sorted launch estimates split, at their widest gap, into two
  /// groups of at least two launches and a fifth of them each, whose means
  /// differ by at least 3%, whose separation is over 3 by Ashman's D
  /// (Ashman, Bird and Zepf 1994: √2 times the difference of the means over
  /// the groups' pooled spread, each launch's own sampling error included;
  /// D > 2 is the usual bound for a mixture of two normals to be bimodal, and
  /// 3 leaves a few launches little room to be fooled by chance), and whose
  /// gap is over twice the groups' own spread: launches spread evenly over a
  /// range have a D near 3 when cut in two, but no gap.
  package static func isBimodal(_ estimates: [Double], within: Double) -> Bool? {
    guard !estimates.contains(where: { !$0.isFinite }), within.isFinite, within >= 0 else { return nil }
    let sorted = estimates.sorted()
    let n = sorted.count
    let smallest = max(2, Int((Double(n) / 5).rounded(.up)))
    guard n >= 2 * smallest else { return false }
    // Spelled with a typed closure: the one-expression comparison of the
    // two gaps took the type checker 15 s of every build.
    let gapBelow: (Int) -> Double = { sorted[$0] - sorted[$0 - 1] }
    let split = (smallest...(n - smallest)).max { gapBelow($0) < gapBelow($1) }!
    let (low, high) = (Array(sorted[..<split]), Array(sorted[split...]))
    guard let lowMean = SampleStatistics.mean(low), let highMean = SampleStatistics.mean(high) else { return nil }
    let difference = highMean - lowMean
    guard difference >= smallestSeparation else { return false }
    let groupVariance = (variance(low) + variance(high)) / 2 + within
    guard groupVariance > 0 else { return true }
    let ashmanD = 2.0.squareRoot() * difference / (2 * groupVariance).squareRoot()
    let gap = sorted[split] - sorted[split - 1]
    return ashmanD > 3 && gap > 2 * groupVariance.squareRoot()
  }

  /// The sample variance of a group of two or more finite estimates.
  private static func variance(_ values: [Double]) -> Double {
    PairedRatio.launchVariance(values) ?? 0
  }
}
