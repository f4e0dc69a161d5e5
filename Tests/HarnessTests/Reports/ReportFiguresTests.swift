import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `report`'s figures, not only its row labels: every cell of its
/// "Every operation" and "Code each operation runs" tables against the
/// run's CSV read here as a plain table, a number to within the digits the
/// report prints.
@Suite struct ReportFiguresTests {
  static let run = Fixtures.pairA

  /// The run's rows, each a dictionary by column.
  static func rows() throws -> [[String: String]] {
    let table = try CSVReader.parse(try String(contentsOfFile: run, encoding: .utf8))
    return table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
  }

  /// Whether `shown` is `value` to the digits shown: within half a unit of
  /// its last digit (`1150` for 1149.75, `1.0` for 0.9969).
  static func shows(_ shown: Substring, _ value: Double?) -> Bool {
    let text = shown.replacingOccurrences(of: ",", with: "")
    guard let value, let number = Double(text) else { return false }
    let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
    return abs(number - value) <= 0.5 * pow(10, -Double(decimals)) + 1e-9
  }

  /// The report's Markdown tables in `section`, each with the heading
  /// above it (`share · 100,000 elements · uniform · 3 kinds · boundary
  /// mode`), its header and its rows' cells.
  static func tables(_ markdown: String, section: String) -> [(heading: String, header: [String], rows: [[String]])] {
    let lines = markdown.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: "## " + section) else { return [] }
    var tables: [(String, [String], [[String]])] = []
    var heading = ""
    for line in lines[(start + 1)...] {
      if line.hasPrefix("## ") { break }
      if line.hasPrefix("### ") { heading = String(line.dropFirst(4)) }
      guard line.hasPrefix("| ") else { continue }
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      if cells.allSatisfy({ $0.hasPrefix(":") || $0.hasPrefix("-") }) { continue }
      if tables.last?.0 == heading {
        tables[tables.count - 1].2.append(cells)
      } else {
        tables.append((heading, cells, []))
      }
    }
    return tables
  }

  /// The rows of `table`'s heading: domain, size, distribution, kinds, mode.
  static func matching(_ heading: String, _ rows: [[String: String]]) -> [[String: String]] {
    let parts = heading.components(separatedBy: " · ")
    return rows.filter { row in
      parts.count == 5 && row["domain"] == parts[0]
        && parts[1]
          == "\(Int(row["size"] ?? "")?.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) ?? "") elements"
        && row["distribution"] == parts[2] && parts[3] == "\(row["kinds"] ?? "") kinds"
        && parts[4] == "\(row["mode"] ?? "") mode"
    }
  }

  @Test func everyOperationsTableHoldsTheRunsMediansIntervalsAndRatios() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run(["report", Self.run, "--output-dir", directory])
    try #require(result.status == 0, "\(result.standardError)")
    let markdown = try String(contentsOfFile: directory + "/report.md", encoding: .utf8)
    let rows = try Self.rows()
    let tables = Self.tables(markdown, section: "Every operation")
    try #require(tables.count == 2, "\(tables.map(\.heading))")
    var cells = 0
    for table in tables {
      let feed = Self.matching(table.heading, rows)
      try #require(!feed.isEmpty, "no rows for \(table.heading)")
      for line in table.rows {
        for (column, cell) in zip(table.header, line).dropFirst() {
          let row = try #require(
            feed.first { $0["operation"] == line[0] && $0["strategy"] == column },
            "\(table.heading) \(line[0]) \(column)")
          let context = "\(table.heading), \(line[0]), \(column): \(cell)"
          if column == "floor" {
            #expect(Self.shows(cell[...], row["median_ns"].flatMap(Double.init)), "\(context)")
            continue
          }
          // `time (low–high) ratio×`: the baseline's median and its
          // interval; every other strategy's at the baseline's pace, the
          // baseline's median × its ratio and the ratio's interval.
          let match = try #require(cell.wholeMatch(of: /([0-9.]+) \(([0-9.]+)–([0-9.]+)\) ([0-9.]+)×/), "\(context)")
          let base = try #require(
            feed.first { $0["operation"] == line[0] && $0["strategy"] == $0["baseline"] }, "\(context): no baseline")
          let baseMedian = try #require(base["median_ns"].flatMap(Double.init))
          func paced(_ column: String) -> Double? { row[column].flatMap(Double.init).map { $0 * baseMedian } }
          let isBase = column == base["strategy"]
          #expect(Self.shows(match.1, isBase ? baseMedian : paced("ratio_to_baseline")), "\(context): time")
          #expect(
            Self.shows(match.2, isBase ? row["ci95_low_ns"].flatMap(Double.init) : paced("ratio_to_baseline_low")),
            "\(context): low")
          #expect(
            Self.shows(match.3, isBase ? row["ci95_high_ns"].flatMap(Double.init) : paced("ratio_to_baseline_high")),
            "\(context): high")
          #expect(Self.shows(match.4, row["ratio_to_baseline"].flatMap(Double.init)), "\(context): ratio")
          cells += 1
        }
      }
    }
    #expect(cells == 18, "nine strategies in each of two tables")

    let code = Self.tables(markdown, section: "Code each operation runs")
    try #require(code.count == 2, "\(code.map(\.heading))")
    for table in code {
      // `share · boundary mode`: the code is the same at every size.
      let parts = table.heading.components(separatedBy: " · ")
      for line in table.rows {
        for (column, cell) in zip(table.header, line).dropFirst() {
          let row = try #require(
            rows.first {
              $0["domain"] == parts.first && "\($0["mode"] ?? "") mode" == parts.last && $0["operation"] == line[0]
                && $0["strategy"] == column
            }, "\(table.heading) \(line[0]) \(column)")
          #expect(
            cell.replacingOccurrences(of: ",", with: "") == row["code_bytes"], "\(table.heading) \(line[0]) \(column)")
        }
      }
    }
  }
}
