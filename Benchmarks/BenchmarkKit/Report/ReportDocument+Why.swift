import BenchmarkResults

/// The report's "why" section: each strategy's time next to the counts that
/// explain it.
extension ReportDocument {
  /// A count, where to find it, and how it is named.
  private struct Measure {
    var title: String
    var value: (TimingRow, ProfileRow?) -> Double?
  }

  private var measures: [Measure] {
    [
      Measure(title: "ns") { row, _ in row.median },
      count(.instructions), count(.conditionalMispredicts), count(.indirectMispredicts), count(.retains),
      count(.releases),
      Measure(title: "allocations") { row, counts in row.allocationsPerElement ?? counts?[.allocations] },
      Measure(title: "bytes allocated") { row, _ in row.allocatedBytesPerElement },
      Measure(title: "footprint bytes") { row, _ in row.footprintBytesPerElement },
    ]
  }

  /// A profile count, where the profile has the row.
  private func count(_ metric: ProfileMetric) -> Measure {
    Measure(title: metric.title) { _, counts in counts?[metric] }
  }

  func whyIntroduction() -> String {
    var text = "Per element, for each operation of the feeds above: the median time; "
    text += "heap allocations and bytes asked for (counted by the package's malloc interposer in a pass after timing); "
    text += "the footprint of the strategy's representation"
    if let profile {
      let tool = profile.tool.isEmpty ? "valgrind" : profile.tool
      text += "; and, from `\(fileName(profile.path))` (\(tool)), exact counts of instructions, "
      text += "mispredicted conditional and indirect branches (callgrind's simulated predictor), and calls to "
      text += "`swift_retain` and `swift_release`. The profile's feed size is given under each table."
    } else {
      text += ". Run `dispatch-bench profile` and pass its CSV with `--profile` for instruction, branch and ARC counts."
    }
    return text + " Charts are logarithmic; a zero has no bar.\n\n"
  }

  /// One chart and table per operation of the feeds that have several.
  func whyCharts() -> [Chart] {
    let feeds = OrderedGroups(run.rows) { FeedInMode(feed: $0.key.feed, mode: $0.key.mode) }
    var charts: [Chart] = []
    for (_, rows) in feeds {
      let operations = unique(rows.map(\.key.operation).filter { $0 != StrategyID.floor.rawValue })
      guard operations.count > 1 else { continue }
      for operation in operations {
        let cells = rows.filter { $0.key.operation == operation && $0.key.strategy != .floor }
        charts.append(whyChart(operation: operation, cells: cells, floor: floor(of: cells[0].key, operation: operation)))
      }
    }
    return charts
  }

  private func whyChart(operation: String, cells: [TimingRow], floor: TimingRow?) -> Chart {
    let key = cells[0].key
    let counts = cells.map { profileRow(for: $0.key) }
    let floorCounts = floor.flatMap { profileRow(for: $0.key) }
    let measures = measures.filter { measure in
      zip(cells, counts).contains { measure.value($0, $1) != nil }
    }
    var lines: [[String]] = []
    for (cell, count) in zip(cells, counts) {
      lines.append([cell.key.strategy.rawValue] + measures.map { number($0.value(cell, count)) })
    }
    if let floor {
      lines.append(["floor"] + measures.map { number($0.value(floor, floorCounts)) })
    }
    var table = TextTable.render(
      header: ["strategy"] + measures.map(\.title), rows: lines, markdown: true,
      rightAligned: Set(1...measures.count))
    if let size = counts.compactMap({ $0?.key.feed.size }).first {
      table += "\nCounts from the profile at \(size.groupedDigits) elements; times at \(key.feed.size.groupedDigits).\n"
    }
    let title = "\(operation) · \(key.feed.size.groupedDigits) elements · \(key.feed.layout)"
      + (key.mode == .boundary ? "" : " · \(key.mode)")
    let series = zip(cells, counts).map { cell, count in
      ChartSeries(name: cell.key.strategy.rawValue, values: measures.map { $0.value(cell, count) })
    }
    let chart = GroupedBarChart(
      title: "Why: \(title)", caption: caption, categoryAxisLabel: "per element",
      valueAxisLabel: "per element: ns, counts or bytes", categories: measures.map(\.title), series: series,
      logarithmic: true)
    return Chart(
      name: "why-\(slug(key.feed.domain))-\(slug(operation))\(key.mode == .boundary ? "" : "-\(key.mode)").svg", title: title,
      svg: measures.count > 1 ? chart.svg() : "", table: table)
  }

  /// The profile's row for the same cell: the same size if profiled, else
  /// the largest size profiled.
  private func profileRow(for key: ResultKey) -> ProfileRow? {
    guard let profile else { return nil }
    let matches = profile.rows.filter {
      $0.key.feed.domain == key.feed.domain && $0.key.operation == key.operation
        && $0.key.strategy == key.strategy && $0.key.feed.layout == key.feed.layout
        && $0.key.feed.kinds == key.feed.kinds && $0.key.mode == key.mode
    }
    return matches.first { $0.key.feed.size == key.feed.size } ?? matches.max { $0.key.feed.size < $1.key.feed.size }
  }

  private func number(_ value: Double?) -> String {
    guard let value else { return "" }
    if value >= 100 { return String(Int(value.rounded())) }
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
