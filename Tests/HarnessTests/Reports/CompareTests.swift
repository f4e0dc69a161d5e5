@testable import BenchmarkEngine
@testable import Reports
@testable import Statistics
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
import Testing
import RunContract

/// `compare` on synthetic runs: verdicts, exit statuses, within-run ratios.
@Suite struct CompareTests {
  /// Writes a run CSV to a temporary file.
  static func write(_ results: MeasuredRun) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID()).csv").path
    try results.document.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func load(_ results: MeasuredRun) throws -> MeasuredFile {
    let path = try write(results)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return MeasuredFile(try Schema.load(path))
  }

  func compare(_ base: MeasuredRun, _ new: MeasuredRun, threshold: Double = 0.05) throws
    -> (changes: [RowChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey])
  {
    Comparison.between(
      try Self.load(base), try Self.load(new), threshold: threshold, baseSamples: nil, newSamples: nil)
  }

  @Test func identicalRunsHaveNoRegression() throws {
    let run = SampleRuns.results()
    let result = try compare(run, run)
    #expect(result.changes.count == run.rows.count)
    #expect(result.changes.allSatisfy { $0.verdict == .unchanged && $0.ratio == 1 })
    #expect(result.onlyInBase.isEmpty && result.onlyInNew.isEmpty)
  }

  @Test func aCellTwiceAsSlowRegresses() throws {
    let base = SampleRuns.results()
    let new = SampleRuns.results(scale: ["feed.height/protocol-getter": 2])
    let result = try compare(base, new)
    let regressed = result.changes.filter { $0.verdict == .regressed }
    #expect(regressed.map(\.key.description) == ["feed/feed.height/protocol-getter/uniform/1000 (6 kinds)"])
    // A failure here, not an index out of range that takes the process down.
    let change = try #require(regressed.first, "nothing regressed")
    #expect(abs(change.ratio - 2) < 0.01)
    #expect(change.interval.lowerBound > 1.9 && change.interval.upperBound < 2.1)
    #expect(result.changes.filter { $0.verdict != .unchanged }.count == 1)
  }

  @Test func aCellTwiceAsFastImproves() throws {
    let result = try compare(SampleRuns.results(), SampleRuns.results(scale: ["feed.identifier/enum-switch": 0.5]))
    #expect(result.changes.filter { $0.verdict == .improved }.map(\.key.operation) == ["feed.identifier"])
  }

  @Test func aChangeInsideTheThresholdIsUnchanged() throws {
    // 3% slower, clearly outside the intervals, but inside a 5% threshold.
    let result = try compare(SampleRuns.results(), SampleRuns.results(scale: ["feed.height/enum-switch": 1.03]))
    let cell = try #require(
      result.changes.first { $0.key.operation == "feed.height" && $0.key.strategy == "enum-switch" })
    #expect(cell.significant)
    #expect(cell.verdict == .unchanged)
    // With a 1% threshold the same change is a regression.
    let strict = try compare(
      SampleRuns.results(), SampleRuns.results(scale: ["feed.height/enum-switch": 1.03]), threshold: 0.01)
    #expect(strict.changes.filter { $0.verdict == .regressed }.count == 1)
  }

  @Test func aLargeChangeWithinOverlappingIntervalsIsUnchanged() throws {
    // Samples spread 5…35: a 10% change is not significant.
    var base = SampleRuns.results()
    base.rows[1] = SampleRuns.row("protocol-getter", "feed.identifier", samples: (0..<10).map { 5 + Double($0) * 3 })
    var new = base
    new.rows[1] = SampleRuns.row(
      "protocol-getter", "feed.identifier", samples: (0..<10).map { (5 + Double($0) * 3) * 1.1 })
    let result = try compare(base, new)
    #expect(result.changes.allSatisfy { $0.verdict == .unchanged })
  }

  @Test func cellsInOneRunOnlyAreListed() throws {
    let base = SampleRuns.results()
    var new = base
    let removed = new.rows.removeLast()
    new.rows.append(SampleRuns.row("naive", "feed.height", samples: Array(repeating: 30, count: 10)))
    let result = try compare(base, new)
    #expect(result.onlyInBase.map(\.strategy) == [removed.key.strategy])
    #expect(result.onlyInNew.map(\.strategy) == ["naive"])
  }

  /// A row without a tracked ratio is judged on its medians' intervals,
  /// raw samples or not: the rank test went with the runs before schema 5.
  @Test func aRowWithoutATrackedRatioIsJudgedOnItsIntervalsEvenWithSamples() throws {
    let base = try Self.load(SampleRuns.results())
    let new = try Self.load(SampleRuns.results(scale: ["feed.height/enum-switch": 1.5]))
    var baseSamples: [ResultKey: [Double]] = [:]
    var newSamples: [ResultKey: [Double]] = [:]
    for row in base.rows { baseSamples[row.key] = (0..<10).map { row.value + Double($0 % 3) * 0.01 } }
    for row in new.rows { newSamples[row.key] = (0..<10).map { row.value + Double($0 % 3) * 0.01 } }
    let result = Comparison.between(base, new, threshold: 0.05, baseSamples: baseSamples, newSamples: newSamples)
    let cell = try #require(result.changes.first { $0.verdict == .regressed })
    #expect(cell.key.strategy == "enum-switch" && cell.key.benchmarkCase.operation == "feed.height")
    #expect(cell.method == "intervals" && cell.pValue == nil)
  }

  @Test func warnsWhenTheRunsWereMadeOnDifferentMachines() throws {
    var other = SampleRuns.results()
    other.info.machine.cpuModel = "Another CPU"
    other.info.machine.swiftVersion = "6.4"
    let warnings = Comparison.warnings(try Self.load(SampleRuns.results()).info, try Self.load(other).info)
    #expect(warnings.count == 2)
    #expect(warnings.contains { $0.contains("cpu_model") && $0.contains("Another CPU") })
    #expect(warnings.contains { $0.contains("swift_version") })
  }

  // MARK: Within one run

  @Test func ranksStrategiesAgainstTheBaseline() throws {
    let groups = Comparison.within(try Self.load(SampleRuns.results()), baseline: "enum-switch", samples: nil)
    #expect(groups.count == 2)
    for group in groups {
      #expect(group.standings.map(\.key.strategy) == ["enum-switch", "protocol-getter"])
      #expect(group.standings.map(\.rank) == [1, 2])
      try #require(group.standings.count == 2)
      #expect(group.standings[0].ratio == 1 && group.standings[0].interval == nil)
      let getter = group.standings[1]
      // Medians 20.01 and 10.01; intervals [20, 20.02] and [10, 10.02].
      #expect(abs(getter.ratio - 20.01 / 10.01) < 1e-9)
      let interval = try #require(getter.interval)
      #expect(abs(interval.lowerBound - 20 / 10.02) < 1e-9)
      #expect(abs(interval.upperBound - 20.02 / 10) < 1e-9)
    }
  }

  @Test func bootstrapsTheRatioFromRawSamples() throws {
    let numerator = (0..<40).map { 20 + Double($0 % 5) * 0.1 }
    let denominator = (0..<40).map { 10 + Double($0 % 5) * 0.05 }
    func bootstrap() -> ClosedRange<Double>? {
      var random = SplitMix64(seed: 1)
      return RatioInterval.bootstrap(numerator: numerator, denominator: denominator) { random.below($0) }
    }
    let interval = try #require(bootstrap())
    #expect(interval.contains(2))
    #expect(interval.lowerBound > 1.95 && interval.upperBound < 2.05)
    // Seeded: the same samples give the same interval.
    #expect(interval == bootstrap())
  }

  // MARK: As a command

  /// Runs without launch statistics are compared on medians; there too
  /// the floor's move is listed but never fails the run.
  @Test func aSlowerFloorAloneNeverFailsTheRun() throws {
    var slowerFloor = SampleRuns.results()
    #expect(slowerFloor.rows[0].key.strategy == .floor)
    slowerFloor.rows[0] = SampleRuns.row(.floor, "floor", samples: [2, 2.2, 1.8, 2, 2, 2, 2, 2, 2, 2])
    let base = try Self.write(SampleRuns.results())
    let new = try Self.write(slowerFloor)
    defer { Scratch.remove(base, new) }
    let result = try Subprocess.run(["compare", base, new])
    #expect(result.status == 0, "\(result.standardOutput)")
    #expect(result.standardOutput.contains("regressed"), "the floor's row is still listed as regressed")
  }

  @Test func exitsWith2OnARegressionAnd0Otherwise() throws {
    let base = try Self.write(SampleRuns.results())
    let copy = try Self.write(SampleRuns.results())
    let slower = try Self.write(SampleRuns.results(scale: ["feed.height/protocol-getter": 2]))
    defer { Scratch.remove(base, copy, slower) }
    let same = try Subprocess.run(["compare", base, copy])
    #expect(same.status == 0)
    let summary = same.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(summary.contains("0 regressed, 0 improved, 4 unchanged of 4 strategy rows"))
    #expect(summary.contains("The harness's own loops (1 floor and null row), whose moves are the machine's"))
    let regressed = try Subprocess.run(["compare", base, slower, "--format", "markdown"])
    #expect(regressed.status == 2)
    #expect(regressed.standardOutput.contains("feed/feed.height/protocol-getter/uniform/1000"))
    #expect(regressed.standardOutput.contains("| regressed |"))
    let json = try Subprocess.run(["compare", base, slower, "--format", "json"])
    #expect(json.status == 2)
    #expect(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) is [String: Any])
    let csv = try Subprocess.run(["compare", base, slower, "--format", "csv"])
    let table = try CSVReader.parse(csv.standardOutput)
    let verdict = try #require(table.header.firstIndex(of: "verdict"))
    #expect(table.records.filter { $0.fields[verdict] == "regressed" }.count == 1)
    let within = try Subprocess.run(["compare", base])
    #expect(within.status == 0)
    #expect(within.standardOutput.contains("enum-switch"))
  }

  @Test(arguments: [
    (["compare"], 64, "missing RUN.csv"),
    (["compare", "a.csv", "b.csv", "c.csv"], 64, "unexpected argument 'c.csv'"),
    (["compare", "/nonexistent/run.csv"], 65, "/nonexistent/run.csv: cannot open"),
    (["compare", "x.csv", "--threshold", "five"], 64, #"--threshold: "five" is not a percentage"#),
  ])
  func badUsageAndMissingFiles(arguments: [String], status: Int32, message: String) throws {
    let result = try Subprocess.run(arguments)
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  /// One file given twice, by one path or by two (a `./`, a `..`, a
  /// symbolic link): a usage error that says so, not a comparison of a run
  /// with itself that finds nothing.
  @Test(arguments: ["same path", "dot and dot-dot", "symbolic link"])
  func oneFileGivenTwiceIsRefused(how: String) throws {
    let path = try Self.write(SampleRuns.results())
    let link = path + "-link.csv"
    defer { Scratch.remove(path, link) }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    let other: String
    switch how {
    case "same path": other = path
    case "dot and dot-dot":
      other = "./../" + directory.lastPathComponent + "/" + url.lastPathComponent
    default:
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
      other = link
    }
    let result = try Subprocess.run(
      ["compare", how == "dot and dot-dot" ? url.lastPathComponent : path, other],
      currentDirectory: how == "dot and dot-dot" ? directory.path : nil)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("compare was given one file twice"), "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
  }

  /// A JSON file (Google Benchmark's, as `export` writes) is named as JSON,
  /// with where a run CSV comes from, not as a CSV with a stray quote.
  @Test(arguments: ["compare", "report", "export"])
  func aJSONFileIsCalledJSONNotABadCSV(command: String) throws {
    let run = try Self.write(SampleRuns.results())
    let json = run + ".json"
    defer { Scratch.remove(run, json) }
    let export = try Subprocess.run(["export", run, "--output", json])
    #expect(export.status == 0, "\(export.standardError)")
    let result = try Subprocess.run([command, json] + (command == "report" ? ["--output-dir", json + "-report"] : []))
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.standardError.contains("\(json): this is JSON, not a run CSV"), "\(result.standardError)")
    #expect(result.standardError.contains("dispatch-bench run"), "says how to get a CSV: \(result.standardError)")
    #expect(!result.standardError.contains("quote"), "\(result.standardError)")
  }

  @Test(arguments: ["{}", "  \n[1, 2]", "\u{FEFF}{\"benchmarks\": []}"])
  func jsonIsToldFromCSV(text: String) {
    #expect(Schema.looksLikeJSON(text))
    #expect(!Schema.looksLikeJSON("schema_version,run_id\n"))
    #expect(!Schema.looksLikeJSON(""))
  }

  @Test func anUnknownBaselineStrategyIsNamed() throws {
    let path = try Self.write(SampleRuns.results())
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["compare", path, "--baseline-strategy", "naive"])
    #expect(result.status == 64)
    #expect(
      result.standardError.contains(
        "has no rows for --baseline-strategy naive among its 5 rows; its strategies are protocol-getter, enum-switch"),
      "\(result.standardError)")
  }
}

