/// SplitMix64, as DispatchModel's `SplitMix64` draws it: this module depends
/// on the toolchain alone, so that a pattern's synthetic module compiles
/// without the model. The parity tests check the two agree.
struct _SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`, by Lemire's multiply-shift.
  mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: UInt64(bound).multipliedFullWidth(by: next()).high)
  }

  /// The generator of element `index` of the feed seeded by `seed`.
  static func forElement(_ index: Int, seed: UInt64) -> _SplitMix64 {
    var mixer = _SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
    return _SplitMix64(seed: mixer.next())
  }
}
