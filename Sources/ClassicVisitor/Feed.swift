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

#if DISPATCH_BENCH_FROZEN
@usableFromInline
#endif
final class IdentifierVisitor: FeedVisitor {
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  private(set) var identifier = ""

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: InvitationViewObject) { identifier = InvitationCell.reuseIdentifier }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewSongViewObject) { identifier = NewSongCell.reuseIdentifier }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewEventViewObject) { identifier = NewEventCell.reuseIdentifier }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: PlainTextViewObject) { identifier = PlainTextCell.reuseIdentifier }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: MediaViewObject) { identifier = MediaCell.reuseIdentifier }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: MemoriesViewObject) { identifier = MemoriesCell.reuseIdentifier }
}

#if DISPATCH_BENCH_FROZEN
@usableFromInline
#endif
final class HeightVisitor: FeedVisitor {
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  private(set) var height = 0.0

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: InvitationViewObject) {
    height = FeedContent.invitationHeight(isEmpty: row.isEmpty)
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewSongViewObject) { height = FeedContent.newSongHeight }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewEventViewObject) { height = FeedContent.newEventHeight }
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: PlainTextViewObject) { height = FeedContent.plainTextHeight(text: row.text) }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: MediaViewObject) {
    height = FeedContent.mediaHeight(caption: row.caption, photoCount: row.photoURLs.count)
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: MemoriesViewObject) { height = FeedContent.memoriesHeight }
}

/// Writes each row into `cell`, cast down to the class the row calls for.
#if DISPATCH_BENCH_FROZEN
@usableFromInline
#endif
final class ConfiguratorVisitor: FeedVisitor {
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  var cell = FeedCell()

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
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

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewSongViewObject) {
    let cell = cell as! NewSongCell
    cell.show(title: row.songName, subtitle: row.artistName, imageURLs: [row.coverURL])
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: NewEventViewObject) {
    let cell = cell as! NewEventCell
    cell.show(
      title: row.title, subtitle: FeedContent.eventSubtitle(venue: row.venue, startsAt: row.startsAt),
      imageURLs: [])
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: PlainTextViewObject) {
    let cell = cell as! PlainTextCell
    cell.show(title: row.author, subtitle: row.text, imageURLs: [])
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  func visit(_ row: MediaViewObject) {
    let cell = cell as! MediaCell
    cell.show(title: row.author, subtitle: row.caption, imageURLs: row.photoURLs)
  }

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
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
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline let identifierVisitor = IdentifierVisitor()
  #else
  private let identifierVisitor = IdentifierVisitor()
  #endif
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline let heightVisitor = HeightVisitor()
  #else
  private let heightVisitor = HeightVisitor()
  #endif
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  let configurator = ConfiguratorVisitor()
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  let colorVisitor = ColorVisitor()
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  let backgroundSetter = BackgroundSetter()

  init() {}

  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func identifier(for rows: [any FeedVisitable], at index: Int) -> String {
    rows[index].accept(visitor: identifierVisitor)
    return identifierVisitor.identifier
  }

  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func height(for rows: [any FeedVisitable], at index: Int) -> Double {
    rows[index].accept(visitor: heightVisitor)
    return heightVisitor.height
  }

  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedVisitable], at index: Int
  ) {
    configurator.cell = cells[cellIndex]
    rows[index].accept(visitor: configurator)
  }
}
