import BenchmarkResults
import DispatchModel
import CommandLineSupport
import RunContract

/// The kinds sweep and the code each operation runs.
extension Answer {
  /// One table per synthetic operation of the run: each pattern's time per
  /// element at every number of kinds, with its ratio to the baseline and
  /// the 95% interval over launches.
  package func kindsTables() throws(SectionUnavailable) -> [QuotedTable] {
    let synthetic = run.rows.filter {
      $0.key.feed.domain == AnswerNames.syntheticDomain && $0.key.feed.size == rows.size && $0.key.strategy != .null
    }
    guard !synthetic.isEmpty else {
      throw SectionUnavailable(reason: "\(run.path) has no synthetic rows at \(rows.size.groupedDigits) elements")
    }
    return unique(synthetic.map(\.key.operation)).map { operation in
      let operationRows = synthetic.filter { $0.key.operation == operation }
      let kinds = Set(operationRows.map(\.key.feed.kinds)).sorted()
      var cells: [StrategyID: [Int: TimingRow]] = [:]
      for row in operationRows { cells[row.key.strategy, default: [:]][row.key.feed.kinds] = row }
      let lines = unique(operationRows.map(\.key.strategy)).map { pattern in
        [pattern.rawValue] + kinds.map { kindsCell(cells[pattern]?[$0]) }
      }
      return QuotedTable(
        title: "\(operation): ns per element (ratio to \(baseline), 95% interval), \(rows.size.groupedDigits) elements",
        columns: [.init("pattern")] + kinds.map { .init("\($0) kinds", .right) }, rows: lines)
    }
  }

  /// `14.6 ns (7.5×, 7.3–7.7)`; the baseline's and the floor's `1.92 ns`.
  private func kindsCell(_ row: TimingRow?) -> String {
    guard let row else { return missingFigure }
    if row.key.strategy == baseline || row.key.strategy == .floor {
      return DecimalText.fixed(row.median, 2) + " ns"
    }
    let time = DecimalText.fixed(row.shownMedian, 1) + " ns"
    guard let ratio = row.ratioToBaseline, let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh else {
      return time
    }
    return "\(time) (\(DecimalText.fixed(ratio, 1))×, \(DecimalText.fixed(low, 1))–\(DecimalText.fixed(high, 1)))"
  }

  /// One table per mode, app first: the bytes of machine code each share
  /// and feed operation runs, per strategy, marked † where they were not
  /// counted under callgrind (direct calls only: a lower bound).
  package func codeTables() throws(SectionUnavailable) -> [QuotedTable] {
    let domains = Domain.allCases.map(\.rawValue)
    let counted = run.rows.filter {
      domains.contains($0.key.feed.domain) && !$0.key.strategy.isReference && $0.codeBytes != nil
    }
    let blocks = [BuildMode.app, .boundary].compactMap { mode -> QuotedTable? in
      let inMode = counted.filter { $0.key.mode == mode }
      guard !inMode.isEmpty else { return nil }
      let strategies = unique(inMode.map(\.key.strategy))
      var cells: [String: [StrategyID: String]] = [:]
      for row in inMode {
        let mark = row.codeBytesMethod == .callgrind ? "" : " †"
        cells[row.key.operation, default: [:]][row.key.strategy] = row.codeBytes!.groupedDigits + mark
      }
      let lines = unique(inMode.map(\.key.operation)).map { operation in
        [operation] + strategies.map { cells[operation]?[$0] ?? missingFigure }
      }
      return QuotedTable(
        title: "Bytes of machine code each operation runs, \(mode) mode († direct calls only: a lower bound)",
        columns: [.init("operation", .left)] + strategies.map { .init($0.rawValue, .right) }, rows: lines)
    }
    guard !blocks.isEmpty else { throw SectionUnavailable(reason: "\(run.path): no share or feed row has code_bytes") }
    return blocks
  }
}
