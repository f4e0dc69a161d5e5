import BenchmarkResults

/// The plain summaries of a set of values that the harness takes in many
/// places, written once.
package enum Summary {
  /// The middle value, or the mean of the two middle values; 0 for no values.
  package static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The sample standard deviation (divides by n − 1); 0 for fewer than two
  /// values.
  package static func standardDeviation(_ values: [Double]) -> Double {
    guard values.count > 1 else { return 0 }
    let mean = values.reduce(0, +) / Double(values.count)
    return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
  }

  /// A robust standard deviation: 1.4826 × the median absolute deviation
  /// from the median, which is the standard deviation for normal values
  /// and is not moved by a few outliers (Efron's empirical null takes it
  /// of z-scores).
  package static func robustSpread(_ values: [Double]) -> Double {
    let center = SampleStatistics(values).median
    return 1.482_6 * SampleStatistics(values.map { abs($0 - center) }).median
  }
}
