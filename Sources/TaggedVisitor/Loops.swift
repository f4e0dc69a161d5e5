#if APP_MODE
// App mode only: the AppTaggedVisitor module compiles this file with the
// strategy and the model as one module. See AppModeLoops in the model.
import BenchmarkSupport

/// tagged-visitor as an app compiles it: the view controller's loops, the
/// visitors and the models in one whole-module-optimised module.
///
/// Per element, swift-syntax's walk: a `switch` on the node's kind tag, then
/// that kind's `visit` through the visitor's vtable, the result read back
/// from the visitor (the controller's own code, as in the boundary mode). A
/// shown cell is kept beside its row's tag, which the cell visitor's walk
/// switches on.
public final class AppLoops: AppModeWorkload, AppModeLoops {
  typealias Strategy = TaggedVisitorStrategy

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
  static func share(_ elements: [ShareNode], at index: Int, to visitor: ShareVisitor) -> String {
    visitor.walk(elements[index])
    return visitor.content
  }

  static func identifier(of rows: [FeedNode], at index: Int, using controller: FeedController)
    -> String
  {
    controller.identifier(for: rows, at: index)
  }

  static func height(of rows: [FeedNode], at index: Int, using controller: FeedController) -> Double {
    controller.height(for: rows, at: index)
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedNode], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  static func shownCell(
    _ cell: FeedCell, showing rows: [FeedNode], at index: Int, using controller: FeedController
  ) -> CellNode {
    CellNode(kind: rows[index].kind, cell: cell)
  }

  static func color(
    of shownCells: [CellNode], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  static func applyBackground(
    to shownCells: [CellNode], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
#endif