/// Holm's step-down correction, on hand-made p-values: the k-th smallest
/// holds if it is at most 5% / (n − k + 1), and the first that is not
/// stops the step-down.
@Suite struct HolmCorrectionTests {
  static func change(_ operation: String, p: Double, _ verdict: Verdict = .regressed) -> RowChange {
    let feed = FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6)
    return RowChange(
      key: ResultKey(BenchmarkCase(feed: feed, operation: operation, mode: .boundary), "naive"), baseMedian: 1,
      newMedian: 2, ratio: 2, interval: 1.5...2.5, method: "launches", pValue: p, significant: p < 0.05,
      verdict: verdict)
  }

  static func holding(_ changes: [RowChange]) -> [String] {
    var changes = changes
    Comparison.markRegressionsThatHold(&changes, threshold: 0.03)
    return changes.filter(\.holdsForTheRun).map(\.key.operation)
  }

  @Test func holmHoldsMoreThanBonferroniAndLessThanNoCorrection() {
    // Bonferroni (0.05 / 4 = 0.0125) would hold a only; no correction, all
    // four. Holm: 0.01 <= 0.05/4, 0.015 <= 0.05/3, 0.03 > 0.05/2: a and b.
    let changes = [
      Self.change("d", p: 0.5), Self.change("b", p: 0.015), Self.change("a", p: 0.01), Self.change("c", p: 0.03),
    ]
    #expect(Self.holding(changes) == ["b", "a"])
  }

  @Test func theFirstThatFailsStopsTheStepDown() {
    // 0.02 > 0.05 / 3 stops it, though 0.021 alone would be below 0.05 / 2.
    #expect(Self.holding([Self.change("a", p: 0.02), Self.change("b", p: 0.021), Self.change("c", p: 0.9)]).isEmpty)
  }

  @Test func anImprovementCountsButNeverHolds() {
    // The improvement takes a rank (its p is smallest) without holding; the
    // regression after it is held at 0.05 / 2.
    let changes = [Self.change("a", p: 0.001, .improved), Self.change("b", p: 0.02), Self.change("c", p: 0.9)]
    #expect(Self.holding(changes) == ["b"])
  }

  @Test func oneRowIsHeldAtFivePercent() {
    #expect(Self.holding([Self.change("a", p: 0.049)]) == ["a"])
    #expect(Self.holding([Self.change("a", p: 0.051)]).isEmpty)
  }
}

