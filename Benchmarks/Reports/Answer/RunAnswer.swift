import BenchmarkResults
import Claims
import DispatchModel
import BenchmarkEngine
import CommandLineSupport

/// What `run` prints last, on standard output: this run's answer (the
/// decision table, as `answer --sections decision` prints it, one situation
/// to a few lines), how precise the run was, where its CSV is and what to
/// run next, so that the last screen of a run is its answer and not a table
/// of cases (issue 33).
package enum RunAnswer {
  /// The closing text for the run written at `path`.
  package static func text(path: String) -> String {
    var lines: [String] = []
    do throws(CommandError) {
      guard case .run(let run) = try loadResults(path) else { return "" }
      lines += decision(run)
      let borrowed = SyntheticBorrowing.borrowed(in: run.rows)
      if !borrowed.isEmpty { lines.append(TextTable.wrap(SyntheticBorrowing.note(borrowed), indent: 2)) }
      lines.append("")
      lines.append(TextTable.wrap(precision(run), indent: 2))
    } catch {
      lines.append("(no answer from \(path): \(error))")
    }
    lines.append("")
    lines.append(TextTable.wrap(nextSteps(path), indent: 2))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The decision section of this run, each situation as its pick and what
  /// this run measured (the extensibility column is the edit costs', not a
  /// run's: `answer --edit-cost` prints it).
  package static func decision(_ run: RunFile) -> [String] {
    guard let rows = AnswerRows(run: run, primary: RunMatrix.primarySize) else { return ["(this run has no rows)"] }
    let answer = Answer(rows: rows, profile: nil, scaling: nil)
    let tables: [QuotedTable]
    do throws(SectionUnavailable) {
      tables = try answer.blocks(.decision)
    } catch {
      return [TextTable.wrap("This run gives no decision table: \(error.reason).", indent: 2)]
    }
    var lines: [String] = []
    for table in tables {
      lines.append(TextTable.wrap("This run's answer. " + table.title, indent: 2))
      for row in table.rows where row.count >= 3 {
        lines.append(TextTable.wrap("- \(row[0]): \(row[1])", indent: 4))
        lines.append(TextTable.wrap(row[2], margin: 4, indent: 2))
      }
    }
    return lines
  }

  /// How many strategy rows met the run's target resolution, the median
  /// and the widest, and what a longer run buys.
  package static func precision(_ run: RunFile) -> String {
    let rows = run.rows.filter { !$0.key.strategy.isReference }
    let resolved = rows.compactMap { row in row.resolution.map { (row, $0) } }
    guard !resolved.isEmpty else {
      return "Precision: this run's rows have no interval over launches (one launch per case, as --quick makes): "
        + "the default run (`swift run -c release dispatch-bench`) gives each ratio one."
    }
    let target = rows.compactMap(\.targetResolution).first
    let sorted = resolved.map(\.1).sorted()
    let median = sorted[sorted.count / 2]
    let (widest, worst) = resolved.max { $0.1 < $1.1 }!
    var text = "Precision: "
    if let target {
      let met = resolved.filter { $0.1 <= target }.count
      text += "\(met) of \(rows.count.counted("strategy row")) resolved to the \(percent(target)) target; "
    }
    text += "the median resolution is \(percent(median)), the widest \(percent(worst)) "
      + "(\(widest.key.benchmarkCase.operation), \(widest.key.strategy), \(widest.key.mode.rawValue) mode). "
      + "The ranges above are 95% intervals over launches."
    if let target, worst > target {
      text += " A longer \(LaunchDesign.Options.maxTime.name) launches the widest cases again and narrows them."
    }
    return text
  }

  package static func nextSteps(_ path: String) -> String {
    "Rows: \(path). Then `dispatch-bench answer`, `report` or `compare` on it: every section, "
      + "charts, every case (or two runs)."
  }

  private static func percent(_ fraction: Double) -> String {
    CSVNumber.text((fraction * 1_000).rounded() / 10) + "%"
  }
}
