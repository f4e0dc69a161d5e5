import DispatchModel

/// Type erasers, the `AnyView` / `AnyHashable` habit: each element is wrapped
/// in a struct of closures made at construction by a generic `init`, one
/// closure per requirement, so the array holds one concrete type.
///
/// **How one element is dispatched:** one indirect call through a closure
/// stored in the element: load the function pointer and its context from the
/// struct in the array, retain the context, call, release it. The closure was
/// specialised for the element's concrete type when it was made, so it reads
/// the captured value straight out of its context. A share `switch`es on the
/// platform to pick one of four closures, and retains all four contexts to
/// do it.
///
/// The idiom: the hand-written struct-of-closures eraser with a generic
/// `init`, the common form, rather than the box-class form of the standard
/// library's `AnySequence`, which dispatches through a vtable instead. Each
/// closure captures its own copy of the value: four contexts per share item,
/// three per row.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`.
/// Configuring hands it to the row's `configure` closure, which force-casts
/// it to the row's `Cell`, a `final` class. The row's eraser then erases the
/// configured cell too (`AnyShownCell`: the cell and a closure for its
/// class's colour, with no context to allocate), and that is what the app
/// keeps for a shown row: a cell's colour is one call through its eraser's
/// closure, as a row's height is.
public enum TypeEraserStrategy: DispatchStrategy {
  public static let name = "type-eraser"
  public static let mechanism =
    "a struct of closures made by a generic `init`: one closure call, the value read from its context"

  public typealias ShareElement = AnyShareable
  public typealias ShareTarget = Platform
  public typealias FeedElement = AnyCellModel
  public typealias ShownCell = AnyShownCell

  public static func makeShareElement(_ item: ShareItem) -> AnyShareable {
    switch item {
    case .user(let user): AnyShareable(user)
    case .song(let song): AnyShareable(song)
    case .playlist(let playlist): AnyShareable(playlist)
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> Platform {
    platform
  }

  public static func makeFeedElement(_ item: FeedItem) -> AnyCellModel {
    switch item {
    case .invitation(let invitation): AnyCellModel(invitation)
    case .newSong(let song): AnyCellModel(song)
    case .newEvent(let event): AnyCellModel(event)
    case .plainText(let post): AnyCellModel(post)
    case .media(let media): AnyCellModel(media)
    case .memories(let memories): AnyCellModel(memories)
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
    _ elements: [AnyShareable], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    elements[index].content(for: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [AnyCellModel], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [AnyCellModel], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [AnyCellModel], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [AnyCellModel], at index: Int, using controller: FeedController
  ) -> AnyShownCell {
    controller.shownCell(cell, showing: rows, at: index)
  }

  @inline(never)
  public static func color(
    of shownCells: [AnyShownCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  @inline(never)
  public static func applyBackground(
    to shownCells: [AnyShownCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
