import DispatchModel

/// A table cell as the root of a class hierarchy: each cell class overrides
/// how it shows a row and what its background is.
///
/// The model's cell classes are `final`, as a module's public classes that
/// are not `open` must be to anyone else, so each subclass here holds its
/// model cell, as a `UITableViewCell` holds its content view, where a UIKit
/// app would subclass the cell itself. Holding it costs a load of `cell`
/// before each write, and nothing else.
public class FeedTableCell {
  /// The identifier the class is registered under.
  class var reuseIdentifier: String { subclassMustOverride() }

  required init() {}

  /// The model cell this table cell shows, for reading its state.
  var object: FeedCell { subclassMustOverride() }

  /// Writes a row of this cell's kind into the cell, cast down to the row
  /// class this cell shows.
  func configure(with row: FeedRowModel) { subclassMustOverride() }

  var backgroundHex: String { subclassMustOverride() }

  func applyBackground() { subclassMustOverride() }
}

final class InvitationTableCell: FeedTableCell {
  override class var reuseIdentifier: String { InvitationCell.reuseIdentifier }
  let cell = InvitationCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let invitation = (row as! InvitationRowModel).invitation
    if invitation.isEmpty {
      cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      cell.show(
        title: FeedContent.invitationTitle(inviter: invitation.inviter),
        subtitle: invitation.eventTitle, imageURLs: [])
    }
  }

  override var backgroundHex: String { InvitationCell.color }
  override func applyBackground() { cell.backgroundColor = InvitationCell.color }
}

final class NewSongTableCell: FeedTableCell {
  override class var reuseIdentifier: String { NewSongCell.reuseIdentifier }
  let cell = NewSongCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let song = (row as! NewSongRowModel).song
    cell.show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
  }

  override var backgroundHex: String { NewSongCell.color }
  override func applyBackground() { cell.backgroundColor = NewSongCell.color }
}

final class NewEventTableCell: FeedTableCell {
  override class var reuseIdentifier: String { NewEventCell.reuseIdentifier }
  let cell = NewEventCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let event = (row as! NewEventRowModel).event
    cell.show(
      title: event.title,
      subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
      imageURLs: [])
  }

  override var backgroundHex: String { NewEventCell.color }
  override func applyBackground() { cell.backgroundColor = NewEventCell.color }
}

final class PlainTextTableCell: FeedTableCell {
  override class var reuseIdentifier: String { PlainTextCell.reuseIdentifier }
  let cell = PlainTextCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let post = (row as! PlainTextRowModel).post
    cell.show(title: post.author, subtitle: post.text, imageURLs: [])
  }

  override var backgroundHex: String { PlainTextCell.color }
  override func applyBackground() { cell.backgroundColor = PlainTextCell.color }
}

final class MediaTableCell: FeedTableCell {
  override class var reuseIdentifier: String { MediaCell.reuseIdentifier }
  let cell = MediaCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let media = (row as! MediaRowModel).media
    cell.show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
  }

  override var backgroundHex: String { MediaCell.color }
  override func applyBackground() { cell.backgroundColor = MediaCell.color }
}

final class MemoriesTableCell: FeedTableCell {
  override class var reuseIdentifier: String { MemoriesCell.reuseIdentifier }
  let cell = MemoriesCell()
  override var object: FeedCell { cell }

  override func configure(with row: FeedRowModel) {
    let memories = (row as! MemoriesRowModel).memories
    cell.show(
      title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
      imageURLs: [memories.photoURL])
  }

  override var backgroundHex: String { MemoriesCell.color }
  override func applyBackground() { cell.backgroundColor = MemoriesCell.color }
}

/// The cell classes, registered by reuse identifier as with a table view.
let registeredCellClasses: [FeedTableCell.Type] = [
  InvitationTableCell.self, NewSongTableCell.self, NewEventTableCell.self,
  PlainTextTableCell.self, MediaTableCell.self, MemoriesTableCell.self,
]

/// A new cell of the class registered for a reuse identifier.
func makeCell(reuseIdentifier: String) -> FeedTableCell? {
  registeredCellClasses.first { $0.reuseIdentifier == reuseIdentifier }?.init()
}

extension FeedController {
  func color(of cells: [FeedTableCell], at index: Int) -> String {
    cells[index].backgroundHex
  }

  func applyBackground(to cells: [FeedTableCell], at index: Int) {
    cells[index].applyBackground()
  }
}
