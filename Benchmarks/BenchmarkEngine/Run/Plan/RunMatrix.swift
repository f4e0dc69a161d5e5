import BenchmarkResults
import Claims
import DispatchModel
import Existential
import SyntheticRegistry

/// The dimensions a run crosses, after defaults and presets are applied:
/// the planner, whose `plan()` is the run's one list of benchmark cases.
package struct RunMatrix {
  /// The default suite's one size and distribution for "every operation".
  package static let primarySize = AnswerNames.primarySize
  package static let defaultSizes = [1_000, 100_000, 1_000_000]
  /// The default suite's size sweep: small enough that the suite's launches
  /// fit its time budget. A million elements, past the last-level cache, is
  /// in --full and --sizes.
  package static let sweepSizes = [1_000, 10_000, 100_000]
  /// The sizes of --quick, and of profile by default.
  package static let smallSizes = [1_000]
  /// The operations the default suite sweeps over sizes and distributions:
  /// the cheapest dispatch of each domain, where dispatch costs show most.
  package static let sweepOperations: [SpecOperation] = [.shareInstagram, .feedIdentifier]

  package enum Shape {
    /// The default suite: every operation at one size and distribution, then a
    /// size sweep and a distribution sweep on one operation per domain.
    case defaultSuite
    /// Every combination of the dimensions below.
    case crossProduct
  }

  package var shape: Shape
  package var operations: [SpecOperation]
  package var sizes: [Int]
  package var distributions: [KindDistribution]
  /// Kinds in play, per entry; share uses at most 3.
  package var kinds: [Int]?
  package var seed: UInt64
  package var strategies: [String]
  package var filters: [GlobPattern]
  /// A tiled feed file, replacing generated feeds.
  package var file: (path: String, contents: FeedFile)?
  /// Whether a feed file is timed at its own size (its share items, or its
  /// feed rows) instead of tiled to `sizes`: when --sizes is not given.
  package var atFileSize = false
  package var modes: [BuildMode] = [.boundary]
  /// The synthetic domain's operations to time (none: no synthetic feeds),
  /// and its numbers of kinds.
  package var syntheticOperations: [String] = []
  package var syntheticKinds: [Int] = SyntheticRegistry.kindCounts
  /// The existential domain's operations to time (none: not timed; only
  /// when asked for, Guides/Existentials.md), at the primary size in the
  /// default suite, at every size otherwise.
  package var existentialOperations: [String] = []
  /// The default suite's kinds sweep: one operation, every number of kinds.
  package static let kindsSweepOperation = AnswerNames.kindsOperation

  package func plan() -> RunPlan {
    var feeds: [PlannedFeed] = []
    func add(_ feed: ElementsSpec, _ operation: SpecOperation) {
      let strategies = selected { feed.key(operation.rawValue, $0) }
      guard !strategies.isEmpty else { return }
      if let index = feeds.firstIndex(where: { $0.feed == feed }) {
        guard !feeds[index].operations.contains(where: { $0.operation == operation }) else { return }
        feeds[index].operations.append(PlannedOperation(operation, strategies))
      } else {
        feeds.append(PlannedFeed(feed: feed, operations: [PlannedOperation(operation, strategies)]))
      }
    }
    for (feed, operation) in combinations() { add(feed, operation) }
    // Operations in SPEC order within each feed.
    for index in feeds.indices {
      feeds[index].operations.sort {
        SpecOperation.allCases.firstIndex(of: $0.operation)! < SpecOperation.allCases.firstIndex(of: $1.operation)!
      }
    }
    return RunPlan(feeds: feeds, synthetic: syntheticPlan() + existentialPlan(), modes: modes)
  }

  /// The existential domain's feeds: one kind, its every operation asked
  /// for at each size (the primary size in the default suite), its
  /// contenders those the filters let through.
  private func existentialPlan() -> [PlannedSynthetic] {
    let sizes = shape == .defaultSuite ? [Self.primarySize] : self.sizes
    return sizes.compactMap { size in
      var feed = PlannedSynthetic(
        domain: PlannedSynthetic.existentialDomain, kinds: 1, size: size, seed: seed, operations: [], strategies: [])
      for operation in existentialOperations {
        let benchmarkCase = BenchmarkCase(feed: feed.feed, operation: operation, mode: .app)
        let contenders = ExistentialDomain.names.filter { name in
          filters.isEmpty || filters.contains { $0.matches(ResultKey(benchmarkCase, StrategyID(name)).path) }
        }
        guard !contenders.isEmpty else { continue }
        feed.operations.append(operation)
        feed.strategies = Array(Set(feed.strategies).union(contenders))
      }
      feed.strategies = ExistentialDomain.names.filter(feed.strategies.contains)
      return feed.operations.isEmpty ? nil : feed
    }
  }

  /// The synthetic feeds: in the default suite, a kinds sweep of one
  /// operation at the primary size; otherwise every synthetic operation ×
  /// size × number of kinds.
  private func syntheticPlan() -> [PlannedSynthetic] {
    let operations =
      shape == .defaultSuite
      ? syntheticOperations.filter { $0 == Self.kindsSweepOperation } : syntheticOperations
    let sizes = shape == .defaultSuite ? [Self.primarySize] : self.sizes
    var planned: [PlannedSynthetic] = []
    for size in sizes {
      for kinds in syntheticKinds {
        var feed = PlannedSynthetic(kinds: kinds, size: size, seed: seed, operations: [], strategies: [])
        for operation in operations {
          let strategies = selected { ResultKey(BenchmarkCase(feed: feed.feed, operation: operation, mode: .app), $0) }
          guard !strategies.isEmpty else { continue }
          feed.operations.append(operation)
          feed.strategies = strategies
        }
        if !feed.operations.isEmpty { planned.append(feed) }
      }
    }
    return planned
  }

  /// The strategies whose row `key(strategy)` the filters let through.
  private func selected(_ key: (StrategyID) -> ResultKey) -> [String] {
    strategies.filter { name in filters.isEmpty || filters.contains { $0.matches(key(StrategyID(name)).path) } }
  }

  private func combinations() -> [(ElementsSpec, SpecOperation)] {
    switch shape {
    case .crossProduct:
      var result: [(ElementsSpec, SpecOperation)] = []
      for operation in operations {
        for size in sizes(for: operation.domain) {
          for distribution in file == nil ? distributions : [.uniform] {
            for kinds in kindsList(for: operation.domain) {
              result.append((feed(operation.domain, size, distribution, kinds), operation))
            }
          }
        }
      }
      return result
    case .defaultSuite:
      var result: [(ElementsSpec, SpecOperation)] = []
      for operation in operations {
        result.append((feed(operation.domain, Self.primarySize, .uniform, maximumKinds(operation.domain)), operation))
      }
      for operation in Self.sweepOperations where operations.contains(operation) {
        let kinds = maximumKinds(operation.domain)
        for size in Self.sweepSizes where size != Self.primarySize {
          result.append((feed(operation.domain, size, .uniform, kinds), operation))
        }
        for distribution in KindDistribution.allCases where distribution != .uniform {
          result.append((feed(operation.domain, Self.primarySize, distribution, kinds), operation))
        }
      }
      return result
    }
  }

  /// The sizes a domain's feeds have: `sizes`, or the feed file's own
  /// count of that domain's elements.
  private func sizes(for domain: Domain) -> [Int] {
    guard atFileSize, let file else { return sizes }
    return [domain == .share ? file.contents.share.count : file.contents.feed.count]
  }

  private func maximumKinds(_ domain: Domain) -> Int {
    domain == .share ? ShareKind.allCases.count : FeedKind.allCases.count
  }

  private func kindsList(for domain: Domain) -> [Int] {
    guard let kinds else { return [maximumKinds(domain)] }
    var seen: [Int] = []
    for value in kinds.map({ min($0, maximumKinds(domain)) }) where !seen.contains(value) {
      seen.append(value)
    }
    return seen
  }

  private func feed(_ domain: Domain, _ size: Int, _ distribution: KindDistribution, _ kinds: Int)
    -> ElementsSpec
  {
    if let file {
      let kindsPresent =
        domain == .share
        ? Set(file.contents.share.map(\.kind)).count : Set(file.contents.feed.map(\.kind)).count
      return ElementsSpec(
        domain: domain, size: size, distribution: "file", kinds: kindsPresent, seed: seed,
        source: file.path, elementSource: .tiled(file.contents, seed: seed))
    }
    return ElementsSpec(
      domain: domain, size: size, distribution: distribution.rawValue,
      kinds: distribution.kindsPresent(inPlay: kinds), seed: seed, source: "generated",
      elementSource: .generated(seed: seed, distribution: distribution, kinds: kinds))
  }
}
