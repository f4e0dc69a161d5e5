import Statistics
import Testing

@Suite struct HolmTests {
  @Test func noTestsRejectNothing() {
    #expect(Holm.rejected([]) == [])
  }

  @Test func oneTestIsRejectedAtTheLevelItself() {
    #expect(Holm.rejected([0.05]) == [true])
    #expect(Holm.rejected([0.050_001]) == [false])
    #expect(Holm.rejected([nil]) == [false])
  }

  /// Worked by hand: m = 4, level 0.05. Sorted: 0.01 ≤ 0.05/4 = 0.0125
  /// (rejected), 0.02 ≤ 0.05/3 = 0.0167? no: it and every larger one stay.
  @Test func stopsAtTheFirstTestThatIsNotRejected() {
    #expect(Holm.rejected([0.04, 0.01, 0.02, 0.03]) == [false, true, false, false])
  }

  /// m = 3: 0.001 ≤ 0.0167, 0.02 ≤ 0.025, 0.04 ≤ 0.05: all three, though
  /// Bonferroni (each ≤ 0.0167) would reject only the first.
  @Test func rejectsMoreThanBonferroniWhereEachStepAllows() {
    #expect(Holm.rejected([0.04, 0.001, 0.02]) == [true, true, true])
  }

  /// A test without a p-value counts among the m tests, so it makes the
  /// others' thresholds stricter, and is never rejected.
  @Test func aMissingPValueCountsAndIsNeverRejected() {
    #expect(Holm.rejected([0.03, nil]) == [false, false])
    #expect(Holm.rejected([0.02, nil]) == [true, false])
  }

  @Test func everyTestAtTheSameSmallPValueIsRejected() {
    #expect(Holm.rejected(Array(repeating: 0.000_1, count: 100)) == Array(repeating: true, count: 100))
  }

  // MARK: At the edges

  /// A NaN p-value is no p-value: never rejected, and counted among the m
  /// tests, whatever order sorting leaves it in.
  @Test func aNaNPValueIsNeverRejectedAndCounts() {
    #expect(Holm.rejected([.nan, 0.001]) == [false, true])
    #expect(Holm.rejected([0.001, .nan]) == [true, false])
    #expect(Holm.rejected([.nan, 0.03]) == [false, false])
  }

  /// ±∞ and values outside 0…1 are not probabilities: no p-value either.
  @Test(arguments: [Double.infinity, -.infinity, -0.01, 1.5])
  func aPValueOutsideZeroToOneIsNeverRejected(p: Double) {
    #expect(Holm.rejected([p, 0.001]) == [false, true])
  }

  @Test(arguments: [Double.nan, -0.05, 1.5, .infinity])
  func aLevelOutsideZeroToOneIsNoAnswer(level: Double) {
    #expect(Holm.rejected([0.01, 0.02], level: level) == nil)
  }

  @Test func everyEqualPValueAboveTheLevelIsKept() {
    #expect(Holm.rejected(Array(repeating: 0.2, count: 5)) == Array(repeating: false, count: 5))
  }
}
