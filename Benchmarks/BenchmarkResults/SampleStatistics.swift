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
public struct SampleStatistics: Equatable, Sendable {
  public var count: Int
  public var min: Double
  public var p25: Double
  public var median: Double
  public var p75: Double
  public var p90: Double
  public var max: Double
  public var mean: Double
  /// Sample standard deviation (divides by n − 1); 0 for one sample.
  public var standardDeviation: Double
  /// Median absolute deviation from the median, unscaled.
  public var medianAbsoluteDeviation: Double
  /// A confidence interval of at least 95% for the median: its bounds.
  public var intervalLow: Double
  public var intervalHigh: Double

  /// A confidence interval of at least 95% for the median.
  public var medianInterval: ClosedRange<Double> { intervalLow...intervalHigh }

  /// - Precondition: `samples` is not empty and holds no NaN.
  public init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "statistics of no samples")
    precondition(!samples.contains(where: \.isNaN), "a sample is NaN")
    let sorted = samples.sorted()
    count = sorted.count
    min = sorted[0]
    max = sorted[sorted.count - 1]
    p25 = Self.percentile(sorted, 0.25)
    median = Self.percentile(sorted, 0.5)
    p75 = Self.percentile(sorted, 0.75)
    p90 = Self.percentile(sorted, 0.9)
    mean = sorted.reduce(0, +) / Double(count)
    standardDeviation = Self.sampleStandardDeviation(sorted)
    let median = median
    medianAbsoluteDeviation = Self.percentile(sorted.map { abs($0 - median) }.sorted(), 0.5)
    let (lower, upper) = Self.medianIntervalRanks(count: count)
    intervalLow = sorted[lower - 1]
    intervalHigh = sorted[upper - 1]
  }

  /// The half-width of the median's interval relative to the median: 0.01
  /// means ±1%.
  public var relativeIntervalHalfWidth: Double {
    guard median > 0 else { return .infinity }
    return (medianInterval.upperBound - medianInterval.lowerBound) / 2 / median
  }

  /// The sample standard deviation of `values` (divides by n − 1); 0 for
  /// fewer than two values.
  public static func sampleStandardDeviation(_ values: [Double]) -> Double {
    guard values.count > 1 else { return 0 }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (squares / Double(values.count - 1)).squareRoot()
  }

  /// The `p` quantile of sorted values, linearly interpolated (type 7).
  public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    precondition(!sorted.isEmpty && (0...1).contains(p))
    let position = p * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    let fraction = position - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }

  /// The 1-based ranks (l, u) of the order statistics bounding a confidence
  /// interval of at least 95% for the median of `count` samples: the largest
  /// l with P(B < l) ≤ 2.5% for B ~ Binomial(count, ½), and u = count + 1 − l.
  /// With fewer than 6 samples no pair reaches 95%, and the interval is the
  /// whole range.
  public static func medianIntervalRanks(count: Int) -> (lower: Int, upper: Int) {
    precondition(count > 0)
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
}
