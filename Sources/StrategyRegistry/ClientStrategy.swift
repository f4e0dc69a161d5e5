import DispatchModel
import NullStrategy

#if DISPATCH_BENCH_LIBRARY_EVOLUTION
/// `DispatchStrategy` as a client of a binary framework calls it: the same
/// requirements, declared in this module, which is not built with library
/// evolution.
///
/// In the evolution builds the strategy modules are resilient, and so is each
/// strategy's conformance to `DispatchStrategy`: a loop specialised for a
/// strategy still reaches a requirement through its dispatch thunk (a
/// witness-table call), and never sees an `@inlinable` body. An app calls the
/// framework's concrete API instead (`EnumSwitchStrategy.identifier(…)`). Each
/// strategy conforms to this protocol here (the StrategyList plugin writes
/// the conformances; the null's is below), so the conformance and its witness
/// thunks live in this module, where the loop specialised for a strategy calls
/// its concrete method directly and inlines it where it is `@inlinable`.
/// In every other build `ClientStrategy` is `DispatchStrategy` itself.
public protocol ClientStrategy: Sendable {
  static var name: String { get }
  static var mechanism: String { get }

  associatedtype ShareElement
  associatedtype ShareTarget
  associatedtype FeedElement
  associatedtype FeedController
  associatedtype ShownCell

  static func makeShareElement(_ item: ShareItem) -> ShareElement
  static func makeShareTarget(_ platform: Platform) -> ShareTarget
  static func makeFeedElement(_ item: FeedItem) -> FeedElement
  static func makeFeedController() -> FeedController
  static func makeCell(reuseIdentifier: String) -> FeedCell?
  static func shownCell(
    _ cell: FeedCell, showing rows: [FeedElement], at index: Int, using controller: FeedController
  ) -> ShownCell

  static func share(
    _ elements: [ShareElement], at index: Int, to targets: [ShareTarget], at targetIndex: Int
  ) -> String
  static func identifier(of rows: [FeedElement], at index: Int, using controller: FeedController)
    -> String
  static func height(of rows: [FeedElement], at index: Int, using controller: FeedController)
    -> Double
  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedElement], at index: Int,
    using controller: FeedController)
  static func color(of cells: [ShownCell], at index: Int, using controller: FeedController) -> String
  static func applyBackground(to cells: [ShownCell], at index: Int, using controller: FeedController)
}

extension NullStrategy: ClientStrategy {}
#else
public typealias ClientStrategy = DispatchStrategy
#endif
