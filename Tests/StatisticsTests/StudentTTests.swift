import Statistics
import Testing

/// Student's t at the edges of its arguments: a t, a degrees of freedom or
/// a confidence that is NaN, infinite or out of range.
@Suite struct StudentTTests {
  // MARK: The p-value

  /// A NaN t (0 ÷ 0: no change over no error) must never read as
  /// significant: it has no p-value.
  @Test func thePValueOfANaNTIsNoAnswer() {
    #expect(StudentT.twoSidedPValue(.nan, degrees: 5) == nil)
  }

  @Test(arguments: [Double.nan, 0, -1, -Double.infinity])
  func thePValueForDegreesThatAreNotPositiveIsNoAnswer(degrees: Double) {
    #expect(StudentT.twoSidedPValue(2, degrees: degrees) == nil)
  }

  /// Infinite degrees are the normal distribution.
  @Test func thePValueForInfiniteDegreesIsTheNormals() throws {
    let p = try #require(StudentT.twoSidedPValue(NormalDistribution.quantile95, degrees: .infinity))
    #expect(abs(p - 0.05) < 1e-6, "\(p)")
    #expect(StudentT.twoSidedPValue(0, degrees: .infinity) == 1)
  }

  @Test func thePValueOfAnInfiniteTIsZero() {
    #expect(StudentT.twoSidedPValue(.infinity, degrees: .infinity) == 0)
    #expect(StudentT.twoSidedPValue(-.infinity, degrees: 3) == 0)
  }

  // MARK: The quantile

  @Test(arguments: [Double.nan, -0.1, 1.1, .infinity])
  func theQuantileOfAConfidenceOutsideZeroToOneIsNoAnswer(confidence: Double) {
    #expect(StudentT.quantile(confidence: confidence, degrees: 5) == nil)
  }

  /// Certainty (a confidence of 1) needs an infinite t.
  @Test func theQuantileOfCertaintyIsInfinite() {
    #expect(StudentT.quantile(confidence: 1, degrees: 5) == .infinity)
    #expect(StudentT.quantile(confidence: 1, degrees: .infinity) == .infinity)
  }

  @Test(arguments: [Double.nan, 0, -2])
  func theQuantileForDegreesThatAreNotPositiveIsNoAnswer(degrees: Double) {
    #expect(StudentT.quantile(degrees: degrees) == nil)
  }

  /// At infinite degrees every confidence's quantile is the normal's:
  /// 2.5758 at 99%, 1.6449 at 90%.
  @Test func theQuantileForInfiniteDegreesIsTheNormalsAtEveryConfidence() throws {
    let q99 = try #require(StudentT.quantile(confidence: 0.99, degrees: .infinity))
    #expect(abs(q99 - 2.575_829) < 1e-5, "\(q99)")
    let q90 = try #require(StudentT.quantile(confidence: 0.90, degrees: .infinity))
    #expect(abs(q90 - 1.644_854) < 1e-5, "\(q90)")
  }

  // MARK: The incomplete beta function

  @Test func theIncompleteBetaOfANaNXIsNoAnswer() {
    #expect(StudentT.regularizedIncompleteBeta(.nan, a: 2, b: 3) == nil)
  }

  @Test(arguments: [(Double.nan, 1.0), (0, 1), (-1, 1), (.infinity, 1), (1, .nan), (1, 0), (1, .infinity)])
  func theIncompleteBetaOfShapesThatAreNotPositiveAndFiniteIsNoAnswer(a: Double, b: Double) {
    #expect(StudentT.regularizedIncompleteBeta(0.5, a: a, b: b) == nil)
  }

  /// Below 0 and above 1 the distribution function is flat: 0 and 1, at
  /// ±∞ too.
  @Test func theIncompleteBetaBeyondItsEndsIsZeroOrOne() {
    #expect(StudentT.regularizedIncompleteBeta(-.infinity, a: 2, b: 3) == 0)
    #expect(StudentT.regularizedIncompleteBeta(.infinity, a: 2, b: 3) == 1)
  }
}
