import DispatchModel

/// The classic double-dispatch visitor of the share article: each element
/// `accept`s a visitor object and calls back the `visit` overload for its
/// concrete type; visits return `Void` and visitor classes keep the result.
///
/// **How one element is dispatched:** two indirect calls: `accept(visitor:)`
/// through the element existential's witness table (after projecting its
/// box), then `visit` through the visitor's; the result is then read back
/// from the visitor object. Share policies are classes, as the article's are.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`, and the
/// cell article's `willDisplay` is followed to the letter: `(cell as! any
/// VisitableCell).accept(visitor:)`, a runtime cast to an existential that
/// looks the class's conformance up (the runtime caches it), then the double
/// dispatch. Configuring hands the base-class cell to the configurator
/// visitor, whose `visit` for the row's kind force-casts it to its `final`
/// class, as the feed article's configurator casts `cell`.
public enum ClassicVisitorStrategy: DispatchStrategy {
  public static let name = "classic-visitor"
  public static let mechanism =
    "double dispatch: `accept` via the element's witness table, `visit` via the visitor's; result read back"

  public typealias ShareElement = any Shareable
  public typealias ShareTarget = any SharePolicy
  public typealias FeedElement = any FeedVisitable
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> any Shareable {
    switch item {
    case .user(let user): user
    case .song(let song): song
    case .playlist(let playlist): playlist
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> any SharePolicy {
    makePolicy(for: platform)
  }

  public static func makeFeedElement(_ item: FeedItem) -> any FeedVisitable {
    switch item {
    case .invitation(let invitation): invitation
    case .newSong(let song): song
    case .newEvent(let event): event
    case .plainText(let post): post
    case .media(let media): media
    case .memories(let memories): memories
    }
  }

  public static func makeFeedController() -> FeedController {
    FeedController()
  }

  public static func makeCell(reuseIdentifier: String) -> FeedCell? {
    FeedCell.make(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [any Shareable], at index: Int, to targets: [any SharePolicy], at targetIndex: Int
  ) -> String {
    let policy = targets[targetIndex]
    elements[index].accept(visitor: policy)
    return policy.content
  }

  @inline(never)
  public static func identifier(
    of rows: [any FeedVisitable], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [any FeedVisitable], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedVisitable], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  /// The base-class cell itself: what the pattern's `color` and
  /// `applyBackground` start from, as its article's `willDisplay` does.
  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [FeedElement], at index: Int, using controller: FeedController
  ) -> FeedCell {
    cell
  }

  @inline(never)
  public static func color(
    of cells: [FeedCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: cells[index])
  }

  @inline(never)
  public static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: cells[index])
  }
}
