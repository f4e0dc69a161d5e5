/// The results files the package writes and reads: their versions, their
/// columns (`Schema.run`, `Schema.profile`, `Schema.samples`) and how a file
/// is told apart and read.
public enum Schema {
  /// What a results file holds.
  public enum Contents: Sendable {
    case run(RunFile)
    case profile(ProfileFile)

    public var path: String {
      switch self {
      case .run(let file): file.path
      case .profile(let file): file.path
      }
    }
  }

  /// Reads a run or profile CSV.
  ///
  /// - Throws: `ResultsError` naming the file, and the line and column at
  ///   fault: an unreadable file, one that is not a dispatch-bench results
  ///   file, a missing column, an unknown schema version, a row of the wrong
  ///   width, a value of the wrong type, a row whose key appears twice, or
  ///   no rows at all.
  public static func load(_ path: String) throws(ResultsError) -> Contents {
    try parse(try readResults(path), path: path)
  }

  /// Checks the text of a run or profile CSV; `path` names it in errors.
  public static func parse(_ text: String, path: String) throws(ResultsError) -> Contents {
    if looksLikeJSON(text) {
      throw ResultsError(
        "\(path): this is JSON, not a run CSV (perhaps a Google Benchmark export, which is written for other "
          + "tools and not read back). Pass the CSV that `dispatch-bench run` wrote (in results/local/ unless "
          + "--output named another path), or make one with `dispatch-bench run`")
    }
    let table = try parseTable(text, path: path)
    if table.header.contains("profile_schema_version") {
      return .profile(try readProfile(table, path: path))
    }
    guard table.header.contains("schema_version") else {
      throw ResultsError(
        "\(path): not a dispatch-bench run CSV (its header has no schema_version column)")
    }
    return .run(try readRun(table, path: path))
  }

  // MARK: Shared columns

  /// The run-wide columns every row repeats: version, run, machine, seed.
  /// - Parameter retired: Versions this build no longer reads, and why, so
  ///   that such a file is refused with a message naming its schema.
  static func infoColumns<Record>(
    version: WritableKeyPath<Record, String>, versionName: String, readable: Set<String>,
    retired: [String: String] = [:]
  ) -> [Column<Record>] where Record: RunInfoCarrying {
    [
      Column(versionName, .text, required: true, write: { $0[keyPath: version] }) {
        record, reader throws(ResultsError) in
        let value = reader.text(versionName)
        if let why = retired[value] {
          throw reader.failure(versionName, "schema version \(value) \(why)")
        }
        guard readable.contains(value) else {
          throw reader.failure(
            versionName,
            "unknown schema version \"\(value)\" (this build reads \(readable.sorted().joined(separator: ", ")))")
        }
        record[keyPath: version] = value
      },
      .text("run_id", \.info.runID, required: true),
      .text("timestamp_utc", \.info.timestamp, required: true),
      .text("swift_version", \.info.machine.swiftVersion, required: true),
      .text("build_configuration", \.info.machine.buildConfiguration, required: true),
      .text("build_flags", \.info.machine.buildFlags, required: true),
      .text("os", \.info.machine.operatingSystem, required: true),
      .text("cpu_model", \.info.machine.cpuModel, required: true),
      .integer("cores", \.info.machine.cores, required: true),
      Column("seed", .number, required: true, write: { String($0.info.seed) }) {
        record, reader throws(ResultsError) in
        guard let seed = UInt64(reader.text("seed")) else {
          throw reader.failure("seed", "\"\(reader.text("seed"))\" is not a whole number")
        }
        record.info.seed = seed
      },
    ]
  }

