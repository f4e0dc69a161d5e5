/// Writing JSON text.
public enum JSONText {
  /// A string as a JSON string literal: `"` `\` and control characters
  /// escaped, everything else (non-ASCII included) as is.
  public static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A number as JSON: finite doubles in Swift's shortest form, others `null`.
  public static func number(_ value: Double) -> String {
    value.isFinite ? (value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : "\(value)") : "null"
  }

  /// A CSV field as a JSON value of `kind`: text quoted; a number as is, or
  /// `null` when empty or `n/a`; a boolean as `true` or `false`.
  public static func value(_ field: String, _ kind: ColumnKind) -> String {
    switch kind {
    case .text: quoted(field)
    case .number: field.isEmpty || field == CSVNumber.notMeasured ? "null" : field
    case .boolean: field == "true" ? "true" : "false"
    }
  }
}
