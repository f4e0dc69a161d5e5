import DispatchModel

/// Protocols of getters: models conform to `Shareable` and one manager class
/// per platform composes the getters; view objects and cells answer the table
/// view's questions through `FeedViewObject` and `ColoredCell`.
///
/// **How one element is dispatched:** the array holds `any` existentials; an
/// operation opens the existential (projecting its box: view objects and
/// models are too large for the inline buffer) and calls the getter through
/// the conformance's witness table, once per getter the platform needs. A
/// share first allocates the platform's manager object, as the share
/// article's `FacebookShare(model:)` is a class made per share.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`. No article
/// shows a getter on a cell, so this does what the cell article does to reach
/// a protocol from a `UITableViewCell`: `(cell as! any ColoredCell)`, a
/// runtime cast to an existential that looks the conformance up (the
/// runtime caches it), then the getter through its witness table.
/// Configuring hands the base-class cell to the row's `configure(_:)`, which
/// force-casts it to its own `final` cell class.
public enum ProtocolGetterStrategy: DispatchStrategy {
  public static let name = "protocol-getter"
  public static let mechanism =
    "witness-table call per getter on a boxed `any` existential; a manager class per platform"

  public typealias ShareElement = any Shareable
  public typealias ShareTarget = any ShareManager.Type
  public typealias FeedElement = any FeedViewObject
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> any Shareable {
    switch item {
    case .user(let user): user
    case .song(let song): song
    case .playlist(let playlist): playlist
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> any ShareManager.Type {
    managerType(for: platform)
  }

  public static func makeFeedElement(_ item: FeedItem) -> any FeedViewObject {
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
    ProtocolGetter.makeCell(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [any Shareable], at index: Int, to targets: [any ShareManager.Type], at targetIndex: Int
  ) -> String {
    ProtocolGetter.share(elements, at: index, with: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [any FeedViewObject], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [any FeedViewObject], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedViewObject], at index: Int,
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
