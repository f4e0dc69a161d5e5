import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// The README's answer (the decision table and the ranges list) recomputed
/// from `Tests/Fixtures/answer`'s run and edit costs, read here as plain
/// tables: answer.md is what `answer` printed, so beside it this is the
/// oracle that calls none of `answer`'s code.
///
/// What each figure is, as the README says it: a span is the lowest
/// `ratio_to_baseline_low` to the highest `ratio_to_baseline_high` of the
/// rows it names (two decimals, `×`); a time is the enum's (or a pattern's)
/// `median_ns` in app mode; a trade is the hunks of adding a kind and an
/// operation at 8 kinds.
@Suite struct AnswerDecisionOracleTests {
  // The groups the README names, written out here, not read from `answer`.
  static let articles = ["protocol-getter", "classic-visitor", "generic-visitor"]
  static let alternatives = ["class-hierarchy", "type-eraser"]
  static let costly = ["naive", "cast-chain", "handler-table"]
  static let visitors = ["classic-visitor", "generic-visitor"]
  /// "Real work": formatting a share, laying out a row.
  static let realWork = [
    "share.facebook", "share.line", "share.instagram", "share.wechat", "feed.height", "feed.configure", "feed.render",
  ]
  static let constant = "synthetic.constant"
  /// The stakes table's operations, in its order.
  static let stakes = [
    "feed.identifier", "feed.color", "feed.height", "feed.configure", "feed.render", "share.instagram",
  ]

  /// The fixture run's rows at 100,000 uniform elements (synthetic rows at
  /// any layout), each a dictionary by column.
  static func runRows() throws -> [[String: String]] {
    let table = try CSVReader.parse(try String(contentsOfFile: AnswerTests.run, encoding: .utf8))
    return table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
      .filter { $0["size"] == "100000" && ($0["distribution"] == "uniform" || $0["domain"] == "synthetic") }
  }

  struct Oracle {
    var rows: [[String: String]]
    var editCost: [[String: String]]

    func rows(_ strategies: [String], _ operations: [String], modes: [String], kinds: String?) -> [[String: String]] {
      rows.filter { row in
        row["strategy"].map(strategies.contains) == true && row["operation"].map(operations.contains) == true
          && row["mode"].map(modes.contains) == true && (kinds == nil || row["kinds"] == kinds)
      }
    }

