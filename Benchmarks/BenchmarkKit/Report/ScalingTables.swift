import BenchmarkResults

/// The scaling guide's two measurements, as `report --scaling DIR` reads
/// them: compile time per pattern and number of kinds
/// (`compile-time.csv`, from Benchmarks/Scripts/compile-time.sh) and lines
/// per change (`edit-cost.csv`, from the synthetic generator).
struct ScalingTables {
  /// pattern → kinds → median seconds.
  var compileSeconds: [String: [Int: Double]] = [:]
  /// pattern → kinds → (lines to add a kind, places), (lines to add an
  /// operation, places), for the change from 2 to 3 operations.
  var newKind: [String: [Int: (lines: Int, places: Int)]] = [:]
  var newOperation: [String: [Int: (lines: Int, places: Int)]] = [:]

  /// Reads `DIRECTORY/compile-time.csv` and `DIRECTORY/edit-cost.csv`.
  static func load(_ directory: String) throws(CommandError) -> ScalingTables {
    var tables = ScalingTables()
    for (name, columns) in [
      ("compile-time.csv", ["pattern", "kinds", "median_seconds"]),
      ("edit-cost.csv", ["pattern", "change", "from", "lines_added", "lines_changed", "hunks", "kinds"]),
    ] {
      let path = "\(directory)/\(name)"
      let table: CSVTable
      do {
        table = try CSVReader.parse(try readText(path))
      } catch {
        throw .dataError("--scaling: cannot read \(path): \(error)")
      }
      for column in columns where !table.header.contains(column) {
        throw .dataError("--scaling: \(path) has no column \"\(column)\"")
      }
      for (line, record) in table.records.enumerated() {
        let field = Dictionary(uniqueKeysWithValues: zip(table.header, record.fields))
        func number(_ column: String) throws(CommandError) -> Double {
          guard let value = Double(field[column] ?? "") else {
            throw .dataError("--scaling: \(path): line \(line + 2): \(column) is not a number")
          }
          return value
        }
        let pattern = field["pattern"] ?? ""
        let kinds = Int(try number("kinds"))
        if name == "compile-time.csv" {
          tables.compileSeconds[pattern, default: [:]][kinds] = try number("median_seconds")
        } else {
          let change = (Int(try number("lines_added") + number("lines_changed")), Int(try number("hunks")))
          if field["change"] == "add-kind" {
            tables.newKind[pattern, default: [:]][kinds] = change
          } else if field["change"] == "add-operation" && field["from"] == "2" {
            tables.newOperation[pattern, default: [:]][kinds] = change
          }
        }
      }
    }
    return tables
  }

  /// The report's section: one table of compile times, one of edit costs.
  func markdown(patterns: [String]) -> String {
    let kinds = Set(compileSeconds.values.flatMap(\.keys)).union(newKind.values.flatMap(\.keys)).filter { $0 > 0 }
      .sorted()
    let order = patterns + compileSeconds.keys.filter { !patterns.contains($0) && $0 != "empty" }.sorted()
    var text = "## Compile time and the cost of a change\n\n"
    text += "Median seconds to compile each pattern's synthetic code for N kinds alone "
    text += "(`swiftc -O -wmo`, `Benchmarks/Scripts/compile-time.sh`):\n\n"
    text += TextTable.render(
      header: ["pattern"] + kinds.map { "\($0) kinds" },
      rows: order.map { pattern in
        [pattern] + kinds.map { compileSeconds[pattern]?[$0].map { CSVNumber.text($0) + " s" } ?? "" }
      }, markdown: true, rightAligned: Set(1...max(1, kinds.count)))
    text += "\nLines added or changed, and in how many places, to add a kind / to add an operation "
    text += "(from 2 to 3), at N kinds (the synthetic generator's output, `edit-cost.csv`):\n\n"
    text += TextTable.render(
      header: ["pattern"] + kinds.map { "\($0) kinds" },
      rows: order.map { pattern in
        [pattern] + kinds.map { kinds in
          let kind = newKind[pattern]?[kinds].map { "\($0.lines) in \($0.places)" } ?? "–"
          let operation = newOperation[pattern]?[kinds].map { "\($0.lines) in \($0.places)" } ?? "–"
          return "\(kind) / \(operation)"
        }
      }, markdown: true, rightAligned: Set(1...max(1, kinds.count)))
    return text + "\n"
  }
}
