import BenchmarkResults
import CommandLineSupport
import RunContract

/// One run: each group's strategies ranked against the baseline, and with a
/// profile of the same binary (`--profile`) each row's counts beside its
/// time (`CountsBesideTime`).
extension CompareOutput {
  /// A row's counts, and what explains a gap between its time ratio and its
  /// instruction ratio.
  package struct RowCounts {
    package var counts: CountsBesideTime
    package var explanation: Explanation?
  }

  package static func within(
    _ groups: [GroupStanding], run: MeasuredFile, hasSamples: Bool, format: OutputFormat, profile: ProfileFile? = nil
  ) -> String {
    var counts: [ResultKey: RowCounts]?
    if let profile {
      counts = [:]
      for group in groups {
        for standing in group.standings {
          guard let row = CountsBesideTime(standing.key, baseline: group.baseline, profile: profile) else { continue }
          counts?[standing.key] = RowCounts(counts: row, explanation: row.explanation(timeRatio: standing.ratio))
        }
      }
    }
    switch format {
    case .csv: return withinCSV(groups, counts: counts)
    case .json: return withinJSON(groups, run: run, counts: counts)
    case .table, .markdown:
      return withinText(groups, run: run, hasSamples: hasSamples, markdown: format == .markdown, counts: counts)
    }
  }

  /// The count columns' CSV names, after the ratio's.
  package static let countColumns = [
    "instructions_ratio", "branches_per_element", "mispredicts_per_element", "explained_by",
  ]

  private static func withinCSV(_ groups: [GroupStanding], counts: [ResultKey: RowCounts]?) -> String {
    var rows: [[String]] = []
    for group in groups {
      for standing in group.standings {
        var fields =
          groupFields(group.group) + [
            standing.key.strategy.rawValue, String(standing.rank), number(standing.median),
            number(standing.ratio), standing.interval.map { number($0.lowerBound) } ?? "",
            standing.interval.map { number($0.upperBound) } ?? "", group.baseline.rawValue,
          ]
        if let counts {
          let row = counts[standing.key]
          fields += [
            row?.counts.instructionRatio.map(number) ?? "", row.map { number($0.counts.branches) } ?? "",
            row.map { number($0.counts.mispredicts) } ?? "", row?.explanation?.name ?? "",
          ]
        }
        rows.append(fields)
      }
    }
    return CSVWriter.document(
      header: groupColumns + [
        "strategy", "rank", "median_ns", "ratio", "ratio_ci95_low", "ratio_ci95_high", "baseline",
      ] + (counts == nil ? [] : countColumns), rows: rows)
  }

  private static func withinJSON(_ groups: [GroupStanding], run: MeasuredFile, counts: [ResultKey: RowCounts]?)
    -> String
  {
    var items: [String] = []
    for group in groups {
      for standing in group.standings {
        let interval = standing.interval.map {
          "[\(JSONText.number($0.lowerBound)), \(JSONText.number($0.upperBound))]"
        }
        var item =
          "{" + groupJSON(group.group)
          + ", \"strategy\": \(JSONText.quoted(standing.key.strategy.rawValue)), \"rank\": \(standing.rank), "
          + "\"median_ns\": \(JSONText.number(standing.median)), \"ratio\": \(JSONText.number(standing.ratio)), "
          + "\"ratio_ci95\": \(interval ?? "null"), "
          + "\"baseline\": \(JSONText.quoted(group.baseline.rawValue))"
        if let counts {
          let row = counts[standing.key]
          let values = [
            row?.counts.instructionRatio.map(JSONText.number), row.map { JSONText.number($0.counts.branches) },
            row.map { JSONText.number($0.counts.mispredicts) }, row?.explanation.map { JSONText.quoted($0.text) },
          ]
          item += zip(countColumns, values).map { ", \"\($0)\": \($1 ?? "null")" }.joined()
        }
        items.append(item + "}")
      }
    }
    return "{\"run\": \(JSONText.quoted(run.path)), \"groups\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
  }

  private static func withinText(
    _ groups: [GroupStanding], run: MeasuredFile, hasSamples: Bool, markdown: Bool, counts: [ResultKey: RowCounts]?
  ) -> String {
    let paired = groups.allSatisfy { $0.baseline == run.info.baseline } && run.rows.allSatisfy { $0.ratio != nil }
    let method =
      hasSamples
      ? "bootstrap of the raw samples"
      : paired
        ? "paired rounds, over launches; strategies whose intervals overlap share a rank"
        : "from the medians' intervals, conservative; pass \(CompareCommand.declared.samples.name) for a bootstrap"
    let against = groups.first?.baseline.rawValue ?? "the baseline"
    var text =
      markdown
      ? "## \(run.path): each strategy against \(against)\n\nRatio of medians with a 95% interval (\(method)); "
        + "rank 1 is the fastest. \(pacing(against))\n\n"
      : TextTable.wrap(
        "\(run.path): each strategy against \(against); "
          + "ratio of medians with a 95% interval (\(method)); rank 1 is the fastest. \(pacing(against))")
        + "\n\n"
    for group in groups {
      text +=
        markdown ? "### \(groupTitle(group.group))\n\n" : TextTable.wrap(groupTitle(group.group), indent: 2) + "\n"
      text += standingsTable(group, run: run, markdown: markdown, counts: counts) + "\n"
    }
    return text
  }

  /// What the ns column is, so that a time divided by the baseline's is
  /// the ratio beside it.
  private static func pacing(_ baseline: String) -> String {
    "Times: \(baseline)'s median, and, where ratios are paired, each other strategy's at its pace "
      + "(\(baseline)'s median × the ratio)."
  }

  /// One group's table, and under it the notes on its counts.
  private static func standingsTable(
    _ group: GroupStanding, run: MeasuredFile, markdown: Bool, counts: [ResultKey: RowCounts]?
  ) -> String {
    var header = ["rank", "strategy", run.measure == .time ? "ns" : run.measure.unit, "ratio", "95% interval"]
    var rightAligned: Set<Int> = [0, 2, 3, 4]
    if counts != nil {
      rightAligned.formUnion(header.count..<header.count + CountsBesideTime.header.count - 1)
      header += CountsBesideTime.header
    }
    var notes: [String] = []
    let rows = group.standings.map { standing in
      var row = [
        String(standing.rank), standing.key.strategy.rawValue, ResultsTable.nanoseconds(standing.median),
        ResultsTable.ratioText(standing.ratio),
        standing.interval.map { "\(ResultsTable.ratioText($0.lowerBound)) – \(ResultsTable.ratioText($0.upperBound))" }
          ?? "",
      ]
      if let counts {
        let counted = counts[standing.key]
        row += counted.map { $0.counts.cells(explanation: $0.explanation) } ?? CountsBesideTime.header.map { _ in "" }
        if let explanation = counted?.explanation { notes.append("\(standing.key.strategy): \(explanation.text)") }
      }
      return row
    }
    var text = TextTable.render(header: header, rows: rows, markdown: markdown, rightAligned: rightAligned)
    if !notes.isEmpty {
      text +=
        (markdown ? "\n" : "")
        + notes.map { markdown ? "- \($0)\n" : TextTable.wrap($0, margin: 2, indent: 2) + "\n" }.joined()
    }
    return text
  }
}
