import DispatchModel

/// Protocols of getters: models conform to `Shareable` and one manager type
/// per platform composes the getters; view objects and cells answer the table
/// view's questions through `FeedViewObject` and `ColoredCell`.
///
/// **How one element is dispatched:** the array holds `any` existentials; an
/// operation opens the existential (projecting its box: view objects and
/// models are too large for the inline buffer) and calls the getter through
/// the conformance's witness table, once per getter the platform needs.
public enum ProtocolGetterStrategy: DispatchStrategy {
  public static let name = "protocol-getter"
  public static let mechanism =
    "witness-table call per getter on a boxed `any` existential; a manager type per platform"

  public typealias ShareElement = any Shareable
  public typealias ShareTarget = any ShareManager.Type
  public typealias FeedElement = any FeedViewObject
  public typealias Cell = any ColoredCell

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

  public static func makeCell(reuseIdentifier: String) -> (any ColoredCell)? {
    ProtocolGetter.makeCell(reuseIdentifier: reuseIdentifier)
  }

  public static func cellObject(_ cell: any ColoredCell) -> FeedCell {
    cell
  }

  // MARK: Per-element entry points (never inlined; see DispatchStrategy)

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
    _ cells: [any ColoredCell], at cellIndex: Int, with rows: [any FeedViewObject], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  @inline(never)
  public static func color(of cells: [any ColoredCell], at index: Int, using controller: FeedController)
    -> String
  {
    controller.color(of: cells, at: index)
  }

  @inline(never)
  public static func applyBackground(
    to cells: [any ColoredCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: cells, at: index)
  }
}
