/// How the kinds of a generated feed's elements are laid out.
public enum KindDistribution: String, CaseIterable, Hashable, Sendable {
  /// Each element's kind drawn independently and uniformly from the kinds in
  /// play: the hardest case for a branch predictor.
  case uniform
  /// The `uniform` feed's elements, stably sorted into one run per kind: the
  /// same work as `uniform`, perfectly predictable.
  case clustered
  /// Zipf-like: kind *k* (from 0, in SPEC order) drawn with weight 1 / (*k* + 1),
  /// so with six kinds 41%, 20%, 14%, 10%, 8% and 7%.
  case skewed
  /// Every element of the first kind.
  case single

  /// The probability of each of the first `kinds` kinds.
  public func weights(kinds: Int) -> [Double] {
    precondition(kinds >= 1)
    switch self {
    case .uniform, .clustered:
      return Array(repeating: 1 / Double(kinds), count: kinds)
    case .skewed:
      let raw = (0..<kinds).map { 1 / Double($0 + 1) }
      let total = raw.reduce(0, +)
      return raw.map { $0 / total }
    case .single:
      return [1] + Array(repeating: 0, count: kinds - 1)
    }
  }

  /// How many kinds a feed of this distribution holds when `kinds` are in play.
  public func kindsPresent(inPlay kinds: Int) -> Int {
    self == .single ? 1 : kinds
  }
}

/// Draws element kinds from a distribution's weights with integer thresholds,
/// so the same seed gives the same kinds on every machine.
struct _KindSampler: Sendable {
  private let thresholds: [UInt64]

  init(distribution: KindDistribution, kinds: Int) {
    guard distribution != .single else {
      // One kind, exactly: no draw can land elsewhere.
      self.thresholds = []
      return
    }
    let weights = distribution.weights(kinds: kinds)
    var cumulative = 0.0
    var thresholds: [UInt64] = []
    for weight in weights.dropLast() {
      cumulative += weight
      let scaled = cumulative * 0x1p64
      thresholds.append(scaled >= 0x1p64 ? .max : UInt64(scaled))
    }
    self.thresholds = thresholds
  }

  func kind(for draw: UInt64) -> Int {
    var kind = 0
    while kind < thresholds.count && draw >= thresholds[kind] { kind += 1 }
    return kind
  }
}
