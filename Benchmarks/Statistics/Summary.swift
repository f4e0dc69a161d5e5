import BenchmarkResults

/// The plain summaries of a set of values that the harness takes in many
/// places, for values that may be empty; each is `SampleStatistics`'
/// formula, which a row reports, and is written there once.
package enum Summary {
  /// The middle value, or the mean of the two middle values; 0 for no values.
  package static func median(_ values: [Double]) -> Double {
    percentile(values, 0.5)
  }

  /// The `p` quantile, linearly interpolated as a row's percentiles are; 0
  /// for no values.
  package static func percentile(_ values: [Double], _ p: Double) -> Double {
    values.isEmpty ? 0 : SampleStatistics.percentile(values.sorted(), p)
  }

  /// The sample standard deviation (divides by n − 1); 0 for fewer than two
  /// values.
  package static func standardDeviation(_ values: [Double]) -> Double {
    SampleStatistics.sampleStandardDeviation(values)
  }

  /// A robust standard deviation: 1.4826 × the median absolute deviation
  /// from the median, which is the standard deviation for normal values
  /// and is not moved by a few outliers (Efron's empirical null takes it
  /// of z-scores).
  package static func robustSpread(_ values: [Double]) -> Double {
    let center = median(values)
    return 1.482_6 * median(values.map { abs($0 - center) })
  }
}
