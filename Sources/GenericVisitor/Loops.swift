#if APP_MODE
// App mode only: the AppGenericVisitor module compiles this file with the
// strategy and the model as one module. See AppModeLoops in the model.
import BenchmarkSupport

/// generic-visitor as an app compiles it: the view controller's loops, the
/// visitors and the models in one whole-module-optimised module.
///
/// Per element, the article's code: the element `accept`s a visitor struct
/// and returns what its `visit` returns (the controller's own code, as in the
/// boundary mode); a cell comes out of the reuse pool as the base class and
/// the controller casts it, `(cell as! any VisitableCell).accept(ColorVisitor())`,
/// as the cell article's `willDisplay` does.
public final class AppLoops: AppModeWorkload, AppModeLoops {
  typealias Strategy = GenericVisitorStrategy

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
  static func share(
    _ elements: [any ShareVisitable], at index: Int, to policy: any SharePolicy<String>
  ) -> String {
    elements[index].accept(policy)
  }

  static func identifier(
    of rows: [any FeedVisitable], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  static func height(
    of rows: [any FeedVisitable], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedVisitable], at index: Int,
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
