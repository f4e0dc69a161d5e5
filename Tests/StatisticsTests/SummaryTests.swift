import Statistics
import Testing

@Suite struct SummaryTests {
  @Test func theMedianOfOneOddAndEvenCounts() {
    #expect(Summary.median([7]) == 7)
    #expect(Summary.median([3, 1, 2]) == 2)
    #expect(Summary.median([4, 1, 3, 2]) == 2.5)
  }

  /// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares summing to 32, over n − 1 = 7.
  @Test func theStandardDeviationDividesByNMinusOne() throws {
    let deviation = try #require(Summary.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]))
    #expect(abs(deviation - (32.0 / 7).squareRoot()) < 1e-12)
  }

  /// The median absolute deviation of 1…9 from 5 is 2; one wild value
  /// does not move it, where it moves the standard deviation a lot.
  @Test func theRobustSpreadIgnoresAnOutlier() throws {
    let values: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    #expect(abs(try #require(Summary.robustSpread(values)) - 1.482_6 * 2) < 1e-12)
    let wild = Array(values.dropLast() + [9_000])
    #expect(abs(try #require(Summary.robustSpread(wild)) - 1.482_6 * 2) < 1e-12)
    #expect(try #require(Summary.standardDeviation(wild)) > 1_000)
  }

  /// No interpolation: 1…10 at 0.9 is the value at rank 9 (0-based), 10;
  /// at 0.5, rank 5, 6 (where the median is 5.5).
  @Test func theNearestRankDoesNotInterpolate() {
    #expect(Summary.nearestRank([4], 0.9) == 4)
    let values: [Double] = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5]
    #expect(Summary.nearestRank(values, 0.9) == 10)
    #expect(Summary.nearestRank(values, 0.5) == 6)
    #expect(Summary.median(values) == 5.5)
  }

  // MARK: The median at the edges

  /// No values have no median: not 0, which would read as a measured one.
  @Test func theMedianOfNoValuesIsNoAnswer() {
    #expect(Summary.median([]) == nil)
  }

  @Test func theMedianOfValuesHoldingNaNIsNoAnswer() {
    #expect(Summary.median([1, .nan, 3]) == nil)
    #expect(Summary.median([.nan, .nan]) == nil)
  }

  @Test func theMedianOfInfiniteValues() {
    #expect(Summary.median([.infinity, .infinity]) == .infinity)
    #expect(Summary.median([1, -.infinity, 2]) == 1)
    #expect(Summary.median([.infinity, -.infinity]) == nil)
  }

  @Test func theMedianOfEqualValuesIsTheValue() {
    #expect(Summary.median([0.1, 0.1, 0.1, 0.1]) == 0.1)
  }

  @Test func theMedianOfHugeValuesOfOppositeSignsIsFinite() {
    #expect(Summary.median([1.5e308, -1.5e308]) == 0)
  }

  // MARK: The nearest rank at the edges

  @Test func theNearestRankOfNoValuesIsNoAnswer() {
    #expect(Summary.nearestRank([], 0.9) == nil)
  }

  @Test func theNearestRankOfValuesHoldingNaNIsNoAnswer() {
    #expect(Summary.nearestRank([1, .nan, 3], 0.5) == nil)
  }

  @Test(arguments: [Double.nan, -0.5, 1.5])
  func theNearestRankOutsideZeroToOneIsNoAnswer(p: Double) {
    #expect(Summary.nearestRank([1, 2, 3], p) == nil)
  }

  @Test func theNearestRankOfInfiniteValuesIsAValue() {
    #expect(Summary.nearestRank([1, .infinity, -.infinity], 0.9) == .infinity)
    #expect(Summary.nearestRank([1, .infinity, -.infinity], 0) == -.infinity)
  }

  @Test func theNearestRankOfEqualValuesIsTheValue() {
    #expect(Summary.nearestRank([0.1, 0.1, 0.1], 0.9) == 0.1)
    #expect(Summary.nearestRank([0.1, 0.1, 0.1], 1) == 0.1)
  }

  // MARK: The standard deviation at the edges

  /// Fewer than two values have no sample deviation (n − 1 = 0): not 0,
  /// which would read as values that agree.
  @Test func theStandardDeviationOfFewerThanTwoValuesIsNoAnswer() {
    #expect(Summary.standardDeviation([]) == nil)
    #expect(Summary.standardDeviation([5]) == nil)
  }

  @Test func theStandardDeviationOfValuesHoldingNaNIsNoAnswer() {
    #expect(Summary.standardDeviation([1, .nan]) == nil)
  }

  @Test func theStandardDeviationOfAnInfiniteValueIsNoAnswer() {
    #expect(Summary.standardDeviation([1, 2, .infinity]) == nil)
  }

  @Test func theStandardDeviationOfEqualValuesIsZero() {
    #expect(Summary.standardDeviation([0.1, 0.1, 0.1]) == 0)
  }

  @Test func theStandardDeviationOfHugeValuesIsFinite() throws {
    let deviation = try #require(Summary.standardDeviation([1e308, -1e308]))
    let expected = 2.0.squareRoot() * 1e308
    #expect(abs(deviation - expected) <= expected * 1e-15, "\(deviation)")
  }

  // MARK: The robust spread at the edges

  @Test func theRobustSpreadOfNoValuesIsNoAnswer() {
    #expect(Summary.robustSpread([]) == nil)
  }

  @Test func theRobustSpreadOfValuesHoldingNaNIsNoAnswer() {
    #expect(Summary.robustSpread([1, 2, .nan]) == nil)
  }

  /// An infinite value is one more outlier; around an infinite median the
  /// deviations are ∞ − ∞, no number.
  @Test func theRobustSpreadOfInfiniteValues() {
    #expect(Summary.robustSpread([1, 2, 3, .infinity, 4]) == 1.482_6)
    #expect(Summary.robustSpread([.infinity, .infinity, .infinity]) == nil)
  }

  @Test func theRobustSpreadOfEqualValuesIsZero() {
    #expect(Summary.robustSpread([0.1, 0.1, 0.1]) == 0)
  }

  @Test func theRobustSpreadOfHugeValuesIsFinite() {
    #expect(Summary.robustSpread([-1e308, -1e308, 1e308, 1e308]) == 1.482_6 * 1e308)
  }
}
