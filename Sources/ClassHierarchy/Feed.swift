import DispatchModel

/// A feed row as the root of a class hierarchy: each kind of row is a
/// subclass that overrides what the table view asks of it.
public class FeedRowModel {
  init() {}

  var reuseIdentifier: String { subclassMustOverride() }
  func height() -> Double { subclassMustOverride() }
}

final class InvitationRowModel: FeedRowModel {
  let invitation: InvitationViewObject

  init(_ invitation: InvitationViewObject) {
    self.invitation = invitation
  }

  override var reuseIdentifier: String { InvitationCell.reuseIdentifier }

  override func height() -> Double {
    FeedContent.invitationHeight(isEmpty: invitation.isEmpty)
  }
}

final class NewSongRowModel: FeedRowModel {
  let song: NewSongViewObject

  init(_ song: NewSongViewObject) {
    self.song = song
  }

  override var reuseIdentifier: String { NewSongCell.reuseIdentifier }
  override func height() -> Double { FeedContent.newSongHeight }
}

final class NewEventRowModel: FeedRowModel {
  let event: NewEventViewObject

  init(_ event: NewEventViewObject) {
    self.event = event
  }

  override var reuseIdentifier: String { NewEventCell.reuseIdentifier }
  override func height() -> Double { FeedContent.newEventHeight }
}

final class PlainTextRowModel: FeedRowModel {
  let post: PlainTextViewObject

  init(_ post: PlainTextViewObject) {
    self.post = post
  }

  override var reuseIdentifier: String { PlainTextCell.reuseIdentifier }
  override func height() -> Double { FeedContent.plainTextHeight(text: post.text) }
}

final class MediaRowModel: FeedRowModel {
  let media: MediaViewObject

  init(_ media: MediaViewObject) {
    self.media = media
  }

  override var reuseIdentifier: String { MediaCell.reuseIdentifier }

  override func height() -> Double {
    FeedContent.mediaHeight(caption: media.caption, photoCount: media.photoURLs.count)
  }
}

final class MemoriesRowModel: FeedRowModel {
  let memories: MemoriesViewObject

  init(_ memories: MemoriesViewObject) {
    self.memories = memories
  }

  override var reuseIdentifier: String { MemoriesCell.reuseIdentifier }
  override func height() -> Double { FeedContent.memoriesHeight }
}

/// The table-view controller: it asks each row, and each cell, through an
/// overridden method.
public final class FeedController {
  init() {}

  func identifier(for rows: [FeedRowModel], at index: Int) -> String {
    rows[index].reuseIdentifier
  }

  func height(for rows: [FeedRowModel], at index: Int) -> Double {
    rows[index].height()
  }

  /// The cell configures itself from the row, as a `UITableViewCell`
  /// subclass's `configure(with:)` does, once the base-class cell is cast
  /// to the app's cell class.
  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRowModel], at index: Int
  ) {
    (cells[cellIndex] as! FeedTableCell).configure(with: rows[index])
  }
}
