/// The report's "why" section: each strategy's time next to the counts that
/// explain it.
extension ReportDocument {
  /// A count, where to find it, and how it is named.
  private struct Measure {
    var title: String
    var value: (RunRow, RunRow?) -> Double?
  }

  private var measures: [Measure] {
    [
      Measure(title: "ns") { row, _ in row.median },
      Measure(title: "instructions") { _, counts in counts.flatMap { RunFile.count($0, "instructions_per_element") } },
      Measure(title: "cond. mispredicts") { _, counts in counts.flatMap { RunFile.count($0, "conditional_mispredicts_per_element") } },
      Measure(title: "indirect mispredicts") { _, counts in counts.flatMap { RunFile.count($0, "indirect_mispredicts_per_element") } },
      Measure(title: "retains") { _, counts in counts.flatMap { RunFile.count($0, "retains_per_element") } },
      Measure(title: "releases") { _, counts in counts.flatMap { RunFile.count($0, "releases_per_element") } },
      Measure(title: "allocations") { row, counts in
        row.allocationsPerElement ?? counts.flatMap { RunFile.count($0, "allocations_per_element") }
      },
      Measure(title: "bytes allocated") { row, _ in row.allocatedBytesPerElement },
      Measure(title: "footprint bytes") { row, _ in row.footprintBytesPerElement },
    ]
  }

  func whyIntroduction() -> String {
    var text = "Per element, for each operation of the feeds above: the median time; "
    text += "heap allocations and bytes asked for (counted by the package's malloc interposer in a pass after timing); "
    text += "the footprint of the strategy's representation"
    if let profile {
      let tool = profile.run["tool"] ?? "valgrind"
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
    var charts: [Chart] = []
    var feeds: [String] = []
    var rowsByFeed: [String: [RunRow]] = [:]
    for row in run.rows {
      let feed = "\(row.key.domain)|\(row.key.size)|\(row.key.distribution)|\(row.key.kinds)"
      if rowsByFeed[feed] == nil { feeds.append(feed) }
      rowsByFeed[feed, default: []].append(row)
    }
    let operationCount = { (feed: String) in
      Set(rowsByFeed[feed]!.map(\.key.operation)).subtracting(["floor"]).count
    }
    for feed in feeds where operationCount(feed) > 1 {
      let rows = rowsByFeed[feed]!
      var operations: [String] = []
      for row in rows where row.key.operation != "floor" && !operations.contains(row.key.operation) {
        operations.append(row.key.operation)
      }
      for operation in operations {
        let cells = rows.filter { $0.key.operation == operation }
        let floor = rows.first { $0.key.strategy == "floor" }
        charts.append(whyChart(operation: operation, cells: cells, floor: floor))
      }
    }
    return charts
  }

  private func whyChart(operation: String, cells: [RunRow], floor: RunRow?) -> Chart {
    let key = cells[0].key
    let counts = cells.map { profileRow(for: $0.key) }
    let floorCounts = floor.flatMap { profileRow(for: $0.key) }
    let measures = measures.filter { measure in
      zip(cells, counts).contains { measure.value($0, $1) != nil }
    }
    var lines: [[String]] = []
    for (cell, count) in zip(cells, counts) {
      lines.append([cell.key.strategy] + measures.map { number($0.value(cell, count)) })
    }
    if let floor {
      lines.append(["floor"] + measures.map { number($0.value(floor, floorCounts)) })
    }
    var table = TextTable.render(
      header: ["strategy"] + measures.map(\.title), rows: lines, markdown: true,
      rightAligned: Set(1...measures.count))
    if let size = counts.compactMap({ $0?.key.size }).first {
      table += "\nCounts from the profile at \(size.groupedDigits) elements; times at \(key.size.groupedDigits).\n"
    }
    let title = "\(operation) · \(key.size.groupedDigits) elements · \(key.distribution)"
    let series = zip(cells, counts).map { cell, count in
      ChartSeries(name: cell.key.strategy, values: measures.map { $0.value(cell, count) })
    }
    let chart = GroupedBarChart(
      title: "Why: \(title)", caption: caption, categoryAxisLabel: "per element",
      valueAxisLabel: "per element: ns, counts or bytes", categories: measures.map(\.title), series: series,
      logarithmic: true)
    return Chart(
      name: "why-\(slug(key.domain))-\(slug(operation)).svg", title: title,
      svg: measures.count > 1 ? chart.svg() : "", table: table)
  }

  /// The profile's row for the same cell: the same size if profiled, else
  /// the largest size profiled.
  private func profileRow(for key: CellKey) -> RunRow? {
    guard let profile else { return nil }
    let matches = profile.rows.filter {
      $0.key.domain == key.domain && $0.key.operation == key.operation
        && $0.key.strategy == key.strategy && $0.key.distribution == key.distribution
        && $0.key.kinds == key.kinds
    }
    return matches.first { $0.key.size == key.size } ?? matches.max { $0.key.size < $1.key.size }
  }

  private func number(_ value: Double?) -> String {
    guard let value else { return "" }
    if value >= 100 { return String(Int(value.rounded())) }
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
