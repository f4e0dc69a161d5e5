/// A parsed JSON value, with integers kept exact.
///
/// The package reads feed files with its own parser rather than Foundation's
/// so that the model depends on the standard library only, integers
/// that overflow `Int` are told apart from ones that fit, and a syntax error
/// can name its line and column.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits in an `Int`.
  case integer(Int)
  /// Any other number, kept as written: a fraction, an exponent, or an
  /// integer too large for an `Int`.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// How this value is named in an error message ("a string", "an array").
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON syntax error, located by line and column (both from 1).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses one JSON document (RFC 8259) from UTF-8 bytes.
  ///
  /// - Parameter maximumDepth: How deeply arrays and objects may nest; deeper
  ///   input is an error rather than a stack overflow.
  /// - Complexity: O(*n*) in the length of `bytes`.
  public static func parse(_ bytes: [UInt8], maximumDepth: Int = 256) throws(JSONSyntaxError)
    -> JSONValue
  {
    var parser = _JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    return try parser.parseDocument()
  }
}
