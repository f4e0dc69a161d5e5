@testable import Reports
import BenchmarkResults
import CommandLineSupport
import DispatchModel
import Foundation
import TestSupport
import Testing

/// The answer over machines: runs of the answer's fixture (cut
/// from the reference run) as made on other CPUs, with intervals set where
/// a claim should hold or move; a column per machine, and each claim said
/// to hold or to move.
@Suite struct MachinesAnswerTests {
  static let family25 = "AMD EPYC (family 25, model 17, stepping 1)"
  static let family26 = "AMD EPYC (family 26, model 2, stepping 0)"
  static let articles: [StrategyID] = ["protocol-getter", "classic-visitor", "generic-visitor"]

  /// Rows of `strategies` on `operation` in `mode` given the ratio interval
  /// `interval` (and its midpoint as the ratio).
  struct Change {
    var strategies: [StrategyID]
    var operation: String
    var mode: BuildMode
    var interval: ClosedRange<Double>
  }

  /// The answer fixture's run as made on `cpu`, with `changes` made.
  static func run(_ cpu: String, path: String, _ changes: [Change] = []) throws -> RunFile {
    guard case .run(var run) = try Schema.load(AnswerTests.run) else { throw ResultsError("the fixture is not a run") }
    run.path = path
    run.info.machine.cpuModel = cpu
    for change in changes {
      for index in run.rows.indices {
        let key = run.rows[index].key
        guard change.strategies.contains(key.strategy), key.operation == change.operation, key.mode == change.mode
        else { continue }
        run.rows[index].ratioToBaseline = (change.interval.lowerBound + change.interval.upperBound) / 2
        run.rows[index].ratioToBaselineLow = change.interval.lowerBound
        run.rows[index].ratioToBaselineHigh = change.interval.upperBound
      }
    }
    return run
  }

  /// The figures: the getter and visitors take 2.42–3.05× the enum
  /// for a row's identifier in app mode on family 25, 1.64–2.00× on
  /// family 26.
  static let identifierApart = (
    family25: Change(strategies: articles, operation: "feed.identifier", mode: .app, interval: 2.42...3.05),
    family26: Change(strategies: articles, operation: "feed.identifier", mode: .app, interval: 1.64...2.00)
  )

  /// A run on each family, `f25.csv` and `f26.csv`, each with its
  /// identifier span of `identifierApart`.
  static func runsApart() throws -> [RunFile] {
    [
      try run(family25, path: "f25.csv", [identifierApart.family25]),
      try run(family26, path: "f26.csv", [identifierApart.family26]),
    ]
  }

  static func table(_ runs: [RunFile]) -> QuotedTable {
    MachinesAnswer(runs.map { AnswerRows(run: $0, size: 100_000, layout: "uniform") }).table()
  }

  static func row(_ table: QuotedTable, _ claim: String) throws -> [String] {
    try #require(table.rows.first { $0.first == claim }, "no row for \(claim) in \(table.rows.map { $0[0] })")
  }

  @Test func theCPUModelColumnIsReadForItsDetails() {
    let current = CPUModel(Self.family25)
    #expect(current.name == "AMD EPYC" && current.details == "family 25, model 17, stepping 1" && current.namesFamily)
    let old = CPUModel("AMD EPYC")
    #expect(old.name == "AMD EPYC" && old.details == nil && !old.namesFamily)
    let intel = CPUModel("Intel(R) Xeon(R) CPU @ 2.20GHz (family 6, model 85, stepping 7)")
    #expect(intel.name == "Intel(R) Xeon(R) CPU @ 2.20GHz" && intel.details == "family 6, model 85, stepping 7")
    // Brackets that are not the details are the name's.
    #expect(CPUModel("Some CPU (rev 2)").details == nil)
    #expect(CPUModel("").name == "")
  }

