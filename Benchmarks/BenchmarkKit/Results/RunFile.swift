/// Which cell a row measured: what `compare` matches rows of two runs by.
struct CellKey: Hashable, Comparable, CustomStringConvertible {
  var domain: String
  var operation: String
  var strategy: String
  var size: Int
  var distribution: String
  var kinds: Int

  /// The same cell for another strategy.
  func with(strategy: String) -> CellKey {
    var key = self
    key.strategy = strategy
    return key
  }

  /// The cells strategies are ranked within: the key without the strategy.
  var group: CellKey { with(strategy: "") }

  var description: String {
    "\(domain)/\(operation)/\(strategy)/\(distribution)/\(size)"
      + (kinds == 0 ? "" : kinds == 1 ? " (1 kind)" : " (\(kinds) kinds)")
  }

  static func < (a: CellKey, b: CellKey) -> Bool {
    (a.domain, a.operation, a.size, a.distribution, a.kinds, a.strategy)
      < (b.domain, b.operation, b.size, b.distribution, b.kinds, b.strategy)
  }
}

/// One row of a run CSV, typed.
struct RunRow {
  var line: Int
  var key: CellKey
  var source: String
  var schedule: String
  var samples: Int
  var elementsPerSample: Int
  var min: Double
  var p25: Double
  var median: Double
  var p75: Double
  var p90: Double
  var max: Double
  var mean: Double
  var standardDeviation: Double
  var medianAbsoluteDeviation: Double
  var intervalLow: Double
  var intervalHigh: Double
  var ratioToBaseline: Double?
  var ratioToFloor: Double?
  var elementStride: Int?
  var footprintBytesPerElement: Double?
  var allocationsPerElement: Double?
  var allocatedBytesPerElement: Double?
  var cyclesPerElement: Double?
  var instructionsPerElement: Double?
  var branchMissesPerElement: Double?
  var checksum: String
  var suspect: Bool
  /// Every column by name, as written: the ones above and any others.
  var fields: [String: String]
}

/// A run CSV written by `dispatch-bench run`, read back and checked.
struct RunFile {
  /// Version 1 lacks the allocation and hardware-counter columns, which read
  /// as absent.
  static let supportedSchemaVersions = Schema.readableRunVersions
  /// Columns every version has; others are read when present.
  static let requiredColumns = [
    "schema_version", "run_id", "timestamp_utc", "swift_version", "build_configuration",
    "build_flags", "os", "cpu_model", "cores", "seed", "domain", "operation", "strategy", "size",
    "distribution", "kinds", "samples", "median_ns", "ci95_low_ns", "ci95_high_ns",
  ]
  /// What the run was measured on; `compare` warns when two runs differ.
  static let machineColumns = [
    "cpu_model", "cores", "os", "swift_version", "build_configuration", "build_flags",
  ]

  /// What a file's rows measure.
  enum Kind: Equatable {
    /// A run: medians of timed samples, in nanoseconds per element.
    case timing
    /// A profile: exact counts under valgrind; a row's measure is its
    /// instructions per element, with an interval of that one value.
    case profile
  }

  var path: String
  var kind: Kind = .timing
  var rows: [RunRow]
  /// The first row's values of the run-wide columns (machine, seed, command…).
  var run: [String: String]

  /// What the rows' `median` is, for headings.
  var measure: String { kind == .timing ? "ns" : "instructions" }

  static let profileColumns = [
    "profile_schema_version", "domain", "operation", "strategy", "size", "distribution", "kinds",
    "instructions_per_element",
  ]

  /// Reads and checks a run CSV.
  ///
  /// - Throws: `CommandError` with exit status 65 naming the file, and the
  ///   line and column at fault: an unreadable file, one that is not a
  ///   dispatch-bench run (no `schema_version` column), a missing column, an
  ///   unknown schema version, a row of the wrong width, a value of the wrong
  ///   type, a cell that appears twice, or no rows at all.
  static func load(_ path: String) throws(CommandError) -> RunFile {
    let text: String
    do {
      text = try readText(path)
    } catch {
      throw .dataError("\(error)")
    }
    return try parse(text, path: path)
  }

