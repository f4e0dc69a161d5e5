import BenchmarkResults
import Claims
import CommandLineSupport

/// "Does the answer hold in your build?": the answer's figures in each build
/// of a build matrix (`run --builds`, Benchmarks/Scripts/build-matrix.sh),
/// each build's run read at the answer's size and layout.
package struct BuildsAnswer {
  /// Each build's rows, in the order given.
  package var builds: [AnswerRows]
  /// Each build's profile, where one was given (`countsTable()`), in the
  /// same order.
  package var profiles: [ProfileFile?] = []

  /// One row per build and mode: the enum's time where dispatch is the
  /// work, the getter's and visitors' intervals there and on real work, and
  /// whether the enum is the fastest of the nine, each claim resting on
  /// intervals (or saying the run cannot tell).
  package func table() -> QuotedTable {
    let levels = builds.first?.intervalLevels ?? "launches"
    var table = QuotedTable(title: "Does the answer hold in your build? (95% intervals over \(levels))")
    table.columns = [
      QuotedTable.Column("build"), QuotedTable.Column("mode"),
      QuotedTable.Column("enum: identifier, colour (ns)", .right, terminal: "enum ns"),
      QuotedTable.Column("getter and visitors: identifier", .right, terminal: "articles: identifier"),
      QuotedTable.Column("… colour", .right, terminal: "articles: colour"),
      QuotedTable.Column("… on real work", .right, terminal: "articles: real work"),
      QuotedTable.Column("the enum fastest of the nine where dispatch is the work?", terminal: "enum fastest?"),
    ]
    for rows in builds {
      let name = rows.run.rows.first?.build ?? rows.run.path
      for mode in BuildMode.all where rows.run.rows.contains(where: { $0.key.mode == mode }) {
        let enumTimes = AnswerNames.light.map { rows.nanoseconds(AnswerNames.enumSwitch, $0.rawValue, mode).fixed(1) }
        let heavy = AnswerNames.heavy.filter { rows.row(AnswerNames.enumSwitch, $0, mode) != nil }
        table.rows.append([
          name, mode.rawValue, enumTimes.joined(separator: ", "),
          rows.span(AnswerNames.articles, [.feedIdentifier], modes: [mode]),
          rows.span(AnswerNames.articles, [.feedColor], modes: [mode]),
          rows.span(AnswerNames.articles, heavy, modes: [mode]),
          verdict(rows, mode),
        ])
      }
    }
    return table
  }

  /// Whether every other strategy's interval lies above the enum's time on
  /// each cheap operation; else which is faster, or which the run cannot
  /// tell from the enum.
  private func verdict(_ rows: AnswerRows, _ mode: BuildMode) -> String {
    var faster: [String] = []
    var untold: [String] = []
    var seen = false
    for operation in AnswerNames.light {
      let others = rows.run.rows.filter {
        $0.key.operation == operation.rawValue && $0.key.mode == mode && $0.key.feed.size == rows.size
          && $0.key.feed.distribution == rows.layout && !$0.key.strategy.isReference
          && $0.key.strategy != AnswerNames.enumSwitch
      }
      for row in others {
        guard let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh else { continue }
        seen = true
        let name = "\(row.key.strategy.rawValue) on \(operation.rawValue == "feed.color" ? "colour" : "identifier")"
        if high < 1 {
          faster.append("\(name) (\(DecimalText.fixed(low, 2))–\(DecimalText.fixed(high, 2))×)")
        } else if low <= 1 {
          untold.append("\(name) (\(DecimalText.fixed(low, 2))–\(DecimalText.fixed(high, 2))×)")
        }
      }
    }
    guard seen else { return missingFigure }
    if !faster.isEmpty { return "no: faster than the enum: " + faster.joined(separator: ", ") }
    if !untold.isEmpty { return "cannot tell: " + untold.joined(separator: ", ") + " includes 1" }
    return "yes: every other interval above 1"
  }
}
