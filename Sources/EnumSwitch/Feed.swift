import DispatchModel

/// A feed row as a closed enum: its kind is the case tag, its view object
/// the payload.
public enum FeedRow {
  case invitation(InvitationViewObject)
  case newSong(NewSongViewObject)
  case newEvent(NewEventViewObject)
  case plainText(PlainTextViewObject)
  case media(MediaViewObject)
  case memories(MemoriesViewObject)
}

/// The table-view controller: every operation is one exhaustive `switch` on
/// the row, with no `default:`, so adding a kind fails to compile until every
/// operation handles it.
public final class FeedController {
  init() {}

  func identifier(for rows: [FeedRow], at index: Int) -> String {
    switch rows[index] {
    case .invitation: InvitationCell.reuseIdentifier
    case .newSong: NewSongCell.reuseIdentifier
    case .newEvent: NewEventCell.reuseIdentifier
    case .plainText: PlainTextCell.reuseIdentifier
    case .media: MediaCell.reuseIdentifier
    case .memories: MemoriesCell.reuseIdentifier
    }
  }

  func height(for rows: [FeedRow], at index: Int) -> Double {
    switch rows[index] {
    case .invitation(let invitation): FeedContent.invitationHeight(isEmpty: invitation.isEmpty)
    case .newSong: FeedContent.newSongHeight
    case .newEvent: FeedContent.newEventHeight
    case .plainText(let post): FeedContent.plainTextHeight(text: post.text)
    case .media(let media):
      FeedContent.mediaHeight(caption: media.caption, photoCount: media.photoURLs.count)
    case .memories: FeedContent.memoriesHeight
    }
  }

  /// Writes the row into its cell: a `switch` on the row's case, each case
  /// writing through the base class's `show`, which every cell class
  /// inherits. The feed article force-casts the cell inside each case
  /// (`as! InvitationCell`) to reach outlets a UIKit subclass declares; these
  /// cells have none, so the cast would test a class and buy nothing.
  func configure(_ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRow], at index: Int) {
    switch rows[index] {
    case .invitation(let invitation):
      let cell = cells[cellIndex]
      if invitation.isEmpty {
        cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
      } else {
        cell.show(
          title: FeedContent.invitationTitle(inviter: invitation.inviter),
          subtitle: invitation.eventTitle, imageURLs: [])
      }
    case .newSong(let song):
      let cell = cells[cellIndex]
      cell.show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
    case .newEvent(let event):
      let cell = cells[cellIndex]
      cell.show(
        title: event.title,
        subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
        imageURLs: [])
    case .plainText(let post):
      let cell = cells[cellIndex]
      cell.show(title: post.author, subtitle: post.text, imageURLs: [])
    case .media(let media):
      let cell = cells[cellIndex]
      cell.show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
    case .memories(let memories):
      let cell = cells[cellIndex]
      cell.show(
        title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
        imageURLs: [memories.photoURL])
    }
  }
}
