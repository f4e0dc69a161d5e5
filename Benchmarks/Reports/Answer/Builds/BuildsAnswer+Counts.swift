import BenchmarkResults
import Claims
import CommandLineSupport

/// Why a build's times are what they are: each build's profile (the counts
/// of its own binary, `dispatch-bench profile` run with it) beside the build
/// table, where dispatch is the work.
extension BuildsAnswer {
  /// One row per build, mode and cheap operation the build's profile holds:
  /// the enum's counts and the getter's and visitors' range, per element.
  /// `nil` when no build has a profile.
  package func countsTable() -> QuotedTable? {
    guard profiles.contains(where: { $0 != nil }) else { return nil }
    var table = QuotedTable(title: "What each build runs per element (its own binary's profile)")
    table.columns = [
      QuotedTable.Column("build"), QuotedTable.Column("mode"), QuotedTable.Column("operation"),
      QuotedTable.Column("instructions: enum", .right, terminal: "instr. enum"),
      QuotedTable.Column("… getter and visitors", .right, terminal: "instr. articles"),
      QuotedTable.Column("retains: enum", .right, terminal: "retains enum"),
      QuotedTable.Column("… getter and visitors", .right, terminal: "retains articles"),
      QuotedTable.Column("exclusivity checks: enum", .right, terminal: "excl. enum"),
      QuotedTable.Column("… getter and visitors", .right, terminal: "excl. articles"),
    ]
    for (rows, profile) in zip(builds, profiles) {
      guard let profile else { continue }
      let name = rows.run.rows.first?.build ?? rows.run.path
      for mode in BuildMode.all {
        for operation in AnswerNames.light {
          let counts = { (strategy: StrategyID) in
            profile.rows.first {
              $0.key.strategy == strategy && $0.key.operation == operation.rawValue && $0.key.mode == mode
                && $0.key.feed.distribution == rows.layout
            }
          }
          guard let enumCounts = counts(AnswerNames.enumSwitch) else { continue }
          let articles = AnswerNames.articles.compactMap(counts)
          func cells(_ metric: ProfileMetric, _ digits: Int) -> [String] {
            [Self.count(enumCounts.counts[metric], digits), Self.span(articles.map { $0.counts[metric] }, digits)]
          }
          table.rows.append(
            [name, mode.rawValue, operation.rawValue] + cells(.instructions, 0) + cells(.retains, 1)
              + cells(.exclusivityChecks, 1))
        }
      }
    }
    return table
  }

  /// A count, or `missingFigure` for a profile made before it was counted.
  static func count(_ value: Double?, _ digits: Int) -> String {
    value.map { DecimalText.fixed($0, digits) } ?? missingFigure
  }

  /// The range of counts over the given patterns: one figure when they are
  /// equal at the digits shown.
  static func span(_ values: [Double?], _ digits: Int) -> String {
    let known = values.compactMap { $0 }
    guard let low = known.min(), let high = known.max(), known.count == values.count else {
      return known.isEmpty
        ? missingFigure : "\(count(known.min(), digits))–\(count(known.max(), digits)) (some not counted)"
    }
    let (a, b) = (DecimalText.fixed(low, digits), DecimalText.fixed(high, digits))
    return a == b ? a : "\(a)–\(b)"
  }
}
