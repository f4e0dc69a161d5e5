import Statistics
import Testing

@Suite struct SummaryTests {
  @Test func theMedianOfNoneOneOddAndEvenCounts() {
    #expect(Summary.median([]) == 0)
    #expect(Summary.median([7]) == 7)
    #expect(Summary.median([3, 1, 2]) == 2)
    #expect(Summary.median([4, 1, 3, 2]) == 2.5)
  }

  /// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares summing to 32, over n − 1 = 7.
  @Test func theStandardDeviationDividesByNMinusOne() {
    #expect(Summary.standardDeviation([]) == 0)
    #expect(Summary.standardDeviation([5]) == 0)
    #expect(abs(Summary.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) - (32.0 / 7).squareRoot()) < 1e-12)
  }

  /// The median absolute deviation of 1…9 from 5 is 2; one wild value
  /// does not move it, where it moves the standard deviation a lot.
  @Test func theRobustSpreadIgnoresAnOutlier() {
    let values: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    #expect(abs(Summary.robustSpread(values) - 1.482_6 * 2) < 1e-12)
    let wild = values.dropLast() + [9_000]
    #expect(abs(Summary.robustSpread(Array(wild)) - 1.482_6 * 2) < 1e-12)
    #expect(Summary.standardDeviation(Array(wild)) > 1_000)
  }

  /// No interpolation: 1…10 at 0.9 is the value at rank 9 (0-based), 10;
  /// at 0.5, rank 5, 6 (where the median is 5.5).
  @Test func theNearestRankDoesNotInterpolate() {
    #expect(Summary.nearestRank([], 0.9) == 0)
    #expect(Summary.nearestRank([4], 0.9) == 4)
    let values: [Double] = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5]
    #expect(Summary.nearestRank(values, 0.9) == 10)
    #expect(Summary.nearestRank(values, 0.5) == 6)
    #expect(Summary.median(values) == 5.5)
  }
}

@Suite struct NormalDistributionTests {
  @Test func pValuesAtKnownZScores() {
    #expect(NormalDistribution.twoSidedPValue(0) == 1)
    #expect(abs(NormalDistribution.twoSidedPValue(NormalDistribution.quantile95) - 0.05) < 1e-6)
    #expect(abs(NormalDistribution.twoSidedPValue(-2.575_829) - 0.01) < 1e-6)
    #expect(NormalDistribution.twoSidedPValue(40) == 0)
  }

  /// Student's t for infinite degrees is the normal's quantile, which
  /// every infinite-degree interval takes.
  @Test func studentsTForInfiniteDegreesIsTheNormalQuantile() {
    #expect(StudentT.quantile(degrees: .infinity) == NormalDistribution.quantile95)
    #expect(StudentT.quantile(degrees: 1_000_000) > NormalDistribution.quantile95 - 1e-4)
  }
}
