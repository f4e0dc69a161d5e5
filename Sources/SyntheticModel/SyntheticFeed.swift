/// One element of a synthetic feed: which of the kinds it is, and its
/// payload.
public struct SyntheticElement: Equatable, Sendable {
  /// The kind, from 0 to the number of kinds less one.
  public var kind: Int
  /// What the kind's computing operation reads.
  public var payload: UInt64

  public init(kind: Int, payload: UInt64) {
    self.kind = kind
    self.payload = payload
  }
}

/// The synthetic domain's feeds: element `i` depends only on the seed, `i`
/// and the number of kinds, so every pattern, at every size, builds its
/// elements from the same values.
///
/// Element `i` draws from SplitMix64 seeded for `i` (as the share and feed
/// generators seed theirs): first its kind, uniformly over the kinds by
/// Lemire's multiply-shift, then its payload, the next 64 bits.
public enum SyntheticFeed {
  /// Element `index` of the feed seeded by `seed` over `kinds` kinds.
  /// - Precondition: `kinds` is positive.
  public static func element(_ index: Int, seed: UInt64, kinds: Int) -> SyntheticElement {
    precondition(kinds > 0, "a synthetic feed needs at least one kind")
    var generator = _SplitMix64.forElement(index, seed: seed)
    let kind = generator.below(kinds)
    return SyntheticElement(kind: kind, payload: generator.next())
  }

  /// The first `count` elements of the feed seeded by `seed`.
  /// - Complexity: O(`count`).
  public static func elements(count: Int, seed: UInt64, kinds: Int) -> [SyntheticElement] {
    elements(count: count, seed: seed, kinds: kinds, as: { $0 })
  }

  /// The first `count` elements of the feed seeded by `seed`, each made into
  /// a pattern's element by `make`.
  ///
  /// Not `@inlinable`: a pattern's module calls it unspecialised. Building
  /// is never timed, and a specialisation for each of the 54 element types
  /// would only add to the build.
  /// - Complexity: O(`count`) calls of `make`.
  public static func elements<Element>(
    count: Int, seed: UInt64, kinds: Int, as make: (SyntheticElement) -> Element
  ) -> [Element] {
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for index in 0..<count {
      elements.append(make(element(index, seed: seed, kinds: kinds)))
    }
    return elements
  }
}
