@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import RunContract
import DispatchModel
import Foundation
import TestSupport
import Testing

/// A reader who divides a printed time by its baseline's printed time gets
/// a quotient inside the 95% interval of the ratio printed beside it, in
/// the run's tables, `answer` and `report`: on a run whose rows ran in
/// different launches while the machine's speed moved (claims-first
/// launches run some strategies more), and on the committed default runs.
@Suite struct TimesAgreeWithRatiosTests {
  // MARK: Checking printed figures

  /// A printed decimal as the range of values it may stand for: `930` is
  /// 929.5 to 930.5, `4.43` is 4.425 to 4.435.
  static func printedRange(_ text: some StringProtocol) -> ClosedRange<Double>? {
    let digits = String(text).filter { $0 != "," }
    guard let value = Double(digits) else { return nil }
    let decimals = digits.split(separator: ".").dropFirst().first?.count ?? 0
    let half = 0.5 * Foundation.pow(10.0, -Double(decimals))
    return (value - half)...(value + half)
  }

  /// Whether `time ÷ base`, each read as the range its printed digits allow,
  /// can lie inside `interval`.
  static func agrees(time: String, base: String, interval: ClosedRange<Double>) -> Bool {
    guard let time = printedRange(time), let base = printedRange(base), base.lowerBound > 0 else { return false }
    let quotients = (time.lowerBound / base.upperBound)...(time.upperBound / base.lowerBound)
    return quotients.overlaps(interval)
  }

  @Test func aQuotientIsReadWithThePrintedDigitsTolerance() {
    #expect(Self.agrees(time: "1535", base: "930", interval: 1.61...1.69))
    #expect(!Self.agrees(time: "2057", base: "930", interval: 1.61...1.69))
    // 10.1 ÷ 10.1 may be anything from 10.05/10.15 to 10.15/10.05.
    #expect(Self.agrees(time: "10.1", base: "10.1", interval: 1.0005...1.0015))
    #expect(!Self.agrees(time: "10.10", base: "10.10", interval: 1.0015...1.0025))
    #expect(!Self.agrees(time: "–", base: "930", interval: 1...2))
  }

  /// The first decimal number of a cell: its time.
  static func firstNumber(_ cell: some StringProtocol) -> String? {
    (try? /[0-9][0-9,]*(?:\.[0-9]+)?/.firstMatch(in: String(cell))).map { String($0.0) }
  }

  /// A Markdown table's rows as cells, after its header (the first line)
  /// and separator.
  static func cells(_ line: some StringProtocol) -> [String] {
    line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Every disagreement in Markdown tables of operations down and
  /// strategies across under `### TITLE` headings (the run's tables, the
  /// report's): a cell whose time ÷ the baseline column's lies outside the
  /// row's ratio interval. Returns the cells checked too, so that a test
  /// sees it read something.
  static func disagreements(inOperationTables text: String, rows: [TimingRow], baseline: StrategyID)
    -> (checked: Int, failures: [String])
  {
    var byCell: [String: TimingRow] = [:]
    for (title, feedRows) in ResultsTable.feeds(rows) {
      for row in feedRows { byCell["\(title)|\(row.key.operation)|\(row.key.strategy)"] = row }
    }
    var title = ""
    var header: [String] = []
    var checked = 0
    var failures: [String] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("### ") {
        title = String(line.dropFirst(4))
        header = []
        continue
      }
      guard line.hasPrefix("|"), !line.hasPrefix("|:"), !line.hasPrefix("|-") else { continue }
      let cells = Self.cells(line)
      if header.isEmpty {
        header = cells
        continue
      }
      guard let baseColumn = header.firstIndex(of: baseline.rawValue), baseColumn < cells.count,
        let base = firstNumber(cells[baseColumn])
      else { continue }
      for (column, strategy) in header.enumerated() where column > 0 && column != baseColumn && strategy != "floor" {
        guard column < cells.count, let time = firstNumber(cells[column]),
          let row = byCell["\(title)|\(cells[0])|\(strategy)"], let low = row.ratioToBaselineLow,
          let high = row.ratioToBaselineHigh
        else { continue }
        checked += 1
        if !agrees(time: time, base: base, interval: low...high) {
          failures.append("\(title) · \(cells[0]) · \(strategy): \(time) ÷ \(base) outside \(low)–\(high)")
        }
      }
    }
    return (checked, failures)
  }

  // MARK: A run whose rows ran in different launches

