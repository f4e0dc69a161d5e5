/// A 64-bit FNV-1a digest: stable across runs, processes and machines, unlike
/// `Hasher`, which is seeded per process.
public struct Checksum: Hashable, Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  private static let prime: UInt64 = 0x100_0000_01b3

  public mutating func combine(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* Self.prime
  }

  public mutating func combine(_ string: String) {
    for byte in string.utf8 { combine(byte) }
  }

  public mutating func combine(_ word: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { combine(UInt8(truncatingIfNeeded: word >> shift)) }
  }

  /// The digest of one string.
  public static func digest(_ string: String) -> UInt64 {
    var checksum = Checksum()
    checksum.combine(string)
    return checksum.value
  }

  /// The value as 16 lower-case hex digits, as written in CSV.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
