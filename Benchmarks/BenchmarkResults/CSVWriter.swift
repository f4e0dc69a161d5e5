/// Writes CSV as RFC 4180 does: a field holding a comma, a double quote, a
/// carriage return or a line feed is quoted, with its quotes doubled. Records
/// end with a line feed.
public enum CSVWriter {
  public static func field(_ value: String) -> String {
    guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A })
    else { return value }
    var quoted = "\""
    for character in value {
      if character == "\"" { quoted += "\"" }
      quoted.append(character)
    }
    return quoted + "\""
  }

  public static func record(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\n"
  }

  public static func document(header: [String], rows: [[String]]) -> String {
    var text = record(header)
    for row in rows { text += record(row) }
    return text
  }
}
