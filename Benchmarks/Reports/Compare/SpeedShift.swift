#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport

/// How far the machine's speed moved between two runs, from their strategy
/// rows' medians, per domain: a run's own flags (`MachineDisturbance`)
/// see swings between its launches, not between it and a run made minutes
/// later. Two default runs of one binary back to back can run at a tenth
/// apart, and then their cheap rows' ratios drift too: the machine's state
/// moves ratios, not only times (Guides/Compare.md, "A disturbed machine").
package struct SpeedShift: Equatable {
  /// New over base, the median over each domain's strategy rows.
  package var factors: [(domain: String, factor: Double)]

  package static func == (a: SpeedShift, b: SpeedShift) -> Bool {
    a.factors.map(\.domain) == b.factors.map(\.domain) && a.factors.map(\.factor) == b.factors.map(\.factor)
  }

  /// From this much faster or slower in some domain, the machine moved.
  package static let limit = 1.05

  package init?(_ base: MeasuredFile, _ new: MeasuredFile) {
    guard base.measure == .time && new.measure == .time else { return nil }
    let before = Dictionary(base.rows.map { ($0.key, $0.value) }) { first, _ in first }
    var byDomain: [String: [Double]] = [:]
    for row in new.rows where !row.key.strategy.isReference {
      guard let old = before[row.key], old > 0, row.value > 0 else { continue }
      byDomain[row.key.feed.domain, default: []].append(row.value / old)
    }
    guard !byDomain.isEmpty else { return nil }
    factors = byDomain.keys.sorted().compactMap { domain in
      SampleStatistics.percentile(byDomain[domain]!.sorted(), 0.5).map { (domain, $0) }
    }
  }

  /// Whether some domain ran more than `limit` faster or slower.
  package var moved: Bool { factors.contains { abs(log($0.factor)) > log(Self.limit) } }

  /// `share 0.90×, feed 0.95×`.
  package var text: String {
    factors.map { "\($0.domain) \(DecimalText.fixed($0.factor, 2))×" }.joined(separator: ", ")
  }
}
