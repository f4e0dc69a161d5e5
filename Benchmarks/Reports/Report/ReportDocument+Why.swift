import BenchmarkResults
import CommandLineSupport
import RunContract

/// The report's "why" section: each strategy's time next to the counts that
/// explain it.
///
/// Each operation gets up to three charts, one unit each: time (ns, at the
/// run's size), counts (at the profile's size when a profile is given) and
/// bytes (at the run's size). A chart's title names the feed size its values
/// come from, since the profile usually runs a smaller feed than the timing.
extension ReportDocument {
  /// What one of the why charts plots.
  private enum Unit: CaseIterable {
    case time, counts, bytes

    var heading: String {
      switch self {
      case .time: "Time"
      case .counts: "Counts"
      case .bytes: "Bytes"
      }
    }

    var axisLabel: String {
      switch self {
      case .time: "ns per element"
      case .counts: "count per element"
      case .bytes: "bytes per element"
      }
    }
  }

  /// A quantity per element, its unit, and where to find it.
  private struct Measure {
    var title: String
    var unit: Unit
    var value: (TimingRow, ProfileRow?) -> Double?
  }

  /// One operation's why charts and the table behind them.
  package struct WhyEntry {
    package var title: String
    package var charts: [Chart]
    package var table: String
  }

  /// Counts come from the profile when it has the operation's rows (each
  /// at one size, the profile's), else the allocations from the run.
  private func measures(profiled: Bool) -> [Measure] {
    var measures = [Measure(title: "ns", unit: .time) { row, _ in row.shownMedian }]
    if profiled {
      measures += [
        ProfileMetric.instructions, .conditionalMispredicts, .indirectMispredicts, .retains, .releases, .allocations,
      ].map { metric in Measure(title: metric.title, unit: .counts) { _, counts in counts?[metric] } }
    } else {
      measures.append(Measure(title: "allocations", unit: .counts) { row, _ in row.allocationsPerElement })
    }
    return measures + [
      Measure(title: "bytes allocated", unit: .bytes) { row, _ in row.allocatedBytesPerElement },
      Measure(title: "footprint bytes", unit: .bytes) { row, _ in row.footprintBytesPerElement },
    ]
  }

  package func whyIntroduction() -> String {
    var text = "Per element, for each operation of the feeds above: the median time; "
    text += "heap allocations and bytes asked for (counted by the package's malloc interposer in a pass after timing); "
    text += "the footprint of the strategy's representation"
    if let profile {
      let tool = profile.tool.isEmpty ? "valgrind" : profile.tool
      text += "; and, from `\(fileName(profile.path))` (\(tool)), exact counts of instructions, "
      text += "mispredicted conditional and indirect branches (callgrind's simulated predictor), calls to "
      text += "`swift_retain` and `swift_release`, and allocations. The profile runs its own feed size, "
      text += "which each counts chart names in its title."
    } else {
      text +=
        ". Run `dispatch-bench profile` "
        + "and pass its CSV with `\(ReportCommand.declared.profile.name)` for instruction, branch and ARC counts."
    }
    text += " One chart per unit (time, counts, bytes), each titled with the feed size its values come from. "
    text += "Counts charts are logarithmic; a count the table shows as 0 is drawn as a bar of no height. "
    text += "Rank 1 is the fastest; strategies whose 95% intervals of the median overlap share a rank.\n\n"
    return text
  }

  /// One entry per operation of the feeds that have several.
  package func whyCharts() -> [WhyEntry] {
    let feeds = OrderedGroups(run.rows) { FeedInMode(feed: $0.key.feed, mode: $0.key.mode) }
    var entries: [WhyEntry] = []
    for (_, rows) in feeds {
      let operations = unique(rows.map(\.key.operation).filter { $0 != StrategyID.floor.rawValue })
      guard operations.count > 1 else { continue }
      for operation in operations {
        let strategyRows = rows.filter { $0.key.operation == operation && $0.key.strategy != .floor }
        entries.append(
          whyEntry(
            operation: operation, strategyRows: strategyRows,
            floor: floor(of: strategyRows[0].key, operation: operation)))
      }
    }
    return entries
  }