  /// A column per machine, titled by as much of the CPU as tells them
  /// apart; a span whose intervals lie apart moves, one whose intervals
  /// reach each other holds, with the range over both.
  @Test func aSpanMovesWhereTheMachinesIntervalsLieApartAndHoldsWhereTheyMeet() throws {
    let table = Self.table(try Self.runsApart())
    #expect(
      table.columns.map(\.title) == ["claim", Self.family25, Self.family26, "over the machines", "on every machine?"])
    #expect(table.columns.map(\.terminalTitle)[1...2] == ["family 25", "family 26"])
    let moves = try Self.row(table, "getter and visitors, feed.identifier, app")
    #expect(moves == [moves[0], "2.42–3.05×", "1.64–2.00×", "1.64–3.05×", "moves"])
    let holds = try Self.row(table, "getter and visitors on real work, both modes")
    #expect(holds[1] == holds[2] && holds[3] == holds[1] && holds[4] == "holds", "\(holds)")
    let decision = try Self.row(table, "fastest, feed.identifier, app")
    #expect(decision == [decision[0], "enum-switch", "enum-switch", "enum-switch", "holds"])
    #expect(table.items.contains("family 26 is \(Self.family26): f26.csv"), "\(table.items)")
    #expect(
      table.items.contains { $0.hasPrefix("Of 13 claims, 11 hold on every machine, 1 moves between them") },
      "\(table.items)")
    #expect(
      table.items.contains(
        "getter and visitors, feed.identifier, app moves: family 26's 1.64–2.00× lies below family 25's 2.42–3.05×"),
      "\(table.items)")
    #expect(!table.items.contains { $0.contains("without family") })
  }

  /// A decision that names another pattern on one machine moves; one that
  /// a machine's run cannot settle is said so, not called holding.
  @Test func aDecisionMovesWhereAMachineNamesAnotherPattern() throws {
    let faster = Change(
      strategies: ["protocol-getter"], operation: "feed.identifier", mode: .boundary, interval: 0.80...0.90)
    let close = Change(strategies: ["protocol-getter"], operation: "feed.identifier", mode: .app, interval: 0.95...1.05)
    let table = Self.table([
      try Self.run(Self.family25, path: "f25.csv"), try Self.run(Self.family26, path: "f26.csv", [faster, close]),
    ])
    let moves = try Self.row(table, "fastest, feed.identifier, boundary")
    #expect(moves[1...2] == ["enum-switch", "protocol-getter"])
    #expect(moves[3...4] == ["enum-switch, protocol-getter", "moves"], "\(moves)")
    #expect(
      table.items.contains(
        "fastest, feed.identifier, boundary moves: enum-switch on family 25, protocol-getter on family 26"))
    let untold = try Self.row(table, "fastest, feed.identifier, app")
    #expect(untold[2] == "enum-switch or protocol-getter")
    #expect(untold[3...4] == ["enum-switch", "cannot tell"], "\(untold)")
    #expect(
      table.items.contains(
        "fastest, feed.identifier, app cannot tell: family 26's run does not tell enum-switch and protocol-getter apart"
      ),
      "\(table.items)")
  }

  @Test func spansThatTouchHoldAndAMissingFigureCannotTell() {
    let touching = MachineVerdict([("a", .span(1.0...2.0)), ("b", .span(2.0...3.0))])
    #expect(touching.outcome == .holds && touching.over == "1.00–3.00×")
    let apart = MachineVerdict([("a", .span(1.0...2.0)), ("b", .span(2.5...3.0)), ("c", .span(1.5...2.6))])
    #expect(apart.outcome == .moves && apart.reason == "a's 1.00–2.00× lies below b's 2.50–3.00×")
    let missing = MachineVerdict([("a", .span(1.0...2.0)), ("b", .missing)])
    #expect(missing.outcome == .cannotTell && missing.reason == "not measured on b")
    let none = MachineVerdict([("a", .missing), ("b", .missing)])
    #expect(none.outcome == .cannotTell && none.over == "not measured")
  }
}

// MARK: - `answer A.csv B.csv` as a user runs it

