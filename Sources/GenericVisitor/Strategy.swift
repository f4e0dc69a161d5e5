import DispatchModel

/// The generic visitor of the table-view articles: a visitor protocol with an
/// `associatedtype T`, `accept<V: Visitor>(_:) -> V.T` on every element, and
/// one visitor struct per operation.
///
/// **How one element is dispatched:** two indirect calls: `accept<V>` through
/// the element existential's witness table (after projecting its box),
/// unspecialised, so `V`'s metadata and witness table travel with the call;
/// then `visit` through `V`'s witness table, returning `V.T` indirectly.
/// Visitors and share policies are structs, as the table-view articles'
/// generic visitors are (the share article's visitor is the classic one).
///
/// **Cells** come from the reuse pool as the base class `FeedCell`, and the
/// cell article's generic `willDisplay` is followed to the letter: `(cell
/// as! any VisitableCell).accept(ColorVisitor())`, a runtime cast to an
/// existential that looks the class's conformance up (the runtime caches
/// it), then the double dispatch. Configuring makes a configurator holding
/// the base-class cell per row, as the feed article's `cellForRowAt` does,
/// and its `visit` for the row's kind force-casts the cell to its `final`
/// class.
public enum GenericVisitorStrategy: DispatchStrategy {
  public static let name = "generic-visitor"
  public static let mechanism =
    "double dispatch with generics: unspecialised `accept<V>` via witness table, `visit` returns `V.T`"

  public typealias ShareElement = any ShareVisitable
  public typealias ShareTarget = any SharePolicy<String>
  public typealias FeedElement = any FeedVisitable
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> any ShareVisitable {
    switch item {
    case .user(let user): user
    case .song(let song): song
    case .playlist(let playlist): playlist
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> any SharePolicy<String> {
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
    _ elements: [any ShareVisitable], at index: Int, to targets: [any SharePolicy<String>], at targetIndex: Int
  ) -> String {
    elements[index].accept(targets[targetIndex])
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
