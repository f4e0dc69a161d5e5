import BenchmarkResults
import CommandLineSupport
import RunContract

extension ScalingTables {
  /// The report's section: one table of compile times, one of edit costs.
  package func markdown(patterns: [String]) -> String {
    let newKinds = editCosts.filter { $0.change == .addKind }.map(\.kinds)
    let kinds = Set(compileTimes.map(\.kinds) + newKinds).filter { $0 > 0 }.sorted()
    let timed = unique(compileTimes.map(\.pattern.rawValue))
    let order = patterns + timed.filter { !patterns.contains($0) && $0 != "empty" }.sorted()
    var text = "## Compile time and the cost of a change\n\n"
    text += "Median seconds to compile each pattern's synthetic code for N kinds alone "
    text += "(`swiftc -O -wmo`, `Benchmarks/Scripts/compile-time.sh`):\n\n"
    text += TextTable.render(
      header: ["pattern"] + kinds.map { "\($0) kinds" },
      rows: order.map { pattern in
        [pattern] + kinds.map { compileSeconds(StrategyID(pattern), kinds: $0).map { CSVNumber.text($0) + " s" } ?? "" }
      }, markdown: true, rightAligned: Set(1...max(1, kinds.count)))
    text += "\nLines added or changed, and in how many places, to add a kind / to add an operation "
    text += "(from 2 to 3), at N kinds (the synthetic generator's output, `edit-cost.csv`):\n\n"
    text += TextTable.render(
      header: ["pattern"] + kinds.map { "\($0) kinds" },
      rows: order.map { pattern in
        [pattern]
          + kinds.map { kinds in
            let kind = newKind(StrategyID(pattern), kinds: kinds).map { "\($0.lines) in \($0.hunks)" } ?? missingFigure
            let operation =
              newOperation(StrategyID(pattern), kinds: kinds).map { "\($0.lines) in \($0.hunks)" } ?? missingFigure
            return "\(kind) / \(operation)"
          }
      }, markdown: true, rightAligned: Set(1...max(1, kinds.count)))
    return text + "\n"
  }
}
