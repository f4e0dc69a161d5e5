import DispatchModel

/// What the table view does with one kind of row: the identifier of the cell
/// class registered for it, and handlers that take the row as `Any`.
struct RowHandler {
  let reuseIdentifier: String
  /// The key the cell class's colour is registered under.
  let cellKey: ObjectIdentifier
  let height: (Any) -> Double
  let configure: (Any, FeedCell) -> Void
}

/// The feed's handlers, keyed by the `ObjectIdentifier` of the row type each
/// one handles, as a plugin architecture registers a renderer per model
/// type; with them, the colour of each cell class, keyed by the class.
public struct RowHandlerTable {
  private var handlers: [ObjectIdentifier: RowHandler] = [:]
  private var cellColors: [ObjectIdentifier: String] = [:]

  /// Registers the handlers for one row type, and the cell class that shows
  /// it with its colour. The handlers are typed; the table stores them behind
  /// closures that cast the row, and the cell, down.
  mutating func register<Row, Cell: RegisteredCell>(
    _: Row.Type, shownIn _: Cell.Type, height: @escaping (Row) -> Double,
    configure: @escaping (Row, Cell) -> Void
  ) {
    handlers[ObjectIdentifier(Row.self)] = RowHandler(
      reuseIdentifier: Cell.reuseIdentifier, cellKey: ObjectIdentifier(Cell.self),
      height: { row in height(row as! Row) },
      configure: { row, cell in configure(row as! Row, cell as! Cell) })
    cellColors[ObjectIdentifier(Cell.self)] = Cell.color
  }

  /// The handler registered for a row's dynamic type.
  func handler(for row: Any) -> RowHandler {
    guard let handler = handlers[ObjectIdentifier(type(of: row))] else {
      preconditionFailure("no handler is registered for \(type(of: row))")
    }
    return handler
  }

  /// The colour registered under a cell class's key.
  func color(registeredUnder key: ObjectIdentifier) -> String {
    guard let color = cellColors[key] else {
      preconditionFailure("no colour is registered under \(key)")
    }
    return color
  }
}

/// The handlers of every kind of row; a new kind of row is one more
/// `register` call.
func makeRowHandlerTable() -> RowHandlerTable {
  var table = RowHandlerTable()
  table.register(
    InvitationViewObject.self, shownIn: InvitationCell.self,
    height: { invitation in FeedContent.invitationHeight(isEmpty: invitation.isEmpty) },
    configure: { invitation, cell in
      if invitation.isEmpty {
        cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
      } else {
        cell.show(
          title: FeedContent.invitationTitle(inviter: invitation.inviter),
          subtitle: invitation.eventTitle, imageURLs: [])
      }
    })
  table.register(
    NewSongViewObject.self, shownIn: NewSongCell.self,
    height: { _ in FeedContent.newSongHeight },
    configure: { song, cell in
      cell.show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
    })
  table.register(
    NewEventViewObject.self, shownIn: NewEventCell.self,
    height: { _ in FeedContent.newEventHeight },
    configure: { event, cell in
      cell.show(
        title: event.title,
        subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
        imageURLs: [])
    })
  table.register(
    PlainTextViewObject.self, shownIn: PlainTextCell.self,
    height: { post in FeedContent.plainTextHeight(text: post.text) },
    configure: { post, cell in
      cell.show(title: post.author, subtitle: post.text, imageURLs: [])
    })
  table.register(
    MediaViewObject.self, shownIn: MediaCell.self,
    height: { media in
      FeedContent.mediaHeight(caption: media.caption, photoCount: media.photoURLs.count)
    },
    configure: { media, cell in
      cell.show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
    })
  table.register(
    MemoriesViewObject.self, shownIn: MemoriesCell.self,
    height: { _ in FeedContent.memoriesHeight },
    configure: { memories, cell in
      cell.show(
        title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
        imageURLs: [memories.photoURL])
    })
  return table
}

/// The table-view controller: it keeps the handler table, built once, and
/// looks each row up in it.
public final class FeedController {
  let handlers = makeRowHandlerTable()

  init() {}

  func identifier(for rows: [Any], at index: Int) -> String {
    handlers.handler(for: rows[index]).reuseIdentifier
  }

  func height(for rows: [Any], at index: Int) -> Double {
    let row = rows[index]
    return handlers.handler(for: row).height(row)
  }

  func configure(_ cells: [FeedCell], at cellIndex: Int, with rows: [Any], at index: Int) {
    let row = rows[index]
    handlers.handler(for: row).configure(row, cells[cellIndex])
  }
}
