import BenchmarkResults

/// The plain summaries of a set of values that the harness takes in many
/// places; each is `SampleStatistics`' formula, which a row reports, and is
/// written there once. Each is `nil` where it has no answer: no values (a
/// median of nothing is not 0), a NaN, or as each says.
package enum Summary {
  /// The middle value, or the mean of the two middle values; `nil` for no
  /// values, a NaN, or a middle between −∞ and +∞.
  package static func median(_ values: [Double]) -> Double? {
    SampleStatistics.percentile(values.sorted(), 0.5)
  }

  /// The value at rank ⌊p × n⌋ (0-based, at most the last) of the sorted
  /// values, not interpolated: the p90 `compare --show launch-spread`
  /// prints, as the script it replaced did (its fixture pins it). `nil` for
  /// no values, a NaN, or a `p` outside 0…1.
  package static func nearestRank(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty, (0...1).contains(p), !values.contains(where: \.isNaN) else { return nil }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
  }

  /// The sample standard deviation (divides by n − 1); `nil` for fewer than
  /// two values (n − 1 of them say nothing of a spread), a NaN or an
  /// infinite value.
  package static func standardDeviation(_ values: [Double]) -> Double? {
    SampleStatistics.sampleStandardDeviation(values)
  }

  /// A robust standard deviation: 1.4826 × the median absolute deviation
  /// from the median, which is the standard deviation for normal values
  /// and is not moved by a few outliers (Efron's empirical null takes it
  /// of z-scores). `nil` for no values, a NaN, or an infinite median.
  package static func robustSpread(_ values: [Double]) -> Double? {
    SampleStatistics.medianAbsoluteDeviation(values).map { 1.482_6 * $0 }
  }
}
