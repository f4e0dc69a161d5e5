import BenchmarkResults
import DispatchModel
import StrategyRegistry
import SyntheticRegistry

/// One feed a run builds and times operations on: a domain's elements at a
/// size, laid out by a distribution over a number of kinds.
public struct FeedSpec: Hashable, Sendable {
  public var domain: Domain
  public var size: Int
  /// `uniform`, `clustered`, `skewed`, `single`, or `file` for a tiled file.
  public var distribution: String
  /// How many kinds the feed holds.
  public var kinds: Int
  public var seed: UInt64
  /// `generated`, or the path of the tiled feed file.
  public var source: String
  var elementSource: ElementSource

  /// The feed as result files name it.
  var id: FeedID {
    FeedID(domain: domain.rawValue, size: size, layout: distribution, kinds: kinds, source: source)
  }

  /// The row of `strategy` on `operation` over this feed.
  func key(_ operation: String, _ strategy: StrategyID) -> ResultKey {
    ResultKey(BenchmarkCase(feed: id, operation: operation), strategy)
  }

  var title: String { id.title }
}

/// The operations and strategies a run times on one feed, in every mode.
struct PlannedFeed {
  var feed: FeedSpec
  /// Each operation with the strategies timed on it, in registry order.
  var operations: [(operation: SpecOperation, strategies: [String])]
  var modes: [BuildMode] = [.boundary]

  /// Every row this feed contributes, the floor and the null of each case
  /// included, in the order a run writes them.
  var keys: [ResultKey] {
    modes.flatMap { mode in
      operations.flatMap { entry in
        let benchmarkCase = BenchmarkCase(feed: feed.id, operation: entry.operation.rawValue, mode: mode)
        return (entry.strategies.map { StrategyID($0) } + [.floor, .null]).map { ResultKey(benchmarkCase, $0) }
      }
    }
  }
}

/// One step of a launch (`RunPlan.steps(_:)`).
enum RunStep {
  /// Feeds whose representations are all built, then sampled together.
  struct Batch {
    var feeds: [PlannedFeed] = []
    var synthetic: [PlannedSynthetic] = []
    var isEmpty: Bool { feeds.isEmpty && synthetic.isEmpty }
  }

  case together(Batch)
  /// A feed timed one strategy at a time beside the baseline.
  case sequential(PlannedFeed)
}

/// Which benchmark cases a run times.
struct RunPlan {
  var feeds: [PlannedFeed]
  var synthetic: [PlannedSynthetic] = []

  /// Every row, in the order a run writes them.
  var keys: [ResultKey] { feeds.flatMap(\.keys) + synthetic.flatMap(\.keys) }

  /// Rows the run writes: one per strategy and benchmark case, and each
  /// case's floor and null.
  var rowCount: Int { keys.count }

  /// Benchmark cases: operations timed on a feed in a mode, each for every
  /// selected strategy. The unit the run's header and progress count in.
  var caseCount: Int {
    feeds.reduce(0) { $0 + $1.operations.count * $1.modes.count } + synthetic.reduce(0) { $0 + $1.operations.count }
  }

  /// What a launch does, in the plan's order: feeds built together, as many
  /// as `memory`'s budget holds, their benchmark cases then sampled in
  /// interleaved passes; and each feed too large to hold every strategy's
  /// representation at once, on its own, one strategy at a time.
  func steps(_ memory: MemoryPlan) -> [RunStep] {
    var steps: [RunStep] = []
    var batch = RunStep.Batch()
    var weight = 0.0
    func flush() {
      if !batch.isEmpty { steps.append(.together(batch)) }
      batch = RunStep.Batch()
      weight = 0
    }
    func add(_ bytes: Double?, _ append: (inout RunStep.Batch) -> Void) {
      if weight + (bytes ?? 0) > memory.budget { flush() }
      append(&batch)
      weight += bytes ?? 0
    }
    for planned in feeds {
      if memory.schedule(planned.feed) == .sequential {
        flush()
        steps.append(.sequential(planned))
      } else {
        add(memory.bytes[planned.feed.id]) { $0.feeds.append(planned) }
      }
    }
    for planned in synthetic { add(memory.bytes[planned.feed]) { $0.synthetic.append(planned) } }
    flush()
    return steps
  }

  /// The sizes of the feeds, smallest first, as a header says them:
  /// `1,000, 10,000 and 100,000`.
  var sizesText: String {
    let sizes = Set(feeds.map(\.feed.size) + synthetic.map(\.size)).sorted().map(\.groupedDigits)
    guard sizes.count > 1 else { return sizes.first ?? "no" }
    return sizes.dropLast().joined(separator: ", ") + " and " + sizes.last!
  }
}

