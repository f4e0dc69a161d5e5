@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import DispatchBenchCLI
@testable import Reports
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// A small, fast run for subprocess tests: one share operation on a
/// 100-element feed, one mode, one launch, a millisecond of sampling.
private let smallRun = [
  "run", "--allow-debug-build", "--domains", "share", "--operations", "share.instagram", "--sizes", "100",
  "--modes", "boundary", "--launches", "1", "--max-time-per-case", "0.001",
]

private func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("first-hour-\(UUID().uuidString)-\(name)").path
}

private func longestLine(_ text: String) -> Int {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0
}

/// `run --feed FILE` alone, and a header and progress that count the same
/// benchmark cases.
@Suite struct RunHeaderTests {
  @Test func aFeedFileAloneIsTimedAtItsOwnSize() throws {
    let options = try RunOptions(ParsedArguments(["--feed", Fixtures.exampleFeed], spec: RunOptions.spec))
    let file = try FeedFile.load(path: Fixtures.exampleFeed)
    let plan = options.matrix.plan()
    try #require(!plan.feeds.isEmpty, "the plan has no feeds")
    for planned in plan.feeds {
      let expected = planned.feed.domain == .share ? file.share.count : file.feed.count
      #expect(planned.feed.size == expected, "\(planned.feed.title)")
    }
    // One size per domain, so one feed per domain.
    #expect(plan.feeds.count == Set(plan.feeds.map(\.feed.domain)).count)
  }

