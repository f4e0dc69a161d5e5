#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution.
package enum NormalDistribution {
  /// The z with P(|Z| ≥ z) = 5%: the half-width, in standard errors, of a
  /// 95% interval when the error is known (Student's t for infinite
  /// degrees). The package's one spelling of it.
  package static let quantile95 = 1.959_964

  /// The two-sided p-value of a z-score: the chance that a standard normal
  /// value lies at least |z| from 0. `nil` for a NaN z (0 ÷ 0: no change
  /// over no error), which is no evidence and must never read as
  /// significant.
  package static func twoSidedPValue(_ z: Double) -> Double? {
    z.isNaN ? nil : erfc(abs(z) / 2.0.squareRoot())
  }

  /// The z with P(|Z| ≥ z) = 1 − `confidence`; +∞ for a confidence of 1,
  /// `nil` outside 0…1.
  package static func quantile(confidence: Double) -> Double? {
    guard (0...1).contains(confidence) else { return nil }
    if confidence == 0.95 { return quantile95 }
    if confidence == 1 { return .infinity }
    return bisection(below: 1 - confidence) { twoSidedPValue($0)! }
  }

  /// The t at which `pValue`, falling from 1 at 0, reaches `target`, to
  /// double precision, between 0 and 10,000.
  static func bisection(below target: Double, _ pValue: (Double) -> Double) -> Double {
    var low = 0.0
    var high = 1e4
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if pValue(middle) > target { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