/// `compare` as a user runs it, on run files written for each path: the
/// run-level widening and --theoretical-null, the machine-speed warning, the
/// thin-data note, a row made twice as slow, and one run with --samples.
@Suite struct CompareCommandPathTests {
  static let strategies = LaunchCompareTests.strategies

  /// A run of the nine strategies on every operation (99 rows, enough for
  /// the widening), each row's tracked ratio to the enum drawn around its
  /// truth with the launches' error, plus `runLevel`, an error common to the
  /// run that its launches do not see; `speed` scales every time, not the
  /// ratios; `slow` scales one row's ratio and time.
  static func write(
    _ directory: String, _ name: String, seed: UInt64, launches: Int = 7, runLevel: Double = 0, speed: Double = 1,
    slow: (key: String, factor: Double)? = nil
  ) throws -> String {
    var generator = SplitMix64(seed: seed)
    let synthetic = SyntheticCase(trueRatio: 1)
    let error = 0.0115
    var rows: [TimingRow] = []
    for operation in SpecOperation.allCases {
      for (index, strategy) in Self.strategies.enumerated() {
        let id = "\(operation.rawValue)/\(strategy)"
        let factor = slow.flatMap { $0.key == id ? $0.factor : nil } ?? 1
        let ratio =
          (1 + Double(index) * 0.5) * factor
          * exp(error * synthetic.normal(&generator) + runLevel * synthetic.normal(&generator))
        let median = 10 * ratio * speed
        var row = SampleRuns.row(
          StrategyID(strategy), operation.rawValue, samples: [median * 0.99, median, median * 1.01])
        row.launches = launches
        if strategy == "enum-switch" {
          row.tracked = .floor
          row.ratioToFloor = ratio
        } else {
          row.tracked = "enum-switch"
          row.ratioToBaseline = ratio
        }
        row.trackedLogError = error
        row.trackedDegrees = Double(launches - 1) + PairedRatio.priorDegrees
        rows.append(row)
      }
    }
    var info = SampleRuns.info
    // Two separate runs (one run's builds share a timestamp).
    info.runID = "run-\(name)"
    info.timestamp = "2026-11-22T00:00:0\(seed % 10)Z"
    let path = directory + "/" + name + ".csv"
    try RunFile.document(info: info, rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The JSON of `compare A B --format json` and what it said on standard error.
  static func compare(_ arguments: [String]) throws -> (status: Int32, json: [String: Any], errors: String) {
    let result = InProcess.main(["compare"] + arguments + ["--format", "json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    return (result.status, json, result.errors)
  }

  static func cells(_ json: [String: Any]) throws -> [[String: Any]] {
    let cells = try #require(json["cells"] as? [[String: Any]])
    try #require(!cells.isEmpty, "no cells")
    return cells
  }

  static func width(_ cell: [String: Any]) -> Double {
    let interval = cell["ratio_ci95"] as? [Double] ?? [0, .infinity]
    return interval[1] - interval[0]
  }

  @Test func theoreticalNullLeavesTheIntervalsTheLaunchesGive() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A run-level error twice the launches' own: the runs differ more than
    // their launches allow.
    let a = try Self.write(directory, "a", seed: 1, runLevel: 0.023)
    let b = try Self.write(directory, "b", seed: 2, runLevel: 0.023)
    let widened = try Self.compare([a, b])
    let plain = try Self.compare([a, b, "--theoretical-null"])
    let widening = try #require(widened.json["interval_widening"] as? Double)
    #expect(widening > 1.5, "\(widening)")
    #expect(plain.json["interval_widening"] as? Double == 1)
    // Every row's interval is that much wider without --theoretical-null.
    for (wide, narrow) in zip(try Self.cells(widened.json), try Self.cells(plain.json)) {
      #expect(Self.width(wide) > Self.width(narrow), "\(wide["strategy"] ?? "")")
    }
    let called = { (cells: [[String: Any]]) in cells.filter { ($0["verdict"] as? String) != "unchanged" }.count }
    #expect(called(try Self.cells(plain.json)) >= called(try Self.cells(widened.json)))
  }

  @Test func aRowMadeTwiceAsSlowIsRegressedAndFailsTheRun() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try Self.write(directory, "a", seed: 1)
    let b = try Self.write(directory, "b", seed: 2, slow: ("feed.color/naive", 2))
    let result = try Self.compare([a, b])
    #expect(result.status == 2)
    let cells = try Self.cells(result.json)
    let slow = try #require(
      cells.first { $0["strategy"] as? String == "naive" && $0["operation"] as? String == "feed.color" })
    #expect(slow["verdict"] as? String == "regressed")
    #expect(slow["fails_run"] as? Bool == true)
    let interval = try #require(slow["ratio_ci95"] as? [Double])
    let ratio = try #require(slow["ratio"] as? Double)
    #expect(interval[0] <= ratio && ratio <= interval[1] && interval[0] > 1.8, "\(interval)")
    #expect(cells.filter { $0["fails_run"] as? Bool == true }.count == 1)
  }

  @Test func aMachineThatRanEveryRowFasterIsWarnedOf() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try Self.write(directory, "a", seed: 1)
    let same = try Self.write(directory, "same", seed: 2)
    let faster = try Self.write(directory, "faster", seed: 2, speed: 0.8)
    let warning = "warning: the machine's speed moved between these runs"
    #expect(!(try Self.compare([a, same])).errors.contains(warning))
    let result = try Self.compare([a, faster])
    #expect(result.errors.contains(warning), "\(result.errors)")
    #expect(result.errors.contains("feed 0.80×"), "\(result.errors)")
    // The ratios did not move: the warning is all it changes.
    #expect(result.status == 0)
  }

