import BenchmarkResults
import Claims
import CommandLineSupport

/// The existential domain (Guides/Existentials.md): one kind of value held
/// nine ways, for the claims of Swift's guide on `any P`.
extension Answer {
  /// One row per operation and contender at the answer's size: its time,
  /// its ratio to the domain's enum with the interval, and, with a profile,
  /// what it runs per element (instructions, indirect branches, retains,
  /// allocations, exclusivity checks); without one, the run's allocations.
  package func existentialTable() throws(SectionUnavailable) -> QuotedTable {
    let entries = run.rows.filter {
      $0.key.feed.domain == AnswerNames.existentialDomain && $0.key.feed.size == rows.size
        && !$0.key.strategy.isReference
    }
    guard !entries.isEmpty else {
      throw SectionUnavailable(
        reason: "\(run.path) has no existential rows at \(rows.size.groupedDigits) elements (run --domains existential)"
      )
    }
    let counted: [ProfileMetric] = [.instructions, .indirectBranches, .retains, .allocations, .exclusivityChecks]
    var table = QuotedTable(
      title: "any P and the alternatives Swift's guide names: one kind of value at \(rows.size.groupedDigits) elements"
        + (profile.map { "; counts per element from \($0.path)" } ?? "; allocations from the run"))
    table.columns =
      [
        QuotedTable.Column("operation"), QuotedTable.Column("contender"),
        QuotedTable.Column("ns per element", .right, terminal: "ns"),
        QuotedTable.Column("× the enum (95% interval)", .right, terminal: "× enum"),
      ]
      + (profile == nil
        ? [QuotedTable.Column("allocations", .right)]
        : counted.map { QuotedTable.Column($0.title, .right) })
    for row in entries {
      var cells = [
        row.key.operation, row.key.strategy.rawValue, DecimalText.significant(row.shownMedian, 3), Self.ratio(row),
      ]
      if let profile {
        let counts = profile.row(for: row.key)
        cells += counted.map { metric in
          counts?.counts[metric].map { DecimalText.fixed($0, metric == .instructions ? 0 : 2) } ?? missingFigure
        }
      } else {
        cells.append(row.allocationsPerElement.fixed(2))
      }
      table.rows.append(cells)
    }
    return table
  }

  /// `2.41× (2.30–2.52)`, `1` for the baseline, or `–` without an interval.
  private static func ratio(_ row: TimingRow) -> String {
    if row.key.strategy == AnswerNames.enumSwitch { return "1" }
    guard let ratio = row.ratioToBaseline, let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh else {
      return missingFigure
    }
    return "\(DecimalText.fixed(ratio, 2))× (\(DecimalText.fixed(low, 2))–\(DecimalText.fixed(high, 2)))"
  }
}
