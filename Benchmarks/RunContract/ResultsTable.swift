import BenchmarkResults
import CommandLineSupport

/// What a run prints on standard output, in the format asked for.
package enum OutputFormat: String, CaseIterable {
  case table, csv, markdown, json
}

/// Formats other tools read, which `run --format` and `export` write.
package enum ExportFormat: String, CaseIterable {
  /// Google Benchmark's JSON (`GoogleBenchmarkJSON`).
  case gbench

  package func render(_ results: MeasuredRun) -> String {
    switch self {
    case .gbench:
      GoogleBenchmarkJSON.document(
        info: results.info, rows: results.rows, samples: Dictionary(grouping: results.samples, by: \.key))
    }
  }
}

/// Tables of medians, one per feed: operations down, strategies across, each
/// median in nanoseconds per element with its ratio to the baseline.
package enum ResultsTable {
  package static func render(_ results: MeasuredRun, format: OutputFormat) -> String {
    switch format {
    case .csv: return results.document
    case .json: return json(results)
    case .table, .markdown: return tables(results, markdown: format == .markdown)
    }
  }

  /// The rows of each feed (and mode), in the order they ran.
  package static func feeds(_ rows: [TimingRow]) -> [(title: String, rows: [TimingRow])] {
    let groups = OrderedGroups(rows) { FeedInMode(feed: $0.key.feed, mode: $0.key.mode) }
    return groups.map { ($0.key.title, $0.members) }
  }

  package static func tables(_ results: MeasuredRun, markdown: Bool) -> String {
    let baseline = results.info.baseline
    var text = ""
    for (title, feedRows) in feeds(TimingRow.paced(results.rows, baseline: baseline)) {
      let strategies = orderedStrategies(feedRows)
      let operations = orderedOperations(feedRows)
      var rows: [[String]] = []
      for operation in operations where operation != StrategyID.floor.rawValue {
        var row = [operation]
        for strategy in strategies {
          guard let cell = feedRows.first(where: { $0.key.operation == operation && $0.key.strategy == strategy })
          else {
            row.append("")
            continue
          }
          row.append(cellText(cell))
        }
        let floor = feedRows.first {
          $0.key.strategy == .floor && ($0.key.operation == operation || $0.key.operation == StrategyID.floor.rawValue)
        }
        row.append(floor.map { nanoseconds($0.median) } ?? "")
        rows.append(row)
      }
      let header = ["operation"] + strategies.map(\.rawValue) + ["floor"]
      if markdown {
        text += "### \(title)\n\nNs per element (ratio to \(baseline)).\n\n"
        text += TextTable.render(header: header, rows: rows, markdown: true, rightAligned: Set(1..<header.count))
        text += "\n"
      } else {
        text += TextTable.wrap("\(title) · ns per element (ratio to \(baseline))") + "\n"
        text += TextTable.render(header: header, rows: rows, markdown: false, rightAligned: Set(1..<header.count))
        text += "\n"
      }
    }
    if !text.isEmpty {
      text += TextTable.wrap(pacingNote(baseline: baseline), indent: markdown ? 0 : 2) + "\n"
    }
    let suspects = suspectRows(results.rows)
    if !suspects.isEmpty {
      text +=
        TextTable.wrap(
          "! below the floor beyond its 95% interval. The floor does no more than any correct pattern (it "
            + "reads each element's kind and sinks a constant), so either the optimiser removed work "
            + "(check-kernels.py checks the loops on the binary) or, for a gap under a nanosecond, where the "
            + "linker placed the two loops (code alignment; run --layouts draws it per launch): "
            + suspects.joined(separator: ", "), indent: 2) + "\n"
    }
    return text
  }

  /// What the tables' times are, in a line: a reader who divides two of
  /// them gets the ratio printed beside them.
  package static func pacingNote(baseline: StrategyID) -> String {
    "Times: \(baseline)'s median, and each other strategy's at its pace (its median × the paired ratio), so a "
      + "time ÷ \(baseline)'s is the ratio beside it; a row's median over its own launches is the CSV's median_ns."
  }

  /// The rows faster than their floor, each named once with its kinds and
  /// mode: the synthetic domain's rows differ by kinds alone, which a row's
  /// path leaves out.
  package static func suspectRows(_ rows: [TimingRow]) -> [String] {
    unique(rows.filter(\.suspect).map(\.key.description))
  }

  package static func cellText(_ cell: TimingRow) -> String {
    var text = nanoseconds(cell.shownMedian)
    if let ratio = cell.ratioToBaseline { text += " (\(ratioText(ratio)))" }
    if cell.suspect { text += " !" }
    return text
  }

  package static func nanoseconds(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String((value * 10).rounded() / 10) }
    return String((value * 100).rounded() / 100)
  }

  package static func ratioText(_ value: Double) -> String {
    let rounded = value >= 10 ? (value * 10).rounded() / 10 : (value * 100).rounded() / 100
    return "\(rounded)×"
  }

  /// The strategies of `rows` in the order they appear, the floor left out.
  package static func orderedStrategies(_ rows: [TimingRow]) -> [StrategyID] {
    unique(rows.map(\.key.strategy).filter { $0 != .floor })
  }

  package static func orderedOperations(_ rows: [TimingRow]) -> [String] {
    unique(rows.map(\.key.operation))
  }

  /// The run as JSON: the run's information once, then every row, both
  /// from the run CSV's own columns.
  package static func json(_ results: MeasuredRun) -> String {
    let columns = Schema.run.columns
    let runNames: Set<String> = Set(columns.prefix { $0.name != "domain" }.map(\.name))
    let table = Schema.run
    let records = results.rows.map { RunRecord(info: results.info, row: $0) }
    let first = records.first ?? RunRecord(info: results.info, row: .empty)
    let members = zip(columns, table.jsonMembers(first))
    var text = "{\n  \"run\": {"
    text += members.filter { runNames.contains($0.0.name) }.map(\.1).joined(separator: ", ")
    text += "},\n  \"rows\": ["
    for (index, record) in records.enumerated() {
      let row = zip(columns, table.jsonMembers(record)).filter { !runNames.contains($0.0.name) }.map(\.1)
      text += (index == 0 ? "\n    {" : ",\n    {") + row.joined(separator: ", ") + "}"
    }
    return text + "\n  ]\n}\n"
  }
}

/// The values of a list without repeats, in the order they first appear.
package func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
  var seen: Set<Value> = []
  return values.filter { seen.insert($0).inserted }
}

/// A feed in a build mode: the rows one results table shows.
package struct FeedInMode: Hashable {
  package var feed: FeedID
  package var mode: BuildMode

  package var title: String { feed.title + " · \(mode.heading)" }
  package init(feed: FeedID, mode: BuildMode) {
    self.feed = feed
    self.mode = mode
  }
}

extension BuildMode {
  /// `boundary mode`, `app mode`: what a table's or chart's heading says,
  /// for either mode, so that no heading leaves its mode to be guessed.
  package var heading: String { "\(rawValue) mode" }
}

/// Values grouped by a key, groups in the order their first member appears.
package struct OrderedGroups<Key: Hashable, Member>: Sequence {
  package private(set) var groups: [(key: Key, members: [Member])] = []

  package init(_ members: [Member], by key: (Member) -> Key) {
    var index: [Key: Int] = [:]
    for member in members {
      let key = key(member)
      if let at = index[key] {
        groups[at].members.append(member)
      } else {
        index[key] = groups.count
        groups.append((key, [member]))
      }
    }
  }

  package func makeIterator() -> IndexingIterator<[(key: Key, members: [Member])]> { groups.makeIterator() }
}
