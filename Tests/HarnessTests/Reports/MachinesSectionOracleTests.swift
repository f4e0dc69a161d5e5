import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// The machines section of `answer RUN.csv` (one run: where its machine
/// sits among the committed machines) recomputed from the CSVs themselves,
/// the fixture run and `results/reference/machines/*.csv` read as plain
/// tables, calling none of `answer`'s code: `AnswerTests` compares the
/// section only with what the same code prints.
///
/// What each figure is, as Guides/Answer.md ("Over machines") says it: a
/// span claim reads the lowest `ratio_to_baseline_low` to the highest
/// `ratio_to_baseline_high` of its rows, and only when every pattern it
/// names has a row with an interval; a "fastest" claim names the pattern
/// whose interval lies wholly below every other's, else the likeliest
/// (lowest high) and each whose interval reaches it, read among the
/// patterns every committed run measured. A CPU model's runs are pooled:
/// the union of their spans, the pattern all name, else every pattern
/// named. This run is inside where its span reaches the machines' range,
/// above or below where it lies wholly beyond it, and a pattern differs
/// where no machine named it.
@Suite struct MachinesSectionOracleTests {
  typealias Row = [String: String]

  /// A claim: a span of `strategies`, or with none the fastest pattern.
  struct Claim {
    var name: String
    var strategies: [String]?
    var operations: [String]
    var modes: [String]
    var kinds: String? = nil
  }

  /// The answer's claims, written out here as the guide lists them.
  static let claims: [Claim] = {
    typealias O = AnswerDecisionOracleTests
    let light = ["feed.identifier", "feed.color"]
    let modes = ["boundary", "app"]
    var claims = [
      Claim(
        name: "getter and visitors on real work, both modes", strategies: O.articles, operations: O.realWork,
        modes: modes),
      Claim(
        name: "class hierarchy and type eraser on real work", strategies: O.alternatives, operations: O.realWork,
        modes: modes),
      Claim(
        name: "naive, cast-chain, handler-table on real work", strategies: O.costly, operations: O.realWork,
        modes: modes),
    ]
    for mode in modes {
      for operation in light {
        claims.append(
          Claim(
            name: "getter and visitors, \(operation), \(mode)", strategies: O.articles, operations: [operation],
            modes: [mode]))
      }
    }
    claims.append(
      Claim(
        name: "visitors, \(O.constant) at 64 kinds, app", strategies: O.visitors, operations: [O.constant],
        modes: ["app"], kinds: "64"))
    for mode in modes {
      for operation in light {
        claims.append(
          Claim(name: "fastest, \(operation), \(mode)", strategies: nil, operations: [operation], modes: [mode]))
      }
    }
    claims.append(
      Claim(
        name: "fastest, \(O.constant) at 64 kinds, app", strategies: nil, operations: [O.constant], modes: ["app"],
        kinds: "64"))
    return claims
  }()

  enum Reading: Equatable {
    case span(low: Double, high: Double)
    case pattern(String)
    case untold([String])
    case missing

    var text: String {
      switch self {
      case .span(let low, let high): String(format: "%.2f–%.2f×", low, high)
      case .pattern(let pattern): pattern
      case .untold(let patterns): patterns.joined(separator: " or ")
      case .missing: "not measured"
      }
    }

    var patterns: [String] {
      switch self {
      case .pattern(let pattern): [pattern]
      case .untold(let patterns): patterns
      case .span, .missing: []
      }
    }
  }

  /// A run's rows the answer reads: at 100,000 elements (else its largest
  /// size), uniform, the synthetic domain's at any layout; in file order.
  static func rows(_ path: String) throws -> [Row] {
    let table = try CSVReader.parse(try String(contentsOfFile: path, encoding: .utf8))
    let all = table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
    let sizes = Set(all.compactMap { $0["size"].flatMap(Int.init) })
    let size = sizes.contains(100_000) ? 100_000 : sizes.max() ?? 100_000
    return all.filter { $0["size"] == String(size) && ($0["distribution"] == "uniform" || $0["domain"] == "synthetic") }
  }

