import BenchmarkResults
import CommandLineSupport
import RunContract

/// What `profile` prints on standard output, in the format asked for.
package enum ProfileOutput {
  package static func render(_ profile: ProfileFile, format: OutputFormat) -> String {
    switch format {
    case .csv:
      return ProfileFile.document(info: profile.info, tool: profile.tool, rows: profile.rows)
    case .json:
      let items = profile.rows.map { row in
        "{\"row\": \(JSONText.quoted(row.key.path)), "
          + ProfileMetric.all.map { "\"\($0.column)\": \(JSONText.number(row[$0]))" }.joined(separator: ", ")
          + "}"
      }
      return "{\"tool\": \(JSONText.quoted(profile.tool)), \"rows\": [\n  " + items.joined(separator: ",\n  ")
        + "\n]}\n"
    case .table, .markdown:
      let header = ["row"] + ProfileMetric.all.map(\.title)
      let rows = profile.rows.map { row in [row.key.path] + ProfileMetric.all.map { count(row[$0]) } }
      let title = "Counts per element under \(profile.tool)"
      return (format == .markdown ? "### \(title)\n\n" : "\(TextTable.wrap(title))\n")
        + TextTable.render(
          header: header, rows: rows, markdown: format == .markdown, rightAligned: Set(1..<header.count))
    }
  }

  /// A count per element: whole when it is, else two decimals.
  package static func count(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
