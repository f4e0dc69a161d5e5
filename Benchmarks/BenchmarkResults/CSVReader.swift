/// A CSV document: a header and records, each record knowing its line.
public struct CSVTable: Equatable, Sendable {
  public struct Record: Equatable, Sendable {
    /// The line the record starts on, from 1 (the header is line 1).
    public var line: Int
    public var fields: [String]
  }

  public var header: [String]
  public var records: [Record]
}

/// Why CSV text could not be read, located by line and column (from 1).
public struct CSVSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads CSV as RFC 4180 writes it, and what spreadsheets write too: fields
/// quoted or not, doubled quotes inside quoted fields, line breaks inside
/// quoted fields, CRLF or LF record ends, and a UTF-8 byte order mark.
public enum CSVReader {
  public static func parse(_ text: String) throws(CSVSyntaxError) -> CSVTable {
    var bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var records: [CSVTable.Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var column = 1
    var recordLine = 1
    var index = 0
    var inQuotes = false
    var fieldWasQuoted = false
    var quoteLine = 0
    var quoteColumn = 0

    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    }

    while index < bytes.count {
      let byte = bytes[index]
      if inQuotes {
        if byte == 0x22 {
          if index + 1 < bytes.count && bytes[index + 1] == 0x22 {
            field.append(0x22)
            index += 2
            column += 2
            continue
          }
          inQuotes = false
          index += 1
          column += 1
          // After a closing quote only a separator or a record end may follow.
          if index < bytes.count, bytes[index] != 0x2C, bytes[index] != 0x0A, bytes[index] != 0x0D {
            throw CSVSyntaxError(
              line: line, column: column, message: "unexpected character after a closing quote")
          }
          continue
        }
        field.append(byte)
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
        index += 1
        continue
      }
      switch byte {
      case 0x22:
        guard field.isEmpty && !fieldWasQuoted else {
          throw CSVSyntaxError(
            line: line, column: column, message: "a quote inside an unquoted field")
        }
        inQuotes = true
        fieldWasQuoted = true
        quoteLine = line
        quoteColumn = column
        index += 1
        column += 1
      case 0x2C:
        endField()
        index += 1
        column += 1
      case 0x0D, 0x0A:
        endField()
        records.append(CSVTable.Record(line: recordLine, fields: fields))
        fields.removeAll(keepingCapacity: true)
        if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        line += 1
        column = 1
        recordLine = line
      default:
        field.append(byte)
        if byte & 0xC0 != 0x80 { column += 1 }
        index += 1
      }
    }
    if inQuotes {
      throw CSVSyntaxError(line: quoteLine, column: quoteColumn, message: "unterminated quoted field")
    }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted {
      endField()
      records.append(CSVTable.Record(line: recordLine, fields: fields))
    }
    // Blank lines carry no record.
    records.removeAll { $0.fields == [""] }
    guard let header = records.first else {
      throw CSVSyntaxError(line: 1, column: 1, message: "empty file: no header")
    }
    return CSVTable(header: header.fields, records: Array(records.dropFirst()))
  }
}
