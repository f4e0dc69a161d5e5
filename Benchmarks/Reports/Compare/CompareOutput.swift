import BenchmarkResults

/// How `compare` prints: one run (CompareOutput+Within.swift), two runs
/// (CompareOutput+Between.swift), and the fields both name rows by.
package enum CompareOutput {
  package static let groupColumns = ["domain", "operation", "size", "distribution", "kinds", "mode"]
  package static let cellColumns = ["domain", "operation", "strategy", "size", "distribution", "kinds", "mode"]

  package static func groupFields(_ group: BenchmarkCase) -> [String] {
    [
      group.feed.domain, group.operation, String(group.feed.size), group.feed.distribution,
      String(group.feed.kinds), group.mode.rawValue,
    ]
  }

  package static func cellFields(_ key: ResultKey) -> [String] {
    let group = groupFields(key.benchmarkCase)
    return Array(group[0..<2]) + [key.strategy.rawValue] + Array(group[2...])
  }

  package static func groupJSON(_ group: BenchmarkCase) -> String {
    "\"domain\": \(JSONText.quoted(group.feed.domain)), \"operation\": \(JSONText.quoted(group.operation)), "
      + "\"size\": \(group.feed.size), \"distribution\": \(JSONText.quoted(group.feed.distribution)), "
      + "\"kinds\": \(group.feed.kinds), \"mode\": \(JSONText.quoted(group.mode.rawValue))"
  }

  package static func cellJSON(_ key: ResultKey) -> String {
    groupJSON(key.benchmarkCase) + ", \"strategy\": \(JSONText.quoted(key.strategy.rawValue))"
  }

  /// The case's title with its mode, boundary too (`BenchmarkCase.title`
  /// names only app, and seeds the run's shuffles, so it stays as it is).
  package static func groupTitle(_ group: BenchmarkCase) -> String {
    "\(group.feed.domain) · \(group.operation) · \(group.feed.size.groupedDigits) elements · "
      + "\(group.feed.distribution) · \(group.feed.kindsText) · \(group.mode.heading)"
  }

  package static func number(_ value: Double) -> String { CSVNumber.text(value) }
}

extension String {
  /// The string with its first letter in upper case.
  package var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
