/// Holm's step-down correction for many tests at once ("A Simple
/// Sequentially Rejective Multiple Test Procedure", Scandinavian Journal of
/// Statistics, 1979): with a hundred rows, about five are "significant" at
/// 5% by chance alone; Holm's keeps the chance that any true null is
/// rejected at `level`, whatever the tests' dependence.
package enum Holm {
  /// Which tests are rejected: sorted by p-value, the k-th smallest (from 0)
  /// is rejected while it is at most `level / (m − k)`, and none after the
  /// first that is not. A test without a p-value (`nil`) is never rejected,
  /// and counts among the m tests.
  package static func rejected(_ pValues: [Double?], level: Double = 0.05) -> [Bool] {
    var rejected = Array(repeating: false, count: pValues.count)
    let order = pValues.indices.sorted { (pValues[$0] ?? 1) < (pValues[$1] ?? 1) }
    for (rank, index) in order.enumerated() {
      guard let p = pValues[index], p <= level / Double(pValues.count - rank) else { break }
      rejected[index] = true
    }
    return rejected
  }
}
