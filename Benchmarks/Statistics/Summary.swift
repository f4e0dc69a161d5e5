import BenchmarkResults

/// The plain summaries of a set of values that the harness takes in many
/// places, for values that may be empty; each is `SampleStatistics`'
/// formula, which a row reports, and is written there once.
package enum Summary {
  /// The middle value, or the mean of the two middle values; 0 for no values.
  package static func median(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : SampleStatistics.percentile(values.sorted(), 0.5)
  }

  /// The value at rank ⌊p × n⌋ (0-based, at most the last) of the sorted
  /// values, not interpolated: the p90 `compare --show launch-spread`
  /// prints, as the script it replaced did (its fixture pins it). 0 for no
  /// values.
  package static func nearestRank(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
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
