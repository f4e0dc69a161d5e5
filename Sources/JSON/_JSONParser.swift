/// A recursive-descent JSON parser over UTF-8 bytes.
struct _JSONParser {
  private let bytes: [UInt8]
  private let maximumDepth: Int
  private var offset = 0
  private var depth = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    // A UTF-8 byte order mark is allowed before the document.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard offset == bytes.count else {
      throw error("unexpected \(describeByte(at: offset)) after the end of the document")
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard offset < bytes.count else { throw error("unexpected end of file, expected a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeByte(at: offset)), expected a value")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    offset += 1  // {
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeByte(at: offset)), expected a string key")
      }
      let keyOffset = offset
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw error("unexpected \(describeByte(at: offset)), expected ':'")
      }
      offset += 1
      skipWhitespace()
      let value = try parseValue()
      guard members.updateValue(value, forKey: key) == nil else {
        throw error("duplicate key \"\(key)\"", at: keyOffset)
      }
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        depth -= 1
        return .object(members)
      default: throw error("unexpected \(describeByte(at: offset)), expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    offset += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        depth -= 1
        return .array(elements)
      default: throw error("unexpected \(describeByte(at: offset)), expected ',' or ']'")
      }
    }
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= maximumDepth else {
      throw error("arrays and objects nest deeper than \(maximumDepth) levels")
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = offset
    offset += 1  // opening quote
    var utf8: [UInt8] = []
    while true {
      guard offset < bytes.count else { throw error("unterminated string", at: start) }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        guard let string = String(validating: utf8, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return string
      case UInt8(ascii: "\\"):
        offset += 1
        try parseEscape(into: &utf8)
      case 0x00..<0x20:
        throw error("control character U+\(hex4(UInt32(byte))) must be escaped in a string")
      default:
        utf8.append(byte)
        offset += 1
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    guard offset < bytes.count else { throw error("unterminated escape sequence") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        // A high surrogate must be followed by an escaped low surrogate.
        guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
          throw error("unpaired surrogate \\u\(hex4(scalar))")
        }
        offset += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("unpaired surrogate \\u\(hex4(scalar))")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw error("unpaired surrogate \\u\(hex4(scalar))")
      }
      // Every value left is a valid scalar.
      utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    default:
      offset -= 1
      throw error("invalid escape \\\(describeByte(at: offset))")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count else { throw error("unterminated \\u escape") }
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit \(describeByte(at: offset)) in \\u escape")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = offset
    var isInteger = true
    if peek() == UInt8(ascii: "-") { offset += 1 }
    switch peek() {
    case UInt8(ascii: "0"):
      offset += 1
    case .some(UInt8(ascii: "1")...UInt8(ascii: "9")):
      skipDigits()
    default:
      throw error("invalid number: expected a digit")
    }
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard isDigit(peek()) else { throw error("invalid number: expected a digit after '.'") }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard isDigit(peek()) else { throw error("invalid number: expected a digit in the exponent") }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    return .number(text)
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = offset
    let expected = literal.withUTF8Buffer { Array($0) }
    for byte in expected {
      guard offset < bytes.count, bytes[offset] == byte else {
        throw error("invalid literal, expected \(literal)", at: start)
      }
      offset += 1
    }
  }

  // MARK: Bytes

  private func peek(_ ahead: Int = 0) -> UInt8? {
    offset + ahead < bytes.count ? bytes[offset + ahead] : nil
  }

  private func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func skipDigits() {
    while isDigit(peek()) { offset += 1 }
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      offset += 1
    }
  }

  private func describeByte(at index: Int) -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private func error(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
    let index = min(index ?? offset, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<index where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    // Columns count characters, not bytes: skip UTF-8 continuation bytes.
    let column = 1 + bytes[lineStart..<index].filter { $0 & 0xC0 != 0x80 }.count
    return JSONSyntaxError(line: line, column: column, message: message)
  }
}
