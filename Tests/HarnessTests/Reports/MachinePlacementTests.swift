@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import CommandLineSupport
import DispatchModel
import Foundation
import TestSupport
import Testing

/// Several runs of one CPU model pooled into its column, a run
/// that lacks a pattern read as "not measured", and one run placed among
/// the committed machines, whose figures the binary carries.
@Suite struct MachinePlacementTests {
  typealias M = MachinesAnswerTests
  static let intel = "Intel(R) Xeon(R) Processor (family 6, model 207, stepping 2)"

  static func rows(_ run: RunFile) -> AnswerRows { AnswerRows(run: run, size: 100_000, layout: "uniform") }

  /// The fixture run without `strategy`'s rows, as a run of a subset (or
  /// one made before the pattern was added) is.
  static func without(_ strategy: StrategyID, _ run: RunFile) -> RunFile {
    var run = run
    run.rows.removeAll { $0.key.strategy == strategy }
    return run
  }

  // MARK: Pooling

  /// Two runs of one CPU model make one column: a span from their lowest
  /// low to their highest high, and the pattern both name.
  @Test func twoRunsOfOneModelArePooledIntoOneColumn() throws {
    let a = try M.run(Self.intel, path: "a.csv", [M.identifierApart.family25])
    let b = try M.run(Self.intel, path: "b.csv", [M.identifierApart.family26])
    let f25 = try M.run(M.family25, path: "f25.csv")
    let table = MachinesAnswer([a, b, f25].map(Self.rows)).table()
    #expect(table.columns.count == 5, "\(table.columns.map(\.title))")
    #expect(table.columns.map(\.terminalTitle)[1...2] == ["Intel Xeon f6 m207", "AMD EPYC f25 m17"])
    let identifier = try M.row(table, "getter and visitors, feed.identifier, app")
    #expect(identifier[1] == "1.64–3.05×", "the pooled span: \(identifier)")
    let decision = try M.row(table, "fastest, feed.identifier, app")
    #expect(decision[1] == "enum-switch")
    #expect(table.items.contains { $0.hasPrefix("Intel Xeon f6 m207 is \(Self.intel): a.csv, b.csv (its runs pooled") })
  }

