@testable import Reports
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// When a claim is settled (Guides/Answer.md, "When a claim is
/// settled"): the rules on hand-worked intervals at a 4% resolution, and
/// the rows each claim of the answer reads.
@Suite struct ClaimSettlingTests {
  static let feed = FeedID(domain: "feed", size: 100_000, distribution: "uniform", kinds: 6)

  static func interval(_ strategy: StrategyID, _ ratio: Double, _ low: Double, _ high: Double) -> RatioInterval {
    RatioInterval(
      key: ResultKey(BenchmarkCase(feed: feed, operation: "feed.identifier", mode: .app), strategy), ratio: ratio,
      low: low, high: high)
  }

  // MARK: Spans

  @Test func aSpanWhoseEndsAreEachKnownToTheResolutionIsSettled() {
    let intervals = [
      Self.interval("protocol-getter", 1.00, 0.98, 1.02), Self.interval("classic-visitor", 1.10, 1.08, 1.12),
    ]
    #expect(MachineClaim.spanSettling(intervals, resolution: 0.04) == ClaimSettling(state: .settled))
  }

  /// The getter's low end, 0.90, may rise to 1.00 as launches narrow it:
  /// ln(1/0.9) ÷ ln(1.04) = 2.69, squared 7.22 times its launches.
  @Test func aSpanWithAnEndWiderThanTheResolutionIsOpenAndNamesTheRowThatKeepsItOpen() throws {
    let intervals = [
      Self.interval("protocol-getter", 1.00, 0.90, 1.02), Self.interval("classic-visitor", 1.10, 1.08, 1.12),
    ]
    let settling = MachineClaim.spanSettling(intervals, resolution: 0.04)
    #expect(settling.state == .open)
    #expect(settling.rows == [intervals[0].key])
    let factor = try #require(settling.launchFactor)
    #expect(abs(factor - 7.22) < 0.01, "factor \(factor)")
  }

  /// A row inside the span, however wide, leaves its ends alone only while
  /// its interval stays within theirs.
  @Test func aWideRowWithinTheEndsDoesNotKeepASpanOpen() {
    let intervals = [
      Self.interval("protocol-getter", 1.00, 0.98, 1.02), Self.interval("generic-visitor", 1.05, 0.99, 1.11),
      Self.interval("classic-visitor", 1.10, 1.08, 1.12),
    ]
    #expect(MachineClaim.spanSettling(intervals, resolution: 0.04).state == .settled)
  }

  @Test func aSpanWithoutRowsIsMissing() {
    #expect(MachineClaim.spanSettling([], resolution: 0.04).state == .missing)
  }

  // MARK: Fastest

  @Test func fastestIsSettledWhenOnePatternLiesBelowEveryRival() {
    let intervals = [Self.interval("enum-switch", 1, 1, 1), Self.interval("protocol-getter", 2.5, 2.4, 2.6)]
    #expect(MachineClaim.fastestSettling(intervals, resolution: 0.04) == ClaimSettling(state: .settled))
  }

  /// Overlapping, but 0.99 to 1.02 is within 4%: the same cost to the
  /// precision asked.
  @Test func fastestIsATieWhenTheTopPatternsLieWithinTheResolution() {
    let intervals = [
      Self.interval("enum-switch", 1.0, 0.99, 1.01), Self.interval("protocol-getter", 1.01, 1.00, 1.02),
      Self.interval("naive", 3, 2.9, 3.1),
    ]
    let settling = MachineClaim.fastestSettling(intervals, resolution: 0.04)
    #expect(settling.state == .tie && settling.isSettled)
  }

  /// Apart by ln 1.03 = 0.0296, reaching ln 1.05 + ln(1.03/0.98) = 0.0986
  /// towards each other: a split needs (0.0986/0.0296)² = 11.1 times the
  /// launches; a tie (ratios 3% apart, under 4%) needs ((ln(1.08/0.95) −
  /// 0.0296) ÷ (ln 1.04 − 0.0296))² = 104: the split is nearer.
  @Test func fastestIsOpenWhenTheTopIntervalsOverlapBeyondTheResolution() throws {
    let intervals = [
      Self.interval("enum-switch", 1.0, 0.95, 1.05), Self.interval("protocol-getter", 1.03, 0.98, 1.08),
      Self.interval("naive", 3, 2.9, 3.1),
    ]
    let settling = MachineClaim.fastestSettling(intervals, resolution: 0.04)
    #expect(settling.state == .open && !settling.isSettled)
    #expect(settling.rows == [intervals[0].key, intervals[1].key], "the naive row cannot settle it")
    let factor = try #require(settling.launchFactor)
    #expect(abs(factor - 11.1) < 0.05, "factor \(factor)")
  }

  @Test func fastestOfOneRowIsMissing() {
    #expect(MachineClaim.fastestSettling([Self.interval("enum-switch", 1, 1, 1)], resolution: 0.04).state == .missing)
  }

  // MARK: The answer's claims and their rows

  /// Every claim reads rows of the answer fixture, each at 100,000 elements
  /// and the uniform layout (the synthetic domain's at any), of its own
  /// operations and modes, and depends on the enum's row of each case.
  @Test func eachClaimSaysWhichRowsItReadsAndDependsOnTheBaseline() throws {
    guard case .run(let run) = try Schema.load(AnswerTests.run) else { throw ResultsError("not a run") }
    let rows = AnswerRows(run: run, size: 100_000, layout: "uniform")
    #expect(MachineClaim.all.count == 13)
    for claim in MachineClaim.all {
      let read = claim.rows(rows)
      #expect(!read.isEmpty, "\(claim.name) reads no row of the fixture")
      for row in read {
        #expect(claim.scope.operations.contains(row.key.operation) && claim.scope.modes.contains(row.key.mode))
        #expect(row.key.feed.size == 100_000)
        if let strategies = claim.scope.strategies { #expect(strategies.contains(row.key.strategy), "\(claim.name)") }
      }
      let dependencies = claim.dependencies(rows)
      for benchmarkCase in Set(read.map(\.key.benchmarkCase)) {
        #expect(dependencies.contains(ResultKey(benchmarkCase, "enum-switch")), "\(claim.name): no baseline")
      }
    }
  }

  /// A claim reads the same through its rows as the answer prints it.
  @Test func aClaimsRowsAreWhatItReads() throws {
    guard case .run(let run) = try Schema.load(AnswerTests.run) else { throw ResultsError("not a run") }
    let rows = AnswerRows(run: run, size: 100_000, layout: "uniform")
    for claim in MachineClaim.all where claim.form == .span {
      let read = claim.rows(rows)
      let low = try #require(read.compactMap(\.ratioToBaselineLow).min())
      let high = try #require(read.compactMap(\.ratioToBaselineHigh).max())
      #expect(claim.read(rows) == .span(low...high), "\(claim.name)")
    }
  }
}
