import DispatchModel

/// Closed enums for share items, platforms and feed rows; every operation on
/// them is an exhaustive `switch`.
///
/// **How one element is dispatched:** one `switch` on the enum's case tag
/// (a compare chain or a jump table), with the payload stored inline in the
/// array; no witness table, no existential box, no allocation.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`.
/// Configuring switches on the row's case and writes through the base
/// class. Once a row is shown, the controller keeps the case it configured
/// the cell from beside the cell (`ShownRow`), as an enum-first
/// `cellForRowAt` knows it, so a cell's colour is one exhaustive `switch` on
/// that case: no operation asks a cell for its class, and none has a
/// `default:` (check-kernels.py and EnumSwitchSourceTests check both).
public enum EnumSwitchStrategy: DispatchStrategy {
  public static let name = "enum-switch"
  public static let mechanism =
    "one exhaustive `switch` on the enum's case tag; payload inline, no witness table; a shown cell by its row's case"

  public typealias ShareTarget = Platform
  public typealias FeedElement = FeedRow
  public typealias ShownCell = ShownRow

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

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

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

  /// The cell, beside the case of the row it shows.
  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [FeedRow], at index: Int, using controller: FeedController
  ) -> ShownRow {
    ShownRow(kind: rows[index].kind, cell: cell)
  }

  @inline(never)
  public static func color(
    of shownCells: [ShownRow], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  @inline(never)
  public static func applyBackground(
    to shownCells: [ShownRow], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
