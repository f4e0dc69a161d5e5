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
  /// value lies at least |z| from 0.
  package static func twoSidedPValue(_ z: Double) -> Double {
    erfc(abs(z) / 2.0.squareRoot())
  }
}
