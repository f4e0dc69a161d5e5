#if APP_MODE
// App mode only: the AppNaive module compiles this file with the
// strategy and the model as one module. See AppModeLoops in the model.
import BenchmarkSupport

/// naive as an app compiles it: the view controller's loops, the share
/// manager, the rows and the models in one whole-module-optimised module.
///
/// Per element, the articles' "thoughtless" code, the controller's own as in
/// the boundary mode: a share makes a `ShareManager` for the row and calls the
/// platform's method; a feed operation `switch`es on `row.type` and
/// force-unwraps; a cell comes out of the reuse pool as the base class, and its
/// colour is found by testing it against each cell class in turn.
public final class AppLoops: AppModeWorkload, AppModeLoops {
  typealias Strategy = NaiveStrategy

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

// MARK: One element, as the article writes it

extension AppLoops {
  static func share(_ elements: [ShareRow], at index: Int, to platform: Platform) -> String {
    ShareManager(row: elements[index]).share(to: platform)
  }

  static func identifier(of rows: [FeedRow], at index: Int, using controller: FeedController)
    -> String
  {
    controller.identifier(for: rows, at: index)
  }

  static func height(of rows: [FeedRow], at index: Int, using controller: FeedController) -> Double {
    controller.height(for: rows, at: index)
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRow], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  static func shownCell(
    _ cell: FeedCell, showing rows: [Strategy.FeedElement], at index: Int, using controller: FeedController
  ) -> FeedCell {
    cell
  }

  static func color(
    of cells: [FeedCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: cells[index])
  }

  static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: cells[index])
  }
}
#endif
