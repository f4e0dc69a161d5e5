#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Order statistics of a set of samples: what a row reports.
///
/// Percentiles interpolate linearly between order statistics (Hyndman and
/// Fan's type 7, the default of R and NumPy). The confidence interval of the
/// median is distribution-free: the pair of order statistics that the
/// binomial distribution puts around the median with at least 95% coverage.
///
/// Every statistic here either answers as its definition says or says it
/// has no answer (a thrown `StatisticsError`, or `nil`): for no values, a
/// NaN, an infinite value where the definition has no number, or too few
/// values. Values near the largest `Double` do not overflow where the
/// answer itself is finite.
public struct SampleStatistics: Equatable, Sendable {
  public var count: Int
  public var min: Double
  public var p25: Double
  public var median: Double
  public var p75: Double
  public var p90: Double
  public var max: Double
  public var mean: Double
  /// Sample standard deviation (divides by n − 1); 0 for one sample, as
  /// the results file writes it (`count` says there was one).
  public var standardDeviation: Double
  /// Median absolute deviation from the median, unscaled.
  public var medianAbsoluteDeviation: Double
  /// A confidence interval of at least 95% for the median: its bounds.
  public var intervalLow: Double
  public var intervalHigh: Double

  /// A confidence interval of at least 95% for the median.
  public var medianInterval: ClosedRange<Double> { intervalLow...intervalHigh }

  /// The statistics of `samples`, each a finite number.
  /// - Throws: `StatisticsError` for no samples, a NaN or an infinite one:
  ///   a row's median, spread and interval over them would be no number or
  ///   say nothing of the others.
  public init(_ samples: [Double]) throws(StatisticsError) {
    if let refusal = StatisticsError.refusal(of: samples) { throw refusal }
    self.init(finite: samples.sorted())
  }

  /// The statistics of one sample of 0: what a reader fills in.
  public static let zero = SampleStatistics(finite: [0])

  /// - Precondition: `sorted` is sorted, not empty, and every value finite.
  private init(finite sorted: [Double]) {
    count = sorted.count
    min = sorted[0]
    max = sorted[sorted.count - 1]
    p25 = Self.interpolated(sorted, 0.25)
    median = Self.interpolated(sorted, 0.5)
    p75 = Self.interpolated(sorted, 0.75)
    p90 = Self.interpolated(sorted, 0.9)
    mean = Self.finiteMean(sorted)
    standardDeviation = Self.finiteStandardDeviation(sorted) ?? 0
    let median = median
    medianAbsoluteDeviation = Self.interpolated(sorted.map { abs($0 - median) }.sorted(), 0.5)
    let (lower, upper) = Self.ranks(count: count)
    intervalLow = sorted[lower - 1]
    intervalHigh = sorted[upper - 1]
  }

  /// The half-width of the median's interval relative to the median: 0.01
  /// means ±1%. `nil` where the median is 0 or below, relative to which a
  /// width has no meaning.
  public var relativeIntervalHalfWidth: Double? {
    guard median > 0 else { return nil }
    let halfWidth = (intervalHigh - intervalLow) / 2
    // Bounds of opposite signs near the largest Double: halved first.
    guard halfWidth.isFinite else { return (intervalHigh / 2 - intervalLow / 2) / median }
    return halfWidth / median
  }

  // MARK: Statistics of any values

  /// The mean of `values`; `nil` for no values, a NaN, or +∞ with −∞.
  /// An infinite value of one sign is the mean.
  public static func mean(_ values: [Double]) -> Double? {
    guard !values.isEmpty, !values.contains(where: \.isNaN) else { return nil }
    let hasPositiveInfinity = values.contains(.infinity)
    let hasNegativeInfinity = values.contains(-.infinity)
    if hasPositiveInfinity && hasNegativeInfinity { return nil }
    if hasPositiveInfinity { return .infinity }
    if hasNegativeInfinity { return -.infinity }
    return finiteMean(values)
  }

  /// The sample variance of `values` (divides by n − 1); `nil` below two
  /// values, or for a NaN or an infinite one. +∞ only where the variance
  /// itself exceeds the largest `Double`.
  public static func sampleVariance(_ values: [Double]) -> Double? {
    guard StatisticsError.refusal(of: values) == nil else { return nil }
    return finiteVariance(values)
  }

  /// The sample standard deviation of `values` (divides by n − 1); `nil`
  /// below two values, or for a NaN or an infinite one.
  public static func sampleStandardDeviation(_ values: [Double]) -> Double? {
    guard StatisticsError.refusal(of: values) == nil else { return nil }
    return finiteStandardDeviation(values)
  }

