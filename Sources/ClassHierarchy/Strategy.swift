import DispatchModel

/// Class hierarchies, the UIKit habit: a base class per role (share model,
/// feed row, table cell) whose subclasses override its methods, one subclass
/// per kind.
///
/// **How one element is dispatched:** one vtable call: load the reference
/// from the array, load its class (the `isa` word), load the overriding
/// method from the class's vtable, call it. A share picks the platform's
/// method with a `switch`, which the compiler folds into the vtable index.
/// Configuring calls the cell's `configure(with:)`, which casts the row down
/// to its row class: a `final` class, so the cast is one compare of the
/// row's `isa`, not a runtime call.
///
/// **Cells** come from the reuse pool as the base class `FeedCell`; the
/// app's cell classes subclass it (`FeedTableCell`, then a `final` class per
/// kind), and the controller force-casts the cell to `FeedTableCell` before
/// each call, as `dequeueReusableCell(…) as! FeedTableCell` does: a cast to
/// a non-`final` class, which walks the cell's superclass chain one step.
///
/// The idiom: the common one, non-`final` base classes whose "abstract"
/// methods trap, a `final` subclass per kind, and `override`s, as UIKit
/// code subclasses `UITableViewCell`. Nothing of the module's is `open`, so
/// the optimiser sees every subclass; it still leaves these calls as vtable
/// calls.
public enum ClassHierarchyStrategy: DispatchStrategy {
  public static let name = "class-hierarchy"
  public static let mechanism =
    "one vtable call on a class reference: subclasses override the base class's methods"

  public typealias ShareElement = ShareModel
  public typealias ShareTarget = Platform
  public typealias FeedElement = FeedRowModel
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> ShareModel {
    switch item {
    case .user(let user): UserModel(user)
    case .song(let song): SongModel(song)
    case .playlist(let playlist): PlaylistModel(playlist)
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> Platform {
    platform
  }

  public static func makeFeedElement(_ item: FeedItem) -> FeedRowModel {
    switch item {
    case .invitation(let invitation): InvitationRowModel(invitation)
    case .newSong(let song): NewSongRowModel(song)
    case .newEvent(let event): NewEventRowModel(event)
    case .plainText(let post): PlainTextRowModel(post)
    case .media(let media): MediaRowModel(media)
    case .memories(let memories): MemoriesRowModel(memories)
    }
  }

  public static func makeFeedController() -> FeedController {
    FeedController()
  }

  public static func makeCell(reuseIdentifier: String) -> FeedCell? {
    ClassHierarchy.makeCell(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [ShareModel], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    elements[index].content(for: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [FeedRowModel], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [FeedRowModel], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRowModel], at index: Int,
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
