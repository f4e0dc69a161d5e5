import BenchmarkResults
import CommandLineSupport
import RunContract

extension ReportDocument {
  /// "Code each operation runs": for the share and feed domains, a table
  /// per domain and mode of each strategy's `code_bytes` by operation, and
  /// how they were counted; empty when no such row has a count.
  package func operationCodeSize() -> String {
    let rows = run.rows.filter {
      !$0.key.strategy.isReference && $0.key.feed.domain != AnswerNames.syntheticDomain && $0.codeBytes != nil
    }
    guard !rows.isEmpty else { return "" }
    var text = "## Code each operation runs\n\n"
    text += "Bytes of machine code of each strategy's operation (`code_bytes`), from the binary's symbols: "
    text += "the same for every feed size and layout, so one table per domain and mode. "
    let methods = Set(rows.map(\.codeBytesMethod))
    if methods == [.callgrind] {
      text += "Every count follows the calls the timed loop made when it ran under callgrind, through witness "
      text += "tables, vtables and closures too, and adds what that code can call directly.\n\n"
    } else {
      text += "Counts marked † reach only what the timed loop calls directly (valgrind was not available, or "
      text += "the file predates counting indirect calls): a lower bound for patterns that dispatch "
      text += "through witness tables, vtables or closures.\n\n"
    }
    for (key, members) in OrderedGroups(rows, by: { [$0.key.feed.domain, $0.key.mode.rawValue] }).groups {
      let strategies = ResultsTable.orderedStrategies(members)
      let operations = unique(members.map(\.key.operation))
      text += "### \(key[0]) · \(BuildMode(rawValue: key[1]).heading)\n\n"
      let lines = operations.map { operation in
        [operation]
          + strategies.map { strategy in
            guard let row = members.first(where: { $0.key.operation == operation && $0.key.strategy == strategy }),
              let bytes = row.codeBytes
            else { return "" }
            return bytes.groupedDigits + (row.codeBytesMethod == .callgrind ? "" : " †")
          }
      }
      let header = ["operation"] + strategies.map(\.rawValue)
      text += TextTable.render(header: header, rows: lines, markdown: true, rightAligned: Set(1..<header.count))
      text += "\n"
    }
    return text
  }
}
