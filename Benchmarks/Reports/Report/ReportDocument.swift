import BenchmarkResults
import StrategyRegistry
import CommandLineSupport
import RunContract

/// A run's report: `report.md` and the SVG charts it links.
package struct ReportDocument {
  package let run: RunFile
  package var profile: ProfileFile? = nil
  /// Compile times and edit costs, from `--scaling`.
  package var scaling: ScalingTables? = nil

  /// The report's files, `report.md` first, as (file name, content); no
  /// two share a name.
  package func files() -> [(name: String, content: String)] {
    var markdown = header()
    var charts = ChartFiles()
    for section in ChartSection.all {
      let built = self.charts(varying: section)
      if built.isEmpty { continue }
      markdown += "## \(section.heading)\n\n" + section.introduction
      for chart in built {
        let name = charts.add(chart)
        markdown += "### \(chart.title)\n\n![\(chart.title)](\(name))\n\n\(chart.table)\n"
      }
    }
    markdown += operationCodeSize()
    markdown += launchLevels()
    if let scaling {
      markdown += scaling.markdown(
        patterns: ResultsTable.orderedStrategies(run.rows).map(\.rawValue).filter {
          !StrategyID($0).isReference
        })
    }
    let why = whyCharts()
    if !why.isEmpty {
      markdown += "## Why: what each element costs\n\n"
      markdown += whyIntroduction()
    }
    for entry in why {
      markdown += "### \(entry.title)\n\n"
      for chart in entry.charts {
        let name = charts.add(chart)
        markdown += "![\(chart.title)](\(name))\n\n"
      }
      markdown += entry.table + "\n"
    }
    return [("report.md", markdown)] + charts.files
  }

  /// The charts' files, each under a name of its own. A chart's name holds
  /// what tells it apart in a default run; a run that varies more (several
  /// sizes or kinds, each with several operations) can give two charts one
  /// name, and the second would overwrite the first: it is numbered instead.
  package struct ChartFiles {
    package private(set) var files: [(name: String, content: String)] = []
    private var taken: Set<String> = ["report.md"]

    /// Adds `chart` and returns the name it is written under.
    package mutating func add(_ chart: Chart) -> String {
      var name = chart.name
      let stem = name.hasSuffix(".svg") ? String(name.dropLast(4)) : name
      var number = 2
      while taken.contains(name) {
        name = "\(stem)-\(number).svg"
        number += 1
      }
      taken.insert(name)
      files.append((name, chart.svg))
      return name
    }
  }

  /// One chart and the table behind it.
  package struct Chart {
    package var name: String
    package var title: String
    package var svg: String
    package var table: String
  }

  // MARK: Sections

  private func header() -> String {
    let info = run.info
    var text = "# dispatch-bench report\n\n"
    text += "Run `\(info.runID)` of \(info.timestamp), from `\(fileName(run.path))`, "
    text += "made by `\(info.command.isEmpty ? "dispatch-bench" : info.command)`"
    text += info.complete ? ".\n\n" : " **(interrupted: incomplete)**.\n\n"
    text += "Machine: \(caption).\n\n"
    let present = Set(run.rows.map(\.key.strategy.rawValue))
    let described = Registry.strategies.filter { present.contains($0.name) }
    if !described.isEmpty {
      text += "How each strategy dispatches one element:\n\n"
      text += described.map { "- `\($0.name)`: \($0.mechanism)" }.joined(separator: "\n") + "\n\n"
    }
    let suspects = ResultsTable.suspectRows(run.rows)
    if !suspects.isEmpty {
      text += "> **Suspect rows** (faster than their floor, so the optimiser removed work): "
      text += suspects.map { "`\($0)`" }.joined(separator: ", ") + "\n\n"
    }
    return text
  }

  /// The charts of one section: the run's rows grouped by everything but
  /// the section's dimension, one chart per group that varies in it.
  private func charts(varying section: ChartSection) -> [Chart] {
    groups(varying: section).map { chart(of: $0, in: section) }
  }

  /// The strategies' rows the section plots, grouped by everything but its
  /// dimension: the groups that vary in it, or (for a section that falls
  /// back) every group when none does.
  private func groups(varying section: ChartSection) -> [[TimingRow]] {
    let strategyRows = run.rows.filter {
      !$0.key.strategy.isReference && (section.axis == .kinds) == ($0.key.feed.domain == AnswerNames.syntheticDomain)
        && section.value($0) != nil
    }
    var groups = OrderedGroups(strategyRows) { section.group($0.key) }.groups
      .filter { _, rows in Set(rows.map { section.category($0.key) }).count > 1 }
    if section.fallsBackToEveryGroup && groups.isEmpty {
      groups = OrderedGroups(strategyRows) { section.group($0.key) }.groups
    }
    return groups.map(\.members)
  }

  /// One group's chart and the table behind it.
  private func chart(of rows: [TimingRow], in section: ChartSection) -> Chart {
    let key = rows[0].key
    let categories = section.order(unique(rows.map { section.category($0.key) }))
    let strategies = ResultsTable.orderedStrategies(rows)
    func row(_ category: String, _ strategy: StrategyID) -> TimingRow? {
      rows.first { section.category($0.key) == category && $0.key.strategy == strategy }
    }
    let series = strategies.map { strategy in
      let found = categories.map { row($0, strategy).flatMap(section.value) }
      return ChartSeries(
        name: strategy.rawValue, values: found.map { $0?.value },
        lower: found.map { $0?.interval?.lowerBound }, upper: found.map { $0?.interval?.upperBound })
    }
    var title = section.title(key)
    if section.axis == .sizes, let smallest = categories.first.flatMap(Int.init),
      let largest = categories.last.flatMap(Int.init)
    {
      // The sizes are the x axis; the title still names them.
      title += " · \(smallest.groupedDigits) to \(largest.groupedDigits) elements"
    }
    let svg = section.svg(title: title, caption: caption, categories: categories, series: series)
    let floors = section.showsFloor ? categories.map { floor(of: key, operation: $0) } : nil
    let table = markdownTable(
      firstColumn: section.firstColumn, rows: categories.map(section.label), strategies: strategies,
      floors: floors,
      describe: section.valueLabel == ChartSection.operations.valueLabel
        ? describe : { row in row.codeBytes.map { $0.groupedDigits } ?? "" },
      cell: { index, strategy in row(categories[index], strategy) })
    return Chart(name: section.fileName(key, slug), title: title, svg: svg, table: table)
  }

  // MARK: Helpers

  /// The floor row of an operation's case, or of its feed in files before
  /// version 3.
  package func floor(of key: ResultKey, operation: String) -> TimingRow? {
    let feedRows = run.rows.filter { $0.key.strategy == .floor && $0.key.feed == key.feed && $0.key.mode == key.mode }
    return feedRows.first { $0.key.operation == operation }
      ?? feedRows.first { $0.key.operation == StrategyID.floor.rawValue }
  }

  /// The run's machine, Swift version and seed, for every chart's caption.
  package var caption: String {
    let info = run.info
    let machine = info.machine
    return "\(machine.cpuModel), \(machine.cores) cores, \(machine.operatingSystem) · "
      + "Swift \(machine.swiftVersion) \(machine.buildConfiguration) · seed \(info.seed) · "
      + "run \(info.runID)"
  }

  private func markdownTable(
    firstColumn: String, rows: [String], strategies: [StrategyID], floors: [TimingRow?]?,
    describe: (TimingRow) -> String, cell: (Int, StrategyID) -> TimingRow?
  ) -> String {
    let header = [firstColumn] + strategies.map(\.rawValue) + (floors == nil ? [] : ["floor"])
    let lines = rows.indices.map { index in
      [rows[index]] + strategies.map { strategy in cell(index, strategy).map(describe) ?? "" }
        + (floors.map { [$0[index].map { ResultsTable.nanoseconds($0.median) } ?? ""] } ?? [])
    }
    return TextTable.render(
      header: header, rows: lines, markdown: true, rightAligned: Set(1..<header.count))
  }

  /// `time (low – high)`, with the ratio to the baseline when there is one:
  /// the time at the baseline's pace (`TimingRow.shownMedian`).
  private func describe(_ row: TimingRow) -> String {
    let (time, interval) = (row.shownMedian, row.shownInterval)
    var text =
      "\(ResultsTable.nanoseconds(time)) "
      + "(\(ResultsTable.nanoseconds(interval.lowerBound))–\(ResultsTable.nanoseconds(interval.upperBound)))"
    if let ratio = row.ratioToBaseline { text += " \(ResultsTable.ratioText(ratio))" }
    if row.suspect { text += " ⚠" }
    return text
  }

  package func slug(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }

  package func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