  @Test func runsOfTwoLaunchesSayTheyAreTooThinAndCallNothing() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try Self.write(directory, "a", seed: 1, launches: 2)
    let b = try Self.write(directory, "b", seed: 2, launches: 2, slow: ("feed.color/naive", 2))
    let result = try Self.compare([a, b])
    #expect(result.errors.contains("note: these runs have 2 launches each, too few"), "\(result.errors)")
    #expect(result.status == 0)
    let cells = try Self.cells(result.json)
    #expect(!cells.contains { ["regressed", "improved"].contains($0["verdict"] as? String) })
    let slow = try #require(
      cells.first { $0["strategy"] as? String == "naive" && $0["operation"] as? String == "feed.color" })
    #expect(slow["verdict"] as? String == "within resolution")
    // Seven launches: no note.
    let seven = try Self.compare([try Self.write(directory, "c", seed: 1), try Self.write(directory, "d", seed: 2)])
    #expect(!seven.errors.contains("too few"))
  }

  /// One run with --samples: each ratio's interval is a bootstrap of the
  /// samples, which holds the ratio of their medians.
  @Test func oneRunWithSamplesTakesItsIntervalsFromABootstrap() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    guard case .run(let file) = try Schema.load(Fixtures.pairA) else { throw ResultsError("not a run") }
    let samples = directory + "/a-samples.csv"
    try GoogleBenchmarkExportTests.writeSamples(of: file, to: samples)
    let text = InProcess.main(["compare", Fixtures.pairA, "--samples", samples])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.contains("bootstrap of the raw samples"))
    let plain = InProcess.main(["compare", Fixtures.pairA])
    #expect(!plain.output.contains("bootstrap of the raw samples"))

    let csv = InProcess.main(["compare", Fixtures.pairA, "--samples", samples, "--format", "csv"])
    let table = try CSVReader.parse(csv.output)
    let column = { (name: String) in try #require(table.header.firstIndex(of: name), "\(name)") }
    let (strategy, ratio, low, high) = (
      try column("strategy"), try column("ratio"), try column("ratio_ci95_low"), try column("ratio_ci95_high")
    )
    let rows = table.records.filter { $0.fields[strategy] != "enum-switch" && !$0.fields[low].isEmpty }
    try #require(!rows.isEmpty, "no ratio with an interval")
    for row in rows {
      // The samples are 0.9, 1 and 1.1 times each median: every resample's
      // ratio lies within 0.9/1.1 and 1.1/0.9 of the medians' ratio.
      let number = { (column: Int) in try #require(Double(row.fields[column]), "\(row.fields)") }
      let (r, l, h) = (try number(ratio), try number(low), try number(high))
      #expect(l <= r * 1.0001 && r <= h * 1.0001, "\(row.fields[strategy]): \(l) \(r) \(h)")
      #expect(l >= r * 0.9 / 1.1 * 0.999 && h <= r * 1.1 / 0.9 * 1.001, "\(row.fields[strategy]): \(l) \(r) \(h)")
    }
  }
}

