import DispatchModel
import Testing

@Suite struct FormattingTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("Nothing [yet]", "Nothing \\[yet\\]"),
    ("a\\b", "a\\\\b"),
    ("[]\\", "\\[\\]\\\\"),
    ("", ""),
  ])
  func markdownEscaping(input: String, expected: String) {
    #expect(Formatting.markdownEscaped(input) == expected)
  }

  @Test(arguments: [
    ("abcXYZ019-._~", "abcXYZ019-._~"),
    ("empty list", "empty%20list"),
    ("a/b", "a%2Fb"),
    ("100%", "100%25"),
    ("ü/2", "%C3%BC%2F2"),
    ("東京", "%E6%9D%B1%E4%BA%AC"),
    ("🎉", "%F0%9F%8E%89"),
    ("", ""),
  ])
  func percentEncoding(input: String, expected: String) {
    #expect(Formatting.percentEncoded(input) == expected)
  }

  @Test(arguments: [
    (0, "1970-01-01"),
    (86_399, "1970-01-01"),
    (86_400, "1970-01-02"),
    (-1, "1969-12-31"),
    (-86_400, "1969-12-31"),
    (-86_401, "1969-12-30"),
    (1_371_772_800, "2013-06-21"),
    (951_782_400, "2000-02-29"),  // a leap day in a century leap year
    (2_147_483_647, "2038-01-19"),  // the last second of 32-bit time
    (2_147_483_648, "2038-01-19"),
    (4_102_444_800, "2100-01-01"),
    (4_107_542_400, "2100-03-01"),  // 2100 is not a leap year
    (253_402_300_799, "9999-12-31"),
    (253_402_300_800, "10000-01-01"),
    (-62_135_596_800, "0001-01-01"),
    (-62_135_596_801, "0000-12-31"),
    (-62_198_755_200, "-0001-01-01"),
  ])
  func utcDates(seconds: Int, expected: String) {
    #expect(Formatting.utcDate(seconds) == expected)
  }

  @Test func extremeDatesDoNotTrap() {
    #expect(!Formatting.utcDate(.max).isEmpty)
    #expect(Formatting.utcDate(.min).hasPrefix("-"))
  }

  @Test(arguments: [
    (0, "0 plays"), (1, "1 play"), (2, "2 plays"), (1_200_000, "1200000 plays"),
  ])
  func plurals(count: Int, expected: String) {
    #expect(Formatting.counted(count, "play") == expected)
  }

  @Test func lineCountCountsCharactersNotScalarsOrBytes() {
    #expect(Formatting.lineCount("") == 1)
    #expect(Formatting.lineCount(String(repeating: "a", count: 40)) == 1)
    #expect(Formatting.lineCount(String(repeating: "a", count: 41)) == 2)
    // A ZWJ family is 5 scalars and 18 bytes, but one Character.
    let family = "👩‍👩‍👧‍👦"
    #expect(family.unicodeScalars.count > 1)
    #expect(Formatting.lineCount(String(repeating: family, count: 40)) == 1)
    #expect(Formatting.lineCount(String(repeating: family, count: 41)) == 2)
    // "e" + COMBINING ACUTE ACCENT is two scalars, one Character.
    let accented = "e\u{301}"
    #expect(Formatting.lineCount(String(repeating: accented, count: 40)) == 1)
    #expect(Formatting.lineCount(String(repeating: accented, count: 41)) == 2)
    #expect(Formatting.lineCount(String(repeating: "a", count: 39) + family) == 1)
    #expect(Formatting.lineCount(String(repeating: "a", count: 40) + accented) == 2)
  }

  @Test(arguments: [
    (300.0, "300"), (64.0, "64"), (0.0, "0"), (12.5, "12.5"), (0.1, "0.1"),
    (1e300, "1e+300"),
  ])
  func heights(value: Double, expected: String) {
    #expect(Formatting.height(value) == expected)
  }
}