  static func header(_ arguments: [String]) throws -> RunHeader {
    let options = try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec))
    let launchPlan = LaunchPlan(options.matrix.plan(), memory: MemoryPlan(budget: 1e12), options: options)
    return RunHeader(plan: launchPlan, options: options, outputPath: "run.csv", machine: SampleRuns.machine)
  }

  /// A `--max-time` shorter than the first launches: the header says they
  /// run in full; not when they fit, nor with a fixed number of launches.
  @Test func aMaxTimeShorterThanTheFirstLaunchesIsNamed() throws {
    let short = try Self.header(["--max-time", "1"])
    let note = try #require(short.firstLaunchesNote)
    #expect(note.contains("past --max-time 1s"), "\(note)")
    #expect(short.lines.contains(note))
    #expect(try Self.header(["--max-time", "604800"]).firstLaunchesNote == nil)
    #expect(try Self.header(["--launches", "4"]).firstLaunchesNote == nil)
  }

  @Test func sizesStillTileAFeedFile() throws {
    let options = try RunOptions(
      ParsedArguments(["--feed", Fixtures.exampleFeed, "--sizes", "1000,2000"], spec: RunOptions.spec))
    #expect(Set(options.matrix.plan().feeds.map(\.feed.size)) == [1000, 2000])
  }

  @Test func feedHelpSaysTheDefaultSize() {
    #expect(RunOptions.spec.help.contains("at its\n") || RunOptions.spec.help.contains("own size"))
  }

  /// A launch's steps take every planned feed once, in the plan's order:
  /// feeds built together while their bytes fit the budget, and a
  /// sequential feed alone.
  @Test(arguments: [Schedule.interleaved, .sequential])
  func launchStepsTakeEveryFeedOnceWithinTheBudget(schedule: Schedule) throws {
    let options = try RunOptions(ParsedArguments(["--sizes", "1000,2000,3000"], spec: RunOptions.spec))
    let plan = options.matrix.plan()
    var memory = MemoryPlan(budget: 2_500)
    for planned in plan.feeds {
      memory.schedules[planned.feed] = schedule
      memory.bytes[planned.feed.id] = Double(planned.feed.size)
    }
    for planned in plan.synthetic { memory.bytes[planned.feed] = 100 }
    var feeds: [String] = []
    var synthetic: [String] = []
    for step in plan.steps(memory) {
      switch step {
      case .sequential(let planned):
        #expect(schedule == .sequential)
        feeds.append(planned.feed.title)
      case .together(let batch):
        #expect(!batch.isEmpty)
        let bytes =
          try batch.feeds.reduce(0.0) { try $0 + #require(memory.bytes[$1.feed.id]) }
          + batch.synthetic.reduce(0.0) { try $0 + #require(memory.bytes[$1.feed]) }
        // Over the budget only when one feed alone is.
        #expect(bytes <= memory.budget || batch.feeds.count + batch.synthetic.count == 1, "\(bytes)")
        if schedule == .sequential { #expect(batch.feeds.isEmpty) }
        feeds += batch.feeds.map(\.feed.title)
        synthetic += batch.synthetic.map(\.feed.title)
      }
    }
    #expect(feeds == plan.feeds.map(\.feed.title))
    #expect(synthetic == plan.synthetic.map(\.feed.title))
    // With room for everything, one step.
    memory.budget = .infinity
    if schedule == .interleaved { #expect(plan.steps(memory).count == 1) }
  }

  @Test func headerAndProgressCountTheSameBenchmarkCases() throws {
    let output = temporaryPath("run.csv")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--feed", Fixtures.exampleFeed, "--modes", "boundary", "--launches", "1",
      "--max-time-per-case", "0.001", "--output", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let header = try #require(
      result.standardError.firstMatch(of: /dispatch-bench run: (\d+) benchmark cases? at ([0-9, and]+) elements/))
    let cases = try #require(Int(header.1))
    #expect(result.standardError.contains("estimated duration: about "))
    let counters = result.standardError.matches(of: /\[case (\d+)\/(\d+)\]/)
    #expect(!counters.isEmpty, "no progress line: \(result.standardError)")
    for counter in counters {
      #expect(try #require(Int(counter.2)) == cases)
      #expect(try #require(Int(counter.1)) <= cases)
    }
  }
}

/// Tables fit 80 columns (or COLUMNS) unless --wide.
@Suite struct TableWidthTests {
  @Test func theRunTableFitsEightyColumnsAndWideDoesNot() throws {
    let output = temporaryPath("run.csv")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let fitted = try Subprocess.run(smallRun + ["--output", output], environment: ["COLUMNS": "80"])
    #expect(fitted.status == 0, "\(fitted.standardError)")
    #expect(longestLine(fitted.standardOutput) <= 80, "\(fitted.standardOutput)")
    // Nothing dropped: every strategy's column is there.
    for name in Registry.names {
      let parts = name.split(separator: "-").map(String.init)
      #expect(parts.allSatisfy(fitted.standardOutput.contains), "\(name) missing")
    }
    let wide = try Subprocess.run(smallRun + ["--output", output, "--force", "--wide"], environment: ["COLUMNS": "80"])
    #expect(wide.status == 0, "\(wide.standardError)")
    #expect(longestLine(wide.standardOutput) > 80)
  }

  @Test(arguments: [80, 60])
  func compareTablesFitColumns(columns: Int) throws {
    let base = Fixtures.pairA
    let new = Fixtures.pairB
    let environment = ["COLUMNS": String(columns)]
    let within = try Subprocess.run(["compare", base], environment: environment)
    #expect(within.status == 0, "\(within.standardError)")
    #expect(longestLine(within.standardOutput) <= columns)
    let between = try Subprocess.run(["compare", base, new], environment: environment)
    // The fixtures are an A/A pair: compare passes them, exit 0.
    #expect(between.status == 0, "\(between.standardError)")
    #expect(longestLine(between.standardOutput) <= columns)
    #expect(between.standardOutput.contains("feed/feed.render/enum-switch/uniform/"))
    let wide = try Subprocess.run(["compare", base, new, "--wide"], environment: environment)
    #expect(longestLine(wide.standardOutput) > columns)
  }

  @Test func theProfileTableFitsEightyColumns() throws {
    let path = Fixtures.profile
    guard case .profile(let profile) = try Schema.load(path) else {
      Issue.record("\(path) is not a profile")
      return
    }
    let text = TextTable.$width.withValue(80) { ProfileOutput.render(profile, format: .table) }
    #expect(longestLine(text) <= 80)
    let full = TextTable.$width.withValue(nil) { ProfileOutput.render(profile, format: .table) }
    #expect(longestLine(full) > 80)
  }

  /// Empty, one and many rows, at widths from narrow to wide: no line over
  /// the width, and every number still printed.
  @Test(arguments: [0, 1, 12], [40, 80, 120])
  func textTablesKeepEveryValue(rowCount: Int, width: Int) {
    let header = ["operation"] + Registry.names + ["floor"]
    let rows = (0..<rowCount).map { row in
      ["feed.apply-background.\(row)"] + header.indices.dropFirst().map { "\(row * 100 + $0).5 (1.0\($0)×)" }
    }
    let text = TextTable.render(
      header: header, rows: rows, markdown: false, rightAligned: Set(1..<header.count), width: width)
    #expect(longestLine(text) <= width, "\(text)")
    for row in rows {
      for value in row.dropFirst() { #expect(text.contains(value), "\(value) at width \(width)") }
    }
  }

  @Test func markdownIsNeverFitted() {
    let rows = [["a-very-long-operation-name-indeed", String(repeating: "9", count: 100)]]
    let text = TextTable.render(header: ["x", "y"], rows: rows, markdown: true, rightAligned: [1], width: 40)
    #expect(text.contains(rows[0][1]))
  }

  @Test func columnsSetsTheDefaultWidth() {
    #expect(Console.defaultWidth(environment: "100") == 100)
    #expect(Console.defaultWidth(environment: "10") == Console.minimumWidth)
  }

  /// Without a terminal to ask, 80. Run with standard output on a terminal,
  /// the width is the terminal's: a recorded skip, which CI (its output in a
  /// log) never takes.
  @Test(.enabled(if: isatty(STDOUT_FILENO) == 0, "standard output is a terminal, whose width the console asks"))
  func withoutATerminalTheDefaultWidthIsEighty() {
    #expect(Console.defaultWidth(environment: nil) == 80)
    #expect(Console.defaultWidth(environment: "wide") == 80)
  }

  @Test(arguments: ["run", "compare", "profile"])
  func wideIsInHelp(command: String) throws {
    let spec = try #require(DispatchBench.commands[command])
    #expect(spec.help.contains("--wide"))
  }
}

/// Messages that name the real problem and the fix.
@Suite struct CompareMessageTests {
  /// A `.partial` file holding only a floor row, as an interrupt early in a
  /// run leaves.
  private func floorOnlyPartial() throws -> String {
    let source = Fixtures.pairA
    guard case .run(let file) = try Schema.load(source) else { throw CommandError("not a run", exitStatus: 1) }
    var info = file.info
    info.complete = false
    let floor = try #require(file.rows.first { $0.key.strategy == .floor })
    let path = temporaryPath("run.csv.partial")
    try RunFile.document(info: info, rows: [floor]).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [[], ["--baseline-strategy", "naive"]])
  func aPartialFileWithOnlyTheFloorSaysSoAndHowToFixIt(flags: [String]) throws {
    let path = try floorOnlyPartial()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["compare", path] + flags)
    #expect(result.status == 65)
    let message = result.standardError
    #expect(message.contains("has no strategy rows to compare, only 1 row (floor)"), "\(message)")
    #expect(message.contains("interrupted run"))
    #expect(message.contains("Run it again and let it finish"))
    #expect(!message.contains("1 rows"))
    #expect(!message.contains("--baseline-strategy"), "blames a flag: \(message)")
  }

  @Test func aStrategyTheRunLacksIsAUsageError() throws {
    let path = Fixtures.pairA
    let result = try Subprocess.run(["compare", path, "--baseline-strategy", "visitor"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("its strategies are"))
  }

  @Test func countsAreSingularForOne() {
    #expect(1.counted("row") == "1 row")
    #expect(2.counted("row") == "2 rows")
    #expect(1.counted("launch", plural: "launches") == "1 launch")
    #expect(7.counted("launch", plural: "launches") == "7 launches")
  }
}

/// One name per idea in help: "benchmark case" for a measurement, "cell"
/// only for the table-view cell.
@Suite struct WordingTests {
  @Test(arguments: ["run", "compare", "dump", "export"])
  func helpSaysBenchmarkCaseNotCell(command: String) throws {
    let spec = try #require(DispatchBench.commands[command])
    for line in spec.help.split(separator: "\n") where line.contains("cell") {
      #expect(line.contains("table-view cell") || line.contains("formerly --max-time-per-cell"), "\(command): \(line)")
    }
    #expect(!DispatchBench.overview.contains("cell by cell"))
  }

  @Test func theFormerSamplingFlagIsStillAccepted() throws {
    let old = try RunOptions(ParsedArguments(["--max-time-per-cell", "0.5"], spec: RunOptions.spec))
    let new = try RunOptions(ParsedArguments(["--max-time-per-case", "0.5"], spec: RunOptions.spec))
    #expect(old.sampling.sampleTime == 0.5 && new.sampling.sampleTime == 0.5)
    #expect(throws: CommandError.self) {
      try ParsedArguments(["--max-time-per-cell", "1", "--max-time-per-case", "1"], spec: RunOptions.spec)
    }
  }
}

/// Single-run `compare` ranks: strategies whose intervals overlap are not
/// ranked apart by each other.
@Suite struct RankingTieTests {
  /// Two strategies with wide, overlapping samples (ratio about 0.5–1.5):
  /// the run cannot separate them, so they share rank 1.
  @Test func heavilyOverlappingIntervalsShareARank() throws {
    let wide = (0..<10).map { 5.0 + Double($0) }  // 5 … 14
    let rows = [
      SampleRuns.row(.floor, "floor", samples: Array(repeating: 1, count: 10)),
      SampleRuns.row("enum-switch", "feed.identifier", samples: wide),
      SampleRuns.row("protocol-getter", "feed.identifier", samples: wide.map { $0 * 1.1 }),
      SampleRuns.row("naive", "feed.identifier", samples: wide.map { $0 * 10 }),
    ]
    let file = MeasuredFile(.run(RunFile(path: "wide.csv", info: SampleRuns.info, rows: rows)))
    let groups = Comparison.within(file, baseline: "enum-switch", samples: nil)
    let group = try #require(groups.first)
    let ranks = Dictionary(uniqueKeysWithValues: group.standings.map { ($0.key.strategy.rawValue, $0.rank) })
    let getter = try #require(group.standings.first { $0.key.strategy == "protocol-getter" }?.interval)
    #expect(getter.contains(1), "the getter's interval \(getter) should overlap the baseline's ratio")
    #expect(ranks["enum-switch"] == 1 && ranks["protocol-getter"] == 1, "\(ranks)")
    #expect(ranks["naive"] == 3, "\(ranks)")
  }

  /// On a committed run: every rank is one more than the strategies whose
  /// intervals lie wholly below its own, so an overlapping one never
  /// counts against it; and the table says ranks are shared.
  @Test func ranksCountOnlyStrategiesWhollyFaster() throws {
    let path = Fixtures.pairA
    let file = MeasuredFile(try Schema.load(path))
    for group in Comparison.within(file, baseline: file.info.baseline, samples: nil) {
      let ranges = group.standings.map { $0.interval ?? $0.ratio...$0.ratio }
      for (standing, range) in zip(group.standings, ranges) {
        let faster = ranges.filter { $0.upperBound < range.lowerBound }.count
        #expect(standing.rank == 1 + faster, "\(group.group): \(standing.key.strategy)")
      }
    }
    let result = try Subprocess.run(["compare", path])
    #expect(result.standardOutput.contains("share a rank"))
  }
}

/// Progress between cases: the ticker calls back on its own thread while
/// the main thread is busy, and a line comes when the clock says one is due,
/// whether or not a case ended. The clock is the test's: no test waits for
/// an interval or counts ticks in a time.
@Suite struct ProgressTickerTests {
  final class Counter: @unchecked Sendable {
    let lock = Lock()
    var count = 0
    var lines: [String] = []
    let arrived = DispatchSemaphore(value: 0)
  }

  /// A monotonic clock the test moves.
  final class ManualClock: @unchecked Sendable {
    let lock = Lock()
    var nanoseconds: UInt64 = 1_000_000_000
    func now() -> UInt64 { lock.locked { nanoseconds } }
    func advance(seconds: Double) { lock.locked { nanoseconds += UInt64(seconds * 1e9) } }
  }

  /// Waits for the ticker's thread; a minute is not a timing but a hang.
  static func wait(_ semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + 60) == .success
  }

  @Test func tickerCallsBackUntilCancelled() {
    let counter = Counter()
    let ticker = Ticker(every: 0.01) {
      counter.lock.locked { counter.count += 1 }
      counter.arrived.signal()
    }
    #expect(Self.wait(counter.arrived) && Self.wait(counter.arrived), "the ticker did not call back twice")
    ticker.cancel()
    // cancel() waits for the thread to end: no call comes after it.
    let ticks = counter.lock.locked { counter.count }
    Thread.sleep(forTimeInterval: 0.05)
    #expect(counter.lock.locked { counter.count } == ticks, "ticked after cancel")
  }

  @Test func progressLinesComeWithoutCasesEnding() throws {
    let counter = Counter()
    let clock = ManualClock()
    let console = Console(
      write: { _ in },
      writeError: { text in
        counter.lock.locked { counter.lines.append(text) }
        counter.arrived.signal()
      })
    let progress = Progress(console: console, total: 4, style: .lines, estimate: 10, clock: { clock.now() })
    progress.begin("first case")
    #expect(Self.wait(counter.arrived), "no line on the first case's start")
    // The ticker checks every second; by the test's clock a line is due.
    clock.advance(seconds: Progress.interval + 1)
    #expect(Self.wait(counter.arrived), "no line once \(Progress.interval) s had passed with no case ended")
    progress.finish()
    let written = counter.lock.locked { counter.lines }
    try #require(written.count == 2, "\(written)")
    #expect(written.allSatisfy { $0.hasPrefix("[case 1/4] first case") }, "\(written)")
    // Elapsed by the test's clock; the estimate of 10 s counts down, never
    // below the three cases not yet begun (2.5 s each).
    #expect(written[0].contains("0s elapsed, ~10s left"), "\(written[0])")
    #expect(written[1].contains("6s elapsed, ~8s left"), "\(written[1])")
  }
}

/// What a new user's first mistakes are answered with.
@Suite struct FirstMistakeTests {
  /// Runs the command line in process, returning its status and standard error.
  private func main(_ arguments: [String]) -> (status: Int32, standardError: String) {
    let result = InProcess.main(arguments)
    return (result.status, result.errors)
  }

  /// Another tool's option is not a typo of one of ours: a plain "unknown
  /// option" and where the options are listed, not a wrong guess.
  @Test func anotherToolsOptionGetsNoGuessAndAPointerToHelp() {
    let result = main(["run", "--iterations", "5"])
    #expect(result.status == ExitStatus.usage)
    #expect(
      result.standardError.contains("error: unknown option '--iterations' for 'run'\n"), "\(result.standardError)")
    #expect(!result.standardError.contains("did you mean"), "\(result.standardError)")
    #expect(result.standardError.contains("See 'dispatch-bench help run' for every option."))
    // A typo still gets its guess.
    #expect(main(["run", "--operatons", "x"]).standardError.contains("(did you mean '--operations'?)"))
  }

  /// A size below 1 names the option, the value, the allowed range and an
  /// example.
  @Test(arguments: [("0", "too small"), ("-5", "negative")])
  func aSizeBelowOneSaysTheRangeAndAnExample(size: String, problem: String) {
    let result = main(["run", "--sizes", size])
    #expect(result.status == ExitStatus.usage)
    #expect(
      result.standardError.contains(
        "error: --sizes: \"\(size)\" is \(problem): the allowed range is 1 or more elements (example: --sizes 1000,100000)"
      ),
      "\(result.standardError)")
  }

  @Test func aSizeBeyondAnyNumberSaysSo() {
    let result = main(["run", "--sizes", "99999999999999999999999"])
    #expect(result.status == ExitStatus.usage)
    #expect(result.standardError.contains("is too large"), "\(result.standardError)")
    #expect(!result.standardError.contains("not a whole number"), "\(result.standardError)")
  }

  /// A size too large for the memory names the largest that fits, and that
  /// size is one the planner takes (and twice it is not: it is the largest,
  /// to two significant digits).
  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func aSizeTooLargeSaysTheLargestThatFits() throws {
    func plan(_ size: Int) throws -> RunPlan {
      try RunOptions(
        ParsedArguments(
          ["--operations", "feed.identifier", "--sizes", String(size), "--modes", "boundary"], spec: RunOptions.spec)
      ).matrix.plan()
    }
    let planner = MemoryPlanner(physicalMemory: 64 << 20)
    let tooLarge = try plan(100_000_000)
    var message = ""
    do {
      _ = try planner.plan(for: tooLarge)
      Issue.record("a 100,000,000-element feed fit in 48 MiB")
    } catch {
      message = error.message
    }
    #expect(message.contains("--sizes 100000000: 100,000,000 feed elements would need about"), "\(message)")
    let suggested = try #require(
      message.firstMatch(of: /the largest size that fits is about ([0-9,]+) elements \(example: --sizes (\d+)\)$/),
      "\(message)")
    let largest = try #require(Int(suggested.2))
    #expect(suggested.1 == Substring(largest.groupedDigits))
    #expect(largest > 0)
    _ = try planner.plan(for: plan(largest))
    #expect(throws: CommandError.self) { try planner.plan(for: plan(largest * 2)) }
  }

  @Test(arguments: [(57_312_345.0, 57_000_000), (99.0, 99), (1_999.0, 1_900), (0.5, 0)])
  func theLargestSizeIsRoundedDownToTwoDigits(elements: Double, size: Int) {
    #expect(MemoryPlanner.largestSize(fitting: elements * 10, bytesPerElement: 10) == size)
  }
}

/// The package builds without warnings, and a new script needs no entry in
/// Package.swift: no target's directory holds Benchmarks/Scripts (SwiftPM
/// warns of each file there that it does not handle), and the manifest names
/// no script. The synthetic generator, once a script there, is a target of
/// its own (Benchmarks/generate-synthetic).
@Suite struct PackageManifestTests {
  @Test func noTargetHoldsTheScripts() throws {
    let manifest = try String(contentsOfFile: Fixtures.packageRoot + "/Package.swift", encoding: .utf8)
    let paths = manifest.matches(of: /path: "([^"]+)"/).map { String($0.1) }
    #expect(paths.contains("Benchmarks/generate-synthetic"), "\(paths)")
    for path in paths {
      #expect(!"Benchmarks/Scripts/".hasPrefix(path + "/"), "a target's directory, \(path), holds Benchmarks/Scripts")
    }
    let scripts = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot + "/Benchmarks/Scripts")
    #expect(!scripts.isEmpty)
    for script in scripts {
      #expect(!manifest.contains("\"\(script)\""), "Package.swift names Benchmarks/Scripts/\(script)")
    }
  }
}
