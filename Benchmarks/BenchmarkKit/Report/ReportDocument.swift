import StrategyRegistry

/// A run's report: `report.md` and the SVG charts it links.
struct ReportDocument {
  let run: RunFile
  var profile: RunFile? = nil

  /// The report's files, `report.md` first, as (file name, content).
  func files() -> [(name: String, content: String)] {
    var markdown = header()
    var charts: [(name: String, content: String)] = []

    let feeds = operationCharts()
    if !feeds.isEmpty {
      markdown += "## Every operation\n\n"
      markdown += "Median nanoseconds per element of each strategy, with the 95% interval of the median; "
      markdown += "the floor is the cheapest kind-dependent loop on the same feed.\n\n"
    }
    for chart in feeds {
      charts.append((chart.name, chart.svg))
      markdown += "### \(chart.title)\n\n![\(chart.title)](\(chart.name))\n\n\(chart.table)\n"
    }
    let sizes = sizeCharts()
    if !sizes.isEmpty { markdown += "## Size scaling\n\n" }
    for chart in sizes {
      charts.append((chart.name, chart.svg))
      markdown += "### \(chart.title)\n\n![\(chart.title)](\(chart.name))\n\n\(chart.table)\n"
    }
    let distributions = distributionCharts()
    if !distributions.isEmpty { markdown += "## Distribution sensitivity\n\n" }
    for chart in distributions {
      charts.append((chart.name, chart.svg))
      markdown += "### \(chart.title)\n\n![\(chart.title)](\(chart.name))\n\n\(chart.table)\n"
    }
    let why = whyCharts()
    if !why.isEmpty {
      markdown += "## Why: what each element costs\n\n"
      markdown += whyIntroduction()
    }
    for chart in why {
      if let svg = chart.svg.isEmpty ? nil : chart.svg { charts.append((chart.name, svg)) }
      markdown += "### \(chart.title)\n\n"
      if !chart.svg.isEmpty { markdown += "![\(chart.title)](\(chart.name))\n\n" }
      markdown += chart.table + "\n"
    }
    return [("report.md", markdown)] + charts
  }

  /// One chart and the table behind it.
  struct Chart {
    var name: String
    var title: String
    var svg: String
    var table: String
  }

  // MARK: Sections

  private func header() -> String {
    let r = run.run
    var text = "# dispatch-bench report\n\n"
    text += "Run `\(r["run_id"] ?? "")` of \(r["timestamp_utc"] ?? ""), from `\(fileName(run.path))`, "
    text += "made by `\(r["command"] ?? "dispatch-bench")`"
    text += r["complete"] == "false" ? " **(interrupted: incomplete)**.\n\n" : ".\n\n"
    text += "Machine: \(caption).\n\n"
    let present = Set(run.rows.map(\.key.strategy))
    let described = Registry.strategies.filter { present.contains($0.name) }
    if !described.isEmpty {
      text += "How each strategy dispatches one element:\n\n"
      text += described.map { "- `\($0.name)`: \($0.mechanism)" }.joined(separator: "\n") + "\n\n"
    }
    let suspects = run.rows.filter(\.suspect)
    if !suspects.isEmpty {
      text += "> **Suspect rows** (faster than their floor, so the optimiser removed work): "
      text += suspects.map { "`\($0.key)`" }.joined(separator: ", ") + "\n\n"
    }
    return text
  }

  /// Every strategy on every operation of each feed that has several.
  private func operationCharts() -> [Chart] {
    var feeds: [FeedKey: [RunRow]] = [:]
    var order: [FeedKey] = []
    for row in run.rows {
      let feed = FeedKey(row.key)
      if feeds[feed] == nil { order.append(feed) }
      feeds[feed, default: []].append(row)
    }
    let operationCount = { (feed: FeedKey) in Set(feeds[feed]!.map(\.key.operation)).subtracting(["floor"]).count }
    let chosen = order.contains { operationCount($0) > 1 } ? order.filter { operationCount($0) > 1 } : order
    return chosen.compactMap { feed in
      let rows = feeds[feed]!
      let operations = ordered(rows.map(\.key.operation).filter { $0 != "floor" })
      guard !operations.isEmpty else { return nil }
      let strategies = self.strategies(rows)
      let series = strategies.map { strategy in
        seriesOf(strategy, over: operations) { operation in
          rows.first { $0.key.operation == operation && $0.key.strategy == strategy }
        }
      }
      let title = "\(feed.domain) · \(feed.size.groupedDigits) elements · \(feed.distribution) · \(kindsText(feed.kinds))"
      let chart = GroupedBarChart(
        title: "Every operation: \(title)", caption: caption, categoryAxisLabel: "operation",
        valueAxisLabel: "median ns per element", categories: operations, series: series)
      let floor = rows.first { $0.key.strategy == "floor" }
      let table = markdownTable(
        firstColumn: "operation", rows: operations, strategies: strategies,
        floor: floor.map { _ in { _ in floor } }
      ) { operation, strategy in
        rows.first { $0.key.operation == operation && $0.key.strategy == strategy }
      }
      return Chart(
        name: "operations-\(slug(feed.domain))-\(feed.size)-\(slug(feed.distribution)).svg",
        title: title, svg: chart.svg(), table: table)
    }
  }

