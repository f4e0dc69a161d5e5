import BenchmarkResults
import CommandLineSupport

/// `dispatch-bench _columns FILE COLUMN...`: the named columns of a CSV file,
/// one record a line, tab-separated, for the scripts that check a run's or
/// a compare's rows (`.ci/run`'s layouts step, `scaffold-check.sh`,
/// `regression-check.sh`, `Benchmarks/Independent/`). The file is read by
/// the harness's own reader (`CSVReader`: quoted fields, line breaks in
/// them), so a script needs no CSV parser of its own; lines that start with
/// `#` (the independent programs' notes) are left out. Not a public command:
///
///     dispatch-bench _columns FILE COLUMN [COLUMN...]
///
/// Prints no header. A column the file lacks, or a field holding a tab or a
/// line break (which the output could not keep apart), is an error (exit 65).
package enum ColumnsCommand {
  package static let name = "_columns"

  package static let spec = CommandSpec(
    name: name, summary: "Print the named columns of a CSV file, tab-separated, one record a line.",
    synopsis: "\(name) FILE COLUMN [COLUMN...]", positionals: 2...Int.max, positionalName: "FILE COLUMN...",
    options: NoOptions(), examples: [])

  /// Runs the command: `arguments` without the subcommand.
  package static func main(_ arguments: [String], console: Console) -> Int32 {
    HiddenCommand.main(spec, arguments, console: console) { parsed throws(CommandError) in
      let path = parsed.positionals[0]
      let text: String
      do throws(FileError) { text = try readText(path) } catch { throw CommandError.dataError(error.description) }
      for line in try columns(Array(parsed.positionals.dropFirst()), of: text, path: path) { console.line(line) }
      return ExitStatus.success
    }
  }

  /// The lines `_columns` prints for `names` of the CSV `text`.
  package static func columns(_ names: [String], of text: String, path: String) throws(CommandError) -> [String] {
    let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    let table: CSVTable
    do { table = try CSVReader.parse(kept) } catch { throw .dataError("\(path): \(error)") }
    var indices: [Int] = []
    for name in names {
      guard let index = table.header.firstIndex(of: name) else {
        throw .dataError("\(path) has no column \"\(name)\" (its columns: \(table.header.joined(separator: ", ")))")
      }
      indices.append(index)
    }
    return try table.records.map { record throws(CommandError) in
      try indices.map { index throws(CommandError) in
        let field = index < record.fields.count ? record.fields[index] : ""
        if field.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
          throw .dataError("\(path): line \(record.line), column \(table.header[index]) holds a tab or a line break")
        }
        return field
      }.joined(separator: "\t")
    }
  }
}
