import DispatchModel

/// A feed row that accepts a visitor and calls back the `visit` overload for
/// its own concrete type.
public protocol FeedVisitable {
  func accept(visitor: any FeedVisitor)
}

/// One `visit` per kind of row. Visits return nothing; a visitor object keeps
/// the result of its last visit.
public protocol FeedVisitor: AnyObject {
  func visit(_ row: InvitationViewObject)
  func visit(_ row: NewSongViewObject)
  func visit(_ row: NewEventViewObject)
  func visit(_ row: PlainTextViewObject)
  func visit(_ row: MediaViewObject)
  func visit(_ row: MemoriesViewObject)
}

extension InvitationViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

extension NewSongViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

extension NewEventViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

extension PlainTextViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

extension MediaViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

extension MemoriesViewObject: FeedVisitable {
  public func accept(visitor: any FeedVisitor) { visitor.visit(self) }
}

final class IdentifierVisitor: FeedVisitor {
  private(set) var identifier = ""

  func visit(_ row: InvitationViewObject) { identifier = InvitationCell.reuseIdentifier }
  func visit(_ row: NewSongViewObject) { identifier = NewSongCell.reuseIdentifier }
  func visit(_ row: NewEventViewObject) { identifier = NewEventCell.reuseIdentifier }
  func visit(_ row: PlainTextViewObject) { identifier = PlainTextCell.reuseIdentifier }
  func visit(_ row: MediaViewObject) { identifier = MediaCell.reuseIdentifier }
  func visit(_ row: MemoriesViewObject) { identifier = MemoriesCell.reuseIdentifier }
}

final class HeightVisitor: FeedVisitor {
  private(set) var height = 0.0

  func visit(_ row: InvitationViewObject) {
    height = FeedContent.invitationHeight(isEmpty: row.isEmpty)
  }

  func visit(_ row: NewSongViewObject) { height = FeedContent.newSongHeight }
  func visit(_ row: NewEventViewObject) { height = FeedContent.newEventHeight }
  func visit(_ row: PlainTextViewObject) { height = FeedContent.plainTextHeight(text: row.text) }

  func visit(_ row: MediaViewObject) {
    height = FeedContent.mediaHeight(caption: row.caption, photoCount: row.photoURLs.count)
  }

  func visit(_ row: MemoriesViewObject) { height = FeedContent.memoriesHeight }
}

/// Writes each row into `cell`, cast down to the class the row calls for.
final class ConfiguratorVisitor: FeedVisitor {
  var cell = FeedCell()

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

/// The table-view controller: it keeps one visitor object per operation and
/// reads each visit's result back from it.
public final class FeedController {
  private let identifierVisitor = IdentifierVisitor()
  private let heightVisitor = HeightVisitor()
  let configurator = ConfiguratorVisitor()
  let colorVisitor = ColorVisitor()
  let backgroundSetter = BackgroundSetter()

  init() {}

  func identifier(for rows: [any FeedVisitable], at index: Int) -> String {
    rows[index].accept(visitor: identifierVisitor)
    return identifierVisitor.identifier
  }

  func height(for rows: [any FeedVisitable], at index: Int) -> Double {
    rows[index].accept(visitor: heightVisitor)
    return heightVisitor.height
  }

  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedVisitable], at index: Int
  ) {
    configurator.cell = cells[cellIndex]
    rows[index].accept(visitor: configurator)
  }
}
