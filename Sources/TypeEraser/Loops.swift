#if APP_MODE
// App mode only: the AppTypeEraser module compiles this file with the
// strategy and the model as one module. See AppModeLoops in the model.
import BenchmarkSupport

/// type-eraser as an app compiles it: the view controller's loops, the
/// erasers and the models in one whole-module-optimised module.
///
/// Per element, the module's own code, as in the boundary mode: one call of a
/// closure stored in the element. The reuse pool hands out the base class: a
/// row's `configure` closure casts the cell down itself, and a cell's colour
/// is read through a cast to `any ColoredCell`.
public final class AppLoops: AppModeWorkload, AppModeLoops {
  typealias Strategy = TypeEraserStrategy

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
  static func share(_ elements: [AnyShareable], at index: Int, to platform: Platform) -> String {
    elements[index].content(for: platform)
  }

  static func identifier(of rows: [AnyCellModel], at index: Int, using controller: FeedController)
    -> String
  {
    controller.identifier(for: rows, at: index)
  }

  static func height(of rows: [AnyCellModel], at index: Int, using controller: FeedController) -> Double {
    controller.height(for: rows, at: index)
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [AnyCellModel], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  static func shownCell(
    _ cell: FeedCell, showing rows: [AnyCellModel], at index: Int, using controller: FeedController
  ) -> AnyShownCell {
    controller.shownCell(cell, showing: rows, at: index)
  }

  static func color(
    of shownCells: [AnyShownCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  static func applyBackground(
    to shownCells: [AnyShownCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
#endif