  /// Checks the text of a run or profile CSV; `path` names it in errors.
  static func parse(_ text: String, path: String) throws(CommandError) -> RunFile {
    let table = try parseTable(text, path: path)
    if table.header.contains("profile_schema_version") { return try loadProfile(path, table) }
    guard table.header.contains("schema_version") else {
      throw .dataError(
        "\(path): not a dispatch-bench run CSV (its header has no schema_version column)")
    }
    for column in requiredColumns where !table.header.contains(column) {
      throw .dataError("\(path): line 1: missing column \"\(column)\"")
    }
    return try rows(of: table, path: path, kind: .timing) { reader throws(CommandError) in
      let version = reader.text("schema_version")
      guard supportedSchemaVersions.contains(version) else {
        throw reader.failure(
          "schema_version",
          "unknown schema version \"\(version)\" (this build reads \(supportedSchemaVersions.sorted().joined(separator: ", ")))")
      }
      return try reader.runRow()
    }
  }

  /// Reads every record with `row`, refusing a cell that appears twice and a
  /// file without rows.
  private static func rows(
    of table: CSVTable, path: String, kind: Kind,
    _ row: (RowReader) throws(CommandError) -> RunRow
  ) throws(CommandError) -> RunFile {
    var rows: [RunRow] = []
    var seen: [CellKey: Int] = [:]
    for record in table.records {
      let next = try row(try RowReader(path: path, header: table.header, record: record))
      if let first = seen[next.key] {
        throw .dataError("\(path): line \(record.line): the cell \(next.key) appears again (first at line \(first))")
      }
      seen[next.key] = record.line
      rows.append(next)
    }
    guard let first = rows.first else { throw .dataError("\(path): has a header but no rows") }
    var run: [String: String] = [:]
    for column in table.header { run[column] = first.fields[column] }
    return RunFile(path: path, kind: kind, rows: rows, run: run)
  }

  private static func loadProfile(_ path: String, _ table: CSVTable) throws(CommandError) -> RunFile {
    for column in profileColumns where !table.header.contains(column) {
      throw .dataError("\(path): line 1: missing column \"\(column)\"")
    }
    return try rows(of: table, path: path, kind: .profile) { reader throws(CommandError) in
      let version = reader.text("profile_schema_version")
      guard version == Schema.profileVersion else {
        throw reader.failure(
          "profile_schema_version",
          "unknown profile schema version \"\(version)\" (this build reads \(Schema.profileVersion))")
      }
      return try reader.profileRow()
    }
  }

  /// A profile column of a row, as a number.
  static func count(_ row: RunRow, _ column: String) -> Double? {
    row.fields[column].flatMap(Double.init)
  }

  /// The rows by key.
  var byKey: [CellKey: RunRow] {
    Dictionary(rows.map { ($0.key, $0) }) { first, _ in first }
  }
}

/// Raw samples written by `run --samples-csv`, by cell.
enum SamplesFile {
  static let requiredColumns = [
    "domain", "operation", "strategy", "size", "distribution", "kinds", "ns_per_element",
  ]

  static func load(_ path: String) throws(CommandError) -> [CellKey: [Double]] {
    let text: String
    do {
      text = try readText(path)
    } catch {
      throw .dataError("\(error)")
    }
    let table = try parseTable(text, path: path)
    for column in requiredColumns where !table.header.contains(column) {
      throw .dataError(
        "\(path): line 1: missing column \"\(column)\" (is this a samples CSV from run --samples-csv?)")
    }
    var samples: [CellKey: [Double]] = [:]
    for record in table.records {
      let reader = try RowReader(path: path, header: table.header, record: record)
      let value = try reader.double("ns_per_element")
      samples[try reader.key(), default: []].append(value)
    }
    return samples
  }
}

/// Reads CSV text, turning a syntax error or an ambiguous header (a column
/// named twice) into exit status 65.
private func parseTable(_ text: String, path: String) throws(CommandError) -> CSVTable {
  let table: CSVTable
  do {
    table = try CSVReader.parse(text)
  } catch {
    throw .dataError("\(path): line \(error.line), column \(error.column): \(error.message)")
  }
  var seen: [String: Int] = [:]
  for (index, name) in table.header.enumerated() {
    if let first = seen[name] {
      throw .dataError(
        "\(path): line 1, column \(index + 1): the column \"\(name)\" appears again (first as column \(first + 1))")
    }
    seen[name] = index
  }
  return table
}

/// Typed access to one record's fields, with errors that name the cell.
private struct RowReader {
  let path: String
  let header: [String]
  let record: CSVTable.Record
  let fields: [String: String]

