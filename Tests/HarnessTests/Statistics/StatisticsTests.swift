@testable import Statistics
import BenchmarkResults
import DispatchModel
import Testing

@Suite struct StatisticsTests {
  @Test func ordersStatisticsOfOneToTen() throws {
    let statistics = try SampleStatistics([7, 3, 10, 1, 5, 9, 2, 8, 4, 6])
    #expect(statistics.count == 10)
    #expect(statistics.min == 1)
    #expect(statistics.max == 10)
    #expect(statistics.median == 5.5)
    // Type 7: position p × (n − 1) between order statistics.
    #expect(statistics.p25 == 3.25)
    #expect(statistics.p75 == 7.75)
    #expect(abs(statistics.p90 - 9.1) < 1e-12)
    #expect(statistics.mean == 5.5)
    #expect(abs(statistics.standardDeviation - (82.5 / 9).squareRoot()) < 1e-12)
    // |x − 5.5| sorted: 0.5 0.5 1.5 1.5 2.5 2.5 3.5 3.5 4.5 4.5.
    #expect(statistics.medianAbsoluteDeviation == 2.5)
    #expect(statistics.medianInterval == 2...9)
  }

  @Test func oneSampleIsItsOwnEverything() throws {
    let statistics = try SampleStatistics([4.2])
    #expect(statistics.median == 4.2 && statistics.p25 == 4.2 && statistics.p90 == 4.2)
    #expect(statistics.standardDeviation == 0)
    #expect(statistics.medianAbsoluteDeviation == 0)
    #expect(statistics.medianInterval == 4.2...4.2)
  }

  @Test func madIgnoresAnOutlierThatMovesTheMean() throws {
    let statistics = try SampleStatistics([10, 10, 10, 11, 11, 11, 1_000])
    #expect(statistics.median == 11)
    #expect(statistics.medianAbsoluteDeviation == 1)
    #expect(statistics.mean > 150)
  }

  /// Ranks of the order statistics bounding the median's 95% interval, from
  /// exact binomial tail sums (for n = 100, the textbook 40th and 61st).
  @Test(arguments: [
    (1, 1, 1), (5, 1, 5), (6, 1, 6), (9, 2, 8), (10, 2, 9), (20, 6, 15), (50, 18, 33),
    (100, 40, 61),
  ])
  func medianIntervalRanks(count: Int, lower: Int, upper: Int) throws {
    let ranks = try #require(SampleStatistics.medianIntervalRanks(count: count))
    #expect(ranks.lower == lower)
    #expect(ranks.upper == upper)
  }

  @Test func relativeHalfWidthOfTheMedianInterval() throws {
    // Ten samples 99…108: interval [100, 107], median 103.5.
    let statistics = try SampleStatistics((99...108).map(Double.init))
    #expect(statistics.medianInterval == 100...107)
    #expect(abs(try #require(statistics.relativeIntervalHalfWidth) - 3.5 / 103.5) < 1e-12)
  }
}

/// Student's t at its edges, against values from tables and closed forms.
@Suite struct StudentTBoundaryTests {
  @Test func pValuesAtTheEdges() throws {
    // t = 0: nothing at all; an infinite t: certain.
    #expect(StudentT.twoSidedPValue(0, degrees: 5) == 1)
    #expect(StudentT.twoSidedPValue(.infinity, degrees: 5) == 0)
    #expect(StudentT.twoSidedPValue(-.infinity, degrees: 5) == 0)
    // Symmetric in t.
    #expect(StudentT.twoSidedPValue(-2.228, degrees: 10) == StudentT.twoSidedPValue(2.228, degrees: 10))
    // One degree is the Cauchy distribution: P(|T| ≥ 1) = 1/2 exactly.
    #expect(abs(try #require(StudentT.twoSidedPValue(1, degrees: 1)) - 0.5) < 1e-9)
    // Many degrees are the normal: P(|Z| ≥ 1.96) = 0.05.
    #expect(abs(try #require(StudentT.twoSidedPValue(1.959964, degrees: 1e7)) - 0.05) < 1e-5)
  }

  @Test func quantilesAtTheEdges() throws {
    func quantile(confidence: Double = 0.95, degrees: Double) throws -> Double {
      try #require(StudentT.quantile(confidence: confidence, degrees: degrees))
    }
    // One degree: tan(0.975 π − π/2) = 12.706.
    #expect(abs(try quantile(degrees: 1) - 12.7062) < 0.001)
    #expect(abs(try quantile(degrees: 1e7) - 1.959964) < 1e-4)
    // A confidence of 0 is t = 0; the quantile grows with the confidence.
    #expect(try quantile(confidence: 0, degrees: 10) < 1e-9)
    #expect(try quantile(confidence: 0.99, degrees: 10) > quantile(confidence: 0.95, degrees: 10))
    #expect(abs(try quantile(confidence: 0.99, degrees: 10) - 3.169) < 0.002)
  }

  @Test func theIncompleteBetaAtItsEnds() throws {
    #expect(StudentT.regularizedIncompleteBeta(0, a: 2, b: 3) == 0)
    #expect(StudentT.regularizedIncompleteBeta(-1, a: 2, b: 3) == 0)
    #expect(StudentT.regularizedIncompleteBeta(1, a: 2, b: 3) == 1)
    #expect(StudentT.regularizedIncompleteBeta(2, a: 2, b: 3) == 1)
    // I_x(1, 1) = x; I_x(a, b) = 1 − I_(1−x)(b, a).
    #expect(abs(try #require(StudentT.regularizedIncompleteBeta(0.3, a: 1, b: 1)) - 0.3) < 1e-12)
    let x = try #require(StudentT.regularizedIncompleteBeta(0.3, a: 2, b: 5))
    #expect(abs(x - (1 - (try #require(StudentT.regularizedIncompleteBeta(0.7, a: 5, b: 2))))) < 1e-12)
  }
}

/// A ratio's interval contains the ratio, and says "anything" where the
/// denominator can be zero: 0…∞ when neither interval reaches below 0,
/// else −∞…∞.
@Suite struct RatioIntervalTests {
  @Test func fromIntervalsContainsTheRatioOfTheMedians() {
    let interval = RatioInterval.fromIntervals(numerator: 19...21, denominator: 9...11)
    #expect(interval.contains(20.0 / 10))
    #expect(interval == (19.0 / 11)...(21.0 / 9))
  }

  @Test func aDenominatorThatMayBeZeroAllowsAnyRatio() {
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: 0...1) == 0...Double.infinity)
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: -1...1) == -Double.infinity...Double.infinity)
  }

  @Test func aBootstrapOfZeroDenominatorsAllowsAnyRatio() {
    var random = SplitMix64(seed: 1)
    #expect(
      RatioInterval.bootstrap(numerator: [1, 2, 3], denominator: [0, 0, 0]) { random.below($0) } == 0...Double.infinity)
  }

  @Test func aBootstrapContainsTheRatioOfTheMedians() throws {
    let numerator = (0..<30).map { 20 + Double($0 % 5) * 0.1 }
    let denominator = (0..<30).map { 10 + Double($0 % 7) * 0.1 }
    var random = SplitMix64(seed: 1)
    let interval = try #require(
      RatioInterval.bootstrap(numerator: numerator, denominator: denominator) { random.below($0) })
    let ratio = try SampleStatistics(numerator).median / SampleStatistics(denominator).median
    #expect(interval.contains(ratio), "\(interval) \(ratio)")
    #expect(interval.upperBound - interval.lowerBound < 0.1)
  }
}
