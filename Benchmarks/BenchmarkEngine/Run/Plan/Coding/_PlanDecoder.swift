import JSON

/// `PlanCoding`'s decoder: reads a parsed JSON value. The keyed and
/// unkeyed containers hand each value to a decoder of its own; every scalar
/// ends in the single-value container, as in `_PlanEncoder`.
package struct _PlanDecoder: Decoder {
  package let value: JSONValue
  package let codingPath: [any CodingKey]
  package let context: AnyObject?

  package init(_ value: JSONValue, codingPath: [any CodingKey], context: AnyObject?) {
    self.value = value
    self.codingPath = codingPath
    self.context = context
  }

  package var userInfo: [CodingUserInfoKey: Any] { context.map { [PlanCoding.context: $0] } ?? [:] }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, "an object") }
    return KeyedDecodingContainer(Keyed(members: members, decoder: self))
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([JSONValue].self, "an array") }
    return Unkeyed(elements: elements, decoder: self)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  /// A decoder of `value`, one step further down.
  package func child(_ value: JSONValue, at key: any CodingKey) -> _PlanDecoder {
    _PlanDecoder(value, codingPath: codingPath + [key], context: context)
  }

  package func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeDescription)"))
  }

  /// An array element's place in a coding path.
  package struct Index: CodingKey {
    package var intValue: Int?
    package var stringValue: String { String(intValue ?? 0) }
    package init(_ index: Int) { intValue = index }
    package init?(intValue: Int) { self.intValue = intValue }
    package init?(stringValue: String) { nil }
  }

  package struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let members: [String: JSONValue]
    package let decoder: _PlanDecoder
    package var codingPath: [any CodingKey] { decoder.codingPath }
    package var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    package func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key) throws -> _PlanDecoder {
      guard let value = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
      }
      return decoder.child(value, at: key)
    }

    /// Every value, scalars included: generic, so a scalar reaches the
    /// single-value container through its own `init(from:)`.
    private func value<T: Decodable>(_ key: Key) throws -> T { try T(from: child(key)) }

    package func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key) }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key) }
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key) }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key) }
    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key) }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key) }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try child(key).container(keyedBy: type)
    }
    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try child(key).unkeyedContainer()
    }
    package func superDecoder() throws -> any Decoder { decoder.child(members["super"] ?? .null, at: Index(0)) }
    package func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
  }

  package struct Unkeyed: UnkeyedDecodingContainer {
    package let elements: [JSONValue]
    package let decoder: _PlanDecoder
    package var codingPath: [any CodingKey] { decoder.codingPath }
    package var count: Int? { elements.count }
    package var isAtEnd: Bool { currentIndex >= elements.count }
    package var currentIndex = 0

    private mutating func next() throws -> _PlanDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          JSONValue.self, .init(codingPath: codingPath, debugDescription: "the array ends at \(elements.count)"))
      }
      defer { currentIndex += 1 }
      return decoder.child(elements[currentIndex], at: Index(currentIndex))
    }

    /// Every value, scalars included, as `Keyed.value` does.
    private mutating func value<T: Decodable>() throws -> T { try T(from: next()) }

    package mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }
    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try value() }
    package mutating func decode(_ type: Bool.Type) throws -> Bool { try value() }
    package mutating func decode(_ type: String.Type) throws -> String { try value() }
    package mutating func decode(_ type: Double.Type) throws -> Double { try value() }
    package mutating func decode(_ type: Float.Type) throws -> Float { try value() }
    package mutating func decode(_ type: Int.Type) throws -> Int { try value() }
    package mutating func decode(_ type: Int8.Type) throws -> Int8 { try value() }
    package mutating func decode(_ type: Int16.Type) throws -> Int16 { try value() }
    package mutating func decode(_ type: Int32.Type) throws -> Int32 { try value() }
    package mutating func decode(_ type: Int64.Type) throws -> Int64 { try value() }
    package mutating func decode(_ type: UInt.Type) throws -> UInt { try value() }
    package mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try value() }
    package mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try value() }
    package mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try value() }
    package mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try value() }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try next().container(keyedBy: type)
    }
    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }
    package mutating func superDecoder() throws -> any Decoder { try next() }
  }

  package struct Single: SingleValueDecodingContainer {
    package let decoder: _PlanDecoder
    package var codingPath: [any CodingKey] { decoder.codingPath }

    package func decodeNil() -> Bool { decoder.value == .null }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
    package func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let value) = decoder.value else { throw decoder.mismatch(type, "a boolean") }
      return value
    }
    package func decode(_ type: String.Type) throws -> String {
      guard case .string(let value) = decoder.value else { throw decoder.mismatch(type, "a string") }
      return value
    }
    package func decode(_ type: Double.Type) throws -> Double {
      switch decoder.value {
      case .integer(let value): return Double(value)
      case .number(let text): if let value = Double(text) { return value }
      default: break
      }
      throw decoder.mismatch(type, "a number")
    }
    package func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    package func decode(_ type: Int.Type) throws -> Int { try integer() }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    /// A whole number that fits `Value`: the parser keeps one past `Int` as
    /// its digits.
    private func integer<Value: FixedWidthInteger>() throws -> Value {
      switch decoder.value {
      case .integer(let value): if let exact = Value(exactly: value) { return exact }
      case .number(let text): if let exact = Value(text) { return exact }
      default: break
      }
      throw decoder.mismatch(Value.self, "a whole number that fits \(Value.self)")
    }
  }
}
