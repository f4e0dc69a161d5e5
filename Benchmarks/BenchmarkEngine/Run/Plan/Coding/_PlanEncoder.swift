import JSON

/// `PlanCoding`'s encoder: builds a tree of slots, each of which becomes a
/// JSON value. The keyed and unkeyed containers hand each value to a new
/// slot; every scalar ends in the single-value container.
package struct _PlanEncoder: Encoder {
  /// A value being encoded: a scalar, or the slots of an object or array.
  package final class Slot {
    package enum Content {
      case scalar(JSONValue)
      case object([String: Slot])
      case array([Slot])
    }

    package var content = Content.scalar(.null)

    package var json: JSONValue {
      switch content {
      case .scalar(let value): value
      case .object(let members): .object(members.mapValues(\.json))
      case .array(let elements): .array(elements.map(\.json))
      }
    }

    /// A new slot under `key`, this slot made an object if it was not one.
    package func member(_ key: String) -> Slot {
      var members: [String: Slot] = [:]
      if case .object(let existing) = content { members = existing }
      let slot = Slot()
      members[key] = slot
      content = .object(members)
      return slot
    }

    /// A new slot at the end, this slot made an array if it was not one.
    package func element() -> Slot {
      var elements: [Slot] = []
      if case .array(let existing) = content { elements = existing }
      let slot = Slot()
      content = .array(elements + [slot])
      return slot
    }

    package func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
      try value.encode(to: _PlanEncoder(slot: self, codingPath: codingPath))
    }
  }

  package let slot: Slot
  package var codingPath: [any CodingKey] = []
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = slot.content {} else { slot.content = .object([:]) }
    return KeyedEncodingContainer(Keyed(slot: slot, codingPath: codingPath))
  }

  package func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = slot.content {} else { slot.content = .array([]) }
    return Unkeyed(slot: slot, codingPath: codingPath)
  }

  package func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }

  package struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let slot: Slot
    package var codingPath: [any CodingKey]

    /// Every value, scalars included: generic, so a scalar reaches the
    /// single-value container through its own `encode(to:)`.
    private func put<T: Encodable>(_ value: T, _ key: Key) throws {
      try slot.member(key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    package mutating func encodeNil(forKey key: Key) throws { _ = slot.member(key.stringValue) }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    package mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      _PlanEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      _PlanEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    package mutating func superEncoder() -> any Encoder {
      _PlanEncoder(slot: slot.member("super"), codingPath: codingPath)
    }
    package mutating func superEncoder(forKey key: Key) -> any Encoder {
      _PlanEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
  }

  package struct Unkeyed: UnkeyedEncodingContainer {
    package let slot: Slot
    package var codingPath: [any CodingKey]
    package var count: Int {
      if case .array(let elements) = slot.content { return elements.count }
      return 0
    }

    /// Every value, scalars included, as `Keyed.put` does.
    private func append<T: Encodable>(_ value: T) throws { try slot.element().encode(value, codingPath: codingPath) }

    package mutating func encodeNil() throws { _ = slot.element() }
    package mutating func encode<T: Encodable>(_ value: T) throws { try append(value) }
    package mutating func encode(_ value: Bool) throws { try append(value) }
    package mutating func encode(_ value: String) throws { try append(value) }
    package mutating func encode(_ value: Double) throws { try append(value) }
    package mutating func encode(_ value: Float) throws { try append(value) }
    package mutating func encode(_ value: Int) throws { try append(value) }
    package mutating func encode(_ value: Int8) throws { try append(value) }
    package mutating func encode(_ value: Int16) throws { try append(value) }
    package mutating func encode(_ value: Int32) throws { try append(value) }
    package mutating func encode(_ value: Int64) throws { try append(value) }
    package mutating func encode(_ value: UInt) throws { try append(value) }
    package mutating func encode(_ value: UInt8) throws { try append(value) }
    package mutating func encode(_ value: UInt16) throws { try append(value) }
    package mutating func encode(_ value: UInt32) throws { try append(value) }
    package mutating func encode(_ value: UInt64) throws { try append(value) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      _PlanEncoder(slot: slot.element(), codingPath: codingPath).container(keyedBy: type)
    }
    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      _PlanEncoder(slot: slot.element(), codingPath: codingPath).unkeyedContainer()
    }
    package mutating func superEncoder() -> any Encoder { _PlanEncoder(slot: slot.element(), codingPath: codingPath) }
  }

  package struct Single: SingleValueEncodingContainer {
    package let slot: Slot
    package var codingPath: [any CodingKey]

    package mutating func encodeNil() throws { slot.content = .scalar(.null) }
    package mutating func encode(_ value: Bool) throws { slot.content = .scalar(.bool(value)) }
    package mutating func encode(_ value: String) throws { slot.content = .scalar(.string(value)) }
    package mutating func encode(_ value: Double) throws {
      guard value.isFinite else {
        throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "not finite"))
      }
      slot.content = .scalar(.number("\(value)"))
    }
    package mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    package mutating func encode(_ value: Int) throws { slot.content = .scalar(.integer(value)) }
    package mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt) throws { try encode(UInt64(value)) }
    package mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt64) throws {
      // Past Int.max (a seed can be), written as digits the decoder reads exactly.
      slot.content = .scalar(value <= UInt64(Int.max) ? .integer(Int(value)) : .number(String(value)))
    }
    package mutating func encode<T: Encodable>(_ value: T) throws { try slot.encode(value, codingPath: codingPath) }
  }
}
