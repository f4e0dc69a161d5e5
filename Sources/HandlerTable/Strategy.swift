import DispatchModel

/// Handler tables, the registry habit of plugin architectures: elements held
/// as `Any`, and per kind a handler registered in a dictionary keyed by the
/// `ObjectIdentifier` of the element's type; each platform of the share
/// sheet has its own table.
///
/// **How one element is dispatched:** a dictionary lookup, then a closure
/// call: read the element's dynamic type (for an `Any`, a copy of the
/// existential and a `swift_getDynamicType` call; for a cell, its `isa`),
/// hash that pointer, probe the table, then call the handler found, a
/// closure that casts the element down with `swift_dynamicCast` (a cast
/// that always matches) and calls the typed handler: a second closure call,
/// which the optimiser folds away for the share tables but not the feed's.
/// An identifier or a colour is data in the table, so it costs the lookup
/// alone. A shown cell is kept with the key its class's colour is
/// registered under (`ShownCell`), which the row's handler gave when the row
/// was configured, so a colour is one lookup by that key.
///
/// The idiom: a dictionary keyed by type, filled by typed `register` calls,
/// the common form because plugins can register kinds the host never saw.
/// The fast form, an array of handlers indexed by a closed enum's case tag,
/// gives that up and is an `enum-switch` with an indirect call. Each table
/// is a value built once and kept in a `let`; a registry class with a
/// `var` dictionary would add a dynamic exclusivity check to every lookup.
public enum HandlerTableStrategy: DispatchStrategy {
  public static let name = "handler-table"
  public static let mechanism =
    "elements as `Any`; hash the type's `ObjectIdentifier`, look up a handler, call it, cast down"

  public typealias ShareElement = Any
  public typealias ShareTarget = ShareHandlerTable
  public typealias FeedElement = Any
  public typealias ShownCell = HandlerTable.ShownCell

  public static func makeShareElement(_ item: ShareItem) -> Any {
    switch item {
    case .user(let user): user
    case .song(let song): song
    case .playlist(let playlist): playlist
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> ShareHandlerTable {
    makeHandlerTable(for: platform)
  }

  public static func makeFeedElement(_ item: FeedItem) -> Any {
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
    HandlerTable.makeCell(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [Any], at index: Int, to targets: [ShareHandlerTable], at targetIndex: Int
  ) -> String {
    targets[targetIndex].content(of: elements[index])
  }

  @inline(never)
  public static func identifier(
    of rows: [Any], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [Any], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [Any], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [Any], at index: Int, using controller: FeedController
  ) -> ShownCell {
    controller.shownCell(cell, showing: rows, at: index)
  }

  @inline(never)
  public static func color(
    of shownCells: [ShownCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: shownCells[index])
  }

  @inline(never)
  public static func applyBackground(
    to shownCells: [ShownCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: shownCells[index])
  }
}
