import BenchmarkResults
import CommandLineSupport
import RunContract

/// Two runs, row by row: each row's change with its interval and verdict.
extension CompareOutput {
  /// What the printers of two runs share: the changes in verdict order,
  /// whether they are tracked ratios, and the summary line.
  package struct BetweenRows {
    package var result: (changes: [RowChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey])
    package var base: MeasuredFile
    package var new: MeasuredFile
    package var changes: [RowChange]
    package var tracked: Bool
    package var summary: String
    /// What every tracked row's standard error was multiplied by (`RunLevel`).
    package var widening: Double
  }

  package static func between(
    _ result: (changes: [RowChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey]),
    base: MeasuredFile, new: MeasuredFile, threshold: Double, warnings: [String], format: OutputFormat,
    widening: Double = 1
  ) -> String {
    let rows = betweenRows(result, base: base, new: new, widening: widening)
    switch format {
    case .csv: return betweenCSV(rows)
    case .json: return betweenJSON(rows, threshold: threshold, warnings: warnings)
    case .table, .markdown:
      return betweenText(rows, threshold: threshold, warnings: warnings, markdown: format == .markdown)
    }
  }

  private static func betweenRows(
    _ result: (changes: [RowChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey]),
    base: MeasuredFile, new: MeasuredFile, widening: Double
  ) -> BetweenRows {
    let order: [Verdict] = [.regressed, .improved, .uncorroborated, .perRowMove, .withinResolution, .unchanged]
    let tracked = result.changes.contains { $0.method == "launches" }
    let changes = result.changes.sorted {
      (order.firstIndex(of: $0.verdict)!, $0.key) < (order.firstIndex(of: $1.verdict)!, $1.key)
    }
    // The floor and the null are the harness's own loops: no change to a
    // strategy moves them, so their moves are the machine's. They are
    // listed with the rest, and counted apart from the strategies' rows.
    let strategyChanges = changes.filter { !$0.key.strategy.isReference }
    let references = changes.filter { $0.key.strategy.isReference }
    let counts = order.map { verdict in strategyChanges.filter { $0.verdict == verdict }.count }
    let holding = changes.filter(\.holdsForTheRun).count
    let moved = references.filter { $0.verdict == .regressed || $0.verdict == .improved || $0.verdict == .perRowMove }
      .count
    let summary =
      "\(counts[0]) regressed\(tracked ? " (\(holding) failing the run)" : ""), \(counts[1]) improved, "
      + (tracked
        ? "\(counts[2]) uncorroborated, "
          + "\(counts[3].counted("per-row move")) (beyond the band on their own interval, not with every row counted), "
          + "\(counts[4]) within resolution, " : "")
      + "\(counts[5]) unchanged"
      + (references.isEmpty ? "" : " of \(strategyChanges.count.counted("strategy row"))")
      + "; \(result.onlyInBase.count) only in \(base.path), \(result.onlyInNew.count) only in \(new.path)"
      + (references.isEmpty
        ? ""
        : ". The harness's own loops (\(references.count.counted("floor and null row"))), "
          + "whose moves are the machine's and never fail a run: \(moved) moved beyond the band.")
      + (counts[2] == 0
        ? ""
        : " An uncorroborated row regressed with every row counted, but a change to the code would not move it alone: "
          + "the baseline's own row with its floor moving, "
          + "or a row its launches decide (launch_variance_share 0.5 or more) "
          + "with no calmer row of its strategy and operation regressing beside it. Two separate runs cannot tell that "
          + "from what each run's launches drew, so it does not fail the run; time both builds in one run with "
          + "\(AdvisedRunOptions.alternateWith.name) to judge it.")
    return BetweenRows(
      result: result, base: base, new: new, changes: changes, tracked: tracked, summary: summary, widening: widening)
  }

  private static func betweenCSV(_ rows: BetweenRows) -> String {
    let (result, changes, tracked) = (rows.result, rows.changes, rows.tracked)
    var lines = changes.map { change in
      cellFields(change.key) + [
        number(change.baseMedian), number(change.newMedian), number(change.ratio),
        number(change.interval.lowerBound), number(change.interval.upperBound), change.method,
        change.pValue.map(number) ?? "", change.verdict.rawValue, change.holdsForTheRun ? "true" : "false",
      ]
    }
    lines += result.onlyInBase.map { cellFields($0) + ["", "", "", "", "", "", "", "only in base", ""] }
    lines += result.onlyInNew.map { cellFields($0) + ["", "", "", "", "", "", "", "only in new", ""] }
    let measured = tracked ? ["base_tracked_ratio", "new_tracked_ratio"] : ["base_median_ns", "new_median_ns"]
    return CSVWriter.document(
      header: cellColumns + measured + [
        "ratio", "ratio_ci95_low", "ratio_ci95_high", "method", "p_value", "verdict", "fails_run",
      ], rows: lines)
  }

