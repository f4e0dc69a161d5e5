import JSON
import Testing

@Suite struct JSONValueTests {
  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  @Test func parsesEveryKindOfValue() throws {
    let value = try parse(
      #"{"a": [1, -2, 3.5, 1e3, true, false, null, "x\n\u00e9\ud83c\udf89"], "b": {}}"#)
    #expect(
      value
        == .object([
          "a": .array([
            .integer(1), .integer(-2), .number("3.5"), .number("1e3"), .bool(true), .bool(false),
            .null, .string("x\né🎉"),
          ]),
          "b": .object([:]),
        ]))
  }

  @Test func keepsIntegersThatOverflowAsWritten() throws {
    #expect(try parse("9223372036854775807") == .integer(.max))
    #expect(try parse("-9223372036854775808") == .integer(.min))
    #expect(try parse("9223372036854775808") == .number("9223372036854775808"))
  }

  @Test func acceptsAByteOrderMark() throws {
    #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
  }

  @Test(arguments: [
    ("", 1, 1, "unexpected end of file"),
    ("{\"a\": 1,}", 1, 9, "expected a string key"),
    ("[1 2]", 1, 4, "expected ',' or ']'"),
    ("{\n  \"a\": tru\n}", 2, 8, "invalid literal"),
    ("\"abc", 1, 1, "unterminated string"),
    ("01", 1, 2, "after the end of the document"),
    ("-", 1, 2, "expected a digit"),
    ("1.", 1, 3, "after '.'"),
    ("\"\\x\"", 1, 3, "invalid escape"),
    ("\"\\ud800\"", 1, 8, "unpaired surrogate"),
    ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
    ("\"tab\there\"", 1, 5, "must be escaped"),
  ])
  func reportsSyntaxErrorsWithLineAndColumn(
    text: String, line: Int, column: Int, message: String
  ) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? JSONSyntaxError else { return false }
      return error.line == line && error.column == column && error.message.contains(message)
    }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: JSONSyntaxError.self) {
      try JSONValue.parse([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
    }
  }

  @Test func refusesNestingDeeperThanTheLimitInsteadOfOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000)
    #expect {
      try parse(deep)
    } throws: { error in
      (error as? JSONSyntaxError)?.message.contains("nest deeper") == true
    }
    #expect(throws: Never.self) { try JSONValue.parse(Array("[[[]]]".utf8), maximumDepth: 3) }
  }
}
