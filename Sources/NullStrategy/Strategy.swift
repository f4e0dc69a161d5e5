import DispatchModel

/// The null strategy: the harness's own cost per element, not a pattern.
///
/// It is timed through the same loops as every strategy, with the same build
/// policy, but each entry point returns a constant (or does nothing), whatever
/// the element: what a strategy costs beyond it is the strategy's. It is not
/// in `Registry.strategies` (its outputs are not SPEC §3's), so parity tests
/// and `dump` never see it; `run` times it in every benchmark case as `null`.
///
/// **How one element is dispatched:** it is not; the call returns a constant.
public enum NullStrategy: DispatchStrategy {
  public static let name = "null"
  public static let mechanism = "none: every entry point returns a constant"

  /// One byte per element, so the loop still walks an array of the feed's size.
  public typealias ShareElement = UInt8
  public typealias ShareTarget = UInt8
  public typealias FeedElement = UInt8
  public typealias ShownCell = FeedCell
  public typealias FeedController = NullController

  /// What a controller would keep: nothing.
  public struct NullController: Sendable {
    public init() {}
  }

  /// The one reuse identifier and colour every row gets.
  public static let identifier = "null"
  public static let content = "null"

  public static func makeShareElement(_ item: ShareItem) -> UInt8 { 0 }
  public static func makeShareTarget(_ platform: Platform) -> UInt8 { 0 }
  public static func makeFeedElement(_ item: FeedItem) -> UInt8 { 0 }
  public static func makeFeedController() -> NullController { NullController() }
  public static func makeCell(reuseIdentifier: String) -> FeedCell? { FeedCell() }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(_ elements: [UInt8], at index: Int, to targets: [UInt8], at targetIndex: Int)
    -> String
  {
    content
  }

  @inline(never)
  public static func identifier(of rows: [UInt8], at index: Int, using controller: NullController)
    -> String
  {
    identifier
  }

  @inline(never)
  public static func height(of rows: [UInt8], at index: Int, using controller: NullController) -> Double {
    0
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [UInt8], at index: Int,
    using controller: NullController
  ) {}

  /// The base-class cell itself, as most patterns keep it.
  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [FeedElement], at index: Int, using controller: NullController
  ) -> FeedCell {
    cell
  }

  @inline(never)
  public static func color(
    of cells: [FeedCell], at index: Int, using controller: NullController
  ) -> String {
    content
  }

  @inline(never)
  public static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: NullController
  ) {}
}
