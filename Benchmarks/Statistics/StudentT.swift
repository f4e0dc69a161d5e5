#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t distribution: what a mean of a few launches' estimates
/// follows, when the spread of those estimates is itself estimated.
package enum StudentT {
  /// P(|T| ≥ |t|) for `degrees` degrees of freedom: the two-sided p-value;
  /// for infinite degrees, the normal's. `nil` for a NaN t (0 ÷ 0: no
  /// change over no error), which is no evidence and must never read as
  /// significant, and for degrees that are not a positive number.
  package static func twoSidedPValue(_ t: Double, degrees: Double) -> Double? {
    guard !t.isNaN, degrees > 0 else { return nil }
    guard t.isFinite else { return 0 }
    guard degrees.isFinite else { return NormalDistribution.twoSidedPValue(t) }
    let x = degrees / (degrees + t * t)
    return regularizedIncompleteBeta(x, a: degrees / 2, b: 0.5)
  }

  /// The t with `P(|T| ≥ t) = 1 − confidence`: 4.30 for 2 degrees at 95%;
  /// for infinite degrees, the normal's (`NormalDistribution.quantile95` at
  /// 95%); +∞ for a confidence of 1. `nil` for a confidence outside 0…1 or
  /// degrees that are not a positive number.
  package static func quantile(confidence: Double = 0.95, degrees: Double) -> Double? {
    guard (0...1).contains(confidence), degrees > 0 else { return nil }
    guard degrees.isFinite else { return NormalDistribution.quantile(confidence: confidence) }
    if confidence == 1 { return .infinity }
    return NormalDistribution.bisection(below: 1 - confidence) { twoSidedPValue($0, degrees: degrees)! }
  }

  /// I_x(a, b), by the continued fraction of Numerical Recipes §6.4: 0
  /// below x = 0 and 1 above x = 1. `nil` for a NaN x, or shapes a and b
  /// that are not positive finite numbers.
  package static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double? {
    guard !x.isNaN, a > 0, b > 0, a.isFinite, b.isFinite else { return nil }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    // In two typed steps, summed in the same order: as one expression it
    // took the type checker 6 s of every build.
    let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
    let logFront: Double = logBeta + a * log(x) + b * log(1 - x)
    if x < (a + 1) / (a + b + 2) {
      return exp(logFront) * continuedFraction(x, a: a, b: b) / a
    }
    return 1 - exp(logFront) * continuedFraction(1 - x, a: b, b: a) / b
  }

  private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var result = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + even * d
      if abs(d) < tiny { d = tiny }
      c = 1 + even / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      result *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + odd * d
      if abs(d) < tiny { d = tiny }
      c = 1 + odd / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let step = d * c
      result *= step
      if abs(step - 1) < 1e-12 { break }
    }
    return result
  }
}
