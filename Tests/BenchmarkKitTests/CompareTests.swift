@testable import BenchmarkKit
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `compare` on synthetic runs: verdicts, exit statuses, within-run ratios.
@Suite struct CompareTests {
  /// Writes a run CSV to a temporary file.
  static func write(_ results: RunResults) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID()).csv").path
    try results.document.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func load(_ results: RunResults) throws -> MeasuredFile {
    let path = try write(results)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return MeasuredFile(try Schema.load(path))
  }

  func compare(_ base: RunResults, _ new: RunResults, threshold: Double = 0.05) throws
    -> (changes: [CellChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey])
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
    let cell = result.changes.first { $0.key.operation == "feed.height" && $0.key.strategy == "enum-switch" }!
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
    new.rows[1] = SampleRuns.row("protocol-getter", "feed.identifier", samples: (0..<10).map { (5 + Double($0) * 3) * 1.1 })
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

  @Test func theRankTestDecidesWhenSamplesAreGiven() throws {
    let base = try Self.load(SampleRuns.results())
    let new = try Self.load(SampleRuns.results(scale: ["feed.height/enum-switch": 1.5]))
    var baseSamples: [ResultKey: [Double]] = [:]
    var newSamples: [ResultKey: [Double]] = [:]
    for row in base.rows { baseSamples[row.key] = (0..<10).map { row.value + Double($0 % 3) * 0.01 } }
    for row in new.rows { newSamples[row.key] = (0..<10).map { row.value + Double($0 % 3) * 0.01 } }
    let result = Comparison.between(base, new, threshold: 0.05, baseSamples: baseSamples, newSamples: newSamples)
    let cell = result.changes.first { $0.verdict == .regressed }
    #expect(cell?.method == "rank test")
    #expect((cell?.pValue ?? 1) < 0.001)
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

  @Test func bootstrapsTheRatioFromRawSamples() {
    let numerator = (0..<40).map { 20 + Double($0 % 5) * 0.1 }
    let denominator = (0..<40).map { 10 + Double($0 % 5) * 0.05 }
    let interval = RatioInterval.bootstrap(numerator: numerator, denominator: denominator)
    #expect(interval.contains(2))
    #expect(interval.lowerBound > 1.95 && interval.upperBound < 2.05)
    // Seeded: the same samples give the same interval.
    #expect(interval == RatioInterval.bootstrap(numerator: numerator, denominator: denominator))
  }

  @Test func rankTestPValues() {
    let low = (0..<20).map(Double.init)
    #expect(RankTest.pValue(low, low) > 0.9)
    #expect(RankTest.pValue(low, low.map { $0 + 100 }) < 1e-6)
    #expect(RankTest.pValue([1, 1, 1], [1, 1, 1]) == 1)
    // A known value: U = 0 for 10 vs 10 fully separated, two-sided p ≈ 0.00018.
    let p = RankTest.pValue((1...10).map(Double.init), (11...20).map(Double.init))
    #expect(abs(p - 0.00018) < 0.00003)
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
    defer {
      try? FileManager.default.removeItem(atPath: base)
      try? FileManager.default.removeItem(atPath: new)
    }
    let result = try Subprocess.run(["compare", base, new])
    #expect(result.status == 0, "\(result.standardOutput)")
    #expect(result.standardOutput.contains("regressed"), "the floor's row is still listed as regressed")
  }

  @Test func exitsWith2OnARegressionAnd0Otherwise() throws {
    let base = try Self.write(SampleRuns.results())
    let copy = try Self.write(SampleRuns.results())
    let slower = try Self.write(SampleRuns.results(scale: ["feed.height/protocol-getter": 2]))
    defer {
      for path in [base, copy, slower] { try? FileManager.default.removeItem(atPath: path) }
    }
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
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: link)
    }
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
    defer {
      try? FileManager.default.removeItem(atPath: run)
      try? FileManager.default.removeItem(atPath: json)
    }
    let export = try Subprocess.run(["export", run, "--output", json])
    #expect(export.status == 0, "\(export.standardError)")
    let result = try Subprocess.run([command, json] + (command == "report" ? ["--out", json + "-report"] : []))
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
  static func change(_ operation: String, p: Double, _ verdict: Verdict = .regressed) -> CellChange {
    let feed = FeedID(domain: "feed", size: 1_000, layout: "uniform", kinds: 6)
    return CellChange(
      key: ResultKey(BenchmarkCase(feed: feed, operation: operation, mode: .boundary), "naive"), baseMedian: 1,
      newMedian: 2, ratio: 2, interval: 1.5...2.5, method: "launches", pValue: p, significant: p < 0.05,
      verdict: verdict)
  }

  static func holding(_ changes: [CellChange]) -> [String] {
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
