import BenchmarkResults
import Testing

/// A row's order statistics at the edges: no samples, NaN, ±∞, equal
/// samples and values near the largest Double. Each is refused by name or
/// answered as the definition says; none is answered wrongly.
@Suite struct SampleStatisticsTests {
  static let huge = 1.5e308

  // MARK: The statistics of a row

  @Test func statisticsOfNoSamplesAreRefused() {
    #expect(throws: StatisticsError.noValues) { try SampleStatistics([]) }
  }

  @Test func statisticsOfANaNSampleAreRefused() {
    #expect(throws: StatisticsError.notANumber) { try SampleStatistics([1, .nan, 3]) }
  }

  @Test(arguments: [Double.infinity, -.infinity])
  func statisticsOfAnInfiniteSampleAreRefused(value: Double) {
    #expect(throws: StatisticsError.infinite) { try SampleStatistics([1, value, 3]) }
  }

  /// Ten equal samples: every order statistic is the value, and nothing
  /// spreads.
  @Test func statisticsOfEqualSamplesAreTheValueWithNoSpread() throws {
    let statistics = try SampleStatistics(Array(repeating: 0.1, count: 10))
    #expect(
      [statistics.min, statistics.p25, statistics.median, statistics.p75, statistics.p90, statistics.max]
        == Array(repeating: 0.1, count: 6))
    #expect(statistics.mean == 0.1)
    #expect(statistics.standardDeviation == 0)
    #expect(statistics.medianAbsoluteDeviation == 0)
    #expect(statistics.medianInterval == 0.1...0.1)
  }

  /// Two samples of 1.5e308: a sum overflows, the mean does not.
  @Test func theMeanOfHugeSamplesIsNotInfinite() throws {
    let statistics = try SampleStatistics([Self.huge, Self.huge])
    #expect(statistics.mean == Self.huge)
    #expect(statistics.median == Self.huge)
    #expect(statistics.standardDeviation == 0)
  }

  /// ±1e308: the deviations' squares overflow; the deviation, √2 × 1e308,
  /// does not, nor does the median, 0, or the half-way deviation from it.
  @Test func theSpreadOfHugeSamplesOfOppositeSignsIsFinite() throws {
    let statistics = try SampleStatistics([-1e308, 1e308])
    #expect(statistics.mean == 0)
    #expect(statistics.median == 0)
    let expected = 2.0.squareRoot() * 1e308
    #expect(abs(statistics.standardDeviation - expected) <= expected * 1e-15, "\(statistics.standardDeviation)")
    #expect(statistics.medianAbsoluteDeviation == 1e308)
  }

  // MARK: Percentiles

  @Test func aPercentileOfNoValuesIsNoAnswer() {
    #expect(SampleStatistics.percentile([], 0.5) == nil)
  }

  @Test func aPercentileOfValuesHoldingNaNIsNoAnswer() {
    #expect(SampleStatistics.percentile([1, 2, .nan], 0.5) == nil)
    #expect(SampleStatistics.percentile([.nan], 0) == nil)
  }

  @Test(arguments: [Double.nan, -0.1, 1.1])
  func aPercentileOutsideZeroToOneIsNoAnswer(p: Double) {
    #expect(SampleStatistics.percentile([1, 2, 3], p) == nil)
  }

  /// Between an infinite value and any other the interpolated value is the
  /// infinite one: the median of [∞, ∞] is ∞, of [1, ∞] too.
  @Test func aPercentileReachingAnInfiniteValueIsThatValue() {
    #expect(SampleStatistics.percentile([.infinity, .infinity], 0.5) == .infinity)
    #expect(SampleStatistics.percentile([1, .infinity], 0.5) == .infinity)
    #expect(SampleStatistics.percentile([-.infinity, 1], 0.5) == -.infinity)
    #expect(SampleStatistics.percentile([-.infinity, 1, 2], 1) == 2)
  }

  /// Half-way between −∞ and +∞ is no number.
  @Test func aPercentileBetweenMinusAndPlusInfinityIsNoAnswer() {
    #expect(SampleStatistics.percentile([-.infinity, .infinity], 0.5) == nil)
  }

  @Test func aPercentileOfEqualValuesIsTheValue() {
    for p in [0, 0.25, 0.5, 0.9, 1] {
      #expect(SampleStatistics.percentile([0.1, 0.1, 0.1], p) == 0.1, "p = \(p)")
    }
  }

  /// −1.5e308 and 1.5e308 are 3e308 apart, beyond the largest Double; the
  /// median between them is 0.
  @Test func aPercentileBetweenHugeValuesOfOppositeSignsIsFinite() throws {
    #expect(SampleStatistics.percentile([-Self.huge, Self.huge], 0.5) == 0)
    let quarter = try #require(SampleStatistics.percentile([-Self.huge, Self.huge], 0.25))
    #expect(abs(quarter + 0.75e308) <= 0.75e308 * 1e-15, "\(quarter)")
  }

  // MARK: Mean, variance, standard deviation

  @Test func theMeanOfNoValuesIsNoAnswer() {
    #expect(SampleStatistics.mean([]) == nil)
  }

  @Test func theMeanOfValuesHoldingNaNIsNoAnswer() {
    #expect(SampleStatistics.mean([1, .nan]) == nil)
  }

  /// +∞ among finite values is the mean; +∞ and −∞ together have none.
  @Test func theMeanOfInfiniteValuesIsInfiniteOrNoAnswer() {
    #expect(SampleStatistics.mean([1, .infinity]) == .infinity)
    #expect(SampleStatistics.mean([-.infinity, 1]) == -.infinity)
    #expect(SampleStatistics.mean([-.infinity, .infinity]) == nil)
  }

  @Test func theMeanOfEqualValuesIsTheValue() {
    #expect(SampleStatistics.mean([0.1, 0.1, 0.1]) == 0.1)
    #expect(SampleStatistics.mean([Self.huge, Self.huge, Self.huge]) == Self.huge)
    #expect(SampleStatistics.mean([.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
  }

  @Test func aStandardDeviationOfFewerThanTwoValuesIsNoAnswer() {
    #expect(SampleStatistics.sampleStandardDeviation([]) == nil)
    #expect(SampleStatistics.sampleStandardDeviation([4]) == nil)
    #expect(SampleStatistics.sampleVariance([4]) == nil)
  }

  @Test func aStandardDeviationOfValuesHoldingNaNIsNoAnswer() {
    #expect(SampleStatistics.sampleStandardDeviation([1, 2, .nan]) == nil)
    #expect(SampleStatistics.sampleVariance([1, 2, .nan]) == nil)
  }

  /// The spread of values one of which is infinite is no number.
  @Test func aStandardDeviationOfAnInfiniteValueIsNoAnswer() {
    #expect(SampleStatistics.sampleStandardDeviation([1, 2, .infinity]) == nil)
    #expect(SampleStatistics.sampleVariance([-.infinity, 2]) == nil)
  }

  @Test func aStandardDeviationOfEqualValuesIsZero() {
    #expect(SampleStatistics.sampleStandardDeviation([0.1, 0.1, 0.1]) == 0)
    #expect(SampleStatistics.sampleStandardDeviation([Self.huge, Self.huge]) == 0)
  }

  /// Values whose deviations' squares overflow: the deviation is still
  /// found, and a variance beyond the largest Double is +∞, its true value
  /// rounded.
  @Test func aStandardDeviationOfHugeValuesIsFinite() throws {
    let deviation = try #require(SampleStatistics.sampleStandardDeviation([-1e308, 1e308, 0]))
    #expect(abs(deviation - 1e308) <= 1e308 * 1e-15, "\(deviation)")
    #expect(SampleStatistics.sampleVariance([-1e308, 1e308, 0]) == .infinity)
    let small = try #require(SampleStatistics.sampleVariance([-1e150, 1e150, 0]))
    #expect(abs(small - 1e300) <= 1e300 * 1e-15, "\(small)")
  }

  // MARK: The median absolute deviation

  @Test func aMedianAbsoluteDeviationOfNoValuesIsNoAnswer() {
    #expect(SampleStatistics.medianAbsoluteDeviation([]) == nil)
  }

  @Test func aMedianAbsoluteDeviationOfValuesHoldingNaNIsNoAnswer() {
    #expect(SampleStatistics.medianAbsoluteDeviation([1, .nan, 3]) == nil)
  }

  /// One infinite value among three moves the median absolute deviation
  /// no more than any outlier does; a median that is itself infinite leaves
  /// ∞ − ∞ as a deviation, no number.
  @Test func aMedianAbsoluteDeviationOfInfiniteValues() {
    #expect(SampleStatistics.medianAbsoluteDeviation([1, 2, .infinity]) == 1)
    #expect(SampleStatistics.medianAbsoluteDeviation([.infinity, .infinity]) == nil)
  }

  @Test func aMedianAbsoluteDeviationOfEqualValuesIsZero() {
    #expect(SampleStatistics.medianAbsoluteDeviation([0.1, 0.1, 0.1]) == 0)
  }

  /// −1.7e308 three times and 1.7e308 twice: the median is −1.7e308, two
  /// deviations 3.4e308 (beyond the largest Double) and three 0; the
  /// median deviation, 0, is found.
  @Test func aMedianAbsoluteDeviationOfHugeValuesIsFound() {
    let values = [-1.7e308, -1.7e308, -1.7e308, 1.7e308, 1.7e308]
    #expect(SampleStatistics.medianAbsoluteDeviation(values) == 0)
    #expect(SampleStatistics.medianAbsoluteDeviation([-1.7e308, 1.7e308, 1.7e308, 1.7e308]) == 0)
    #expect(SampleStatistics.medianAbsoluteDeviation([-1.7e308, -1.7e308, 1.7e308, 1.7e308]) == 1.7e308)
  }

  // MARK: The median's interval

  @Test(arguments: [0, -1, Int.min])
  func theMedianIntervalOfNoSamplesIsNoAnswer(count: Int) {
    #expect(SampleStatistics.medianIntervalRanks(count: count) == nil)
  }

  /// Equal samples: the interval is the value itself, and relative to a
  /// median of 0 a width has no meaning.
  @Test func theRelativeWidthOfEqualSamples() throws {
    #expect(try SampleStatistics([5, 5, 5]).relativeIntervalHalfWidth == 0)
    #expect(try SampleStatistics([0, 0, 0]).relativeIntervalHalfWidth == nil)
  }

  @Test func theRelativeWidthAroundANegativeMedianIsNoAnswer() throws {
    #expect(try SampleStatistics([-3, -2, -1]).relativeIntervalHalfWidth == nil)
  }

  /// An interval 3.4e308 wide around a median of 1: half of it, 1.7e308,
  /// is finite.
  @Test func theRelativeWidthOfAHugeIntervalIsFinite() throws {
    #expect(try SampleStatistics([-1.7e308, 1, 1.7e308]).relativeIntervalHalfWidth == 1.7e308)
  }
}
