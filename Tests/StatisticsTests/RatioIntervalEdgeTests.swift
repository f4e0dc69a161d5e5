import BenchmarkResults
import Statistics
import Testing

/// The interval of a ratio of two medians at the edges: no samples, NaN
/// and infinite samples or bounds, equal samples, and bounds of either sign.
@Suite struct RatioIntervalEdgeTests {
  /// A generator of indices for the bootstrap: a fixed sequence is enough
  /// where every sample is equal or the answer is refused.
  static func cycling() -> (Int) -> Int {
    var next = 0
    return { count in
      next += 1
      return next % count
    }
  }

  @Test func aBootstrapOfNoSamplesIsNoAnswer() {
    #expect(RatioInterval.bootstrap(numerator: [], denominator: [1, 2], below: Self.cycling()) == nil)
    #expect(RatioInterval.bootstrap(numerator: [1, 2], denominator: [], below: Self.cycling()) == nil)
  }

  @Test func aBootstrapOfANaNSampleIsNoAnswer() {
    #expect(RatioInterval.bootstrap(numerator: [1, .nan], denominator: [1, 2], below: Self.cycling()) == nil)
    #expect(RatioInterval.bootstrap(numerator: [1, 2], denominator: [.nan, 2], below: Self.cycling()) == nil)
  }

  @Test func aBootstrapOfAnInfiniteSampleIsNoAnswer() {
    #expect(RatioInterval.bootstrap(numerator: [1, .infinity], denominator: [1, 2], below: Self.cycling()) == nil)
    #expect(RatioInterval.bootstrap(numerator: [1, 2], denominator: [-.infinity, 2], below: Self.cycling()) == nil)
  }

  /// Equal samples on each side: every resample's ratio is the same one.
  @Test func aBootstrapOfEqualSamplesIsTheirRatio() {
    let interval = RatioInterval.bootstrap(numerator: [6, 6, 6], denominator: [2, 2], below: Self.cycling())
    #expect(interval == 3...3)
  }

  @Test func aBootstrapOfNoResamplesIsNoAnswer() {
    #expect(
      RatioInterval.bootstrap(numerator: [1, 2], denominator: [1, 2], resamples: 0, below: Self.cycling()) == nil)
  }

  /// Bounds of either sign: the ratio's extremes are among the four
  /// quotients of the bounds; −2…1 over 1…2 reaches −2 (−2 ÷ 1).
  @Test func aRatioOfIntervalsWithANegativeBoundTakesEveryCorner() {
    #expect(RatioInterval.fromIntervals(numerator: -2...1, denominator: 1...2) == -2...1)
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: -2 ... -1) == -2 ... -0.5)
  }

  /// A denominator that may be 0 allows a ratio of any size: of either
  /// sign unless both intervals are at or above 0.
  @Test func aRatioOverAnIntervalHoldingZeroIsUnbounded() {
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: 0...1) == 0...Double.infinity)
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: -1...1) == -Double.infinity...Double.infinity)
  }

  /// An infinite bound: a numerator up to ∞ over 1…2 reaches ∞; over a
  /// denominator up to ∞ a ratio reaches 0.
  @Test func aRatioOfIntervalsWithAnInfiniteBound() {
    #expect(RatioInterval.fromIntervals(numerator: 1...Double.infinity, denominator: 1...2) == 0.5...Double.infinity)
    #expect(RatioInterval.fromIntervals(numerator: 1...2, denominator: 1...Double.infinity) == 0...2)
    // ∞ ÷ ∞ is no number: the ratio may be anything at or above 0.
    #expect(
      RatioInterval.fromIntervals(numerator: Double.infinity...Double.infinity, denominator: 1...Double.infinity)
        == 0...Double.infinity)
  }

  @Test func aRatioOfEqualBoundsIsOneValue() {
    #expect(RatioInterval.fromIntervals(numerator: 6...6, denominator: 2...2) == 3...3)
  }
}
