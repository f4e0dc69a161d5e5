import Statistics
import Testing

@Suite struct NormalDistributionTests {
  @Test func pValuesAtKnownZScores() {
    #expect(NormalDistribution.twoSidedPValue(0) == 1)
    #expect(abs((NormalDistribution.twoSidedPValue(NormalDistribution.quantile95) ?? .nan) - 0.05) < 1e-6)
    #expect(abs((NormalDistribution.twoSidedPValue(-2.575_829) ?? .nan) - 0.01) < 1e-6)
    #expect(NormalDistribution.twoSidedPValue(40) == 0)
  }

  /// Student's t for infinite degrees is the normal's quantile, which
  /// every infinite-degree interval takes.
  @Test func studentsTForInfiniteDegreesIsTheNormalQuantile() throws {
    #expect(StudentT.quantile(degrees: .infinity) == NormalDistribution.quantile95)
    #expect(try #require(StudentT.quantile(degrees: 1_000_000)) > NormalDistribution.quantile95 - 1e-4)
  }

  /// A NaN z-score is no evidence: no p-value, never a small one.
  @Test func thePValueOfANaNZScoreIsNoAnswer() {
    #expect(NormalDistribution.twoSidedPValue(.nan) == nil)
  }

  @Test func thePValueOfAnInfiniteZScoreIsZero() {
    #expect(NormalDistribution.twoSidedPValue(.infinity) == 0)
    #expect(NormalDistribution.twoSidedPValue(-.infinity) == 0)
  }
}
