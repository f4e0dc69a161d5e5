import BenchmarkResults
import Claims
import CommandLineSupport

/// Counts beside every time: for each cheap row, where dispatch is the work,
/// the time ratio to the enum with its interval, and from a profile of the
/// same binary the instruction ratio, branches and mispredicts per element;
/// where time and instructions disagree by more than 2×, the count that
/// explains it.
extension Answer {
  package func countsTables() throws(SectionUnavailable) -> [QuotedTable] {
    guard let profile else {
      throw SectionUnavailable(
        reason: "the counts section needs \(AnswerCommand.declared.profile.name) PROFILE.csv (dispatch-bench profile)")
    }
    let cheap = AnswerNames.cheap.map(\.rawValue)
    let entries = run.rows.filter { row in
      !row.key.strategy.isReference && row.key.feed.size == rows.size
        && (row.key.feed.domain == AnswerNames.syntheticDomain
          || (cheap.contains(row.key.operation) && row.key.feed.distribution == rows.layout))
    }.compactMap { row in CountsBesideTime(row.key, baseline: baseline, profile: profile).map { (row, $0) } }
    guard !entries.isEmpty else {
      throw SectionUnavailable(reason: "\(profile.path) has none of the cheap rows of \(run.path)")
    }
    let sizes = Set(entries.map(\.1.size)).sorted().map(\.groupedDigits).joined(separator: ", ")
    var notes: [String] = []
    let lines = entries.map { row, counts in
      let explanation = counts.explanation(timeRatio: row.ratioToBaseline)
      if let explanation {
        notes.append("\(row.key.operation) · \(row.key.mode) · \(row.key.strategy): \(explanation.text)")
      }
      return [row.key.operation, row.key.mode.rawValue] + Self.countsCells(row, counts, explanation: explanation)
    }
    return [
      QuotedTable(
        title: "Counts beside the cheap rows' times: ratios to \(baseline) at \(rows.size.groupedDigits) elements; "
          + "counts per element from \(profile.path) at \(sizes) elements",
        columns: [.init("operation"), .init("mode")] + Self.countsColumns, rows: lines, items: notes)
    ]
  }

  /// The columns of a row with its counts, after the row's name.
  package static let countsColumns: [QuotedTable.Column] =
    [.init("strategy"), .init("time ratio (95% interval)", .right, terminal: "time ratio")]
    + CountsBesideTime.header.map { .init($0, $0 == CountsBesideTime.header.last ? .plain : .right) }

  /// A row's time ratio with its interval (the baseline's own time), its
  /// counts and the name of what explains a gap.
  package static func countsCells(_ row: TimingRow, _ counts: CountsBesideTime, explanation: Explanation?) -> [String] {
    let time: String
    if counts.isBaseline {
      time = "1 (\(DecimalText.significant(row.median, 3)) ns)"
    } else if let ratio = row.ratioToBaseline, let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh {
      time = "\(DecimalText.fixed(ratio, 2))× (\(DecimalText.fixed(low, 2))–\(DecimalText.fixed(high, 2)))"
    } else {
      time = row.ratioToBaseline.map { DecimalText.fixed($0, 2) + "×" } ?? missingFigure
    }
    return [row.key.strategy.rawValue, time] + counts.cells(explanation: explanation)
  }
}
