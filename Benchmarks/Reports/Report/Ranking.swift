/// Ranks that a run can stand behind: ties wherever intervals overlap.
package enum Ranking {
  /// Each interval's rank, 1 for the fastest: one more than the number of
  /// intervals that lie wholly below it. Intervals that overlap share a
  /// rank, so a ranking never orders what the run cannot separate (the
  /// rule `compare` ranks by).
  ///
  /// - Complexity: O(n²) for n intervals.
  package static func ranks(_ intervals: [ClosedRange<Double>]) -> [Int] {
    intervals.map { interval in 1 + intervals.filter { $0.upperBound < interval.lowerBound }.count }
  }
}
