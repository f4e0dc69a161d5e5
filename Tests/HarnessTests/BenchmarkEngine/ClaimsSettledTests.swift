@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import Claims
import RunContract
import Testing

/// When an adaptive run's claims settled: the claims its rows read and
/// whether every one is settled, as adaptive launches see them after each
/// launch; the moment they were last all settled, reset by a claim that
/// reopens; and the closing line's count reading the same rows alike.
@Suite struct ClaimsSettledTests {
  /// `run` with every ratio's interval narrowed to ±0.1% around it: each
  /// span's ends known and each "fastest" split or tied, so every claim
  /// settles at 4%.
  static func narrowed(_ run: RunFile) -> RunFile {
    var run = run
    for index in run.rows.indices {
      guard let ratio = run.rows[index].ratioToBaseline, run.rows[index].ratioToBaselineLow != nil else { continue }
      run.rows[index].ratioToBaselineLow = ratio / 1.001
      run.rows[index].ratioToBaselineHigh = ratio * 1.001
    }
    return run
  }

  static func reading(_ builds: [RunFile]) -> ClaimLaunches.Reading {
    ClaimLaunches(resolution: 0.04).reading(builds.map(\.rows), info: builds[0].info)
  }

  /// The answer fixture with the getter and visitors at 0.95–1.10× the enum
  /// on `feed.identifier` through a boundary: two claims open at least.
  static func open() throws -> RunFile { try ClaimLaunchesTests.rows(0.95...1.10, launches: 6) }

  static func settled() throws -> RunFile { narrowed(try open()) }

  /// The enum's row of one case alone: no claim's rows.
  static func noClaims() throws -> RunFile {
    var run = try open()
    run.rows = run.rows.filter {
      $0.key.operation == "share.line" && $0.key.mode == .app && $0.key.strategy == "enum-switch"
    }
    return run
  }

  @Test func rowsThatSettleEveryClaimReadAllSettled() throws {
    let reading = Self.reading([try Self.settled()])
    #expect(reading.needs.isEmpty, "\(reading.needs.map(\.claim))")
    #expect(reading.read == MachineClaim.all.count)
    #expect(reading.allSettled)
  }

  @Test func anOpenClaimLeavesThemNotAllSettled() throws {
    let reading = Self.reading([try Self.open()])
    #expect(
      reading.needs.contains { $0.claim == "fastest, feed.identifier, boundary" }, "\(reading.needs.map(\.claim))")
    #expect(reading.read == MachineClaim.all.count)
    #expect(!reading.allSettled)
  }

  /// Rows of no claim settle none: nothing was there to settle.
  @Test func rowsOfNoClaimAreNotAllSettled() throws {
    let reading = Self.reading([try Self.noClaims()])
    #expect(reading.needs.isEmpty)
    #expect(reading.read == 0)
    #expect(!reading.allSettled)
  }

  /// With two builds, a claim open in either keeps them open.
  @Test func aClaimOpenInOneBuildIsOpen() throws {
    #expect(Self.reading([try Self.settled(), try Self.settled()]).allSettled)
    #expect(!Self.reading([try Self.settled(), try Self.open()]).allSettled)
    #expect(!Self.reading([try Self.open(), try Self.settled()]).allSettled)
  }

  static let openReading = ClaimLaunches.Reading(
    needs: [
      ClaimLaunches.Need(claim: "fastest, feed.identifier, boundary", strategies: [:], launches: 4, factor: 2)
    ], read: 13)
  static let settledReading = ClaimLaunches.Reading(needs: [], read: 13)
  static let noClaimsReading = ClaimLaunches.Reading(needs: [], read: 0)

  /// The readings after the first launches and each later one, at the
  /// seconds given: the time recorded is when they last became all
  /// settled, or none.
  static func recorded(_ readings: [(ClaimLaunches.Reading, Double)]) -> Double? {
    var summary = AdaptiveSummary(settings: AdaptiveSettings(), initialLaunches: 4)
    for (reading, elapsed) in readings { summary.record(reading, elapsed: elapsed) }
    return summary.claimsSettled
  }

  @Test func theTimeIsTheFirstMomentNoneIsOpen() {
    #expect(Self.recorded([(Self.openReading, 40), (Self.settledReading, 48), (Self.settledReading, 60)]) == 48)
    #expect(
      Self.recorded([(Self.settledReading, 40), (Self.settledReading, 48)]) == 40, "settled after the first launches")
  }

  /// A claim whose intervals moved back open: the time is when they were
  /// last all settled, or none when they end open.
  @Test func aClaimThatReopensResetsIt() {
    #expect(
      Self.recorded([
        (Self.settledReading, 40), (Self.openReading, 48), (Self.settledReading, 60), (Self.settledReading, 70),
      ])
        == 60)
    #expect(Self.recorded([(Self.settledReading, 40), (Self.openReading, 48)]) == nil)
  }

  @Test func neverSettledOrNoClaimsRecordsNone() {
    #expect(Self.recorded([(Self.openReading, 40), (Self.openReading, 48)]) == nil)
    #expect(Self.recorded([(Self.noClaimsReading, 40), (Self.noClaimsReading, 48)]) == nil)
    #expect(Self.recorded([]) == nil)
  }

  /// The engine's reading and the closing line's count, of the same rows,
  /// agree: "N of M claims settled" has M the claims read and N those not
  /// open, so "every claim settled" is one fact to both.
  @Test(arguments: ["open", "settled", "no claims"])
  func theEngineAndTheClosingLineCountAlike(rows: String) throws {
    let run =
      switch rows {
      case "open": try Self.open()
      case "settled": try Self.settled()
      default: try Self.noClaims()
      }
    let reading = Self.reading([run])
    let text = RunAnswer.claims(run, resolution: 0.04)
    if reading.read == 0 {
      #expect(text == "", "\(rows): \(text)")
    } else {
      let count = "\(reading.read - reading.needs.count) of \(reading.read) claims settled"
      #expect(text.hasPrefix(count), "\(rows): \(text)")
      #expect(
        reading.allSettled == text.hasPrefix("\(reading.read) of \(reading.read) claims settled"), "\(rows): \(text)")
    }
  }
}
