import BenchmarkResults
import Foundation
import Statistics
import Testing

/// A row's paired ratio at the edges: rounds whose times are not positive
/// numbers, launch estimates and pooled variances that are NaN, infinite or
/// negative, and launches that agree exactly.
@Suite struct PairedRatioTests {
  /// Launch estimates with these medians, each with the interval ±0.01.
  static func launches(_ medians: [Double]) throws -> [SampleStatistics] {
    try medians.map { median in
      var estimate = try SampleStatistics([median])
      estimate.intervalLow = median - 0.01
      estimate.intervalHigh = median + 0.01
      return estimate
    }
  }

  // MARK: One launch's estimate

  /// A round whose time is NaN, infinite, zero or negative is no
  /// measurement: it is left out, and the others pair.
  @Test func roundsWhoseTimesAreNotPositiveNumbersAreLeftOut() throws {
    let numerator: [Int: Double] = [0: 2, 1: .nan, 2: .infinity, 3: 4, 4: 0, 5: 6]
    let denominator: [Int: Double] = [0: 1, 1: 1, 2: 1, 3: .nan, 4: 1, 5: -3]
    let estimate = try #require(PairedRatio.launchEstimate(numerator, over: denominator))
    #expect(estimate.count == 1)
    #expect(abs(estimate.median - log(2.0)) < 1e-15)
  }

  @Test func noRoundsThatPairIsNoEstimate() {
    #expect(PairedRatio.launchEstimate([:], over: [:]) == nil)
    #expect(PairedRatio.launchEstimate([0: .nan, 1: .infinity], over: [0: 1, 1: 1]) == nil)
  }

  /// Rounds that all give one ratio: that ratio, with no width.
  @Test func roundsThatAgreeGiveTheirRatioWithNoWidth() throws {
    let estimate = try #require(PairedRatio.launchEstimate([0: 3, 1: 3, 2: 3], over: [0: 1, 1: 1, 2: 1]))
    #expect(estimate.median == log(3.0) && estimate.medianInterval == log(3.0)...log(3.0))
  }

  // MARK: The variance of launch estimates

  @Test func theLaunchVarianceOfFewerThanTwoLaunchesIsNoAnswer() {
    #expect(PairedRatio.launchVariance([]) == nil)
    #expect(PairedRatio.launchVariance([0.3]) == nil)
  }

  @Test func theLaunchVarianceOfANaNEstimateIsNoAnswer() {
    #expect(PairedRatio.launchVariance([0.1, .nan, 0.2]) == nil)
  }

  @Test func theLaunchVarianceOfAnInfiniteEstimateIsNoAnswer() {
    #expect(PairedRatio.launchVariance([0.1, .infinity]) == nil)
  }

  @Test func theLaunchVarianceOfEqualEstimatesIsZero() {
    #expect(PairedRatio.launchVariance([0.1, 0.1, 0.1]) == 0)
  }

  @Test func theLaunchVarianceOfHugeEstimatesIsFinite() throws {
    // Squares summing to 2e308, beyond the largest Double, over n − 1 = 2.
    let variance = try #require(PairedRatio.launchVariance([1e154, -1e154, 0]))
    #expect(abs(variance - 1e308) <= 1e308 * 1e-15, "\(variance)")
    #expect(PairedRatio.launchVariance([1.5e308, 1.5e308]) == 0)
  }

  // MARK: Combining launches

  @Test func combiningNoLaunchesIsNoAnswer() {
    #expect(PairedRatio.combine([], pooledVariance: nil) == nil)
    #expect(PairedRatio.combine(units: [], launches: 0, pooledVariance: nil) == nil)
    #expect(PairedRatio.combine(units: [0.1], launches: 1, pooledVariance: nil) == nil)
  }

  @Test(arguments: [Double.nan, -0.01, .infinity])
  func combiningWithAPooledVarianceThatIsNotAVarianceIsNoAnswer(pooled: Double) throws {
    #expect(PairedRatio.combine(try Self.launches([0.1, 0.2, 0.3]), pooledVariance: pooled) == nil)
    #expect(PairedRatio.combine(units: [0.1, 0.2, 0.3], launches: 3, pooledVariance: pooled) == nil)
  }

  @Test func combiningANaNEstimateIsNoAnswer() throws {
    var launches = try Self.launches([0.1, 0.2, 0.3])
    launches[1].median = .nan
    #expect(PairedRatio.combine(launches, pooledVariance: nil) == nil)
    #expect(PairedRatio.combine(units: [0.1, .nan], launches: 2, pooledVariance: nil) == nil)
  }

  @Test func combiningAnInfiniteEstimateIsNoAnswer() throws {
    var launches = try Self.launches([0.1, 0.2])
    launches[0].median = .infinity
    #expect(PairedRatio.combine(launches, pooledVariance: nil) == nil)
    #expect(PairedRatio.combine(units: [-.infinity, 0.2], launches: 2, pooledVariance: 0.01) == nil)
    var one = try Self.launches([0.1])
    one[0].intervalHigh = .infinity
    #expect(PairedRatio.combine(one, pooledVariance: nil) == nil)
  }

  /// Launches that agree exactly, with nothing to pool: the t interval of
  /// no spread is the estimate itself, and the resolution 0, never NaN.
  @Test func combiningEqualLaunchesGivesTheirEstimateWithNoWidth() throws {
    let ratio = try #require(PairedRatio.combine(try Self.launches([0.2, 0.2, 0.2]), pooledVariance: nil))
    #expect(ratio.logEstimate == 0.2 && ratio.logLow == 0.2 && ratio.logHigh == 0.2)
    #expect(ratio.standardError == 0)
    #expect(ratio.resolution == 0)
    // A pooled variance widens it.
    let pooled = try #require(PairedRatio.combine(try Self.launches([0.2, 0.2, 0.2]), pooledVariance: 0.01))
    #expect(pooled.logLow < 0.2 && pooled.logHigh > 0.2)
  }
}
