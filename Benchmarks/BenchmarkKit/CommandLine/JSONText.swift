/// Writing JSON text.
enum JSONText {
  /// A string as a JSON string literal: `"` `\` and control characters
  /// escaped, everything else (non-ASCII included) as is.
  static func quoted(_ string: String) -> String {
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
  static func number(_ value: Double) -> String {
    value.isFinite ? (value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : "\(value)") : "null"
  }
}
