@testable import BenchmarkEngine
@testable import BinaryInspection
@testable import CommandLineSupport
@testable import DispatchBenchCLI
@testable import Reports
@testable import Statistics
import BenchmarkResults
import Testing

@Suite struct StatisticsTests {
  @Test func ordersStatisticsOfOneToTen() {
    let statistics = SampleStatistics([7, 3, 10, 1, 5, 9, 2, 8, 4, 6])
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

  @Test func oneSampleIsItsOwnEverything() {
    let statistics = SampleStatistics([4.2])
    #expect(statistics.median == 4.2 && statistics.p25 == 4.2 && statistics.p90 == 4.2)
    #expect(statistics.standardDeviation == 0)
    #expect(statistics.medianAbsoluteDeviation == 0)
    #expect(statistics.medianInterval == 4.2...4.2)
  }

  @Test func madIgnoresAnOutlierThatMovesTheMean() {
    let statistics = SampleStatistics([10, 10, 10, 11, 11, 11, 1_000])
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
  func medianIntervalRanks(count: Int, lower: Int, upper: Int) {
    let ranks = SampleStatistics.medianIntervalRanks(count: count)
    #expect(ranks.lower == lower)
    #expect(ranks.upper == upper)
  }

  @Test func relativeHalfWidthOfTheMedianInterval() {
    // Ten samples 99…108: interval [100, 107], median 103.5.
    let statistics = SampleStatistics((99...108).map(Double.init))
    #expect(statistics.medianInterval == 100...107)
    #expect(abs(statistics.relativeIntervalHalfWidth - 3.5 / 103.5) < 1e-12)
  }
}
