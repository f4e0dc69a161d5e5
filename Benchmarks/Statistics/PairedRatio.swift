#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// The ratio of one row's time to another's within a benchmark case,
/// estimated from the rounds that timed both, launch by launch.
///
/// Within a launch, each round times every contender once on the same slice,
/// so each round gives one log-ratio; drift of the machine moves both sides
/// of a round alike and cancels. The launch's estimate is the median of its
/// rounds' log-ratios, with the distribution-free interval of a median
/// (binomial order statistics).
///
/// Across launches (separate processes, each with its memory layout
/// perturbed) the estimate is the mean of the launches' estimates, and its
/// interval is Student's t over them: launch-to-launch variation, which no
/// number of rounds in one process can see, enters the interval. With few
/// launches, a row's own spread is a poor estimate of its variance, so it is
/// moderated toward a typical launch variance (in a run, the median over
/// its domain's rows, or over the run's for a domain under
/// `MeasuredRun.domainPoolMinimum` rows; a weighted mean with
/// `priorDegrees` degrees of freedom for it), as limma does for
/// microarrays; the t has the degrees of both.
package struct PairedRatio: Equatable {
  /// ln(ratio).
  package var logEstimate: Double
  package var logLow: Double
  package var logHigh: Double
  /// The launches that timed both rows.
  package var launches: Int
  /// The standard deviation of one launch's log-ratio, moderated; `nil` for
  /// one launch, where the interval is the launch's own and launch-to-launch
  /// variation is unmeasured.
  package var launchDeviation: Double?
  /// The degrees of freedom of `launchDeviation`.
  package var degrees: Double?
  /// The independent estimates combined: the launches, or with layouts the
  /// layouts.
  package var units = 1

  /// The weight, in degrees of freedom, of the pooled launch variance (its
  /// domain's or the run's) in each row's moderated variance.
  package static let priorDegrees = 4.0

  package var ratio: Double { exp(logEstimate) }
  package var interval: ClosedRange<Double> { exp(logLow)...exp(logHigh) }

  /// The standard error of `logEstimate`.
  package var standardError: Double {
    if let launchDeviation { return launchDeviation / Double(units).squareRoot() }
    return (logHigh - logLow) / (2 * NormalDistribution.quantile95)
  }

  /// The degrees of freedom of `standardError` (infinite for one launch).
  package var errorDegrees: Double { degrees ?? .infinity }

  /// The smallest relative change of this ratio that a comparison with a run
  /// like this one (same launches, same spread) would tell from none at 95%:
  /// 0.03 means a change under 3% reads as noise. 0 where the launches
  /// agree exactly and nothing widens them.
  package var resolution: Double? {
    let difference = standardError * 2.0.squareRoot()
    guard let t = StudentT.quantile(degrees: 2 * errorDegrees) else { return nil }
    return exp(t * difference) - 1
  }

  /// One launch's estimate: the median of per-round log-ratios of the rounds
  /// both rows have, with its 95% interval; `nil` when no round pairs. A
  /// round whose time on either side is not a positive finite number (NaN,
  /// infinite, zero or negative) is no measurement, and does not pair.
  package static func launchEstimate(_ numerator: [Int: Double], over denominator: [Int: Double])
    -> SampleStatistics?
  {
    var logRatios: [Double] = []
    for (round, value) in numerator {
      guard let other = denominator[round], isTime(value), isTime(other) else { continue }
      logRatios.append(log(value) - log(other))
    }
    return try? SampleStatistics(logRatios)
  }

  private static func isTime(_ value: Double) -> Bool { value > 0 && value.isFinite }

  /// The sample variance of launch estimates; `nil` below two launches, or
  /// for an estimate that is NaN or infinite.
  package static func launchVariance(_ estimates: [Double]) -> Double? {
    SampleStatistics.sampleVariance(estimates)
  }

  /// Combines launch estimates (medians of log-ratios, with intervals),
  /// moderating the variance toward `pooledVariance` when given. `nil` for
  /// no launches, a median or a bound that is not a finite number, or a
  /// pooled variance that is not a finite number at or above 0.
  package static func combine(_ launches: [SampleStatistics], pooledVariance: Double?) -> PairedRatio? {
    guard let first = launches.first else { return nil }
    guard launches.count >= 2 else {
      guard first.intervalLow.isFinite, first.median.isFinite, first.intervalHigh.isFinite,
        isVariance(pooledVariance)
      else { return nil }
      return PairedRatio(
        logEstimate: first.median, logLow: first.intervalLow, logHigh: first.intervalHigh, launches: 1)
    }
    return combine(units: launches.map(\.median), launches: launches.count, pooledVariance: pooledVariance)
  }

  /// Combines two or more independent estimates of one log-ratio (launches,
  /// or with layouts, each layout's mean over its launches): their mean, and
  /// Student's t over them, their variance moderated toward
  /// `pooledVariance` when given. `launches` is what the estimate rests on.
  /// `nil` below two estimates, for one that is NaN or infinite, where their
  /// variance exceeds the largest `Double`, or for a pooled variance that
  /// is not a finite number at or above 0. Estimates
  /// that agree exactly, with nothing pooled, give an interval of no width:
  /// the t interval of no spread.
  package static func combine(units: [Double], launches: Int, pooledVariance: Double?) -> PairedRatio? {
    guard isVariance(pooledVariance), let variance = launchVariance(units), variance.isFinite,
      let mean = SampleStatistics.mean(units)
    else { return nil }
    let n = Double(units.count)
    var degrees = n - 1
    var moderated = variance
    if let pooledVariance {
      moderated = (degrees * variance + priorDegrees * pooledVariance) / (degrees + priorDegrees)
      degrees += priorDegrees
    }
    let deviation = moderated.squareRoot()
    guard let t = StudentT.quantile(degrees: degrees) else { return nil }
    let halfWidth = t * deviation / n.squareRoot()
    var ratio = PairedRatio(
      logEstimate: mean, logLow: mean - halfWidth, logHigh: mean + halfWidth, launches: launches,
      launchDeviation: deviation, degrees: degrees)
    ratio.units = units.count
    return ratio
  }

  /// Whether `value` can be a pooled variance: absent, or a finite number at
  /// or above 0.
  private static func isVariance(_ value: Double?) -> Bool {
    value.map { $0 >= 0 && $0.isFinite } ?? true
  }
}
