/// The contract a dispatch strategy fulfils: its own representation of share
/// items, platforms and feed rows, and the SPEC operations on one element at
/// a time.
///
/// Cells are the one input no strategy chooses: as a table view's
/// `dequeueReusableCell` returns a `UITableViewCell`, the reuse pool holds
/// and hands out the base class `FeedCell`, in both modes. Configuring gets
/// from it to the row's cell class as the pattern's code does. Once a row is
/// shown, each app keeps what its pattern keeps (`ShownCell`): the
/// base-class cell for most, the row's case beside the cell for an
/// enum-first app, an eraser for a type-erasing one, a key for a handler
/// table; `color` and `applyBackground` start from that, inside the timed
/// call.
///
/// The harness (`StrategyRegistry`) reaches every strategy through generic
/// code specialised for the concrete strategy, so a call to a requirement is
/// a direct call, never a witness-table or existential call of the harness's
/// own. What happens after that call is the strategy's dispatch, and is what
/// the benchmark measures.
///
/// ## Inlining policy
/// Every per-element requirement (`share`, `identifier`, `height`,
/// `configure`, `shownCell`, `color`, `applyBackground`) is implemented with
/// `@inline(never)` in every strategy, and nothing in a strategy module is
/// `@inlinable`. So each element costs exactly one direct call from the
/// harness loop into the strategy, whatever cross-module optimisation the
/// build applies; inside its module each strategy is optimised as the
/// compiler sees fit, as it would be in an app.
///
/// The one exception is the build matrix's `evolution-frozen` build
/// (`DISPATCH_BENCH_FROZEN`, Guides/Builds.md): there every strategy is
/// written as a speed-minded framework author would write it, with
/// `@inlinable` entry points and `@frozen` types instead, the attributes
/// Benchmarks/Scripts/frozen-attributes.txt lists. In both evolution
/// builds the harness's loops reach a strategy through the registry's own
/// `ClientStrategy`, as an app calls a framework's concrete API: this
/// conformance is resilient there, and would cost a witness-table call.
public protocol DispatchStrategy: Sendable {
  /// The name used in the registry, on the command line and in CSV files, in
  /// lowercase kebab case (`classic-visitor`).
  static var name: String { get }

  /// How one element is dispatched, in one line.
  static var mechanism: String { get }

  // MARK: Representation

  /// One share item in this strategy's form.
  associatedtype ShareElement
  /// A platform in this strategy's form: a visitor, a manager type, a case.
  associatedtype ShareTarget
  /// One feed row in this strategy's form.
  associatedtype FeedElement
  /// What the strategy keeps from row to row, like a table-view controller
  /// keeps its visitors.
  associatedtype FeedController
  /// What the app holds for a row it has configured into a cell, and hands
  /// to `color` and `applyBackground`: what its pattern keeps after
  /// `cellForRowAt`, made by `shownCell` (see Guides/Strategies.md, "What
  /// each timed call receives").
  associatedtype ShownCell

  static func makeShareElement(_ item: ShareItem) -> ShareElement
  static func makeShareTarget(_ platform: Platform) -> ShareTarget
  static func makeFeedElement(_ item: FeedItem) -> FeedElement
  static func makeFeedController() -> FeedController

  /// A new cell of the class registered for a reuse identifier, or `nil` for
  /// an identifier no cell class has. Called on a reuse-pool miss only,
  /// never timed; the pool keeps it as the base class.
  static func makeCell(reuseIdentifier: String) -> FeedCell?

  /// What the app keeps for row `index` once it has configured it into
  /// `cell`, a cell of the row's class. Never timed in `feed.color` and
  /// `feed.apply-background`, whose inputs it makes before timing; timed in
  /// `feed.render`, as part of showing a row.
  static func shownCell(
    _ cell: FeedCell, showing rows: [FeedElement], at index: Int, using controller: FeedController
  ) -> ShownCell

  // MARK: Share operations

  /// The content of sharing element `index` to target `targetIndex`
  /// (SPEC §1).
  ///
  /// Like every per-element operation, it receives the strategy's own array
  /// and an index, as a table view asks its data source for the row at an
  /// index path: the strategy reads its element (or cell) itself, so the
  /// harness never copies a strategy's value, and what the read costs is the
  /// pattern's own. Cells come as the pool's `[FeedCell]` to `configure`, and
  /// as the app's `ShownCell` to `color` and `applyBackground`: what it costs
  /// to get from there to the cell's class is the pattern's own too.
  static func share(
    _ elements: [ShareElement], at index: Int, to targets: [ShareTarget], at targetIndex: Int
  ) -> String

  // MARK: Feed operations

  /// The reuse identifier of the row's cell class.
  static func identifier(of rows: [FeedElement], at index: Int, using controller: FeedController)
    -> String

  /// The row's height in points.
  static func height(of rows: [FeedElement], at index: Int, using controller: FeedController)
    -> Double

  /// Writes row `index` into cell `cellIndex`, a cell of the row's class.
  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedElement], at index: Int,
    using controller: FeedController)

  /// The background colour of shown cell `index`, decided by its class.
  static func color(of cells: [ShownCell], at index: Int, using controller: FeedController) -> String

  /// Sets shown cell `index`'s background colour to the colour of its class.
  static func applyBackground(to cells: [ShownCell], at index: Int, using controller: FeedController)
}
