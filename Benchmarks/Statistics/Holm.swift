/// Holm's step-down correction for many tests at once ("A Simple
/// Sequentially Rejective Multiple Test Procedure", Scandinavian Journal of
/// Statistics, 1979): with a hundred rows, about five are "significant" at
/// 5% by chance alone; Holm's keeps the chance that any true null is
/// rejected at `level`, whatever the tests' dependence.
package enum Holm {
  /// Which tests are rejected: sorted by p-value, the k-th smallest (from 0)
  /// is rejected while it is at most `level / (m − k)`, and none after the
  /// first that is not. A test without a p-value (`nil`, or a value outside
  /// 0…1 such as NaN, which is no probability) is never rejected, and
  /// counts among the m tests. `nil` for a level outside 0…1.
  package static func rejected(_ pValues: [Double?], level: Double = 0.05) -> [Bool]? {
    guard (0...1).contains(level) else { return nil }
    let probabilities = pValues.map { $0.flatMap { (0...1).contains($0) ? $0 : nil } }
    var rejected = Array(repeating: false, count: pValues.count)
    let order = probabilities.indices.sorted { (probabilities[$0] ?? 1) < (probabilities[$1] ?? 1) }
    for (rank, index) in order.enumerated() {
      guard let p = probabilities[index], p <= level / Double(pValues.count - rank) else { break }
      rejected[index] = true
    }
    return rejected
  }
}