  /// `feed.identifier` and `feed.color` in app mode, at the answer's size:
  /// the enum in 12 launches, the other strategies in the first 4 only, and
  /// those 4 ran 1.26 times slower (the machine's speed moved). The getter
  /// takes 1.65 times the enum in every round, the visitors 2.5 and 3.
  static func unevenRun() -> MeasuredRun {
    let feed = ElementsSpec(
      domain: .feed, size: 100_000, distribution: KindDistribution.uniform.rawValue, kinds: 6, seed: 1,
      source: "generated", elementSource: .generated(seed: 1, distribution: .uniform, kinds: 6))
    var generator = SplitMix64(seed: 11)
    var rows: [TimingRow] = []
    var samples: [RawSample] = []
    let strategies: [(StrategyID, Double, Int)] = [
      ("enum-switch", 1, 12), ("protocol-getter", 1.65, 4), ("classic-visitor", 3, 4), ("generic-visitor", 2.5, 4),
      (.floor, 0.2, 12),
    ]
    for (operation, nanoseconds) in [("feed.identifier", 12.8), ("feed.color", 930.0)] {
      for (strategy, factor, launches) in strategies {
        var key = feed.key(operation, strategy)
        key.benchmarkCase.mode = .app
        var values: [Double] = []
        for launch in 0..<launches {
          for round in 0..<30 {
            let jitter = 1 + (Double(generator.next() % 200) - 100) / 20_000
            let value = nanoseconds * factor * (launch < 4 ? 1.26 : 1) * jitter
            values.append(value)
            samples.append(
              RawSample(
                key: key, index: values.count - 1, launch: launch, round: round, elementsPerSample: 100_000,
                nanosecondsPerElement: value))
          }
        }
        rows.append(
          TimingRow(
            key: key, schedule: "interleaved", statistics: .of(values), elementsPerSample: 100_000,
            checksum: CSVNumber.hex(0xDEAD_BEEF)))
      }
    }
    var run = MeasuredRun(info: SampleRuns.info, rows: rows, samples: samples)
    run.computeRatios()
    return run
  }

