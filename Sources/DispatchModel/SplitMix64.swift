/// Steele, Lea and Flood's SplitMix64: a small, fast generator whose output
/// is fixed by its seed on every platform and Swift version.
///
/// The package draws bounded numbers with its own `below(_:)` rather than the
/// standard library's `random(in:using:)`, whose algorithm is not promised to
/// stay the same, so that a seed names the same feed everywhere.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`, by Lemire's multiply-shift (bias below 2⁻³²
  /// for the bounds used here).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    return Int(truncatingIfNeeded: UInt64(bound).multipliedFullWidth(by: next()).high)
  }

  /// A number in `range`.
  public mutating func draw(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `true` with probability 1 / `n`.
  public mutating func oneIn(_ n: Int) -> Bool {
    below(n) == 0
  }

  /// A generator for element `index` of the feed seeded by `seed`, so that
  /// any element can be made without making the ones before it.
  public static func forElement(_ index: Int, seed: UInt64) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
    return SplitMix64(seed: mixer.next())
  }
}
