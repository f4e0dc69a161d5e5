/// What a change costs each pattern, counted on the generator's output: the
/// domain part of a namespace (what an app holds: kinds, protocols, visitors,
/// tables, operations; not the benchmark's workload), without blank lines,
/// before and after.
///
/// Lines alone hide the articles' trade: adding an operation to a getter
/// protocol and adding a visitor both write a line per kind. What differs is
/// where: one new visitor, or a line in every kind. So each row also counts
/// hunks, the separate places the change touches.
public enum EditCost {
  public static let path = "results/reference/scaling/edit-cost.csv"

  public struct Row: Equatable, Sendable {
    public var pattern: SyntheticPattern
    /// `add-kind` or `add-operation`.
    public var change: String
    /// Kinds (for `add-kind`) or operations (for `add-operation`) before and after.
    public var from: Int
    public var to: Int
    public var counts: LineDiff.Counts
    /// The kinds and operations before the change.
    public var kinds: Int
    public var operations: Int
  }

  /// Adding one kind (N to N+1, every operation) at each N of the sweep, and
  /// adding the next operation (M to M+1) at each N.
  public static var rows: [Row] {
    let all = SyntheticDomain.operations
    var rows: [Row] = []
    // A pattern written as its template (`writtenLike`) has no edit cost of
    // its own yet: its row comes with its idiom, so a scaffold leaves this
    // file, reference evidence, as it was.
    for pattern in SyntheticPattern.allCases where SyntheticPattern.writtenLike[pattern] == nil {
      for kinds in SyntheticDomain.kindCounts {
        let before = SyntheticSource(pattern: pattern, kinds: kinds).domainLines
        let after = SyntheticSource(pattern: pattern, kinds: kinds + 1).domainLines
        rows.append(
          Row(
            pattern: pattern, change: "add-kind", from: kinds, to: kinds + 1,
            counts: LineDiff.counts(from: before, to: after), kinds: kinds,
            operations: all.count))
      }
      for kinds in SyntheticDomain.kindCounts {
        for operations in 1..<all.count {
          let before = SyntheticSource(
            pattern: pattern, kinds: kinds, operations: Array(all.prefix(operations))
          ).domainLines
          let after = SyntheticSource(
            pattern: pattern, kinds: kinds, operations: Array(all.prefix(operations + 1))
          ).domainLines
          rows.append(
            Row(
              pattern: pattern, change: "add-operation", from: operations, to: operations + 1,
              counts: LineDiff.counts(from: before, to: after), kinds: kinds,
              operations: operations))
        }
      }
    }
    return rows
  }

  public static var csv: String {
    var lines = [
      "pattern,change,from,to,lines_added,lines_changed,lines_removed,hunks,kinds,operations"
    ]
    for row in rows {
      let fields: [Any] = [
        row.pattern.rawValue, row.change, row.from, row.to, row.counts.added, row.counts.changed,
        row.counts.removed, row.counts.hunks, row.kinds, row.operations,
      ]
      lines.append(fields.map { "\($0)" }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
