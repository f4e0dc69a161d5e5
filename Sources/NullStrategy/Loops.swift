#if APP_MODE
// App mode only: the AppNullStrategy module compiles this file with the null
// strategy and the model as one module. See AppModeLoops in the model.
import BenchmarkSupport

/// The null strategy as an app compiles it: the loops of every app module,
/// with per-element code that returns a constant. Its time is app mode's own
/// cost per element (the loop, the opaque inputs, the black hole).
public final class AppLoops: AppModeWorkload, AppModeLoops {
  typealias Strategy = NullStrategy

  public static let name = Strategy.name
  let shareFeed: AppShareFeed<Strategy>?
  let tableFeed: AppTableFeed<Strategy>?

  public init(
    domain: String, size: Int, seed: UInt64, distribution: String, kinds: Int, feedFile: String?
  ) {
    let source = AppModeSource(
      domain: domain, size: size, seed: seed, distribution: distribution, kinds: kinds,
      feedFile: feedFile)
    shareFeed = source.share.map { AppShareFeed($0) }
    tableFeed = source.feed.map { AppTableFeed($0, AppLoops.self) }
  }

  public var count: Int { elementCount }

  public func run(_ operation: String, range: Range<Int>, repetitions: Int) {
    runLoop(operation, range: range, repetitions: repetitions)
  }

  public func output(_ operation: String, at index: Int) -> String {
    elementOutput(operation, at: index)
  }
}

// MARK: One element: a constant

extension AppLoops {
  static func share(_ elements: [UInt8], at index: Int, to target: UInt8) -> String {
    Strategy.content
  }

  static func identifier(of rows: [UInt8], at index: Int, using controller: Strategy.NullController)
    -> String
  {
    Strategy.identifier
  }

  static func height(of rows: [UInt8], at index: Int, using controller: Strategy.NullController)
    -> Double
  {
    0
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [UInt8], at index: Int,
    using controller: Strategy.NullController
  ) {}

  static func shownCell(
    _ cell: FeedCell, showing rows: [Strategy.FeedElement], at index: Int, using controller: Strategy.NullController
  ) -> FeedCell {
    cell
  }

  static func color(
    of cells: [FeedCell], at index: Int, using controller: Strategy.NullController
  ) -> String {
    Strategy.content
  }

  static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: Strategy.NullController
  ) {}
}
#endif