  private static func betweenJSON(_ rows: BetweenRows, threshold: Double, warnings: [String]) -> String {
    let (result, changes, base, new) = (rows.result, rows.changes, rows.base, rows.new)
    let items = changes.map { change in
      "{" + cellJSON(change.key) + ", \"base_median_ns\": \(JSONText.number(change.baseMedian)), "
        + "\"new_median_ns\": \(JSONText.number(change.newMedian)), \"ratio\": \(JSONText.number(change.ratio)), "
        + "\"ratio_ci95\": "
        + "[\(JSONText.number(change.interval.lowerBound)), \(JSONText.number(change.interval.upperBound))], "
        + "\"method\": \(JSONText.quoted(change.method)), "
        + "\"p_value\": \(change.pValue.map(JSONText.number) ?? "null"), "
        + "\"verdict\": \"\(change.verdict.rawValue)\", \"fails_run\": \(change.holdsForTheRun)}"
    }
    return "{\"base\": \(JSONText.quoted(base.path)), \"new\": \(JSONText.quoted(new.path)), "
      + "\"threshold\": \(JSONText.number(threshold)), \"interval_widening\": \(JSONText.number(rows.widening)), "
      + "\"warnings\": [\(warnings.map(JSONText.quoted).joined(separator: ", "))],\n"
      + "\"cells\": [\n  " + items.joined(separator: ",\n  ") + "\n],\n"
      + "\"only_in_base\": [\(result.onlyInBase.map { JSONText.quoted($0.description) }.joined(separator: ", "))],\n"
      + "\"only_in_new\": [\(result.onlyInNew.map { JSONText.quoted($0.description) }.joined(separator: ", "))]}\n"
  }

  private static func betweenText(_ rows: BetweenRows, threshold: Double, warnings: [String], markdown: Bool) -> String
  {
    let (result, changes, base, new, tracked, summary) = (
      rows.result, rows.changes, rows.base, rows.new, rows.tracked, rows.summary
    )
    var text = markdown ? "## \(base.path) → \(new.path)\n\n" : TextTable.wrap("\(base.path) → \(new.path)") + "\n"
    // Up front: a verdict between two machines is about the machines.
    if let machines = Comparison.machinesNote(base: base, new: new) {
      text += markdown ? "> \(machines)\n\n" : TextTable.wrap(machines) + "\n"
    }
    for warning in warnings {
      text += markdown ? "> **Warning:** \(warning)\n" : TextTable.wrap("warning: \(warning)", indent: 2) + "\n"
    }
    if !warnings.isEmpty && markdown { text += "\n" }
    let explanation =
      base.measure.isExact
      ? "\(base.measure.unit.capitalizedFirst) per element are exact counts: "
        + "a verdict needs a change beyond \(number(threshold * 100))%.\n\n"
      : tracked
        ? "Each row's ratio to the baseline (the baseline's to the floor), new over base, with a 95% interval "
          + "over launches. A verdict needs the whole interval beyond ±\(number(threshold * 100))%; "
          + "\"within resolution\": the runs cannot tell. "
          + "Regressed and improved rows stay significant with all \(changes.count.counted("row")) counted (Holm, 5%); "
          + "a \"per-row move\" is beyond the band on its own interval only, as about one row in twenty is by chance. "
          + "A regression marked ! fails the run."
          + (rows.widening > 1
            ? " The two runs' rows differ \(number((rows.widening * 100).rounded() / 100))× more than their "
              + "launches allow, so every interval is \(number((rows.widening * 100).rounded() / 100))× as wide "
              + "(the machine between the runs; \(CompareCommand.declared.theoreticalNull.name): not widened).\n\n"
            : "\n\n")
        : "A verdict needs a change beyond \(number(threshold * 100))% and significance "
          + "(non-overlapping 95% intervals).\n\n"
    text += markdown ? explanation : TextTable.wrap(explanation)
    let header =
      tracked
      ? ["row", "base ratio", "new ratio", "new/base", "95% interval", "verdict"]
      : ["row", "base \(base.measure.unit)", "new \(new.measure.unit)", "new/base", "95% interval", "verdict"]
    let lines = changes.map { change in
      [
        change.key.description,
        change.method == "launches"
          ? ResultsTable.ratioText(change.baseMedian)
          : ResultsTable.nanoseconds(change.baseMedian) + (tracked ? " ns" : ""),
        change.method == "launches"
          ? ResultsTable.ratioText(change.newMedian)
          : ResultsTable.nanoseconds(change.newMedian) + (tracked ? " ns" : ""),
        ResultsTable.ratioText(change.ratio),
        "\(ResultsTable.ratioText(change.interval.lowerBound)) – \(ResultsTable.ratioText(change.interval.upperBound))",
        change.verdict.rawValue + (change.holdsForTheRun ? " !" : ""),
      ]
    }
    text += TextTable.render(header: header, rows: lines, markdown: markdown, rightAligned: [1, 2, 3, 4])
    text += "\n" + (markdown ? summary : TextTable.wrap(summary)) + "\n"
    for (path, keys) in [(base.path, result.onlyInBase), (new.path, result.onlyInNew)] where !keys.isEmpty {
      text += "\n" + (markdown ? "only in \(path):" : TextTable.wrap("only in \(path):")) + "\n"
      text += keys.map { markdown ? "  \($0)" : TextTable.wrap("  \($0)", indent: 4) }.joined(separator: "\n") + "\n"
    }
    return text
  }
}
