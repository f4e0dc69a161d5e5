import DispatchModel

/// What kind of view object a feed row holds.
public enum FeedRowType {
  case invitation, newSong, newEvent, plainText, media, memories
}

/// A feed row as one struct with a type tag and every field any kind of row
/// has, optional, as it comes out of a loosely typed API.
public struct FeedRow {
  var type: FeedRowType
  var id: String
  var inviter: String?
  var eventTitle: String?
  var isEmpty: Bool?
  var songName: String?
  var artistName: String?
  var coverURL: String?
  var title: String?
  var venue: String?
  var startsAt: Int?
  var author: String?
  var text: String?
  var caption: String?
  var photoURLs: [String]?
  var year: Int?
  var photoURL: String?

  init(type: FeedRowType, id: String) {
    self.type = type
    self.id = id
  }
}

/// The table-view controller of the articles' "problem" section: every
/// operation `switch`es on `row.type` and force-unwraps the fields that kind
/// of row is supposed to have.
public final class FeedController {
  init() {}

  func identifier(for rows: [FeedRow], at index: Int) -> String {
    let row = rows[index]
    return switch row.type {
    case .invitation: InvitationCell.reuseIdentifier
    case .newSong: NewSongCell.reuseIdentifier
    case .newEvent: NewEventCell.reuseIdentifier
    case .plainText: PlainTextCell.reuseIdentifier
    case .media: MediaCell.reuseIdentifier
    case .memories: MemoriesCell.reuseIdentifier
    }
  }

  func height(for rows: [FeedRow], at index: Int) -> Double {
    let row = rows[index]
    return switch row.type {
    case .invitation: FeedContent.invitationHeight(isEmpty: row.isEmpty!)
    case .newSong: FeedContent.newSongHeight
    case .newEvent: FeedContent.newEventHeight
    case .plainText: FeedContent.plainTextHeight(text: row.text!)
    case .media: FeedContent.mediaHeight(caption: row.caption!, photoCount: row.photoURLs!.count)
    case .memories: FeedContent.memoriesHeight
    }
  }

  /// Writes the row into its cell, force-casting the cell to the class the
  /// row's type calls for, as `dequeueReusableCell(…) as! InvitationCell` does.
  func configure(_ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRow], at index: Int) {
    let row = rows[index]
    let cell = cells[cellIndex]
    switch row.type {
    case .invitation:
      let cell = cell as! InvitationCell
      if row.isEmpty! {
        cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
      } else {
        cell.show(
          title: FeedContent.invitationTitle(inviter: row.inviter!), subtitle: row.eventTitle!,
          imageURLs: [])
      }
    case .newSong:
      let cell = cell as! NewSongCell
      cell.show(title: row.songName!, subtitle: row.artistName!, imageURLs: [row.coverURL!])
    case .newEvent:
      let cell = cell as! NewEventCell
      cell.show(
        title: row.title!,
        subtitle: FeedContent.eventSubtitle(venue: row.venue!, startsAt: row.startsAt!),
        imageURLs: [])
    case .plainText:
      let cell = cell as! PlainTextCell
      cell.show(title: row.author!, subtitle: row.text!, imageURLs: [])
    case .media:
      let cell = cell as! MediaCell
      cell.show(title: row.author!, subtitle: row.caption!, imageURLs: row.photoURLs!)
    case .memories:
      let cell = cell as! MemoriesCell
      cell.show(
        title: FeedContent.memoriesTitle(year: row.year!), subtitle: row.caption!,
        imageURLs: [row.photoURL!])
    }
  }
}