  static let references: Set<String> = ["floor", "null"]

  static func patterns(_ rows: [Row]) -> Set<String> {
    Set(rows.compactMap { $0["strategy"] }.filter { !references.contains($0) })
  }

  static func matches(_ row: Row, _ operation: String, _ mode: String, _ kinds: String?) -> Bool {
    row["operation"] == operation && row["mode"] == mode && (kinds == nil || row["kinds"] == kinds)
  }

  /// A row's interval of the ratio to the enum, when it has one.
  static func interval(_ row: Row) -> (low: Double, high: Double)? {
    guard let low = row["ratio_to_baseline_low"].flatMap(Double.init),
      let high = row["ratio_to_baseline_high"].flatMap(Double.init)
    else { return nil }
    return (low, high)
  }

  /// The claim on one run's rows; a "fastest" claim among `patterns`.
  static func read(_ claim: Claim, _ rows: [Row], among patterns: Set<String>) -> Reading {
    guard let strategies = claim.strategies else { return fastest(claim, rows, among: patterns) }
    // The first row of each pattern, operation and mode.
    var intervals: [String: [(low: Double, high: Double)]] = [:]
    for strategy in strategies {
      for operation in claim.operations {
        for mode in claim.modes {
          guard
            let row = rows.first(where: { $0["strategy"] == strategy && matches($0, operation, mode, claim.kinds) }),
            let interval = interval(row)
          else { continue }
          intervals[strategy, default: []].append(interval)
        }
      }
    }
    guard strategies.allSatisfy({ intervals[$0] != nil }) else { return .missing }
    let all = intervals.values.flatMap { $0 }
    return .span(low: all.map(\.low).min()!, high: all.map(\.high).max()!)
  }

  static func fastest(_ claim: Claim, _ rows: [Row], among patterns: Set<String>) -> Reading {
    let raced = claim.operations.flatMap { operation in
      claim.modes.flatMap { mode in
        rows.filter { row in
          matches(row, operation, mode, claim.kinds) && row["strategy"].map { patterns.contains($0) } == true
        }
      }
    }
    let intervals = raced.compactMap { row in
      interval(row).flatMap { $0.low <= $0.high ? (strategy: row["strategy"] ?? "", low: $0.low, high: $0.high) : nil }
    }
    guard intervals.count >= 2, let best = intervals.min(by: { $0.high < $1.high }) else { return .missing }
    let close = intervals.filter { $0.strategy != best.strategy && $0.low <= best.high }.map(\.strategy)
    return close.isEmpty ? .pattern(best.strategy) : .untold([best.strategy] + close)
  }

