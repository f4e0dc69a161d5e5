import BenchmarkResults
import DispatchModel
import JSON

/// How a plan reaches a child process: a `Codable` value written once as
/// JSON, and read back as the same value, never as flags for a second
/// parser. Without Foundation (the package keeps it out), through the
/// package's own JSON parser (`_PlanEncoder`, `_PlanDecoder`).
///
/// The types a plan is made of declare `Codable` and nothing more (or say
/// how when a field is not data: `ElementsSpec`'s feed file), so a field added
/// to one reaches the children with no other edit.
package enum PlanCoding {
  /// `value` as one line of JSON, object keys sorted.
  package static func encode<Value: Encodable>(_ value: Value) throws(PlanCodingError) -> String {
    let slot = _PlanEncoder.Slot()
    do {
      try value.encode(to: _PlanEncoder(slot: slot))
    } catch {
      throw PlanCodingError("cannot encode \(Value.self): \(error)")
    }
    var text = ""
    write(slot.json, to: &text)
    return text
  }

  /// The value `text` encodes. `context` is there for a type's decoding to
  /// read (`decoder.userInfo[PlanCoding.context]`).
  package static func decode<Value: Decodable>(_ type: Value.Type, from text: String, context: AnyObject? = nil)
    throws(PlanCodingError) -> Value
  {
    let json: JSONValue
    do {
      json = try JSONValue.parse(Array(text.utf8))
    } catch {
      throw PlanCodingError("not JSON: \(error)")
    }
    do {
      return try Value(from: _PlanDecoder(json, codingPath: [], context: context))
    } catch let error as DecodingError {
      throw PlanCodingError("not a \(Value.self): \(describe(error))")
    } catch {
      throw PlanCodingError("not a \(Value.self): \(error)")
    }
  }

  /// Where a type's `init(from:)` finds the context `decode` was given.
  package static let context = CodingUserInfoKey(rawValue: "dispatch-bench.context")!

  private static func write(_ value: JSONValue, to text: inout String) {
    switch value {
    case .null: text += "null"
    case .bool(let bool): text += bool ? "true" : "false"
    case .integer(let integer): text += String(integer)
    case .number(let number): text += number
    case .string(let string): text += JSONText.quoted(string)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        write(element, to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        text += (index > 0 ? "," : "") + JSONText.quoted(key) + ":"
        write(members[key]!, to: &text)
      }
      text += "}"
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.isEmpty ? "" : " at " + context.codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return "no \"\(key.stringValue)\"\(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return context.debugDescription + path(context)
    @unknown default: return "\(error)"
    }
  }
}

/// Why a plan could not be written or read.
package struct PlanCodingError: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) { self.description = description }
}

// The model's and the results' types a plan holds: the raw-value types as
// their raw values (the standard library's coding for them), a feed's
// identity by its fields.
extension SpecOperation: Codable {}
extension BuildMode: Codable {}

extension FeedID: Codable {
  private enum CodingKeys: String, CodingKey {
    // `layout` in the plan's JSON, as before the property's rename, so that
    // an older build can time a plan this one writes (`--alternate-with`).
    case domain, size
    case distribution = "layout"
    case kinds, source
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(domain, forKey: .domain)
    try container.encode(size, forKey: .size)
    try container.encode(distribution, forKey: .distribution)
    try container.encode(kinds, forKey: .kinds)
    try container.encode(source, forKey: .source)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      domain: try container.decode(String.self, forKey: .domain), size: try container.decode(Int.self, forKey: .size),
      distribution: try container.decode(String.self, forKey: .distribution),
      kinds: try container.decode(Int.self, forKey: .kinds),
      source: try container.decode(String.self, forKey: .source))
  }
}
