import BenchmarkResults
import Testing

extension SampleStatistics {
  /// The statistics of a test's own samples, finite and at least one: a
  /// refusal is the test's mistake, recorded as an issue where it was
  /// called, and the statistics of one 0 stand in.
  static func of(_ samples: [Double], sourceLocation: SourceLocation = #_sourceLocation) -> SampleStatistics {
    do {
      return try SampleStatistics(samples)
    } catch {
      Issue.record("the test's samples \(samples): \(error)", sourceLocation: sourceLocation)
      return .zero
    }
  }
}