  /// The columns that identify a row: its case and strategy.
  static func keyColumns<Record>(_ key: WritableKeyPath<Record, ResultKey>) -> [Column<Record>] {
    let feed = key.appending(path: \.benchmarkCase.feed)
    return [
      Column("domain", .text, required: true, write: { $0[keyPath: feed].domain }) {
        record, reader throws(ResultsError) in
        record[keyPath: feed].domain = try reader.nonEmpty("domain")
      },
      Column("operation", .text, required: true, write: { $0[keyPath: key].operation }) {
        record, reader throws(ResultsError) in
        record[keyPath: key].benchmarkCase.operation = try reader.nonEmpty("operation")
      },
      Column("strategy", .text, required: true, write: { $0[keyPath: key].strategy.rawValue }) {
        record, reader throws(ResultsError) in
        record[keyPath: key].strategy = StrategyID(try reader.nonEmpty("strategy"))
      },
      .integer("size", feed.appending(path: \.size), required: true),
      Column("distribution", .text, required: true, write: { $0[keyPath: feed].distribution }) {
        record, reader throws(ResultsError) in
        record[keyPath: feed].distribution = try reader.nonEmpty("distribution")
      },
      .integer("kinds", feed.appending(path: \.kinds), required: true),
      .text("source", feed.appending(path: \.source)),
      Column("mode", .text, write: { $0[keyPath: key].mode.rawValue }) { record, reader in
        let mode = reader.text("mode")
        record[keyPath: key].benchmarkCase.mode = mode.isEmpty ? .boundary : BuildMode(rawValue: mode)
      },
    ]
  }

  // MARK: Reading

  /// Reads every record with `columns` and `finish`, refusing a key that
  /// appears twice and a file without rows; returns the first row's run
  /// information and every row.
  static func readRows<Record, Row>(
    _ table: CSVTable, path: String, columns: ColumnTable<Record>, empty: Record,
    finish: (Record, FieldReader) throws(ResultsError) -> (RunInfo, Row)
  ) throws(ResultsError) -> (RunInfo, [Row]) where Row: Keyed {
    var header = table.header
    let normalized = columns.normalized(header)
    if let missing = columns.missingRequired(in: normalized) {
      throw ResultsError("\(path): line 1: missing column \"\(missing)\"")
    }
    header = normalized
    var info: RunInfo?
    var rows: [Row] = []
    var seen: [ResultKey: Int] = [:]
    for record in table.records {
      let reader = try FieldReader(path: path, header: header, record: record)
      let (rowInfo, row) = try finish(try columns.read(empty, from: reader), reader)
      if let first = seen[row.key] {
        throw ResultsError(
          "\(path): line \(record.line): the row \(row.key) appears again (first at line \(first))")
      }
      seen[row.key] = record.line
      info = info ?? rowInfo
      rows.append(row)
    }
    guard let info else { throw ResultsError("\(path): has a header but no rows") }
    return (info, rows)
  }

  /// Reads CSV text, refusing a syntax error or an ambiguous header (a
  /// column named twice).
  /// Whether `text` opens as a JSON object or array would: no results CSV
  /// (whose header is column names) starts with `{` or `[`.
  public static func looksLikeJSON(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }

  /// The text of a results file; a file that cannot be read is a
  /// `ResultsError` of `prefix` and the system's reason.
  static func readResults(_ path: String, failing prefix: String = "") throws(ResultsError) -> String {
    do {
      return try readText(path)
    } catch {
      throw ResultsError(prefix + "\(error)")
    }
  }

  /// The table of a CSV file read by `columns`, refused when its header
  /// lacks a required column (`hint` says what file was expected).
  static func loadTable<Record>(
    _ path: String, columns: ColumnTable<Record>, failing prefix: String = "", hint: String = ""
  ) throws(ResultsError) -> CSVTable {
    let table = try parseTable(try readResults(path, failing: prefix), path: path)
    if let missing = columns.missingRequired(in: table.header) {
      throw ResultsError("\(path): line 1: missing column \"\(missing)\"\(hint)")
    }
    return table
  }

  static func parseTable(_ text: String, path: String) throws(ResultsError) -> CSVTable {
    let table: CSVTable
    do {
      table = try CSVReader.parse(text)
    } catch {
      throw ResultsError("\(path): line \(error.line), column \(error.column): \(error.message)")
    }
    var seen: [String: Int] = [:]
    for (index, name) in table.header.enumerated() {
      if let first = seen[name] {
        throw ResultsError(
          "\(path): line 1, column \(index + 1): the column \"\(name)\" appears again (first as column \(first + 1))")
      }
      seen[name] = index
    }
    return table
  }
}

/// A record that carries the run's information.
protocol RunInfoCarrying {
  var info: RunInfo { get set }
}

extension RunRecord: RunInfoCarrying {}

/// A row with a key that a file may hold once.
protocol Keyed {
  var key: ResultKey { get }
}

extension TimingRow: Keyed {}
