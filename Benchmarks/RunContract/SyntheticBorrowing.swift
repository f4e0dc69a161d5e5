import BenchmarkResults

/// What `run`, `answer` and the run's closing lines say of synthetic rows
/// that time another pattern's code (the CSV's `written_as`): a pattern
/// `new-strategy` added is generated as its template until it is given an
/// idiom of its own (Guides/Strategies.md, "Now write your dispatch").
package enum SyntheticBorrowing {
  /// One line naming each such pattern and whose code its rows time.
  /// - Parameter borrowed: The template of each pattern, by pattern.
  package static func note(_ borrowed: [String: String]) -> String {
    let named = borrowed.sorted { $0.key < $1.key }.map { "\($0.key) times \($0.value)'s code" }
    return "note: in the synthetic domain, " + named.joined(separator: "; ")
      + " (written_as): new-strategy wrote it as its template until it has an idiom of its own "
      + "(Guides/Strategies.md, \"Now write your dispatch\")"
  }

  /// The patterns whose rows in `rows` time another's code, and whose.
  package static func borrowed(in rows: [TimingRow]) -> [String: String] {
    var borrowed: [String: String] = [:]
    for row in rows { if let template = row.writtenAs { borrowed[row.key.strategy.rawValue] = template } }
    return borrowed
  }
}
