import DispatchModel
import StrategyRegistry
import TestSupport
import Testing

/// Every distribution, in boundary mode: all the expected strategies agree on
/// every operation, and what they agree on is the SPEC oracle's, including
/// the two operations `dump` does not print, `share.mixed` (whose platform
/// per item the oracle draws itself) and `feed.apply-background`.
@Suite struct DistributionParityTests {
  static let seeds: [UInt64] = [1, 42, 0xDEAD_BEEF]
  static let size = 1_000

  @Test func theRegistryHoldsTheExpectedStrategies() {
    let mismatch = ExpectedStrategies.mismatch(Registry.names)
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  /// `share.mixed`'s expected outputs: item *i* shared to the platform the
  /// oracle draws for *i*. A clustered feed is the uniform feed's elements
  /// stably sorted by kind, so its element keeps its uniform position's draw.
  static func expectedMixed(seed: UInt64, distribution: KindDistribution) throws -> [String] {
    let kinds = ShareKind.allCases.count
    let drawn = distribution == .clustered ? .uniform : distribution
    var items = ShareItemSequence(source: .generated(seed: seed, distribution: drawn, kinds: kinds), count: size)
      .map(\.item).enumerated().map { (index: $0.offset, item: $0.element) }
    if distribution == .clustered {
      let order = ShareKind.allCases
      items = try items.sorted {
        (try #require(order.firstIndex(of: $0.item.kind)), $0.index) < (
          try #require(order.firstIndex(of: $1.item.kind)), $1.index
        )
      }
    }
    return items.map { SpecOracle.share($0.item, SpecOracle.mixedPlatform(index: $0.index, seed: seed)) }
  }

  @Test(arguments: KindDistribution.allCases, seeds)
  func shareAgreesWithTheOracle(distribution: KindDistribution, seed: UInt64) throws {
    let context = "\(distribution.rawValue), seed \(seed), size \(Self.size)"
    let elements = ShareItemSequence(
      source: .generated(seed: seed, distribution: distribution, kinds: ShareKind.allCases.count), count: Self.size)
    let items = elements.map(\.item)
    let prepared = Registry.strategies.map { $0.prepare(elements) }
    let mismatch = ExpectedStrategies.mismatch(prepared.map(\.strategy))
    try #require(mismatch == nil, "\(mismatch ?? "")")
    let mixed = try Self.expectedMixed(seed: seed, distribution: distribution)
    for operation in SpecOperation.allCases where operation.domain == .share {
      let expected = operation.platform.map { platform in items.map { SpecOracle.share($0, platform) } } ?? mixed
      Self.expectOracle(prepared, operation, expected, context: context)
    }
  }

  /// The mixed draw pairs every kind with every platform, each platform on
  /// about a quarter of the items: dispatch on kind × platform, as SPEC §1
  /// says, not one platform or one pairing per kind.
  @Test(arguments: seeds)
  func theMixedDrawPairsEveryKindWithEveryPlatform(seed: UInt64) {
    let platforms = (0..<Self.size).map { SpecOracle.mixedPlatform(index: $0, seed: seed) }
    for platform in Platform.allCases {
      let count = platforms.filter { $0 == platform }.count
      #expect((175...325).contains(count), "seed \(seed): \(platform) on \(count) of \(Self.size) items")
    }
    let elements = ShareItemSequence(
      source: .generated(seed: seed, distribution: .uniform, kinds: ShareKind.allCases.count), count: Self.size)
    let pairs = Set(elements.map { "\($0.item.kind) \($0.platform)" })
    #expect(pairs.count == ShareKind.allCases.count * Platform.allCases.count, "seed \(seed): \(pairs.sorted())")
  }

  @Test(arguments: KindDistribution.allCases, seeds)
  func feedAgreesWithTheOracle(distribution: KindDistribution, seed: UInt64) throws {
    let context = "\(distribution.rawValue), seed \(seed), size \(Self.size)"
    let elements = FeedItemSequence(
      source: .generated(seed: seed, distribution: distribution, kinds: FeedKind.allCases.count), count: Self.size)
    let items = Array(elements)
    #expect(
      Set(items.map(\.kind)).count == distribution.kindsPresent(inPlay: FeedKind.allCases.count), "\(context)")
    let prepared = Registry.strategies.map { $0.prepare(elements) }
    let mismatch = ExpectedStrategies.mismatch(prepared.map(\.strategy))
    try #require(mismatch == nil, "\(mismatch ?? "")")
    let oracle = items.map(SpecOracle.feed)
    for operation in SpecOperation.allCases where operation.domain == .feed {
      let expected: [String] = zip(items, oracle).map { item, cell in
        let height = cell.height == cell.height.rounded() ? String(Int(cell.height)) : "\(cell.height)"
        switch operation {
        case .feedIdentifier: return cell.identifier
        case .feedHeight: return height
        case .feedConfigure: return cell.configured
        case .feedColor: return cell.color
        case .feedApplyBackground: return SpecOracle.appliedBackground(item)
        case .feedRender: return "\(cell.identifier)|\(height)|\(cell.configured)|\(cell.color)"
        default: return "\(operation.rawValue) is not a feed operation"
        }
      }
      Self.expectOracle(prepared, operation, expected, context: context)
    }
  }

  /// Expects every strategy's outputs for `operation` to be the oracle's
  /// `expected`, naming the strategy and first element that differ.
  static func expectOracle(
    _ prepared: [PreparedWorkload], _ operation: SpecOperation, _ expected: [String], context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for strategy in prepared {
      let outputs = strategy.outputs(operation)
      let index = outputs.indices.first { outputs[$0] != expected[$0] }
      #expect(
        outputs.count == size && index == nil,
        "\(context): \(strategy.strategy) \(operation.rawValue) index \(index ?? -1): gave \(index.map { outputs[$0].debugDescription } ?? "\(outputs.count) outputs"), the oracle says \(index.map { expected[$0].debugDescription } ?? "\(size)")",
        sourceLocation: sourceLocation
      )
    }
  }
}
