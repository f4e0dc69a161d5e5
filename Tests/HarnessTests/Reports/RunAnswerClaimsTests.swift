@testable import Reports
import BenchmarkResults
import CommandLineSupport
import Foundation
import TestSupport
import Testing

/// The run's closing precision sentence leads with the answer's claims
///: how many it settles of those it has rows for, and each still
/// open with what it reads and the `--max-time` that would settle it, then
/// the rows at the target; every line within 80 columns.
@Suite struct RunAnswerClaimsTests {
  /// The answer fixture with the getter and visitors at 0.95–1.10× the
  /// enum on `feed.identifier` through a boundary, as an adaptive run to
  /// 4% of 170 s would have written it.
  static func run() throws -> RunFile {
    var run = try ClaimLaunchesTests.rows(0.95...1.10, launches: 6)
    run.info.time = RunTime(wall: 170, seconds: [:])
    for index in run.rows.indices where !run.rows[index].key.strategy.isReference {
      run.rows[index].targetResolution = 0.04
    }
    return run
  }

  @Test func theSentenceLeadsWithTheClaimsAndNamesEachOpenOne() throws {
    let run = try Self.run()
    let rows = AnswerRows(run: run, size: 100_000, layout: "uniform")
    let settled = MachineClaim.all.filter { $0.settling(rows, resolution: 0.04).isSettled }.count
    // Nearest to settling first.
    let open = MachineClaim.all.map { ($0.name, $0.settling(rows, resolution: 0.04)) }.filter { !$0.1.isSettled }
      .sorted { ($0.1.launchFactor ?? .infinity) < ($1.1.launchFactor ?? .infinity) }.map(\.0)
    #expect(open.contains("fastest, feed.identifier, boundary"), "\(open)")
    #expect(open.contains("getter and visitors, feed.identifier, boundary"), "\(open)")
    let sentence = RunAnswer.precision(run)
    #expect(sentence.hasPrefix("Precision: \(settled) of 13 claims settled; "), "\(sentence)")
    for name in open.prefix(3) { #expect(sentence.contains("\(name) is not ("), "\(sentence)") }
    if open.count > 3 { #expect(sentence.contains("; and \(open.count - 3) more."), "\(sentence)") }
    #expect(sentence.contains("would settle it"), "\(sentence)")
    let claims = try #require(sentence.range(of: "claims settled"))
    let rowsAtTarget = try #require(sentence.range(of: "the median resolution"))
    #expect(claims.lowerBound < rowsAtTarget.lowerBound, "claims first, then rows")
    for line in TextTable.wrap(sentence, width: 80, indent: 2).split(separator: "\n") {
      #expect(line.count <= 80, "wider than 80 columns: \(line)")
    }
  }

  /// At this run's pace: 170 s × the claim's launch factor.
  @Test func anOpenClaimSaysTheMaxTimeThatWouldSettleIt() throws {
    let run = try Self.run()
    let rows = AnswerRows(run: run, size: 100_000, layout: "uniform")
    let claim = try #require(MachineClaim.all.first { $0.name == "getter and visitors, feed.identifier, boundary" })
    let factor = try #require(claim.settling(rows, resolution: 0.04).launchFactor)
    let text = RunAnswer.claims(run, resolution: 0.04)
    #expect(
      text.contains(
        "\(claim.name) is not (0.95–1.10×), about --max-time \(Int((170 * factor).rounded(.up))) would settle it"),
      "\(text)")
  }

  /// Every claim settled, and the run recorded when they last all were:
  /// the sentence says after how many seconds of the run, in 80 columns.
  @Test func everyClaimSettledSaysWhenTheLastDid() throws {
    var run = ClaimsSettledTests.narrowed(try Self.run())
    run.info.claimsSettled = 48.4
    run.info.time = RunTime(wall: 171.2, seconds: [:])
    let sentence = RunAnswer.precision(run)
    #expect(
      sentence.hasPrefix("Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run. "), "\(sentence)")
    for line in TextTable.wrap(sentence, width: 80, indent: 2).split(separator: "\n") {
      #expect(line.count <= 80, "wider than 80 columns: \(line)")
    }
    run.info.time = nil
    #expect(RunAnswer.claims(run, resolution: 0.04).hasPrefix("13 of 13 claims settled, the last after 48 s. "))
  }

  /// No time without the column (a file from before it, a run whose claims
  /// never all settled), nor beside a claim the rows leave open.
  @Test func noTimeWithoutTheColumnOrWithAClaimOpen() throws {
    var run = ClaimsSettledTests.narrowed(try Self.run())
    #expect(RunAnswer.precision(run).hasPrefix("Precision: 13 of 13 claims settled. "), "\(RunAnswer.precision(run))")
    run = try Self.run()
    run.info.claimsSettled = 48.4
    #expect(!RunAnswer.precision(run).contains("the last after"), "\(RunAnswer.precision(run))")
  }

  /// A run of fixed launches counts the claims it settles, and leaves
  /// naming them to adaptive launches.
  @Test func aRunOfFixedLaunchesCountsTheClaimsOnly() throws {
    let text = RunAnswer.claims(try Self.run(), resolution: 0.04, adaptive: false)
    #expect(
      text.hasSuffix(" claims settled (adaptive launches, the default, go to the others' rows first). "), "\(text)")
    #expect(!text.contains("would settle it"))
  }

  /// A run of none of the claims' rows says nothing of them.
  @Test func aRunWithoutTheClaimsRowsSaysNothingOfThem() throws {
    var run = try Self.run()
    run.rows = run.rows.filter {
      $0.key.operation == "share.line" && $0.key.mode == .app && $0.key.strategy == "enum-switch"
    }
    #expect(RunAnswer.claims(run, resolution: 0.04) == "")
  }
}
