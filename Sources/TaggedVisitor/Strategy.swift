import DispatchModel

/// The visitor most Swift developers subclass today, written as swift-syntax
/// writes `SyntaxVisitor` (every SwiftLint rule, macro and formatter): every
/// element is one struct that carries a kind tag (`ShareNode`, `FeedNode`,
/// as every syntax node is a `Syntax` whose raw node carries its
/// `SyntaxKind`); the visitor is an open class with one overridable
/// `visit` per kind, each returning whether to go on
/// (`VisitorContinueKind`); its `walk` switches on the tag, views the node
/// as its kind (`UserNode`, `InvitationNode`, …) and calls that kind's
/// `visit`.
///
/// **How one element is dispatched:** one `switch` on the node's kind tag
/// (a compare chain or a jump table), then one vtable call: the visitor's
/// class, the overriding `visit` for that kind from its vtable; the typed
/// node reads the payload behind the node's one reference, as the tag says
/// it is, without a cast. The result is read back from the visitor object,
/// as a SwiftLint rule collects its violations. Each platform is a visitor
/// subclass; the controller keeps one per operation. The visits are
/// declared in the tag's order, so the optimiser may fold the `switch` into
/// the vtable index (the release build's feed `walk` loads the class and
/// jumps through its vtable at the tag's slot).
///
/// `walk` is never inlined (but in the evolution-frozen build), as
/// swift-syntax's is compiled in its own module: inlined into app mode's
/// loop over one `final` visitor, its visits were devirtualised into a
/// jump table, which no swift-syntax user gets.
///
/// The visitors are internal, as a SwiftLint rule's are in its own module:
/// a public stored result on a class would cost a dynamic exclusivity check
/// per access (two per element), which the classic visitor's internal
/// visitors do not pay either.
///
/// swift-syntax's walk also calls `visitPost` after a node's children; rows
/// and share items are leaves and no visitor here needs the post-order
/// call, so there is none (with it, each element would pay a second vtable
/// call, to an empty method).
///
/// **Cells** come from the reuse pool as the base class `FeedCell`, and
/// configuring writes through it. A shown cell is kept beside its row's tag
/// (`CellNode`), as a tag-first `cellForRowAt` knows it; the cell visitor's
/// walk switches on that tag and calls the `visit` for that cell class, so
/// no operation asks a cell for its class.
public enum TaggedVisitorStrategy: DispatchStrategy {
  public static let name = "tagged-visitor"
  public static let mechanism =
    "a `switch` on the node's kind tag, then that kind's `visit` through the visitor class's vtable; result read back"

  public typealias ShareElement = ShareNode
  public typealias ShareTarget = ShareVisitor
  public typealias FeedElement = FeedNode
  public typealias ShownCell = CellNode

  public static func makeShareElement(_ item: ShareItem) -> ShareNode {
    switch item {
    case .user(let user): ShareNode(.user, user)
    case .song(let song): ShareNode(.song, song)
    case .playlist(let playlist): ShareNode(.playlist, playlist)
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> ShareVisitor {
    makeVisitor(for: platform)
  }

  public static func makeFeedElement(_ item: FeedItem) -> FeedNode {
    switch item {
    case .invitation(let invitation): FeedNode(.invitation, invitation)
    case .newSong(let song): FeedNode(.newSong, song)
    case .newEvent(let event): FeedNode(.newEvent, event)
    case .plainText(let post): FeedNode(.plainText, post)
    case .media(let media): FeedNode(.media, media)
    case .memories(let memories): FeedNode(.memories, memories)
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
    _ elements: [ShareNode], at index: Int, to targets: [ShareVisitor], at targetIndex: Int
  ) -> String {
    let visitor = targets[targetIndex]
    visitor.walk(elements[index])
    return visitor.content
  }

  @inline(never)
  public static func identifier(
    of rows: [FeedNode], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [FeedNode], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedNode], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  /// The cell, beside the kind tag of the row it shows.
  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [FeedNode], at index: Int, using controller: FeedController
  ) -> CellNode {
    CellNode(kind: rows[index].kind, cell: cell)
  }

  @inline(never)
  public static func color(
    of shownCells: [CellNode], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  @inline(never)
  public static func applyBackground(
    to shownCells: [CellNode], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
