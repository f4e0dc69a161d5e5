#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a results file could not be read: the file, and where in it.
public struct ResultsError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// How a column's value is written in JSON.
public enum ColumnKind: Sendable {
  /// A JSON string.
  case text
  /// A JSON number; an empty field or `n/a` is `null`.
  case number
  /// `true` or `false`.
  case boolean
}

/// One column of a results file: its name, how a record writes it, and how a
/// record reads it back. The writer, the JSON output and the reader all walk
/// one list of these, so a new column is one entry in that list.
public struct Column<Record> {
  public let name: String
  public let kind: ColumnKind
  /// Whether a file lacking the column is refused; otherwise a missing
  /// column reads as the record's default (a file from before it existed).
  public let required: Bool
  /// Names the column had in earlier schema versions, read as this one.
  public let formerNames: [String]
  public let write: (Record) -> String
  public let read: (inout Record, FieldReader) throws(ResultsError) -> Void

  public init(
    _ name: String, _ kind: ColumnKind, required: Bool = false, formerNames: [String] = [],
    write: @escaping (Record) -> String,
    read: @escaping (inout Record, FieldReader) throws(ResultsError) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.required = required
    self.formerNames = formerNames
    self.write = write
    self.read = read
  }
}

// MARK: Columns by key path

extension Column {
  /// A text column.
  public static func text(
    _ name: String, _ path: WritableKeyPath<Record, String>, required: Bool = false
  ) -> Column {
    Column(name, .text, required: required, write: { $0[keyPath: path] }) { record, reader in
      record[keyPath: path] = reader.text(name)
    }
  }

  /// A whole-number column.
  public static func integer(
    _ name: String, _ path: WritableKeyPath<Record, Int>, required: Bool = false
  ) -> Column {
    Column(name, .number, required: required, write: { String($0[keyPath: path]) }) {
      record, reader throws(ResultsError) in
      record[keyPath: path] = try reader.integer(name)
    }
  }

  /// A number column, written with at most four decimals.
  public static func number(
    _ name: String, _ path: WritableKeyPath<Record, Double>, required: Bool = false
  ) -> Column {
    Column(name, .number, required: required, write: { CSVNumber.text($0[keyPath: path]) }) {
      record, reader throws(ResultsError) in
      record[keyPath: path] = try reader.double(name)
    }
  }

  /// A number that may be absent: written as `missing` (`n/a` where it was
  /// not measured, empty where it does not apply).
  public static func optionalNumber(
    _ name: String, _ path: WritableKeyPath<Record, Double?>, missing: String = CSVNumber.notMeasured,
    formerNames: [String] = []
  ) -> Column {
    Column(
      name, .number, formerNames: formerNames,
      write: { $0[keyPath: path].map(CSVNumber.text) ?? missing }
    ) { record, reader throws(ResultsError) in
      record[keyPath: path] = try reader.optionalDouble(name)
    }
  }

  /// A whole number that may be absent, written `n/a`.
  public static func optionalInteger(_ name: String, _ path: WritableKeyPath<Record, Int?>)
    -> Column
  {
    Column(name, .number, write: { $0[keyPath: path].map { String($0) } ?? CSVNumber.notMeasured }) {
      record, reader throws(ResultsError) in
      record[keyPath: path] = try reader.optionalInteger(name)
    }
  }

  /// `true`, `false`, or empty where it does not apply; anything else reads
  /// as empty.
  public static func optionalBoolean(_ name: String, _ path: WritableKeyPath<Record, Bool?>) -> Column {
    Column(name, .boolean, write: { $0[keyPath: path].map { $0 ? "true" : "false" } ?? "" }) { record, reader in
      switch reader.text(name) {
      case "true": record[keyPath: path] = true
      case "false": record[keyPath: path] = false
      default: record[keyPath: path] = nil
      }
    }
  }

  /// `true` or `false`; anything else reads as `false`.
  public static func boolean(_ name: String, _ path: WritableKeyPath<Record, Bool>) -> Column {
    Column(name, .boolean, write: { $0[keyPath: path] ? "true" : "false" }) { record, reader in
      record[keyPath: path] = reader.text(name) == "true"
    }
  }
}

// MARK: Tables of columns

/// An ordered list of columns for one kind of record.
public struct ColumnTable<Record> {
  public let columns: [Column<Record>]