  private func whyEntry(operation: String, strategyRows: [TimingRow], floor: TimingRow?) -> WhyEntry {
    let key = strategyRows[0].key
    let profileSize = self.profileSize(for: key)
    let counts = strategyRows.map { row in profileSize.flatMap { profileRow(for: row.key, size: $0) } }
    let floorCounts = floor.flatMap { floor in profileSize.flatMap { profileRow(for: floor.key, size: $0) } }
    let measures = measures(profiled: profileSize != nil).filter { measure in
      zip(strategyRows, counts).contains { measure.value($0, $1) != nil }
    }
    let ranks = Ranking.ranks(strategyRows.map { $0.statistics.intervalLow...$0.statistics.intervalHigh })
    var lines: [[String]] = []
    for (index, (row, count)) in zip(strategyRows, counts).enumerated() {
      lines.append([row.key.strategy.rawValue, String(ranks[index])] + measures.map { number($0.value(row, count)) })
    }
    if let floor {
      lines.append(["floor", ""] + measures.map { number($0.value(floor, floorCounts)) })
    }
    var table = TextTable.render(
      header: ["strategy", "rank"] + measures.map(\.title), rows: lines, markdown: true,
      rightAligned: Set(1...measures.count + 1))
    let runSize = "\(key.feed.size.groupedDigits) elements"
    if let profileSize {
      table += "\nTimes and bytes at \(runSize); counts from the profile at \(profileSize.groupedDigits) elements.\n"
    } else {
      table += "\nAt \(runSize).\n"
    }
    let setting = "\(key.feed.distribution) · \(key.mode.heading)"
    // Each chart titles itself with the operation, the setting and its unit.
    let charts: [Chart] = Unit.allCases.compactMap { unit in
      let plotted = measures.filter { $0.unit == unit }
      let series = zip(strategyRows, counts).map { row, count in
        ChartSeries(
          name: row.key.strategy.rawValue, values: plotted.map { $0.value(row, count) },
          lower: unit == .time ? [row.statistics.intervalLow] : [],
          upper: unit == .time ? [row.statistics.intervalHigh] : [])
      }
      guard series.contains(where: { $0.values.contains { $0 != nil } }) else { return nil }
      let size = unit == .counts && profileSize != nil ? "\(profileSize!.groupedDigits) elements (profile)" : runSize
      let chartTitle = "\(unit.heading): \(operation) · \(size) · \(setting)"
      let chart = GroupedBarChart(
        title: "Why: \(chartTitle)", caption: caption, categoryAxisLabel: "per element",
        valueAxisLabel: unit.axisLabel, categories: plotted.map(\.title), series: series,
        logarithmic: unit == .counts ? true : nil, resolution: unit == .counts ? 0.01 : nil)
      let name =
        "why-\(slug(key.feed.domain))-\(slug(operation))\(key.mode == .boundary ? "" : "-\(key.mode)")"
        + "-\(unit).svg"
      return Chart(name: name, title: chartTitle, svg: chart.svg(), table: "")
    }
    return WhyEntry(title: "\(operation) · \(runSize) · \(setting)", charts: charts, table: table)
  }

  /// The one size the profile's counts for a case come from (see
  /// `ProfileFile.size(for:)`).
  private func profileSize(for key: ResultKey) -> Int? {
    profile?.size(for: key)
  }

  /// The profile's row for the same case at `size`.
  private func profileRow(for key: ResultKey, size: Int) -> ProfileRow? {
    profile?.rows(ofCase: key).first { $0.key.strategy == key.strategy && $0.key.feed.size == size }
  }

  private func number(_ value: Double?) -> String {
    guard let value else { return "" }
    if value >= 100 { return String(Int(value.rounded())) }
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
