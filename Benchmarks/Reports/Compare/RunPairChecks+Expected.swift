#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport

extension RunPairChecks {
  /// The normal quantile of 75%: half of |Z| lies below it.
  static let quantile75 = 0.674_490

  /// The drift two runs would show if their launches alone moved them: a
  /// row's two tracked log-ratios differ by a normal of variance
  /// se_A² + se_B² (`tracked_log_se`), whose size |D| has the median
  /// `quantile75` × √(se_A² + se_B²). The median of that over the strategy
  /// rows, overall and by domain, to set beside the drift measured: a
  /// measured drift well above it says something common to a run's
  /// launches moved (Guides/Reproducibility.md). Empty when no row has its
  /// standard error in both runs. Slightly low: the errors are estimates
  /// from a few launches each (a t, not a normal, would widen |D|), and the
  /// median of rows' medians is not quite the median of all their |D|.
  static func expectedDrift(_ a: RunFile, _ b: RunFile, _ strategyRows: [ResultKey]) -> String {
    let (baseRows, newRows) = (a.byKey, b.byKey)
    let expected = strategyRows.compactMap { key -> (domain: String, drift: Double)? in
      guard let base = baseRows[key]?.trackedLogError, let new = newRows[key]?.trackedLogError else { return nil }
      return (key.feed.domain, exp(quantile75 * (base * base + new * new).squareRoot()) - 1)
    }
    guard !expected.isEmpty else { return "" }
    func median(_ values: [Double]) -> String {
      SampleStatistics.percentile(values.sorted(), 0.5).map { DecimalText.fixed($0 * 100, 2) + "%" } ?? missingFigure
    }
    var text =
      "drift expected from the rows' standard errors (their launches alone): median\n"
      + "  \(median(expected.map(\.drift))) over \(expected.count) rows"
    let byDomain = Dictionary(grouping: expected, by: \.domain)
    if byDomain.count > 1 {
      text +=
        "; " + byDomain.keys.sorted().map { "\($0) \(median(byDomain[$0]!.map(\.drift)))" }.joined(separator: ", ")
    }
    return text + "\n"
  }
}
