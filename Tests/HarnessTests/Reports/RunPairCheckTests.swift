@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import Foundation
import TestSupport
import Testing
import RunContract

/// `compare A.csv B.csv --show drift|speed|code-bytes|ratios` on the A/A
/// fixture pair, and `compare A.csv --samples … --show launch-spread`: what
/// ratio-drift.py, machine-speed.py, code-bytes-match.py, ratio-change.py
/// and launch-spread.py printed for them (Tests/Fixtures/compare/README.md),
/// and the failures.
@Suite struct RunPairCheckTests {
  static let expected = Fixtures.directory + "/compare"

  @Test(arguments: [
    (["--show", "drift"], "drift.txt"), (["--show", "speed"], "speed.txt"),
    (["--show", "code-bytes", "--require-callgrind"], "code-bytes.txt"),
    (["--show", "ratios", "--operations", "feed.render,share.instagram", "--format", "markdown"], "ratios.md"),
  ])
  func aCheckPrintsWhatItsScriptPrinted(arguments: [String], file: String) throws {
    // From the fixtures' directory, so that the paths printed are the ones
    // the scripts printed.
    let result = try Subprocess.run(["compare", "aa-a.csv", "aa-b.csv"] + arguments, currentDirectory: Fixtures.runs)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try String(contentsOfFile: Self.expected + "/" + file, encoding: .utf8)))
  }

  /// The spread of the A/A fixture's first run over its launches, from
  /// samples made for the test: what launch-spread.py printed for them.
  @Test func launchSpreadPrintsWhatItsScriptPrinted() throws {
    let samples = Self.expected + "/aa-a-samples.csv"
    let result = InProcess.main(["compare", Fixtures.pairA, "--samples", samples, "--show", "launch-spread"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == (try String(contentsOfFile: Self.expected + "/launch-spread.txt", encoding: .utf8)))
  }

  /// The pair with one row changed by `change`, written to a temporary file.
  static func pair(_ change: (inout TimingRow) throws -> Void, both: Bool = false) throws -> (String, String) {
    guard case .run(let a) = try Schema.load(Fixtures.pairA), case .run(let b) = try Schema.load(Fixtures.pairB) else {
      throw ResultsError("the fixtures are not runs")
    }
    func write(_ file: RunFile, changed: Bool) throws -> String {
      var rows = file.rows
      if changed { try change(&rows[0]) }
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("pair-\(UUID()).csv").path
      try RunFile.document(info: file.info, rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    return (try write(a, changed: both), try write(b, changed: true))
  }

  /// `--show launch-speed` says which launch was slow and whether the
  /// machine was: samples of the fixture's share.instagram rows over five
  /// launches, launch 3 with every row 1.3× slower (the machine), launch 4
  /// with only the floor and null slower (their layout).
  @Test func launchSpeedNamesTheSlowLaunchAndWhatMoved() throws {
    guard case .run(let run) = try Schema.load(Fixtures.pairA) else { throw ResultsError("the fixture is not a run") }
    let rows = run.rows.filter { $0.key.operation == "share.instagram" }
    #expect(rows.contains { $0.key.strategy.isReference } && rows.contains { !$0.key.strategy.isReference })
    var samples: [RawSample] = []
    for row in rows {
      for launch in 0..<5 {
        let factor = launch == 3 || (launch == 4 && row.key.strategy.isReference) ? 1.3 : 1.0
        for round in 0..<5 {
          samples.append(
            RawSample(
              key: row.key, index: launch * 5 + round, launch: launch, round: round, elementsPerSample: 1_000,
              nanosecondsPerElement: row.median * factor * (1 + 0.001 * Double(round))))
        }
      }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("speed-\(UUID()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SamplesFile.document(runID: run.info.runID, samples: samples).write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = InProcess.main(["compare", Fixtures.pairA, "--samples", path, "--show", "launch-speed"])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("5 launches, ") == true)
    #expect(lines.contains("launch  floor and null  strategy rows"))
    #expect(lines.contains("     3           1.30×          1.30×  the machine: both moved"))
    #expect(lines.contains("     4           1.30×          1.00×  the floor and null alone"))
    #expect(lines.contains("     0           1.00×          1.00×"))
    #expect(result.output.contains("launch speed spread: 1.300×"))
    #expect(result.output.contains("or more in 1 launch:\nthe machine's speed moved there, not the code's.\n"))
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    #expect(LaunchSpeed.Move(reference: 0.85, strategies: 0.88) == .machine)
    #expect(LaunchSpeed.Move(reference: 1.0, strategies: 1.2) == .strategiesAlone)
    #expect(LaunchSpeed.Move(reference: 1.2, strategies: 0.8) == .apart)
    #expect(LaunchSpeed.Move(reference: 1.05, strategies: 0.97) == .none)

    // Two layouts of one launch each (a --quick run of --layouts 2): no
    // launch has another of its layout to be measured against.
    let single = samples.filter { $0.launch < 2 }.map { sample in
      var sample = sample
      sample.launch *= LayoutBuilds.launchStride
      return sample
    }
    try SamplesFile.document(runID: run.info.runID, samples: single).write(
      toFile: path, atomically: true, encoding: .utf8)
    let refused = InProcess.main(["compare", Fixtures.pairA, "--samples", path, "--show", "launch-speed"])
    #expect(refused.status == 65)
    #expect(refused.errors.contains("the samples hold one launch in a layout"), "\(refused.errors)")
    #expect(refused.errors.contains("--launches 2 or more"))
  }

  /// `--show drift` says where the tail is: the baseline's own rows apart
  /// from the ratios to it, and the rows an adaptive run left short of its
  /// target apart from those it took there, each with its share of the
  /// largest moves.
  @Test func driftSaysWhereItsTailComesFrom() throws {
    guard case .run(let a) = try Schema.load(Fixtures.pairA), case .run(let b) = try Schema.load(Fixtures.pairB) else {
      throw ResultsError("the fixtures are not runs")
    }
    // The row that drifts most in the fixture pair is the enum's own
    // feed.render against the floor (drift.txt); mark it short of its
    // target in the second run, every other row met.
    let shortKey = try #require(
      b.rows.first { $0.key.strategy.rawValue == "enum-switch" && $0.key.operation == "feed.render" }?.key)
    func write(_ file: RunFile, shortOfTarget: ResultKey?) throws -> String {
      let rows = file.rows.map { row in
        var row = row
        row.metTarget = row.key != shortOfTarget
        return row
      }
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID()).csv").path
      try RunFile.document(info: file.info, rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let (pathA, pathB) = (try write(a, shortOfTarget: nil), try write(b, shortOfTarget: shortKey))
    defer { for path in [pathA, pathB] { try? FileManager.default.removeItem(atPath: path) } }
    let result = InProcess.main(["compare", pathA, pathB, "--show", "drift"])
    #expect(result.status == 0, "\(result.errors)")
    let floorTracked = a.rows.filter { !$0.key.strategy.isReference && $0.tracked == .floor }.count
    #expect(floorTracked > 0 && floorTracked < 18)
    // Each group's line: its name, then its rows, median, p95 and largest
    // (the pair has 18 strategy rows, under the 40 from which the largest
    // 5% are counted).
    func line(_ name: String) -> String? {
      result.output.split(separator: "\n").map(String.init).first { $0.hasPrefix("  " + name + ":") }
    }
    #expect(result.output.contains("strategy rows by what they track (rows: median, p95, max):\n"))
    #expect(line("ratios to the baseline")?.hasSuffix(" \(18 - floorTracked): 0.78%, 1.72%, 2.01%") == true)
    #expect(line("the baseline's own, to the floor")?.hasSuffix(" \(floorTracked): 2.95%, 4.32%, 4.47%") == true)
    #expect(result.output.contains("strategy rows by target (rows: median, p95, max):\n"))
    #expect(line("met in both runs")?.contains(" 17: ") == true)
    // The one short row is the largest move of the 18.
    #expect(line("short of it in either run")?.hasSuffix("  1: 4.47%, 4.47%, 4.47%") == true)
    #expect(
      result.output.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("%, ") }.allSatisfy {
        $0.count <= 80
      })

    // Runs of a fixed design have no target: no grouping by it.
    let fixed = InProcess.main(["compare", Fixtures.pairA, Fixtures.pairB, "--show", "drift"])
    #expect(!fixed.output.contains("by target"))
  }

  /// `--show drift` counts the second run's ratios inside the first's 95%
  /// interval: 13 of the fixture pair's 16 (drift.txt; the three outside
  /// named in Tests/Fixtures/compare/README.md), 14 once the second run's
  /// naive share.instagram ratio is moved inside, and none of the
  /// baseline's own rows (tracked to the floor) or the floor and null.
  @Test func driftCountsTheSecondRunsRatiosInsideTheFirstsInterval() throws {
    func cover(_ output: String) -> String? {
      output.split(separator: "\n").first { $0.hasPrefix("interval cover: ") }.map(String.init)
    }
    func byDomain(_ output: String) -> String? {
      output.split(separator: "\n").first { $0.hasPrefix("  by domain: ") }.map(String.init)
    }
    let fixed = InProcess.main(["compare", Fixtures.pairA, Fixtures.pairB, "--show", "drift"])
    #expect(cover(fixed.output) == "interval cover: 13 of 16 ratios to the baseline (81.2%) lie in the")
    // Outside (by hand, Tests/Fixtures/compare/README.md): one share row, two feed rows.
    #expect(byDomain(fixed.output) == "  by domain: feed 6 of 8, share 7 of 8")
    guard case .run(let a) = try Schema.load(Fixtures.pairA), case .run(let b) = try Schema.load(Fixtures.pairB) else {
      throw ResultsError("the fixtures are not runs")
    }
    let rows = b.rows.map { row in
      var row = row
      if row.key.strategy.rawValue == "naive" && row.key.operation == "share.instagram" { row.ratioToBaseline = 1.65 }
      return row
    }
    #expect(rows.filter { $0.ratioToBaseline == 1.65 }.count == 1)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID()).csv").path
    try RunFile.document(info: b.info, rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let moved = InProcess.main(["compare", Fixtures.pairA, path, "--show", "drift"])
    #expect(moved.status == 0, "\(moved.errors)")
    #expect(cover(moved.output) == "interval cover: 14 of 16 ratios to the baseline (87.5%) lie in the")
    #expect(byDomain(moved.output) == "  by domain: feed 6 of 8, share 8 of 8")
    #expect(a.rows.filter { !$0.key.strategy.isReference && $0.tracked != .floor }.count == 16)
  }

  /// `--show drift` sets beside the drift measured the drift the rows'
  /// standard errors expect: the median over rows of 0.674 × √(se_A² +
  /// se_B²), as a ratio. On the fixture pair, worked out by hand from the
  /// 18 strategy rows' `tracked_log_se` (Tests/Fixtures/compare/README.md):
  /// 0.507% (the 9th and 10th of 18), share's 0.484%, feed's 0.513%; with
  /// every row's error 0.1 in both runs, e^(0.674 × 0.1414) − 1 = 10.01%.
  @Test func driftSaysWhatTheRowsStandardErrorsExpect() throws {
    let expected = "drift expected from the rows' standard errors (their launches alone): median\n"
    let fixture = InProcess.main(["compare", Fixtures.pairA, Fixtures.pairB, "--show", "drift"])
    #expect(fixture.output.contains(expected + "  0.51% over 18 rows; feed 0.51%, share 0.48%\n"), "\(fixture.output)")
    guard case .run(let a) = try Schema.load(Fixtures.pairA), case .run(let b) = try Schema.load(Fixtures.pairB) else {
      throw ResultsError("the fixtures are not runs")
    }
    // Both runs with every row's standard error set to `error`.
    func drift(error: Double?) throws -> String {
      let paths = try [a, b].map { file -> String in
        let rows = file.rows.map { row in
          var row = row
          row.trackedLogError = error
          return row
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("expected-\(UUID()).csv").path
        try RunFile.document(info: file.info, rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
        return path
      }
      defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
      return InProcess.main(["compare"] + paths + ["--show", "drift"]).output
    }
    let wide = try drift(error: 0.1)
    #expect(wide.contains(expected + "  10.01% over 18 rows; feed 10.01%, share 10.01%\n"), "\(wide)")
    // Rows with no standard error (a fixed design's single launch) expect nothing.
    #expect(try !drift(error: nil).contains("drift expected"))
  }

  @Test func twoBuildsWhoseCodeDiffersFail() throws {
    let (a, b) = try Self.pair { $0.codeBytes = try #require($0.codeBytes) + 1 }
    defer { for path in [a, b] { try? FileManager.default.removeItem(atPath: path) } }
    let result = InProcess.main(["compare", a, b, "--show", "code-bytes"])
    #expect(result.status == 2)
    #expect(result.errors.contains("error: code_bytes differ for share/share.instagram/naive/uniform/100000 (3 kinds)"))
  }

  @Test func aRowCountedWithoutCallgrindFailsWhenCallgrindIsRequired() throws {
    let (a, b) = try Self.pair({ $0.codeBytesMethod = .directCalls }, both: true)
    defer { for path in [a, b] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(InProcess.main(["compare", a, b, "--show", "code-bytes"]).status == 0)
    let result = InProcess.main(["compare", a, b, "--show", "code-bytes", "--require-callgrind"])
    #expect(result.status == 2)
    #expect(result.errors.contains("was counted by direct-calls, not callgrind"))
  }

  static let refusals: [(arguments: [String], status: Int32, message: String)] = [
    ([Fixtures.pairA, "--show", "drift"], 64, "--show drift reads two runs"),
    ([Fixtures.pairA, Fixtures.pairB, "--require-callgrind"], 64, "--require-callgrind goes with --show code-bytes"),
    (
      [Fixtures.pairA, Fixtures.pairB, "--show", "noise"], 64,
      "--show: \"noise\" is not one of verdicts, drift, speed, code-bytes"
    ),
    (
      [Fixtures.runs + "/profile-v1.csv", Fixtures.profile, "--show", "speed"], 64,
      "--show speed reads runs, not profiles"
    ),
    ([Fixtures.pairA, Fixtures.pairB, "--operations", "feed.color"], 64, "--operations goes with --show ratios"),
    (
      [Fixtures.pairA, Fixtures.pairB, "--show", "ratios", "--operations", "feed.colour"], 64,
      "is not a known operation"
    ),
    (
      [Fixtures.pairA, Fixtures.pairB, "--show", "ratios", "--format", "csv"], 64,
      "--show ratios prints a table or Markdown"
    ),
    (
      [Fixtures.pairA, Fixtures.pairB, "--show", "drift", "--format", "markdown"], 64,
      "--format goes with verdicts and ratios"
    ),
    ([Fixtures.pairA, Fixtures.pairB, "--show", "ratios", "--operations", "feed.color"], 65, "no share or feed rows"),
    (
      [Fixtures.pairA, "--show", "launch-spread"], 64,
      "--show launch-spread reads the run's raw samples: pass --samples"
    ),
    (
      [Fixtures.pairA, "--show", "launch-speed"], 64, "--show launch-speed reads the run's raw samples: pass --samples"
    ),
    ([Fixtures.pairA, Fixtures.pairB, "--show", "launch-spread"], 64, "--show launch-spread reads one run"),
    ([AnswerTests.run, Fixtures.runVersion4, "--show", "drift"], 65, "the runs have no rows in common"),
    ([AnswerTests.run, Fixtures.runVersion4, "--show", "speed"], 65, "has no strategy rows in common with"),
    ([Fixtures.pairA, runWithoutCodeBytes, "--show", "code-bytes"], 65, "no row has code_bytes in both runs"),
  ]

  /// Where a refusal names the schema-4 fixture without its code_bytes
  /// columns, which the test writes for itself (`writeRunWithoutCodeBytes`).
  static let runWithoutCodeBytes = "<run without code bytes>"

  /// Writes the schema-4 fixture without its code_bytes columns (rows in
  /// common with the A/A pair, none with a code size) to `path`.
  static func writeRunWithoutCodeBytes(to path: String) throws {
    let table = try CSVReader.parse(try String(contentsOfFile: Fixtures.runVersion4, encoding: .utf8))
    let keep = table.header.indices.filter { !table.header[$0].hasPrefix("code_bytes") }
    var text = CSVWriter.record(keep.map { table.header[$0] })
    for record in table.records { text += CSVWriter.record(keep.map { record.fields[$0] }) }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test(arguments: refusals.indices)
  func aCheckThatCannotRunSaysWhy(index: Int) throws {
    var (arguments, status, message) = Self.refusals[index]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-pair-check-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    if let position = arguments.firstIndex(of: Self.runWithoutCodeBytes) {
      arguments[position] = directory + "/no-code-bytes.csv"
      try Self.writeRunWithoutCodeBytes(to: arguments[position])
    }
    let result = InProcess.main(["compare"] + arguments)
    #expect(result.status == status, "\(arguments): \(result.errors)")
    #expect(result.errors.contains(message), "\(result.errors)")
  }
}
