/// A profile: deterministic counts per element, with what they ran on.
struct ProfileResults {
  var runID: String
  var timestamp: String
  var machine: Machine
  var seed: UInt64
  var command: String
  var tool: String
  var rows: [ProfileRow]
}

/// The profile CSV. `compare` and `report` read it: its key columns are a
/// run's, and `instructions_per_element` is its measure.
enum ProfileCSV {
  static let schemaVersion = Schema.profileVersion

  /// Each count's column (`Schema.profileMetricColumns`), title and value.
  static var metrics: [(column: String, title: String, value: KeyPath<ProfileRow, Double>)] {
    let titles = [
      "instructions", "cond. branches", "cond. mispredicts", "indirect branches",
      "indirect mispredicts", "retains", "releases", "allocations", "frees",
    ]
    let values: [KeyPath<ProfileRow, Double>] = [
      \.instructions, \.conditionalBranches, \.conditionalMispredicts, \.indirectBranches,
      \.indirectMispredicts, \.retains, \.releases, \.allocations, \.frees,
    ]
    return zip(Schema.profileMetricColumns, zip(titles, values)).map { ($0, $1.0, $1.1) }
  }

  static var columns: [String] {
    [
      "profile_schema_version", "run_id", "timestamp_utc", "swift_version", "build_configuration",
      "build_flags", "os", "cpu_model", "cores", "seed", "command", "tool",
      "domain", "operation", "strategy", "size", "distribution", "kinds", "source",
    ] + metrics.map(\.column)
  }

  static func document(_ profile: ProfileResults) -> String {
    let m = profile.machine
    return CSVWriter.document(
      header: columns,
      rows: profile.rows.map { row in
        [
          schemaVersion, profile.runID, profile.timestamp, m.swiftVersion, m.buildConfiguration,
          m.buildFlags, m.operatingSystem, m.cpuModel, String(m.cores), String(profile.seed),
          profile.command, profile.tool, row.cell.domain.rawValue, row.cell.operation,
          row.cell.strategy, String(row.cell.size), row.cell.distribution, String(row.cell.kinds),
          row.cell.feedFile ?? "generated",
        ] + metrics.map { ResultsCSV.number(row[keyPath: $0.value]) }
      })
  }

  static func render(_ profile: ProfileResults, format: OutputFormat) -> String {
    switch format {
    case .csv:
      return document(profile)
    case .json:
      let items = profile.rows.map { row in
        "{\"cell\": \(JSONText.quoted(row.cell.description)), "
          + metrics.map { "\"\($0.column)\": \(JSONText.number(row[keyPath: $0.value]))" }.joined(separator: ", ")
          + "}"
      }
      return "{\"tool\": \(JSONText.quoted(profile.tool)), \"cells\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
    case .table, .markdown:
      let header = ["cell"] + metrics.map(\.title)
      let rows = profile.rows.map { row in
        [row.cell.description] + metrics.map { count(row[keyPath: $0.value]) }
      }
      let title = "Counts per element under \(profile.tool)"
      return (format == .markdown ? "### \(title)\n\n" : "\(title)\n")
        + TextTable.render(header: header, rows: rows, markdown: format == .markdown, rightAligned: Set(1..<header.count))
    }
  }

  /// A count per element: whole when it is, else two decimals.
  static func count(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
