#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution.
package enum NormalDistribution {
  /// The two-sided p-value of a z-score: the chance that a standard normal
  /// value lies at least |z| from 0.
  package static func twoSidedPValue(_ z: Double) -> Double {
    erfc(abs(z) / 2.0.squareRoot())
  }
}
