import DispatchModel

/// Closed enums for share items, platforms and feed rows; every operation on
/// them is an exhaustive `switch`.
///
/// **How one element is dispatched:** one `switch` on the enum's case tag
/// (a compare chain or a jump table), with the payload stored inline in the
/// array; no witness table, no existential box, no allocation.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`, and no
/// article shows this pattern reaching a cell's class, so it does what a team
/// that dispatches with `switch` writes: configuring switches on the row's
/// case and force-casts the cell to that case's class inside it (the feed
/// article's `switch row.type { case .invitation: … as! InvitationCell }`),
/// one class check; a cell's colour, which only the cell decides, is a
/// `switch` on the cell with a type pattern per class (`case is
/// InvitationCell:`), tried in order, a class check each, with a `default:`.
/// Keeping a cell enum beside the pool instead, whose case tag is the class,
/// would spare the casts, but no app gets one from `dequeueReusableCell`.
public enum EnumSwitchStrategy: DispatchStrategy {
  public static let name = "enum-switch"
  public static let mechanism =
    "one exhaustive `switch` on the enum's case tag; payload inline, no witness table; cells cast by class"

  public typealias ShareTarget = Platform
  public typealias FeedElement = FeedRow

  public static func makeShareElement(_ item: ShareItem) -> ShareElement {
    switch item {
    case .user(let user): .user(user)
    case .song(let song): .song(song)
    case .playlist(let playlist): .playlist(playlist)
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> Platform {
    platform
  }

  public static func makeFeedElement(_ item: FeedItem) -> FeedRow {
    switch item {
    case .invitation(let invitation): .invitation(invitation)
    case .newSong(let song): .newSong(song)
    case .newEvent(let event): .newEvent(event)
    case .plainText(let post): .plainText(post)
    case .media(let media): .media(media)
    case .memories(let memories): .memories(memories)
    }
  }

  public static func makeFeedController() -> FeedController {
    FeedController()
  }

  public static func makeCell(reuseIdentifier: String) -> FeedCell? {
    FeedCell.make(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [ShareElement], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    shareContent(of: elements, at: index, to: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [FeedRow], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [FeedRow], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRow], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  @inline(never)
  public static func color(of cells: [FeedCell], at index: Int, using controller: FeedController)
    -> String
  {
    controller.color(of: cells, at: index)
  }

  @inline(never)
  public static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: cells, at: index)
  }
}