/// The dimensions a run crosses, after defaults and presets are applied.
struct RunMatrix {
  /// The default suite's one size and distribution for "every operation".
  static let primarySize = 100_000
  static let defaultSizes = [1_000, 100_000, 1_000_000]
  /// The default suite's size sweep: small enough that the suite's launches
  /// fit its time budget. A million elements, past the last-level cache, is
  /// in --full and --sizes.
  static let sweepSizes = [1_000, 10_000, 100_000]
  /// The sizes of --quick, and of profile by default.
  static let smallSizes = [1_000]
  /// The operations the default suite sweeps over sizes and distributions:
  /// the cheapest dispatch of each domain, where dispatch costs show most.
  static let sweepOperations: [SpecOperation] = [.shareInstagram, .feedIdentifier]

  enum Shape {
    /// The default suite: every operation at one size and distribution, then a
    /// size sweep and a distribution sweep on one operation per domain.
    case defaultSuite
    /// Every combination of the dimensions below.
    case crossProduct
  }

  var shape: Shape
  var operations: [SpecOperation]
  var sizes: [Int]
  var distributions: [KindDistribution]
  /// Kinds in play, per entry; share uses at most 3.
  var kinds: [Int]?
  var seed: UInt64
  var strategies: [String]
  var filters: [GlobPattern]
  /// A tiled feed file, replacing generated feeds.
  var file: (path: String, contents: FeedFile)?
  /// Whether a feed file is timed at its own size (its share items, or its
  /// feed rows) instead of tiled to `sizes`: when --sizes is not given.
  var atFileSize = false
  var modes: [BuildMode] = [.boundary]
  /// The synthetic domain's operations to time (none: no synthetic feeds),
  /// and its numbers of kinds.
  var syntheticOperations: [String] = []
  var syntheticKinds: [Int] = SyntheticRegistry.kindCounts
  /// The default suite's kinds sweep: one operation, every number of kinds.
  static let kindsSweepOperation = "synthetic.constant"

  func plan() -> RunPlan {
    var feeds: [PlannedFeed] = []
    func add(_ feed: FeedSpec, _ operation: SpecOperation) {
      let strategies = strategies.filter { name in
        filters.isEmpty
          || filters.contains { $0.matches(feed.key(operation.rawValue, StrategyID(name)).path) }
      }
      guard !strategies.isEmpty else { return }
      if let index = feeds.firstIndex(where: { $0.feed == feed }) {
        guard !feeds[index].operations.contains(where: { $0.operation == operation }) else { return }
        feeds[index].operations.append((operation, strategies))
      } else {
        feeds.append(PlannedFeed(feed: feed, operations: [(operation, strategies)], modes: modes))
      }
    }
    for (feed, operation) in combinations() { add(feed, operation) }
    // Operations in SPEC order within each feed.
    for index in feeds.indices {
      feeds[index].operations.sort {
        SpecOperation.allCases.firstIndex(of: $0.operation)! < SpecOperation.allCases.firstIndex(of: $1.operation)!
      }
    }
    return RunPlan(feeds: feeds, synthetic: syntheticPlan())
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
          let strategies = strategies.filter { name in
            filters.isEmpty || filters.contains {
              $0.matches(ResultKey(BenchmarkCase(feed: feed.feed, operation: operation, mode: .app), StrategyID(name)).path)
            }
          }
          guard !strategies.isEmpty else { continue }
          feed.operations.append(operation)
          feed.strategies = strategies
        }
        if !feed.operations.isEmpty { planned.append(feed) }
      }
    }
    return planned
  }

  private func combinations() -> [(FeedSpec, SpecOperation)] {
    switch shape {
    case .crossProduct:
      var result: [(FeedSpec, SpecOperation)] = []
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
      var result: [(FeedSpec, SpecOperation)] = []
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
    -> FeedSpec
  {
    if let file {
      let kindsPresent =
        domain == .share
        ? Set(file.contents.share.map(\.kind)).count : Set(file.contents.feed.map(\.kind)).count
      return FeedSpec(
        domain: domain, size: size, distribution: "file", kinds: kindsPresent, seed: seed,
        source: file.path, elementSource: .tiled(file.contents, seed: seed))
    }
    return FeedSpec(
      domain: domain, size: size, distribution: distribution.rawValue,
      kinds: distribution.kindsPresent(inPlay: kinds), seed: seed, source: "generated",
      elementSource: .generated(seed: seed, distribution: distribution, kinds: kinds))
  }
}

/// A shell-style pattern: `*` matches any run of characters (`/` included),
/// `?` any one character.
struct GlobPattern: Equatable {
  var pattern: String

  func matches(_ text: String) -> Bool {
    let pattern = Array(pattern)
    let text = Array(text)
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
        p += 1
        t += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