extension MachinesAnswerTests {
  /// Writes each run to its path in a temporary directory.
  static func write(_ runs: [RunFile], in directory: String) throws -> [String] {
    try runs.map { run in
      let path = directory + "/" + run.path
      try RunFile.document(info: run.info, rows: run.rows).write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
  }

  /// Several runs: the machines section alone, a column per machine; a run
  /// whose cpu_model names no family is called by what it says, and a note
  /// says so.
  @Test func answerGivenARunPerMachinePrintsAColumnEach() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try Self.write(
      try Self.runsApart() + [try Self.run("AMD EPYC", path: "old.csv", [Self.identifierApart.family25])],
      in: directory)
    let result = InProcess.main(["answer"] + paths + ["--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "| claim | \(Self.family25) | \(Self.family26) | AMD EPYC | over the machines | on every machine? |")
    #expect(
      lines.contains(
        "| getter and visitors, feed.identifier, app | 2.42–3.05× | 1.64–2.00× | 2.42–3.05× | 1.64–3.05× | moves |"))
    #expect(
      lines.contains { $0.hasPrefix("| fastest, feed.identifier, app | enum-switch |") && $0.hasSuffix("| holds |") })
    #expect(!lines.contains { $0.hasPrefix("| decision") || $0.contains("| situation |") }, "only the machines section")
    #expect(result.output.contains("\(paths[2]) names its CPU \"AMD EPYC\", without family, model or stepping"))

    let table = InProcess.main(["answer"] + paths, width: 80)
    #expect(table.status == 0)
    #expect(table.output.contains("family 25") && table.output.contains("family 26"))
    #expect(table.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  /// A file that is not a run, a profile, and the options and sections
  /// that read one run are refused by name (two runs of one CPU model are
  /// pooled: MachinePlacementTests).
  @Test func answerRefusesWhatIsNotARunPerMachine() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try Self.write(
      [
        try Self.run(Self.family25, path: "a.csv"), try Self.run(Self.family25, path: "b.csv"),
        try Self.run(Self.family26, path: "c.csv"), try Self.run("AMD EPYC", path: "old-1.csv"),
        try Self.run("AMD EPYC", path: "old-2.csv"),
      ], in: directory)
    let old = InProcess.main(["answer", paths[3], paths[4]])
    #expect(old.status == 0, "two runs naming no family pool as one model line: \(old.errors)")

    let notARun = directory + "/notes.csv"
    try "machine,figure\nmine,1\n".write(toFile: notARun, atomically: true, encoding: .utf8)
    let bad = InProcess.main(["answer", paths[0], notARun])
    #expect(bad.status == 65)
    #expect(bad.errors.contains("\(notARun): not a dispatch-bench run CSV"), "\(bad.errors)")
    let missing = InProcess.main(["answer", paths[0], directory + "/absent.csv"])
    #expect(missing.status == 65 && missing.errors.contains("absent.csv"), "\(missing.errors)")
    let profile = InProcess.main(["answer", paths[0], Fixtures.profile])
    #expect(profile.status == 64 && profile.errors.contains("is a profile"), "\(profile.errors)")

    var otherBaseline = try Self.run(Self.family26, path: "baseline.csv")
    otherBaseline.info.baseline = "protocol-getter"
    let baseline = InProcess.main(["answer", paths[0], try Self.write([otherBaseline], in: directory)[0]])
    #expect(
      baseline.status == 65 && baseline.errors.contains("takes its ratios against protocol-getter"),
      "\(baseline.errors)")

    let withProfile = InProcess.main(["answer", paths[0], paths[2], "--profile", Fixtures.profile])
    #expect(
      withProfile.status == 64 && withProfile.errors.contains("--profile goes with one run"), "\(withProfile.errors)")
    let kinds = InProcess.main(["answer", paths[0], paths[2], "--sections", "kinds"])
    #expect(kinds.status == 64 && kinds.errors.contains("the kinds section reads one run"), "\(kinds.errors)")
    // The decision table over several runs: each figure a range over them.
    let decision = InProcess.main(["answer", paths[0], paths[2], "--sections", "decision"])
    #expect(decision.status == 0, "\(decision.errors)")
    #expect(decision.output.contains("spanning 2 CPU models"), "\(decision.output)")
  }

  /// One run's machines section places it among the committed machines
  /// (MachinePlacementTests); by default it comes last but the existential.
  @Test func oneRunsMachinesSectionPlacesIt() throws {
    let named = InProcess.main(["answer", AnswerTests.run, "--sections", "machines"])
    #expect(named.status == 0, "\(named.errors)")
    #expect(named.output.hasPrefix("Where this machine sits"), "\(named.output)")
    let byDefault = InProcess.main(["answer", AnswerTests.run])
    #expect(byDefault.status == 0)
    #expect(byDefault.output.contains("Where this machine sits"))
  }
}
