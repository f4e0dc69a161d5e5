import DispatchModel

/// A feed visitor: one `visit` per kind of row, each returning the visitor's
/// result type, so one protocol serves identifiers, heights and configuration.
public protocol FeedVisitor<T> {
  associatedtype T
  func visit(_ row: InvitationViewObject) -> T
  func visit(_ row: NewSongViewObject) -> T
  func visit(_ row: NewEventViewObject) -> T
  func visit(_ row: PlainTextViewObject) -> T
  func visit(_ row: MediaViewObject) -> T
  func visit(_ row: MemoriesViewObject) -> T
}

/// A feed row that accepts any feed visitor and returns its result.
public protocol FeedVisitable {
  func accept<V: FeedVisitor>(_ visitor: V) -> V.T
}

extension InvitationViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension NewSongViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension NewEventViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension PlainTextViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension MediaViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension MemoriesViewObject: FeedVisitable {
  public func accept<V: FeedVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

struct IdentifierVisitor: FeedVisitor {
  init() {}

  func visit(_ row: InvitationViewObject) -> String { InvitationCell.reuseIdentifier }
  func visit(_ row: NewSongViewObject) -> String { NewSongCell.reuseIdentifier }
  func visit(_ row: NewEventViewObject) -> String { NewEventCell.reuseIdentifier }
  func visit(_ row: PlainTextViewObject) -> String { PlainTextCell.reuseIdentifier }
  func visit(_ row: MediaViewObject) -> String { MediaCell.reuseIdentifier }
  func visit(_ row: MemoriesViewObject) -> String { MemoriesCell.reuseIdentifier }
}

struct HeightVisitor: FeedVisitor {
  init() {}

  func visit(_ row: InvitationViewObject) -> Double {
    FeedContent.invitationHeight(isEmpty: row.isEmpty)
  }

  func visit(_ row: NewSongViewObject) -> Double { FeedContent.newSongHeight }
  func visit(_ row: NewEventViewObject) -> Double { FeedContent.newEventHeight }
  func visit(_ row: PlainTextViewObject) -> Double { FeedContent.plainTextHeight(text: row.text) }

  func visit(_ row: MediaViewObject) -> Double {
    FeedContent.mediaHeight(caption: row.caption, photoCount: row.photoURLs.count)
  }

  func visit(_ row: MemoriesViewObject) -> Double { FeedContent.memoriesHeight }
}

/// Writes each row into `cell`, cast down to the class the row calls for;
/// made per row, as `cellForRowAt` makes it in the table-view article.
struct ConfiguratorVisitor: FeedVisitor {
  let cell: FeedCell

  init(cell: FeedCell) {
    self.cell = cell
  }

  func visit(_ row: InvitationViewObject) {
    let cell = cell as! InvitationCell
    if row.isEmpty {
      cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      cell.show(
        title: FeedContent.invitationTitle(inviter: row.inviter), subtitle: row.eventTitle,
        imageURLs: [])
    }
  }

  func visit(_ row: NewSongViewObject) {
    let cell = cell as! NewSongCell
    cell.show(title: row.songName, subtitle: row.artistName, imageURLs: [row.coverURL])
  }

  func visit(_ row: NewEventViewObject) {
    let cell = cell as! NewEventCell
    cell.show(
      title: row.title, subtitle: FeedContent.eventSubtitle(venue: row.venue, startsAt: row.startsAt),
      imageURLs: [])
  }

  func visit(_ row: PlainTextViewObject) {
    let cell = cell as! PlainTextCell
    cell.show(title: row.author, subtitle: row.text, imageURLs: [])
  }

  func visit(_ row: MediaViewObject) {
    let cell = cell as! MediaCell
    cell.show(title: row.author, subtitle: row.caption, imageURLs: row.photoURLs)
  }

  func visit(_ row: MemoriesViewObject) {
    let cell = cell as! MemoriesCell
    cell.show(
      title: FeedContent.memoriesTitle(year: row.year), subtitle: row.caption,
      imageURLs: [row.photoURL])
  }
}

/// The table-view controller: it hands each row the visitor struct for the
/// operation and returns what the visit returns.
public final class FeedController {
  init() {}

  func identifier(for rows: [any FeedVisitable], at index: Int) -> String {
    rows[index].accept(IdentifierVisitor())
  }

  func height(for rows: [any FeedVisitable], at index: Int) -> Double {
    rows[index].accept(HeightVisitor())
  }

  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedVisitable], at index: Int
  ) {
    rows[index].accept(ConfiguratorVisitor(cell: cells[cellIndex]))
  }
}