  /// The `p` quantile of sorted values, linearly interpolated (type 7).
  /// Between an infinite value and another the quantile is the infinite
  /// one. `nil` for no values, a NaN, a `p` outside 0…1, or a quantile
  /// between −∞ and +∞.
  public static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
    guard !sorted.isEmpty, (0...1).contains(p), !sorted.contains(where: \.isNaN) else { return nil }
    let (lower, upper, fraction) = position(p, count: sorted.count)
    return between(sorted[lower], sorted[upper], fraction)
  }

  /// The median of the distances of `values` from their median, unscaled;
  /// `nil` for no values or a NaN, or where the median is infinite (its
  /// distance from itself is no number).
  public static func medianAbsoluteDeviation(_ values: [Double]) -> Double? {
    guard let median = percentile(values.sorted(), 0.5), median.isFinite else { return nil }
    // A distance that overflows to +∞ sorts above the median distance: at
    // least half the values lie on the median's own side, within reach.
    return percentile(values.map { abs($0 - median) }.sorted(), 0.5)
  }

  /// The 1-based ranks (l, u) of the order statistics bounding a confidence
  /// interval of at least 95% for the median of `count` samples: the largest
  /// l with P(B < l) ≤ 2.5% for B ~ Binomial(count, ½), and u = count + 1 − l.
  /// With fewer than 6 samples no pair reaches 95%, and the interval is the
  /// whole range. `nil` for no samples.
  public static func medianIntervalRanks(count: Int) -> (lower: Int, upper: Int)? {
    count > 0 ? ranks(count: count) : nil
  }

  // MARK: Finite values

  private static func ranks(count: Int) -> (lower: Int, upper: Int) {
    let logHalfToTheN = -Double(count) * M_LN2
    var lower = 1
    var cumulative = 0.0  // P(B ≤ k)
    var logChoose = 0.0  // log C(count, k)
    for k in 0..<count {
      cumulative += exp(logChoose + logHalfToTheN)
      guard cumulative <= 0.025 else { break }
      // P(B < k + 1) ≤ 2.5%, so rank k + 1 bounds the interval from below.
      lower = Swift.min(k + 1, (count + 1) / 2)
      logChoose += log(Double(count - k)) - log(Double(k + 1))
    }
    return (lower, count + 1 - lower)
  }

  /// The order statistics around quantile `p` of `count` values, and how
  /// far between them it lies.
  private static func position(_ p: Double, count: Int) -> (lower: Int, upper: Int, fraction: Double) {
    let position = p * Double(count - 1)
    let lower = Int(position.rounded(.down))
    return (lower, Swift.min(lower + 1, count - 1), position - Double(lower))
  }

  /// The `p` quantile of sorted finite values.
  private static func interpolated(_ sorted: [Double], _ p: Double) -> Double {
    let (lower, upper, fraction) = position(p, count: sorted.count)
    return between(sorted[lower], sorted[upper], fraction)!
  }

  /// `fraction` of the way from `a` to `b` (a ≤ b, neither NaN); `nil`
  /// between −∞ and +∞.
  private static func between(_ a: Double, _ b: Double, _ fraction: Double) -> Double? {
    let difference = b - a
    if difference.isFinite { return a + difference * fraction }
    if fraction == 0 || a == b { return a }
    // Finite ends whose difference overflows: weighted, which cannot.
    if a.isFinite && b.isFinite { return a * (1 - fraction) + b * fraction }
    if a.isInfinite && b.isInfinite { return nil }
    return a.isInfinite ? a : b
  }

  /// The mean of finite values, at least one.
  private static func finiteMean(_ values: [Double]) -> Double {
    // Equal values are their mean, not a sum's rounding of it.
    if values.allSatisfy({ $0 == values[0] }) { return values[0] }
    let sum = values.reduce(0, +)
    if sum.isFinite { return sum / Double(values.count) }
    // The sum overflowed: the values scaled by a power of two (exactly)
    // into −2…2, averaged, and scaled back, within their own range.
    let (low, high) = (values.min()!, values.max()!)
    let scale = powerOfTwoScale(values)
    let mean = values.reduce(0) { $0 + $1 / scale } / Double(values.count) * scale
    return Swift.min(Swift.max(mean, low), high)
  }

  /// The sample variance of finite values; `nil` below two.
  private static func finiteVariance(_ values: [Double]) -> Double? {
    guard values.count > 1 else { return nil }
    let direct = sumOfSquares(values) / Double(values.count - 1)
    if direct.isFinite { return direct }
    // A deviation or a square overflowed: computed on the scaled values.
    let scale = powerOfTwoScale(values)
    return sumOfSquares(values.map { $0 / scale }) / Double(values.count - 1) * scale * scale
  }

  private static func finiteStandardDeviation(_ values: [Double]) -> Double? {
    guard let direct = finiteVariance(values) else { return nil }
    if direct.isFinite { return direct.squareRoot() }
    let scale = powerOfTwoScale(values)
    return (sumOfSquares(values.map { $0 / scale }) / Double(values.count - 1)).squareRoot() * scale
  }

  /// The squares of the values' deviations from their mean, summed.
  private static func sumOfSquares(_ values: [Double]) -> Double {
    let mean = finiteMean(values)
    return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
  }

  /// The power of two at or below the largest magnitude among `values`:
  /// dividing by it is exact, and leaves every value within −2…2.
  private static func powerOfTwoScale(_ values: [Double]) -> Double {
    let largest = values.map(\.magnitude).max()!
    return Double(sign: .plus, exponent: largest.exponent, significand: 1)
  }
}