  @Test func pooledReadingsAreTheUnionOfTheRuns() {
    typealias R = MachineClaim.Reading
    #expect(R.pooled([.span(1.0...2.0), .span(1.5...3.0)]) == .span(1.0...3.0))
    #expect(R.pooled([.span(1.0...2.0), .missing]) == .span(1.0...2.0))
    #expect(R.pooled([.missing, .missing]) == .missing)
    #expect(R.pooled([.pattern("enum-switch"), .pattern("enum-switch")]) == .pattern("enum-switch"))
    #expect(R.pooled([.pattern("enum-switch"), .pattern("naive")]) == .untold(["enum-switch", "naive"]))
    #expect(
      R.pooled([.pattern("enum-switch"), .untold(["naive", "enum-switch"])]) == .untold(["enum-switch", "naive"]))
  }

  /// `answer a.csv b.csv` of one model prints its column, exit 0.
  @Test func answerPoolsRunsOfOneModel() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try M.write(
      [
        try M.run(M.family25, path: "a.csv"), try M.run(M.family25, path: "b.csv"),
        try M.run(M.family26, path: "c.csv"),
      ],
      in: directory)
    let result = InProcess.main(["answer"] + paths + ["--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let header = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("| claim") })
    #expect(header == "| claim | \(M.family25) | \(M.family26) | over the machines | on every machine? |")
  }

  // MARK: A pattern one run lacks

  /// A span over a pattern a run lacks is not measured there, never a span
  /// over the rows it has; "fastest" is read among the patterns every run
  /// measured, and a note names the one only some have.
  @Test func aPatternARunLacksIsNotMeasuredThere() throws {
    let full = try M.run(M.family25, path: "new.csv")
    let old = Self.without("generic-visitor", try M.run(M.family26, path: "old.csv"))
    let table = MachinesAnswer([full, old].map(Self.rows)).table()
    let span = try M.row(table, "getter and visitors, feed.identifier, app")
    #expect(span[2] == "not measured" && span[4] == "cannot tell", "\(span)")
    #expect(table.items.contains { $0.contains("new.csv also has generic-visitor, not measured on every machine") })
    let decision = try M.row(table, "fastest, feed.identifier, app")
    #expect(decision[1] == decision[2] && decision[4] == "holds", "\(decision)")
  }

  // MARK: Placement

  /// Committed figures made from the fixture run on `cpu`, as the
  /// generated file carries them.
  static func committed(_ runs: [RunFile]) -> CommittedMachines {
    CommittedMachines(MachinesAnswer(runs.map(Self.rows)))
  }

  @Test func aRunInsideAndOutsideTheCommittedMachines() throws {
    let committed = Self.committed(try M.runsApart())
    // Inside: the fixture's other claims are the committed runs' own.
    let inside = MachinePlacement(
      Self.rows(try M.run(Self.intel, path: "mine.csv", [M.identifierApart.family26])), among: committed)
    let identifier = try #require(inside.lines.first { $0.claim == "getter and visitors, feed.identifier, app" })
    #expect(identifier.place == .inside && identifier.there == "1.64–3.05×")
    #expect(inside.outside.isEmpty)
    // The fixture's run cannot tell the fastest on one claim (its own
    // reading, committed and here alike).
    #expect(
      inside.summary.hasPrefix(
        "This machine (Intel Xeon f6 m207) lies inside the committed machines' range on 12 of 13 claims; 1 it cannot tell."
      ),
      "\(inside.summary)")

    // Above: its whole interval beyond every committed one, named.
    let above = Change(strategies: M.articles, operation: "feed.identifier", mode: .app, interval: 3.2...3.6)
    let outside = MachinePlacement(Self.rows(try M.run(Self.intel, path: "mine.csv", [above])), among: committed)
    #expect(outside.outside.map(\.claim) == ["getter and visitors, feed.identifier, app"])
    #expect(outside.summary.contains("on 11 of 13 claims and outside it on 1"), "\(outside.summary)")
    #expect(
      MachinePlacement.outsideText(outside.outside[0])
        == "getter and visitors, feed.identifier, app: 3.20–3.60× here, above the machines' 1.64–3.05×")

    // Another fastest pattern differs.
    let faster = Change(
      strategies: ["protocol-getter"], operation: "feed.identifier", mode: .boundary, interval: 0.80...0.90)
    let differs = MachinePlacement(Self.rows(try M.run(Self.intel, path: "mine.csv", [faster])), among: committed)
    let line = try #require(differs.outside.first)
    #expect(line.place == .differs && line.claim == "fastest, feed.identifier, boundary")
    #expect(MachinePlacement.outsideText(line).hasSuffix("protocol-getter here, where the machines name enum-switch"))
  }

  typealias Change = MachinesAnswerTests.Change

  /// A run of a subset is "not measured here"; a pattern the committed runs
  /// predate is "not measured there" (its span claim), never a range.
  @Test func aStrategyMissingHereOrThere() throws {
    let committed = Self.committed([Self.without("classic-visitor", try M.run(M.family25, path: "old.csv"))])
    #expect(!committed.patterns.contains("classic-visitor"))
    let mine = MachinePlacement(Self.rows(try M.run(Self.intel, path: "mine.csv")), among: committed)
    let there = try #require(mine.lines.first { $0.claim == "getter and visitors, feed.color, app" })
    #expect(there.place == .notMeasuredThere && there.there == "not measured", "\(there)")
    // The fastest claims are read among the committed patterns.
    #expect(mine.lines.first { $0.claim == "fastest, feed.color, app" }?.place == .inside)

    let subset = MachinePlacement(
      Self.rows(Self.without("protocol-getter", try M.run(Self.intel, path: "mine.csv"))),
      among: Self.committed([try M.run(M.family25, path: "f25.csv")]))
    let here = try #require(subset.lines.first { $0.claim == "fastest, feed.color, app" })
    #expect(here.place == .notMeasuredHere)
    #expect(subset.lines.first { $0.claim == "getter and visitors, feed.color, app" }?.place == .notMeasuredHere)
    #expect(subset.summary.contains("not measured on both"))
  }

  /// The figures the binary carries are those of the committed runs: a
  /// run added to results/reference/machines without running
  /// `_committed-machines` fails here (and in CI).
  @Test func theCarriedFiguresAreTheCommittedRuns() throws {
    let fromRuns = try CommittedMachines(runsIn: Fixtures.packageRoot + "/" + CommittedMachines.folder)
    #expect(fromRuns == CommittedMachines.generated, "run `swift run -c release dispatch-bench _committed-machines`")
    let source = try String(contentsOfFile: Fixtures.packageRoot + "/" + CommittedMachines.sourcePath, encoding: .utf8)
    #expect(source == fromRuns.swiftSource)
    #expect(CommittedMachines.generated.machines.count >= 3)
  }

  /// `answer RUN.csv` (one run) prints its placement as the machines
  /// section, and a run's closing text names the claims outside.
  @Test func oneRunIsPlacedByAnswerAndByTheRunsClosing() throws {
    let named = InProcess.main(["answer", AnswerTests.run, "--sections", "machines"], width: 80)
    #expect(named.status == 0, "\(named.errors)")
    #expect(named.output.contains("Where this machine sits"))
    #expect(named.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(named.output)")

    guard case .run(let run) = try Schema.load(AnswerTests.run) else { throw ResultsError("not a run") }
    let committed = Self.committed([try M.run(M.family26, path: "f26.csv", [M.identifierApart.family26])])
    let lines = RunAnswer.placement(run, among: committed)
    #expect(lines.contains { $0.contains("outside it on") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("  - getter and visitors, feed.identifier, app:") }, "\(lines)")
  }

  @Test func badArgumentsOfTheHiddenCommand() {
    let result = InProcess.main(["_committed-machines", "--wrong"])
    #expect(result.status == 64 && result.errors.contains("unknown argument '--wrong'"), "\(result.errors)")
  }

  @Test func aShortLabelPerCPU() {
    #expect(CPUModel(Self.intel).shortLabel == "Intel Xeon f6 m207")
    #expect(CPUModel(M.family25).shortLabel == "AMD EPYC f25 m17")
    #expect(CPUModel("AMD EPYC").shortLabel == "AMD EPYC")
  }
}

