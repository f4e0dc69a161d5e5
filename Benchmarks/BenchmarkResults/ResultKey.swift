/// The elements a benchmark case runs over: which domain, how many, and how
/// they were made.
public struct FeedID: Hashable, Comparable, Sendable {
  /// `share` or `feed`.
  public var domain: String
  public var size: Int
  /// The distribution of kinds: `uniform`, `clustered`, `skewed`, `single`,
  /// or `file` for a tiled feed file (the CSV's `distribution`).
  public var distribution: String
  /// How many kinds the elements hold.
  public var kinds: Int
  /// `generated`, or the path of the tiled feed file.
  public var source: String

  public init(domain: String, size: Int, distribution: String, kinds: Int, source: String = FeedID.generated) {
    self.domain = domain
    self.size = size
    self.distribution = distribution
    self.kinds = kinds
    self.source = source
  }

  /// The `source` of generated elements.
  public static let generated = "generated"

  public var kindsText: String { kinds == 1 ? "1 kind" : "\(kinds) kinds" }

  /// `feed · 100,000 elements · uniform · 6 kinds`
  public var title: String {
    let what = source == Self.generated ? distribution : "tiled from \(source)"
    return "\(domain) · \(size.groupedDigits) elements · \(what) · \(kindsText)"
  }

  public static func < (a: FeedID, b: FeedID) -> Bool {
    (a.domain, a.size, a.distribution, a.kinds, a.source) < (b.domain, b.size, b.distribution, b.kinds, b.source)
  }
}

/// How the timed loop was compiled: across a module boundary, one call per
/// element (`boundary`), or as an app compiles it (`app`).
public struct BuildMode: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// One `@inline(never)` call per element into a module built with
  /// `-disable-cmo`; every result file before the mode column is this.
  public static let boundary = BuildMode(rawValue: "boundary")
  /// The strategy, the model and the timed loop compiled as one
  /// whole-module-optimised module, as an app compiles them.
  public static let app = BuildMode(rawValue: "app")

  /// Every mode, in the order runs time them.
  public static let all: [BuildMode] = [.boundary, .app]

  public var description: String { rawValue }
  public static func < (a: BuildMode, b: BuildMode) -> Bool { a.rawValue < b.rawValue }
}

/// Who a row timed: a strategy by its registry name, or one of the harness's
/// reference loops.
public struct StrategyID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ name: String) { rawValue = name }
  public init(stringLiteral name: String) { rawValue = name }

  /// The cheapest kind-dependent loop over the same elements: a strategy
  /// measured below it is a measuring error.
  public static let floor = StrategyID("floor")
  /// The harness's own path with an entry point that returns a constant: its
  /// time is what the harness costs per element.
  public static let null = StrategyID("null")

  /// The floor or the null: rows that calibrate the others, not patterns.
  public var isReference: Bool { self == .floor || self == .null }

  /// Its module under Sources/, as every strategy's is named from its
  /// registry name (`classic-visitor` is `ClassicVisitor`): each word
  /// capitalised, as the synthetic generator finds a pattern's directory.
  public var moduleName: String {
    rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  public var description: String { rawValue }
  public static func < (a: StrategyID, b: StrategyID) -> Bool { a.rawValue < b.rawValue }
}

/// One benchmark case: an operation over a feed in a build mode. Every
/// strategy timed on it is a row; rows of one case are compared with each
/// other.
public struct BenchmarkCase: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var feed: FeedID
  /// A SPEC operation (`feed.height`).
  public var operation: String
  public var mode: BuildMode

  public init(feed: FeedID, operation: String, mode: BuildMode = .boundary) {
    self.feed = feed
    self.operation = operation
    self.mode = mode
  }

  /// `feed · feed.height · 100,000 elements · uniform · 6 kinds` (and the
  /// mode when it is not `boundary`).
  public var title: String {
    "\(feed.domain) · \(operation) · \(feed.size.groupedDigits) elements · \(feed.distribution) · \(feed.kindsText)"
      + (mode == .boundary ? "" : " · \(mode)")
  }

  public var description: String { title }

  public static func < (a: BenchmarkCase, b: BenchmarkCase) -> Bool {
    (a.feed.domain, a.operation, a.feed, a.mode) < (b.feed.domain, b.operation, b.feed, b.mode)
  }
}

/// A row's identity: a case and who was timed on it. What `compare` matches
/// the rows of two runs by, and what a file may hold once.
public struct ResultKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var benchmarkCase: BenchmarkCase
  public var strategy: StrategyID

  public init(_ benchmarkCase: BenchmarkCase, _ strategy: StrategyID) {
    self.benchmarkCase = benchmarkCase
    self.strategy = strategy
  }

  public var feed: FeedID { benchmarkCase.feed }
  public var operation: String { benchmarkCase.operation }
  public var mode: BuildMode { benchmarkCase.mode }

  /// `domain/operation/strategy/distribution/size`: what `run --filter` and
  /// `--list` match and print (the mode follows when it is not `boundary`).
  public var path: String {
    "\(feed.domain)/\(operation)/\(strategy)/\(feed.distribution)/\(feed.size)"
      + (mode == .boundary ? "" : "/\(mode)")
  }

  /// The path with the kinds: `feed/feed.height/naive/uniform/1000 (6 kinds)`.
  public var description: String { "\(path) (\(feed.kindsText))" }

  public static func < (a: ResultKey, b: ResultKey) -> Bool {
    (a.benchmarkCase, a.strategy) < (b.benchmarkCase, b.strategy)
  }
}

extension Int {
  /// Digits grouped in threes by commas: `1,000,000`.
  public var groupedDigits: String {
    let digits = String(magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }
}