  init(path: String, header: [String], record: CSVTable.Record) throws(CommandError) {
    self.path = path
    self.header = header
    self.record = record
    guard record.fields.count == header.count else {
      throw .dataError(
        "\(path): line \(record.line): \(record.fields.count) fields where the header has \(header.count)")
    }
    var fields: [String: String] = [:]
    for (name, value) in zip(header, record.fields) { fields[name] = value }
    self.fields = fields
  }

  func failure(_ column: String, _ message: String) -> CommandError {
    let index = (header.firstIndex(of: column) ?? 0) + 1
    return .dataError("\(path): line \(record.line), column \(index) (\(column)): \(message)")
  }

  func text(_ column: String) -> String { fields[column] ?? "" }

  func integer(_ column: String) throws(CommandError) -> Int {
    guard let value = Int(text(column)) else {
      throw failure(column, "\"\(text(column))\" is not a whole number")
    }
    return value
  }

  func double(_ column: String) throws(CommandError) -> Double {
    guard let value = Double(text(column)), value.isFinite else {
      throw failure(column, "\"\(text(column))\" is not a number")
    }
    return value
  }

  /// An optional number: empty, `n/a` or absent mean none.
  func optionalDouble(_ column: String) throws(CommandError) -> Double? {
    let value = text(column)
    if value.isEmpty || value == "n/a" { return nil }
    return try double(column)
  }

  func optionalInteger(_ column: String) throws(CommandError) -> Int? {
    let value = text(column)
    if value.isEmpty || value == "n/a" { return nil }
    return try integer(column)
  }

  func key() throws(CommandError) -> CellKey {
    for column in ["domain", "operation", "strategy", "distribution"] where text(column).isEmpty {
      throw failure(column, "is empty")
    }
    return CellKey(
      domain: text("domain"), operation: text("operation"), strategy: text("strategy"),
      size: try integer("size"), distribution: text("distribution"), kinds: try integer("kinds"))
  }

  /// A profile row as a row whose measure is its instructions per element.
  func profileRow() throws(CommandError) -> RunRow {
    for metric in Schema.profileMetricColumns where fields[metric] != nil {
      _ = try double(metric)
    }
    let instructions = try double("instructions_per_element")
    return RunRow(
      line: record.line, key: try key(), source: text("source"), schedule: "", samples: 1,
      elementsPerSample: 0, min: instructions, p25: instructions, median: instructions,
      p75: instructions, p90: instructions, max: instructions, mean: instructions,
      standardDeviation: 0, medianAbsoluteDeviation: 0, intervalLow: instructions,
      intervalHigh: instructions, checksum: "", suspect: false, fields: fields)
  }

  func runRow() throws(CommandError) -> RunRow {
    let median = try double("median_ns")
    let low = try double("ci95_low_ns")
    let high = try double("ci95_high_ns")
    guard low <= median && median <= high else {
      throw failure("median_ns", "the median \(median) is outside its interval [\(low), \(high)]")
    }
    let samples = try integer("samples")
    guard samples > 0 else { throw failure("samples", "must be at least 1") }
    return RunRow(
      line: record.line, key: try key(), source: text("source"), schedule: text("schedule"),
      samples: samples, elementsPerSample: try optionalInteger("elements_per_sample") ?? 0,
      min: try optionalDouble("min_ns") ?? median, p25: try optionalDouble("p25_ns") ?? median,
      median: median, p75: try optionalDouble("p75_ns") ?? median,
      p90: try optionalDouble("p90_ns") ?? median, max: try optionalDouble("max_ns") ?? median,
      mean: try optionalDouble("mean_ns") ?? median,
      standardDeviation: try optionalDouble("stddev_ns") ?? 0,
      medianAbsoluteDeviation: try optionalDouble("mad_ns") ?? 0,
      intervalLow: low, intervalHigh: high,
      ratioToBaseline: try optionalDouble("ratio_to_enum_switch"),
      ratioToFloor: try optionalDouble("ratio_to_floor"),
      elementStride: try optionalInteger("element_stride_bytes"),
      footprintBytesPerElement: try optionalDouble("footprint_bytes_per_element"),
      allocationsPerElement: try optionalDouble("alloc_calls_per_element"),
      allocatedBytesPerElement: try optionalDouble("alloc_bytes_per_element"),
      cyclesPerElement: try optionalDouble("cycles_per_element"),
      instructionsPerElement: try optionalDouble("instructions_per_element"),
      branchMissesPerElement: try optionalDouble("branch_misses_per_element"),
      checksum: text("checksum"), suspect: text("suspect") == "true", fields: fields)
  }
}
