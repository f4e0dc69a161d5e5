import BenchmarkResults
import Claims
import DispatchModel
import CommandLineSupport
import RunContract

/// The Results guide's tables: each pattern's costs, every ratio in both
/// modes, the kinds sweep and the code each operation runs.
extension Answer {
  /// Per pattern: its ratio to the baseline for `feed.identifier` in both
  /// modes and for the kinds sweep at 8 and 64 kinds, the code bytes and
  /// compile time at 64 kinds, and the lines and places a new kind and a new
  /// operation take at 8 kinds.
  package func patternsTable() throws(SectionUnavailable) -> QuotedTable {
    let patterns = unique(
      run.rows.filter { $0.key.feed.domain == Domain.feed.rawValue && !$0.key.strategy.isReference }.map(\.key.strategy)
    )
    guard !patterns.isEmpty else { throw SectionUnavailable(reason: "\(run.path) has no feed rows") }
    let identifier = SpecOperation.feedIdentifier.rawValue
    let constant = AnswerNames.kindsOperation
    func change(_ cost: EditCost?) -> String { cost.map { "\($0.lines) in \($0.hunks)" } ?? missingFigure }
    let lines = patterns.map { pattern in
      [
        pattern.rawValue, ratio(rows.row(pattern, identifier, .boundary)), ratio(rows.row(pattern, identifier, .app)),
        ratio(rows.row(pattern, constant, nil, kinds: 8)), ratio(rows.row(pattern, constant, nil, kinds: 64)),
        codeBytes(pattern, kinds: 64),
        scaling?.compileSeconds(pattern, kinds: 64).map { DecimalText.fixed($0, 2) + " s" }
          ?? missingFigure,
        change(scaling?.newKind(pattern, kinds: 8)), change(scaling?.newOperation(pattern, kinds: 8)),
      ]
    }
    return QuotedTable(
      title: "Each pattern's cost to run (ratio to \(baseline)), to build and to change",
      columns: [.init("pattern")]
        + [
          "`\(identifier)`, boundary", "`\(identifier)`, app", "8 kinds", "64 kinds", "code bytes, 64 kinds",
          "compile, 64 kinds", "new kind: lines in places", "new operation: lines in places",
        ].map { .init($0, .right) },
      rows: lines)
  }

  /// A row's ratio to the baseline, `2.51×`; the baseline's own median,
  /// `12.4 ns`.
  private func ratio(_ row: TimingRow?) -> String {
    guard let row else { return missingFigure }
    if row.key.strategy == baseline { return DecimalText.significant(row.median, 3) + " ns" }
    return row.ratioToBaseline.map { DecimalText.fixed($0, 2) + "×" } ?? missingFigure
  }

  /// The code bytes of the kinds sweep's operation at `kinds` kinds.
  private func codeBytes(_ pattern: StrategyID, kinds: Int) -> String {
    let row = run.rows.first {
      $0.key.strategy == pattern && $0.key.feed.domain == AnswerNames.syntheticDomain && $0.key.feed.kinds == kinds
        && $0.key.operation == AnswerNames.kindsOperation && $0.codeBytes != nil
    }
    return row?.codeBytes.map(\.groupedDigits) ?? missingFigure
  }

  /// Each strategy's ratio to the baseline, with its 95% interval, in both
  /// modes, for every share and feed operation at the answer's size and
  /// layout (the synthetic domain is the kinds section's).
  package func modesTable() throws(SectionUnavailable) -> QuotedTable {
    let shown = run.rows.filter {
      $0.key.feed.size == rows.size && $0.key.feed.distribution == rows.layout && !$0.key.strategy.isReference
        && $0.key.feed.domain != AnswerNames.syntheticDomain
    }
    guard !shown.isEmpty else {
      throw SectionUnavailable(
        reason: "\(run.path) has no share or feed rows at \(rows.size.groupedDigits) \(rows.layout) elements")
    }
    struct Line: Hashable {
      var operation: String
      var strategy: StrategyID
    }
    var cells: [Line: [BuildMode: TimingRow]] = [:]
    for row in shown {
      cells[Line(operation: row.key.operation, strategy: row.key.strategy), default: [:]][row.key.mode] = row
    }
    let lines = unique(shown.map { Line(operation: $0.key.operation, strategy: $0.key.strategy) }).map { line in
      [line.operation, line.strategy.rawValue]
        + BuildMode.all.map { cells[line]?[$0]?.ratioCell(baseline: baseline) ?? missingFigure }
    }
    return QuotedTable(
      title: "Ratio to \(baseline) (95% interval), \(rows.size.groupedDigits) \(rows.layout) elements, in both modes",
      columns: [.init("operation"), .init("strategy")] + BuildMode.all.map { .init($0.rawValue, .right) }, rows: lines)
  }
}