  /// The run above really is one where own medians disagree with the
  /// ratios: the getter's median over its 4 slow launches ÷ the enum's over
  /// 12 is far outside its interval, so the checks below can fail.
  @Test func theUnevenRunsOwnMediansDisagreeWithItsRatios() throws {
    let run = Self.unevenRun()
    let getter = try #require(
      run.rows.first { $0.key.strategy == "protocol-getter" && $0.key.operation == "feed.color" })
    let enumRow = try #require(run.rows.first { $0.key.strategy == "enum-switch" && $0.key.operation == "feed.color" })
    let interval = try #require(
      getter.ratioToBaselineLow.flatMap { low in getter.ratioToBaselineHigh.map { low...$0 } })
    #expect(interval.contains(1.65), "the paired ratio \(interval)")
    #expect(!interval.contains(getter.median / enumRow.median), "own medians \(getter.median) ÷ \(enumRow.median)")
    #expect(interval.contains(getter.shownMedian / enumRow.shownMedian))
  }

  @Test func theRunsTablesAgreeOnAnUnevenRun() {
    let run = Self.unevenRun()
    let text = ResultsTable.tables(run, markdown: true)
    let result = Self.disagreements(inOperationTables: text, rows: run.rows, baseline: run.info.baseline)
    #expect(result.checked == 6, "\(text)")
    #expect(result.failures.isEmpty, "\(result.failures)")
  }

  /// The plain tables print the same cells as the Markdown ones, and say
  /// in a line what their times are.
  @Test func thePlainTablesPrintTheSameCellsAndSayWhy() {
    let run = Self.unevenRun()
    let plain = ResultsTable.tables(run, markdown: false)
    for row in run.rows where row.key.strategy != .floor {
      #expect(plain.contains(ResultsTable.cellText(row)), "\(row.key)")
    }
    #expect(plain.replacing("\n  ", with: " ").contains(ResultsTable.pacingNote(baseline: run.info.baseline)))
  }

  /// `report` on the uneven run: its tables and its operations charts'
  /// bars.
  @Test func theReportAgreesOnAnUnevenRun() throws {
    let run = Self.unevenRun()
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let csv = directory + "/run.csv"
    try run.document.write(toFile: csv, atomically: true, encoding: .utf8)
    let out = directory + "/report"
    let result = InProcess.main(["report", csv, "--output-dir", out])
    #expect(result.status == 0, "\(result.errors)")
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    guard case .run(let file) = try Schema.load(csv) else { throw ResultsError("not a run") }
    let checked = Self.disagreements(inOperationTables: report, rows: file.rows, baseline: file.info.baseline)
    #expect(checked.checked == 6, "\(report)")
    #expect(checked.failures.isEmpty, "\(checked.failures)")
    // The chart's bars are drawn from the same times: each bar's height ÷
    // the enum's is the ratio.
    let chart = ChartSection.operations.value
    for row in file.rows where row.key.strategy != .floor && row.key.strategy != file.info.baseline {
      let base = try #require(
        file.rows.first { $0.key.benchmarkCase == row.key.benchmarkCase && $0.key.strategy == file.info.baseline })
      let (bar, baseBar) = (try #require(chart(row)).value, try #require(chart(base)).value)
      let ratio = try #require(row.ratioToBaseline)
      #expect(Swift.abs(bar / baseBar - ratio) < 1e-9 * ratio, "\(row.key): bars \(bar) and \(baseBar)")
    }
  }

  /// `answer`'s stakes on the uneven run: the slowest article's time ÷ the
  /// enum's is that strategy's ratio.
  @Test func theAnswersStakesAgreeOnAnUnevenRun() throws {
    let run = Self.unevenRun()
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let csv = directory + "/run.csv"
    try run.document.write(toFile: csv, atomically: true, encoding: .utf8)
    let result = InProcess.main(["answer", csv, "--sections", "stakes", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    guard case .run(let file) = try Schema.load(csv) else { throw ResultsError("not a run") }
    let failures = try Self.stakesDisagreements(result.output, rows: file.rows)
    #expect(failures.checked == 2, "\(result.output)")
    #expect(failures.failures.isEmpty, "\(failures.failures)")
  }

  /// The stakes table's rows: `| operation | enum ns | T (strategy) | …`,
  /// each checked against the app-mode row of that strategy.
  static func stakesDisagreements(_ text: String, rows: [TimingRow]) throws -> (checked: Int, failures: [String]) {
    var checked = 0
    var failures: [String] = []
    for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| operation") {
      let cells = Self.cells(line)
      guard cells.count >= 3, let strategy = try /\(([a-z-]+)\)/.firstMatch(in: cells[2]).map({ String($0.1) }),
        let time = firstNumber(cells[2]), let base = firstNumber(cells[1])
      else { continue }
      let row = try #require(
        rows.first {
          $0.key.operation == cells[0] && $0.key.strategy.rawValue == strategy && $0.key.mode == .app
            && $0.key.feed.size == 100_000 && $0.key.feed.distribution == "uniform"
        }, "no row for \(line)")
      let interval = try #require(row.ratioToBaselineLow.flatMap { low in row.ratioToBaselineHigh.map { low...$0 } })
      checked += 1
      if !agrees(time: time, base: base, interval: interval) {
        failures.append("\(cells[0]) · \(strategy): \(time) ÷ \(base) outside \(interval)")
      }
    }
    return (checked, failures)
  }

  // MARK: The committed default runs

  /// The default runs of each CPU model in results/reference/machines.
  static let committedRuns: [String] = {
    let directory = Fixtures.packageRoot + "/results/reference/machines"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".csv") }.sorted().map { directory + "/" + $0 }
  }()

  @Test func thereAreCommittedDefaultRuns() {
    #expect(Self.committedRuns.count >= 3, "\(Self.committedRuns)")
  }

  @Test(arguments: committedRuns)
  func aDefaultRunsTablesAgree(path: String) throws {
    guard case .run(let file) = try Schema.load(path) else { throw ResultsError("\(path): not a run") }
    let run = MeasuredRun(info: file.info, rows: file.rows)
    let result = Self.disagreements(
      inOperationTables: ResultsTable.tables(run, markdown: true), rows: file.rows, baseline: file.info.baseline)
    #expect(result.checked > 300, "\(path)")
    #expect(result.failures.isEmpty, "\(path): \(result.failures.count) cells: \(result.failures.prefix(5))")
  }

  /// `answer`'s stakes, and its kinds table, whose cells print their own
  /// interval: `14.6 ns (7.5×, 7.3–7.7)` beside the enum's `1.92 ns`.
  @Test(arguments: committedRuns)
  func aDefaultRunsAnswerAgrees(path: String) throws {
    guard case .run(let file) = try Schema.load(path) else { throw ResultsError("\(path): not a run") }
    let stakes = InProcess.main(["answer", path, "--sections", "stakes", "--format", "markdown"])
    #expect(stakes.status == 0, "\(stakes.errors)")
    let checked = try Self.stakesDisagreements(stakes.output, rows: file.rows)
    #expect(checked.checked == 6, "\(stakes.output)")
    #expect(checked.failures.isEmpty, "\(path): \(checked.failures)")

    let kinds = InProcess.main(["answer", path, "--sections", "kinds", "--format", "markdown"])
    #expect(kinds.status == 0, "\(kinds.errors)")
    var kindsChecked = 0
    var header: [String] = []
    var baseCells: [String] = []
    var lines: [[String]] = []
    func checkTable() {
      for cells in lines {
        for (column, cell) in cells.enumerated() where column > 0 && column < baseCells.count {
          guard let match = try? /([0-9.]+) ns \(([0-9.]+)×, ([0-9.]+)–([0-9.]+)\)/.firstMatch(in: cell),
            let base = Self.firstNumber(baseCells[column]), let low = Self.printedRange(match.3),
            let high = Self.printedRange(match.4)
          else { continue }
          kindsChecked += 1
          #expect(
            Self.agrees(time: String(match.1), base: base, interval: low.lowerBound...high.upperBound),
            "\(path): \(cells[0]) at \(header[column]): \(cell) beside \(baseCells[column])")
        }
      }
      lines = []
      baseCells = []
    }
    for line in kinds.output.split(separator: "\n") {
      guard line.hasPrefix("|") else {
        checkTable()
        header = []
        continue
      }
      if line.hasPrefix("|-") || line.hasPrefix("|:") { continue }
      let cells = Self.cells(line)
      if header.isEmpty {
        header = cells
      } else if cells.first == file.info.baseline.rawValue {
        baseCells = cells
      } else {
        lines.append(cells)
      }
    }
    checkTable()
    #expect(kindsChecked > 20, "\(kinds.output)")
  }
}
