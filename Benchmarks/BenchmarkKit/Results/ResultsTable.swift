/// What a run prints on standard output, in the format asked for.
enum OutputFormat: String, CaseIterable {
  case table, csv, markdown, json
}

/// Tables of medians, one per feed: operations down, strategies across, each
/// median in nanoseconds per element with its ratio to the baseline.
enum ResultsTable {
  static func render(_ results: RunResults, format: OutputFormat, baseline: String) -> String {
    switch format {
    case .csv: return ResultsCSV.document(results)
    case .json: return json(results)
    case .table, .markdown: return tables(results, markdown: format == .markdown, baseline: baseline)
    }
  }

  /// The groups of rows sharing a feed, in the order they ran.
  static func feeds(_ cells: [CellResult]) -> [(title: String, cells: [CellResult])] {
    var order: [String] = []
    var groups: [String: [CellResult]] = [:]
    var titles: [String: String] = [:]
    for cell in cells {
      if groups[cell.feedKey] == nil {
        order.append(cell.feedKey)
        titles[cell.feedKey] = cell.feed.title
      }
      groups[cell.feedKey, default: []].append(cell)
    }
    return order.map { (titles[$0]!, groups[$0]!) }
  }

  static func tables(_ results: RunResults, markdown: Bool, baseline: String) -> String {
    var text = ""
    for (title, cells) in feeds(results.cells) {
      let strategies = orderedStrategies(cells)
      let operations = orderedOperations(cells)
      let floor = cells.first { $0.strategy == "floor" }
      var rows: [[String]] = []
      for operation in operations where operation != "floor" {
        var row = [operation]
        for strategy in strategies {
          guard let cell = cells.first(where: { $0.operation == operation && $0.strategy == strategy })
          else {
            row.append("")
            continue
          }
          row.append(cellText(cell))
        }
        row.append(floor.map { nanoseconds($0.statistics.median) } ?? "")
        rows.append(row)
      }
      let header = ["operation"] + strategies + ["floor"]
      if markdown {
        text += "### \(title)\n\nMedian ns per element (ratio to \(baseline)).\n\n"
        text += "| " + header.joined(separator: " | ") + " |\n"
        text += "|:---|" + Array(repeating: "---:", count: header.count - 1).joined(separator: "|") + "|\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        text += "\n"
      } else {
        text += "\(title) · median ns per element (ratio to \(baseline))\n"
        let widths = header.indices.map { column in
          ([header[column]] + rows.map { $0[column] }).map(\.count).max()!
        }
        func line(_ cells: [String]) -> String {
          cells.enumerated().map { column, value in
            let padding = String(repeating: " ", count: widths[column] - value.count)
            return column == 0 ? value + padding : padding + value
          }.joined(separator: "  ")
        }
        text += line(header) + "\n"
        for row in rows { text += line(row) + "\n" }
        text += "\n"
      }
    }
    let suspects = results.cells.filter(\.suspect)
    if !suspects.isEmpty {
      text += "! faster than the floor, a measuring error (the optimiser may have removed work): "
      text += suspects.map(\.key).joined(separator: ", ") + "\n"
    }
    return text
  }

  static func cellText(_ cell: CellResult) -> String {
    var text = nanoseconds(cell.statistics.median)
    if let ratio = cell.ratioToBaseline { text += " (\(ratioText(ratio)))" }
    if cell.suspect { text += " !" }
    return text
  }

  static func nanoseconds(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String((value * 10).rounded() / 10) }
    return String((value * 100).rounded() / 100)
  }

  static func ratioText(_ value: Double) -> String {
    let rounded = value >= 10 ? (value * 10).rounded() / 10 : (value * 100).rounded() / 100
    return "\(rounded)×"
  }

  static func orderedStrategies(_ cells: [CellResult]) -> [String] {
    var seen: [String] = []
    for cell in cells where cell.strategy != "floor" && !seen.contains(cell.strategy) {
      seen.append(cell.strategy)
    }
    return seen
  }

  static func orderedOperations(_ cells: [CellResult]) -> [String] {
    var seen: [String] = []
    for cell in cells where !seen.contains(cell.operation) { seen.append(cell.operation) }
    return seen
  }

  static func json(_ results: RunResults) -> String {
    let machine = results.machine
    var text = "{\n  \"run\": {"
    text += "\"schema_version\": \(ResultsCSV.schemaVersion), \"run_id\": \(JSONText.quoted(results.runID)), "
    text += "\"timestamp_utc\": \(JSONText.quoted(results.timestamp)), "
    text += "\"swift_version\": \(JSONText.quoted(machine.swiftVersion)), "
    text += "\"build_configuration\": \(JSONText.quoted(machine.buildConfiguration)), "
    text += "\"build_flags\": \(JSONText.quoted(machine.buildFlags)), "
    text += "\"os\": \(JSONText.quoted(machine.operatingSystem)), "
    text += "\"cpu_model\": \(JSONText.quoted(machine.cpuModel)), \"cores\": \(machine.cores), "
    text += "\"seed\": \(results.seed), \"command\": \(JSONText.quoted(results.command)), "
    text += "\"complete\": \(results.complete)},\n  \"cells\": ["
    for (index, cell) in results.cells.enumerated() {
      let s = cell.statistics
      text += index == 0 ? "\n    {" : ",\n    {"
      text += "\"domain\": \(JSONText.quoted(cell.feed.domain.rawValue)), "
      text += "\"operation\": \(JSONText.quoted(cell.operation)), "
      text += "\"strategy\": \(JSONText.quoted(cell.strategy)), \"size\": \(cell.feed.size), "
      text += "\"distribution\": \(JSONText.quoted(cell.feed.distribution)), \"kinds\": \(cell.feed.kinds), "
      text += "\"source\": \(JSONText.quoted(cell.feed.source)), \"schedule\": \(JSONText.quoted(cell.schedule)), "
      text += "\"samples\": \(s.count), \"elements_per_sample\": \(cell.elementsPerSample), "
      for (name, value) in [
        ("min_ns", s.min), ("p25_ns", s.p25), ("median_ns", s.median), ("p75_ns", s.p75),
        ("p90_ns", s.p90), ("max_ns", s.max), ("mean_ns", s.mean), ("stddev_ns", s.standardDeviation),
        ("mad_ns", s.medianAbsoluteDeviation), ("ci95_low_ns", s.medianInterval.lowerBound),
        ("ci95_high_ns", s.medianInterval.upperBound),
      ] {
        text += "\"\(name)\": \(JSONText.number(value)), "
      }
      text += "\"ratio_to_enum_switch\": \(cell.ratioToBaseline.map(JSONText.number) ?? "null"), "
      text += "\"ratio_to_floor\": \(cell.ratioToFloor.map(JSONText.number) ?? "null"), "
      text += "\"element_stride_bytes\": \(cell.elementStride.map { String($0) } ?? "null"), "
      text += "\"footprint_bytes_per_element\": \(cell.footprintBytesPerElement.map(JSONText.number) ?? "null"), "
      for (name, value) in [
        ("alloc_calls_per_element", cell.allocationsPerElement),
        ("alloc_bytes_per_element", cell.allocatedBytesPerElement),
        ("cycles_per_element", cell.cyclesPerElement),
        ("instructions_per_element", cell.instructionsPerElement),
        ("branch_misses_per_element", cell.branchMissesPerElement),
      ] {
        text += "\"\(name)\": \(value.map(JSONText.number) ?? "null"), "
      }
      text += "\"checksum\": \"\(ResultsCSV.hex(cell.checksum))\", \"suspect\": \(cell.suspect)}"
    }
    text += "\n  ]\n}\n"
    return text
  }
}