/// compare's words match its statistics: a row is called
/// regressed or improved only where Holm's correction, with every compared
/// row counted, carries it; a move beyond the band on its own interval alone
/// is a per-row move, listed after the real changes, and fails nothing.
@Suite struct PerRowMoveTests {
  static func verdicts(_ changes: [RowChange]) -> [String: Verdict] {
    var changes = changes
    Comparison.markRegressionsThatHold(&changes, threshold: 0.03)
    Comparison.markMovesTheCorrectionDoesNotCarry(&changes)
    return Dictionary(uniqueKeysWithValues: changes.map { ($0.key.operation, $0.verdict) })
  }

  /// The verdicts of twenty rows: `a` regressed and `b` improved at `p`
  /// each, and eighteen unchanged (`u0`...`u17`) at p = 0.6.
  static func verdictsOfTwenty(movingAt p: Double) -> [String: Verdict] {
    verdicts(
      [HolmCorrectionTests.change("a", p: p), HolmCorrectionTests.change("b", p: p, .improved)]
        + (0..<18).map { HolmCorrectionTests.change("u\($0)", p: 0.6, .unchanged) })
  }

  /// Twenty rows: one regressed and one improved at p = 0.03 each, which a
  /// row alone would call, and eighteen unchanged. With twenty counted,
  /// Holm's first step needs p <= 0.0025: neither move is carried.
  @Test func movesTheCorrectionDoesNotCarryAreNamedSo() {
    let verdicts = Self.verdictsOfTwenty(movingAt: 0.03)
    #expect(verdicts["a"] == .perRowMove)
    #expect(verdicts["b"] == .perRowMove)
    #expect(verdicts.values.filter { $0 == .unchanged }.count == 18)
  }

  /// The same twenty with a real change among them: p = 1e-6 is carried,
  /// and keeps its word.
  @Test func aChangeTheCorrectionCarriesKeepsItsWord() {
    let verdicts = Self.verdictsOfTwenty(movingAt: 0.000_001)
    #expect(verdicts["a"] == .regressed)
    #expect(verdicts["b"] == .improved)
  }

  /// A row compared on its medians' intervals has no p-value to correct,
  /// and keeps its verdict.
  @Test func aRowWithoutAPValueKeepsItsVerdict() {
    var change = HolmCorrectionTests.change("a", p: 0.03)
    change.pValue = nil
    change.method = "intervals"
    #expect(Self.verdicts([change])["a"] == .regressed)
  }
}