/// At 80 columns, the run's closing notes and its
/// progress lines fit.
@Suite struct ClosingWidthTests {
  @Test func notesWrapToTheWidthKeepingTheirIndent() {
    let note =
      "adaptive launches: 4 of every case, then 9 more launches of 1 to 48 cases, the widest first; "
      + "44 of 48 cases did not meet the target resolution of 4% within --max-time 2m50s (met_target says which rows)"
      + "\n  synthetic/synthetic.constant/cast-chain/uniform/100000/app: 15% after 12 launches, 91% of its variance "
      + "between launches; about 170 launches would resolve it"
    let wrapped = RunCommand.wrapped(note, width: 80)
    let lines = wrapped.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(wrapped)")
    #expect(lines.filter { $0.hasPrefix("  synthetic/") }.count == 1)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    #expect(
      wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" })
        == note.split(whereSeparator: { $0 == " " || $0 == "\n" }))
    #expect(RunCommand.wrapped(note, width: nil) == note)
  }

  @Test func progressLinesAreCutToTheWidth() {
    let line =
      "[launch 3/12] [case 17/48] synthetic/synthetic.constant/cast-chain/uniform/100000/app · 1m2s elapsed, ~1m40s left"
    let fitted = Progress.fitted(line, to: 80)
    #expect(fitted.count == 80 && fitted.hasPrefix("[launch 3/12]") && fitted.hasSuffix("~1m40s left"), "\(fitted)")
    #expect(Progress.fitted(line, to: nil) == line)
    #expect(Progress.fitted("short", to: 80) == "short")
  }
}

/// `report` over several runs draws each span claim's interval
/// on each CPU model side by side, and writes the machines table beside it.
@Suite struct MachinesReportTests {
  @Test func reportOverMachinesWritesTheChartAndTheTable() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try MachinesAnswerTests.write(try MachinesAnswerTests.runsApart(), in: directory)
    let output = directory + "/report"
    let result = InProcess.main(["report"] + paths + ["--output-dir", output])
    #expect(result.status == 0, "\(result.errors)")
    let markdown = try String(contentsOfFile: output + "/machines.md", encoding: .utf8)
    #expect(markdown.contains("![") && markdown.contains("(machines.svg)"))
    #expect(
      markdown.contains("| getter and visitors, feed.identifier, app | 2.42–3.05× | 1.64–2.00× | 1.64–3.05× | moves |"))
    let svg = try String(contentsOfFile: output + "/machines.svg", encoding: .utf8)
    // A whisker per machine and span claim, its tooltip naming both ends.
    #expect(svg.contains("family 25, getter and visitors, feed.identifier, app"), "\(svg.prefix(400))")
    #expect(svg.contains("(2.42 to 3.05)") && (svg.contains("(1.64 to 2.00)") || svg.contains("(1.64 to 2)")))

    let refused = InProcess.main(["report"] + paths + ["--output-dir", output, "--profile", Fixtures.profile])
    #expect(refused.status == 64 && refused.errors.contains("go with one run"), "\(refused.errors)")
    let again = InProcess.main(["report"] + paths + ["--output-dir", output])
    #expect(again.status == 73 && again.errors.contains("already exists"), "\(again.errors)")
  }
}