  public init(_ columns: [Column<Record>]) { self.columns = columns }

  public var names: [String] { columns.map(\.name) }

  /// Every record as a CSV document.
  public func document(_ records: [Record]) -> String {
    CSVWriter.document(header: names, rows: records.map(fields))
  }

  public func fields(_ record: Record) -> [String] {
    columns.map { $0.write(record) }
  }

  /// One record as the members of a JSON object, `"name": value` each.
  public func jsonMembers(_ record: Record) -> [String] {
    columns.map { column in
      "\(JSONText.quoted(column.name)): \(JSONText.value(column.write(record), column.kind))"
    }
  }

  /// The header's names, with former names read as today's.
  func normalized(_ header: [String]) -> [String] {
    header.map { name in columns.first { $0.formerNames.contains(name) }?.name ?? name }
  }

  /// The first required column the header lacks.
  func missingRequired(in header: [String]) -> String? {
    columns.first { $0.required && !header.contains($0.name) }?.name
  }

  /// Reads a record: starts from `empty` and lets every column present in
  /// the file fill in its part.
  func read(_ empty: Record, from reader: FieldReader) throws(ResultsError) -> Record {
    var record = empty
    for column in columns where reader.has(column.name) {
      try column.read(&record, reader)
    }
    return record
  }
}

/// Typed access to one record's fields, with errors that name the file, the
/// line and the column.
public struct FieldReader {
  let path: String
  let header: [String]
  public let line: Int
  let fields: [String: String]

  init(path: String, header: [String], record: CSVTable.Record) throws(ResultsError) {
    self.path = path
    self.header = header
    line = record.line
    guard record.fields.count == header.count else {
      throw ResultsError(
        "\(path): line \(record.line): \(record.fields.count) fields where the header has \(header.count)")
    }
    var fields: [String: String] = [:]
    for (name, value) in zip(header, record.fields) { fields[name] = value }
    self.fields = fields
  }

  public func has(_ column: String) -> Bool { fields[column] != nil }

  public func failure(_ column: String, _ message: String) -> ResultsError {
    let index = (header.firstIndex(of: column) ?? 0) + 1
    return ResultsError("\(path): line \(line), column \(index) (\(column)): \(message)")
  }

  public func text(_ column: String) -> String { fields[column] ?? "" }

  public func integer(_ column: String) throws(ResultsError) -> Int {
    guard let value = Int(text(column)) else {
      throw failure(column, "\"\(text(column))\" is not a whole number")
    }
    return value
  }

  public func double(_ column: String) throws(ResultsError) -> Double {
    guard let value = Double(text(column)), value.isFinite else {
      throw failure(column, "\"\(text(column))\" is not a number")
    }
    return value
  }

  /// An optional number: empty, `n/a` or absent mean none.
  public func optionalDouble(_ column: String) throws(ResultsError) -> Double? {
    let value = text(column)
    if value.isEmpty || value == CSVNumber.notMeasured { return nil }
    return try double(column)
  }

  public func optionalInteger(_ column: String) throws(ResultsError) -> Int? {
    let value = text(column)
    if value.isEmpty || value == CSVNumber.notMeasured { return nil }
    return try integer(column)
  }

  /// A text field that must not be empty.
  public func nonEmpty(_ column: String) throws(ResultsError) -> String {
    let value = text(column)
    guard !value.isEmpty else { throw failure(column, "is empty") }
    return value
  }
}

/// How numbers are written in result files.
public enum CSVNumber {
  /// A number the run did not measure, as a file writes it (a table prints
  /// `missingFigure` instead). Read back, it and an empty field are none.
  public static let notMeasured = "n/a"

  /// At most four decimals, or six significant digits below 0.1 (a floor's
  /// ratio to a share operation, 0.001234, keeps its precision); whole
  /// numbers without a point.
  public static func text(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    if value != 0 && abs(value) < 0.1 {
      let scale = pow(10, 5 - (log10(abs(value))).rounded(.down))
      return String((value * scale).rounded() / scale)
    }
    let rounded = (value * 10_000).rounded() / 10_000
    return rounded == rounded.rounded() && abs(rounded) < 1e15
      ? String(Int(rounded)) : String(rounded)
  }

  /// A 64-bit value as 16 lower-case hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