    func span(
      _ strategies: [String], _ operations: [String], modes: [String] = ["app", "boundary"], kinds: String? = nil
    ) throws -> String {
      let named = rows(strategies, operations, modes: modes, kinds: kinds)
      // Every pattern named has a row to speak for it (the fixture holds
      // some operations in app mode only).
      let present = Set(try named.map { try #require($0["strategy"]) })
      try #require(present == Set(strategies), "\(strategies) on \(operations): rows of \(present.sorted()) only")
      let lows = try named.map { try #require($0["ratio_to_baseline_low"].flatMap(Double.init)) }
      let highs = try named.map { try #require($0["ratio_to_baseline_high"].flatMap(Double.init)) }
      return String(format: "%.2f–%.2f×", try #require(lows.min()), try #require(highs.max()))
    }

    /// The time the answer shows: the enum's median, and another
    /// pattern's at the enum's pace (the enum's median in the same case ×
    /// the pattern's ratio to it), so that it agrees with its ratio.
    func median(_ strategy: String, _ operation: String, kinds: String? = nil, _ digits: Int) throws -> String {
      let base = try medianValue("enum-switch", operation, kinds: kinds)
      guard strategy != "enum-switch" else { return String(format: "%.\(digits)f", base) }
      let matching = rows([strategy], [operation], modes: ["app"], kinds: kinds)
      try #require(matching.count == 1, "\(strategy) \(operation) kinds \(kinds ?? "any"): \(matching.count) rows")
      let ratio = try #require(matching[0]["ratio_to_baseline"].flatMap(Double.init))
      return String(format: "%.\(digits)f", base * ratio)
    }

    /// A pattern's `median_ns` in app mode.
    func medianValue(_ strategy: String, _ operation: String, kinds: String? = nil) throws -> Double {
      let matching = rows([strategy], [operation], modes: ["app"], kinds: kinds)
      try #require(matching.count == 1, "\(strategy) \(operation) kinds \(kinds ?? "any"): \(matching.count) rows")
      return try #require(matching[0]["median_ns"].flatMap(Double.init))
    }

    /// A pattern's `ratio_to_baseline` on `operation` in app mode.
    func ratio(_ strategy: String, _ operation: String) throws -> Double {
      let matching = rows([strategy], [operation], modes: ["app"], kinds: nil)
      try #require(matching.count == 1, "\(strategy) \(operation): \(matching.count) rows")
      return try #require(matching[0]["ratio_to_baseline"].flatMap(Double.init))
    }

    /// The stakes line of `operation` but its enum column: the slowest of
    /// the getter and visitors by its ratio to the enum (the first, as they
    /// are listed, of equals), its time the enum's median times that ratio
    /// (as every printed time beside a ratio is), and what that adds for
    /// 100 rows and of a 120 Hz frame; `none` where it adds nothing.
    func stakes(_ operation: String) throws -> [String] {
      let enumTime = try medianValue("enum-switch", operation)
      var slowest = (strategy: "", ratio: -Double.infinity)
      for strategy in AnswerDecisionOracleTests.articles {
        let ratio = try ratio(strategy, operation)
        if ratio > slowest.ratio { slowest = (strategy, ratio) }
      }
      let time = enumTime * slowest.ratio
      let extra = (time - enumTime) * 100
      let frame = 1e9 / 120
      let cost =
        extra > 0
        ? [String(format: "%.1f µs", extra / 1000), String(format: "%.2f%%", extra / frame * 100)]
        : [String(format: "none (%.1f µs less)", -extra / 1000), "none"]
      return [String(format: "%.1f", time) + " (\(slowest.strategy))"] + cost
    }

    func trade(_ pattern: String) throws -> String {
      func hunks(_ change: String) throws -> String {
        let row = try #require(
          editCost.first { $0["pattern"] == pattern && $0["change"] == change && $0["kinds"] == "8" })
        let count = try #require(row["hunks"].flatMap(Int.init))
        return count == 1 ? "1 place" : "\(count) places"
      }
      return "a kind in \(try hunks("add-kind")), an operation in \(try hunks("add-operation"))"
    }
  }

  static func oracle() throws -> Oracle {
    let editCost = try CSVReader.parse(try String(contentsOfFile: AnswerTests.editCost, encoding: .utf8))
    return Oracle(
      rows: try runRows(),
      editCost: editCost.records.map { Dictionary(uniqueKeysWithValues: zip(editCost.header, $0.fields)) })
  }

  /// The cells of each Markdown table line of `answer`'s output, by its first cell.
  static func tableLines(_ output: String) -> [String: [String]] {
    var lines: [String: [String]] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      lines[cells[0]] = cells
    }
    return lines
  }

  @Test func theDecisionTablesFiguresAreTheRunsAndTheEditCosts() throws {
    let result = InProcess.main([
      "answer", AnswerTests.run, "--edit-cost", AnswerTests.editCost, "--sections", "decision", "--format", "markdown",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let o = try Self.oracle()
    let articles = Self.articles
    let expected: [(situation: String, measured: String, extensibility: String)] = [
      (
        "each element does real work (formatting a share, laying out a row: \(try o.median("enum-switch", "feed.configure", 0))–\(try o.median("enum-switch", "share.wechat", 0)) ns in app mode)",
        "getter and visitors \(try o.span(articles, Self.realWork)) the enum; class hierarchy and type eraser \(try o.span(Self.alternatives, Self.realWork))",
        "choose by the row below"
      ),
      (
        "dispatch is the work (a row's identifier, a cell's colour) in a hot loop",
        "enum \(try o.median("enum-switch", "feed.identifier", 1)) ns per identifier and \(try o.median("enum-switch", "feed.color", 1)) ns per colour (app); "
          + "getter and visitors \(try o.span(articles, ["feed.identifier"], modes: ["app"])) and \(try o.span(articles, ["feed.color"], modes: ["app"])) in an app, "
          + "\(try o.span(articles, ["feed.identifier"], modes: ["boundary"])) and \(try o.span(articles, ["feed.color"], modes: ["boundary"])) through a module boundary",
        "enum: \(try o.trade("enum-switch")) (the compiler lists every `switch` to fix)"
      ),
      (
        "kinds are added often, by many hands; operations rarely",
        "\(try o.median("protocol-getter", Self.constant, kinds: "64", 0)) and \(try o.median("class-hierarchy", Self.constant, kinds: "64", 0)) ns at 64 kinds (enum \(try o.median("enum-switch", Self.constant, kinds: "64", 1)) ns)",
        "getter: \(try o.trade("protocol-getter")); class hierarchy: \(try o.trade("class-hierarchy"))"
      ),
      (
        "operations are added often; kinds are a closed set",
        "visitors \(try o.span(Self.visitors, [Self.constant], modes: ["app"], kinds: "64")) the enum at 64 kinds",
        "enum: \(try o.trade("enum-switch")); classic visitor: \(try o.trade("classic-visitor"))"
      ),
      (
        "dozens of kinds",
        "`cast-chain` \(try o.median("cast-chain", Self.constant, kinds: "8", 0)) ns at 8 kinds, \(try o.median("cast-chain", Self.constant, kinds: "64", 0)) ns at 64 (linear); handler table \(try o.median("handler-table", Self.constant, kinds: "2", 0)) ns at 2 kinds, \(try o.median("handler-table", Self.constant, kinds: "64", 0)) at 64",
        "cast-chain: \(try o.trade("cast-chain"))"
      ),
    ]
    let lines = Self.tableLines(result.output)
    for row in expected {
      let cells = try #require(lines[row.situation], "no row \"\(row.situation)\" in:\n\(result.output)")
      try #require(cells.count == 4, "\(cells)")
      #expect(cells[2] == row.measured, "\(row.situation): measured")
      #expect(cells[3] == row.extensibility, "\(row.situation): extensibility")
    }
    #expect(lines.count == expected.count + 1, "the header and one line per situation: \(lines.keys.sorted())")
  }

  /// The stakes table's enum column: the enum's `median_ns` in app mode.
  @Test func theStakesEnumColumnIsTheEnumsMedian() throws {
    let result = InProcess.main(["answer", AnswerTests.run, "--sections", "stakes", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let o = try Self.oracle()
    let lines = Self.tableLines(result.output)
    for operation in Self.stakes {
      let cells = try #require(lines[operation], "no line for \(operation) in:\n\(result.output)")
      try #require(cells.count == 5, "\(cells)")
      #expect(cells[1] == (try o.median("enum-switch", operation, 1)), "\(operation)")
    }
    #expect(lines.count == Self.stakes.count + 1, "the header and one line per operation: \(lines.keys.sorted())")
  }

  /// The stakes table's last three columns from the enum's median and the
  /// ratios to it (`Oracle.stakes`): the slowest of the getter and
  /// visitors, its extra cost for 100 rows, and that cost's share of a
  /// 120 Hz frame.
  @Test func theStakesCostsAreTheEnumsMedianTimesTheRatios() throws {
    let result = InProcess.main(["answer", AnswerTests.run, "--sections", "stakes", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let o = try Self.oracle()
    let lines = Self.tableLines(result.output)
    for operation in Self.stakes {
      let cells = try #require(lines[operation], "no line for \(operation) in:\n\(result.output)")
      try #require(cells.count == 5, "\(cells)")
      let expected = try o.stakes(operation)
      #expect(Array(cells[2...]) == expected, "\(operation): printed \(cells[2...]), the oracle's \(expected)")
    }
  }

  @Test func theRangesAreTheSpansOfTheRunsIntervals() throws {
    let result = InProcess.main(["answer", AnswerTests.run, "--sections", "ranges", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let o = try Self.oracle()
    var expected = [
      "article patterns on real work, both modes: \(try o.span(Self.articles, Self.realWork))",
      "class hierarchy and type eraser on real work: \(try o.span(Self.alternatives, Self.realWork))",
      "naive, cast-chain, handler-table on real work: \(try o.span(Self.costly, Self.realWork))",
    ]
    for mode in ["boundary", "app"] {
      for operation in ["feed.identifier", "feed.color"] {
        expected.append(
          "getter and visitors, \(operation), \(mode): \(try o.span(Self.articles, [operation], modes: [mode]))")
      }
    }
    let items = result.output.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    #expect(items == expected)
  }
}