  /// Each operation measured at several sizes, against size.
  private func sizeCharts() -> [Chart] {
    var groups: [String: [RunRow]] = [:]
    var order: [String] = []
    for row in run.rows where row.key.strategy != "floor" {
      let group = "\(row.key.domain)|\(row.key.operation)|\(row.key.distribution)|\(row.key.kinds)"
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(row)
    }
    return order.compactMap { group in
      let rows = groups[group]!
      let sizes = Array(Set(rows.map(\.key.size))).sorted()
      guard sizes.count > 1 else { return nil }
      let key = rows[0].key
      let strategies = self.strategies(rows)
      let series = strategies.map { strategy in
        seriesOf(strategy, over: sizes) { size in
          rows.first { $0.key.size == size && $0.key.strategy == strategy }
        }
      }
      let title = "\(key.operation) · \(key.distribution) · \(kindsText(key.kinds))"
      let chart = LineChart(
        title: "Size scaling: \(title)", caption: caption,
        xAxisLabel: "feed size (elements, log scale)", yAxisLabel: "median ns per element",
        xValues: sizes.map(Double.init), series: series)
      let table = markdownTable(
        firstColumn: "size", rows: sizes.map { $0.groupedDigits }, strategies: strategies, floor: nil
      ) { sizeText, strategy in
        rows.first { $0.key.size.groupedDigits == sizeText && $0.key.strategy == strategy }
      }
      return Chart(
        name: "sizes-\(slug(key.operation))-\(slug(key.distribution))-\(key.kinds).svg",
        title: title, svg: chart.svg(), table: table)
    }
  }

  /// Each operation measured under several kind layouts.
  private func distributionCharts() -> [Chart] {
    var groups: [String: [RunRow]] = [:]
    var order: [String] = []
    for row in run.rows where row.key.strategy != "floor" {
      let group = "\(row.key.domain)|\(row.key.operation)|\(row.key.size)"
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(row)
    }
    let layouts = ["uniform", "clustered", "skewed", "single"]
    return order.compactMap { group in
      let rows = groups[group]!
      let present = Set(rows.map(\.key.distribution))
      let distributions = layouts.filter(present.contains) + present.subtracting(layouts).sorted()
      guard distributions.count > 1 else { return nil }
      let key = rows[0].key
      let strategies = self.strategies(rows)
      let series = strategies.map { strategy in
        seriesOf(strategy, over: distributions) { distribution in
          rows.first { $0.key.distribution == distribution && $0.key.strategy == strategy }
        }
      }
      let title = "\(key.operation) · \(key.size.groupedDigits) elements"
      let chart = GroupedBarChart(
        title: "Distribution sensitivity: \(title)", caption: caption,
        categoryAxisLabel: "kind distribution", valueAxisLabel: "median ns per element",
        categories: distributions, series: series)
      let table = markdownTable(
        firstColumn: "distribution", rows: distributions, strategies: strategies, floor: nil
      ) { distribution, strategy in
        rows.first { $0.key.distribution == distribution && $0.key.strategy == strategy }
      }
      return Chart(
        name: "distributions-\(slug(key.operation))-\(key.size).svg", title: title, svg: chart.svg(),
        table: table)
    }
  }

  // MARK: Helpers

  private struct FeedKey: Hashable {
    var domain: String
    var size: Int
    var distribution: String
    var kinds: Int

    init(_ key: CellKey) {
      domain = key.domain
      size = key.size
      distribution = key.distribution
      kinds = key.kinds
    }
  }

  /// The run's machine, Swift version and seed, for every chart's caption.
  var caption: String {
    let r = run.run
    return "\(r["cpu_model"] ?? "unknown CPU"), \(r["cores"] ?? "?") cores, \(r["os"] ?? "unknown OS") · "
      + "Swift \(r["swift_version"] ?? "?") \(r["build_configuration"] ?? "") · seed \(r["seed"] ?? "?") · "
      + "run \(r["run_id"] ?? "")"
  }

  /// Strategies in the order the run wrote them, the floor left out.
  private func strategies(_ rows: [RunRow]) -> [String] {
    ordered(rows.map(\.key.strategy).filter { $0 != "floor" })
  }

  private func ordered(_ names: [String]) -> [String] {
    var seen: [String] = []
    for name in names where !seen.contains(name) { seen.append(name) }
    return seen
  }

  private func seriesOf<Category>(
    _ strategy: String, over categories: [Category], row: (Category) -> RunRow?
  ) -> ChartSeries {
    let rows = categories.map(row)
    return ChartSeries(
      name: strategy, values: rows.map { $0?.median }, lower: rows.map { $0?.intervalLow },
      upper: rows.map { $0?.intervalHigh })
  }

  private func markdownTable(
    firstColumn: String, rows: [String], strategies: [String], floor: ((String) -> RunRow?)?,
    cell: (String, String) -> RunRow?
  ) -> String {
    let header = [firstColumn] + strategies + (floor == nil ? [] : ["floor"])
    let lines = rows.map { name in
      [name] + strategies.map { strategy in cell(name, strategy).map(describe) ?? "" }
        + (floor.map { [$0(name).map { ResultsTable.nanoseconds($0.median) } ?? ""] } ?? [])
    }
    return TextTable.render(
      header: header, rows: lines, markdown: true, rightAligned: Set(1..<header.count))
  }

  /// `median (low – high)`, with the ratio to enum-switch when there is one.
  private func describe(_ row: RunRow) -> String {
    var text = "\(ResultsTable.nanoseconds(row.median)) (\(ResultsTable.nanoseconds(row.intervalLow))–\(ResultsTable.nanoseconds(row.intervalHigh)))"
    if let ratio = row.ratioToBaseline { text += " \(ResultsTable.ratioText(ratio))" }
    if row.suspect { text += " ⚠" }
    return text
  }

  private func kindsText(_ kinds: Int) -> String { kinds == 1 ? "1 kind" : "\(kinds) kinds" }

  func slug(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }

  func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