  /// Values without repeats, in the order they first appear.
  static func once(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// One CPU model's reading over its runs.
  static func pooled(_ readings: [Reading]) -> Reading {
    let measured = readings.filter { $0 != .missing }
    guard let first = measured.first else { return .missing }
    let spans = measured.compactMap { reading -> (Double, Double)? in
      if case .span(let low, let high) = reading { return (low, high) }
      return nil
    }
    if spans.count == measured.count { return .span(low: spans.map(\.0).min()!, high: spans.map(\.1).max()!) }
    if measured.allSatisfy({ $0 == first }) { return first }
    return .untold(once(measured.flatMap(\.patterns)))
  }

  /// The line of one claim: this run's reading, the machines' range or
  /// patterns, and where this run falls.
  static func line(_ claim: String, here: Reading, there: [Reading]) -> [String] {
    let measured = there.filter { $0 != .missing }
    let spans = measured.compactMap { reading -> (Double, Double)? in
      if case .span(let low, let high) = reading { return (low, high) }
      return nil
    }
    if !spans.isEmpty {
      let (low, high) = (spans.map(\.0).min()!, spans.map(\.1).max()!)
      let range = Reading.span(low: low, high: high).text
      guard case .span(let hereLow, let hereHigh) = here else { return [claim, here.text, range, "not measured here"] }
      return [claim, here.text, range, hereLow > high ? "above" : hereHigh < low ? "below" : "inside"]
    }
    let named = once(measured.flatMap(\.patterns))
    let text = named.isEmpty ? "not measured" : named.joined(separator: " or ")
    let place: String
    switch here {
    case _ where measured.isEmpty: place = "not measured there"
    case .missing: place = "not measured here"
    case .pattern(let pattern): place = named.contains(pattern) ? "inside" : "differs"
    case .untold, .span: place = "cannot tell"
    }
    return [claim, here.text, text, place]
  }

  /// Every claim's line for the run at `path`, among the committed runs.
  static func expectedLines(_ path: String) throws -> [[String]] {
    let folder = Fixtures.packageRoot + "/results/reference/machines"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".csv") }.sorted()
    try #require(!files.isEmpty, "no run in \(folder)")
    var models: [(cpu: String, runs: [[Row]])] = []
    for file in files {
      let rows = try rows(folder + "/" + file)
      let cpu = try #require(rows.first?["cpu_model"], "\(file) has no rows")
      if let index = models.firstIndex(where: { $0.cpu == cpu }) {
        models[index].runs.append(rows)
      } else {
        models.append((cpu, [rows]))
      }
    }
    let common = models.flatMap(\.runs).map(patterns).reduce(patterns(models[0].runs[0])) { $0.intersection($1) }
    let run = try rows(path)
    let races = patterns(run).isSuperset(of: common)
    return claims.map { claim in
      let here =
        claim.strategies == nil && !races ? Reading.missing : read(claim, run, among: common)
      let there = models.map { model in pooled(model.runs.map { read(claim, $0, among: common) }) }
      return line(claim.name, here: here, there: there)
    }
  }

  /// The section's table, its tally, and each claim outside the range.
  @Test func theMachinesSectionIsTheRunAmongTheCommittedRuns() throws {
    let result = InProcess.main(["answer", AnswerTests.run, "--sections", "machines", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let expected = try Self.expectedLines(AnswerTests.run)
    let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| claim |") }
      .map { $0.dropFirst(2).dropLast(2).components(separatedBy: " | ") }
    #expect(lines == expected, "\(result.output)")

    let counted = expected.filter { !$0[3].hasPrefix("not measured") }
    let inside = counted.filter { $0[3] == "inside" }.count
    let outside = counted.filter { ["above", "below", "differs"].contains($0[3]) }
    let untold = counted.count - inside - outside.count
    var tally = "lies inside the committed machines' range on \(inside) of \(counted.count) claims"
    tally += outside.isEmpty ? "" : " and outside it on \(outside.count)"
    tally += untold == 0 ? "" : "; \(untold) it cannot tell"
    let unmeasured = expected.count - counted.count
    tally += unmeasured == 0 ? "." : "; \(unmeasured) not measured on both."
    #expect(result.output.contains(tally), "\(tally)\n\(result.output)")
    for line in outside {
      let where_ = line[3] == "differs" ? "where the machines name" : "\(line[3]) the machines'"
      #expect(result.output.contains("\(line[0]): \(line[1]) here, \(where_) \(line[2])"), "\(line)")
    }
  }

  /// The fixture reads something: spans and picks on both sides, and the
  /// oracle's lines are not all alike.
  @Test func theOracleReadsSpansAndPicks() throws {
    let expected = try Self.expectedLines(AnswerTests.run)
    #expect(expected.count == 13)
    #expect(expected.contains { $0[1].hasSuffix("×") && $0[2].hasSuffix("×") })
    #expect(expected.contains { $0[0].hasPrefix("fastest") && !$0[1].hasSuffix("×") && $0[1] != "not measured" })
  }
}
