import DispatchModel

/// A table cell as the root of a class hierarchy: the app's own subclass of
/// the base cell, as a UIKit app subclasses `UITableViewCell`, whose
/// subclasses override how they show a row and what their background is.
///
/// The reuse pool holds and hands out the base class `FeedCell`, so the
/// controller force-casts a cell to this class before calling it, as
/// `dequeueReusableCell(…) as! FeedTableCell` does. Each kind's cell class is
/// this module's own `final` subclass, registered under the kind's reuse
/// identifier; the model's cell classes are `final`, so they cannot be the
/// ones that override.
class FeedTableCell: FeedCell {
  /// The identifier the class is registered under.
  class var reuseIdentifier: String { subclassMustOverride() }

  required override init() {}

  /// Writes a row of this cell's kind into the cell, cast down to the row
  /// class this cell shows.
  func configure(with row: FeedRowModel) { subclassMustOverride() }

  var backgroundHex: String { subclassMustOverride() }

  func applyBackground() { subclassMustOverride() }
}

final class InvitationTableCell: FeedTableCell {
  override class var reuseIdentifier: String { InvitationCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let invitation = (row as! InvitationRowModel).invitation
    if invitation.isEmpty {
      show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      show(
        title: FeedContent.invitationTitle(inviter: invitation.inviter),
        subtitle: invitation.eventTitle, imageURLs: [])
    }
  }

  override var backgroundHex: String { InvitationCell.color }
  override func applyBackground() { backgroundColor = InvitationCell.color }
}

final class NewSongTableCell: FeedTableCell {
  override class var reuseIdentifier: String { NewSongCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let song = (row as! NewSongRowModel).song
    show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
  }

  override var backgroundHex: String { NewSongCell.color }
  override func applyBackground() { backgroundColor = NewSongCell.color }
}

final class NewEventTableCell: FeedTableCell {
  override class var reuseIdentifier: String { NewEventCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let event = (row as! NewEventRowModel).event
    show(
      title: event.title,
      subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
      imageURLs: [])
  }

  override var backgroundHex: String { NewEventCell.color }
  override func applyBackground() { backgroundColor = NewEventCell.color }
}

final class PlainTextTableCell: FeedTableCell {
  override class var reuseIdentifier: String { PlainTextCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let post = (row as! PlainTextRowModel).post
    show(title: post.author, subtitle: post.text, imageURLs: [])
  }

  override var backgroundHex: String { PlainTextCell.color }
  override func applyBackground() { backgroundColor = PlainTextCell.color }
}

final class MediaTableCell: FeedTableCell {
  override class var reuseIdentifier: String { MediaCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let media = (row as! MediaRowModel).media
    show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
  }

  override var backgroundHex: String { MediaCell.color }
  override func applyBackground() { backgroundColor = MediaCell.color }
}

final class MemoriesTableCell: FeedTableCell {
  override class var reuseIdentifier: String { MemoriesCell.reuseIdentifier }

  override func configure(with row: FeedRowModel) {
    let memories = (row as! MemoriesRowModel).memories
    show(
      title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
      imageURLs: [memories.photoURL])
  }

  override var backgroundHex: String { MemoriesCell.color }
  override func applyBackground() { backgroundColor = MemoriesCell.color }
}

/// The cell classes, registered by reuse identifier as with a table view.
let registeredCellClasses: [FeedTableCell.Type] = [
  InvitationTableCell.self, NewSongTableCell.self, NewEventTableCell.self,
  PlainTextTableCell.self, MediaTableCell.self, MemoriesTableCell.self,
]

/// A new cell of the class registered for a reuse identifier.
func makeCell(reuseIdentifier: String) -> FeedCell? {
  registeredCellClasses.first { $0.reuseIdentifier == reuseIdentifier }?.init()
}

extension FeedController {
  /// The base-class cell force-cast to the app's cell class, then its
  /// override.
  func color(of cell: FeedCell) -> String {
    (cell as! FeedTableCell).backgroundHex
  }

  func applyBackground(to cell: FeedCell) {
    (cell as! FeedTableCell).applyBackground()
  }
}
