/// The SPEC's formatting rules, shared by every strategy so that strategies
/// differ only in how they dispatch, never in how they format.
public enum Formatting {
  /// The text with `\`, `[` and `]` escaped by a backslash, for Markdown link
  /// text.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; returns `text` itself, without
  ///   allocating, when nothing needs escaping.
  public static func markdownEscaped(_ text: String) -> String {
    let utf8 = text.utf8
    guard utf8.contains(where: needsMarkdownEscape) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 8)
    for byte in utf8 {
      if needsMarkdownEscape(byte) { bytes.append(UInt8(ascii: "\\")) }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The string percent-encoded as UTF-8, keeping only RFC 3986 unreserved
  /// characters (`A–Z a–z 0–9 - . _ ~`); hex digits are upper case.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; returns `text` itself, without
  ///   allocating, when every byte is unreserved.
  public static func percentEncoded(_ text: String) -> String {
    let utf8 = text.utf8
    guard !utf8.allSatisfy(isUnreserved) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count * 3)
    for byte in utf8 {
      if isUnreserved(byte) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The UTC calendar date `yyyy-MM-dd` of a moment given in whole seconds
  /// since 1970-01-01T00:00:00Z.
  ///
  /// Proleptic Gregorian calendar for every `Int`, including moments before
  /// 1970 and far after 2038. Years below 1000 are zero-padded to four
  /// digits; years before year 0 carry a leading `-` (ISO 8601's expanded
  /// form), and years past 9999 print all their digits.
  public static func utcDate(_ secondsSince1970: Int) -> String {
    let (days, _) = floorDivision(secondsSince1970, 86_400)
    let (year, month, day) = civilDate(daysSince1970: days)
    var result = year < 0 ? "-" : ""
    let yearDigits = String(year.magnitude)
    if yearDigits.utf8.count < 4 {
      result += String(repeating: "0", count: 4 - yearDigits.utf8.count)
    }
    result += yearDigits
    result += month < 10 ? "-0" : "-"
    result += String(month)
    result += day < 10 ? "-0" : "-"
    result += String(day)
    return result
  }

  /// `count` followed by the noun, singular when `count` is exactly 1.
  ///
  ///     Formatting.counted(1, "play")   // "1 play"
  ///     Formatting.counted(0, "play")   // "0 plays"
  public static func counted(_ count: Int, _ singular: String) -> String {
    count == 1 ? "1 \(singular)" : "\(count) \(singular)s"
  }

  /// The number of 40-character lines a text wraps to: max(1, ⌈c / 40⌉),
  /// where c counts `Character`s (extended grapheme clusters).
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func lineCount(_ text: String) -> Int {
    max(1, (text.count + 39) / 40)
  }

  /// A height as SPEC §3 prints it: integral values without a decimal point,
  /// others in Swift's shortest `description` form.
  public static func height(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), value.magnitude < 0x1p53 {
      return String(Int(value))
    }
    return value.description
  }

  // MARK: Helpers

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  private static func needsMarkdownEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }

  /// Division rounding toward negative infinity, with a non-negative remainder.
  private static func floorDivision(_ a: Int, _ b: Int) -> (quotient: Int, remainder: Int) {
    let (q, r) = a.quotientAndRemainder(dividingBy: b)
    return r < 0 ? (q - 1, r + b) : (q, r)
  }

  /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a
  /// day counted from 1970-01-01, exact for every day an `Int` of seconds can
  /// reach.
  private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let (era, dayOfEra) = floorDivision(z, 146_097)
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
