import DispatchModel

/// The table-view controller of a data source that holds its rows as `[Any]`:
/// every operation tries each view-object type in turn, `is` where it needs
/// only the kind, `as?` where it needs the fields.
public final class FeedController {
  init() {}

  func identifier(for rows: [Any], at index: Int) -> String {
    let row = rows[index]
    if row is InvitationViewObject {
      return InvitationCell.reuseIdentifier
    } else if row is NewSongViewObject {
      return NewSongCell.reuseIdentifier
    } else if row is NewEventViewObject {
      return NewEventCell.reuseIdentifier
    } else if row is PlainTextViewObject {
      return PlainTextCell.reuseIdentifier
    } else if row is MediaViewObject {
      return MediaCell.reuseIdentifier
    } else if row is MemoriesViewObject {
      return MemoriesCell.reuseIdentifier
    }
    unknownRow(row)
  }

  func height(for rows: [Any], at index: Int) -> Double {
    let row = rows[index]
    if let invitation = row as? InvitationViewObject {
      return FeedContent.invitationHeight(isEmpty: invitation.isEmpty)
    } else if row is NewSongViewObject {
      return FeedContent.newSongHeight
    } else if row is NewEventViewObject {
      return FeedContent.newEventHeight
    } else if let post = row as? PlainTextViewObject {
      return FeedContent.plainTextHeight(text: post.text)
    } else if let media = row as? MediaViewObject {
      return FeedContent.mediaHeight(caption: media.caption, photoCount: media.photoURLs.count)
    } else if row is MemoriesViewObject {
      return FeedContent.memoriesHeight
    }
    unknownRow(row)
  }

  /// Writes the row into its cell, force-casting the cell to the class the
  /// row calls for, as `dequeueReusableCell(…) as! InvitationCell` does.
  func configure(_ cells: [FeedCell], at cellIndex: Int, with rows: [Any], at index: Int) {
    let row = rows[index]
    let cell = cells[cellIndex]
    if let invitation = row as? InvitationViewObject {
      let cell = cell as! InvitationCell
      if invitation.isEmpty {
        cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
      } else {
        cell.show(
          title: FeedContent.invitationTitle(inviter: invitation.inviter),
          subtitle: invitation.eventTitle, imageURLs: [])
      }
    } else if let song = row as? NewSongViewObject {
      let cell = cell as! NewSongCell
      cell.show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
    } else if let event = row as? NewEventViewObject {
      let cell = cell as! NewEventCell
      cell.show(
        title: event.title,
        subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
        imageURLs: [])
    } else if let post = row as? PlainTextViewObject {
      let cell = cell as! PlainTextCell
      cell.show(title: post.author, subtitle: post.text, imageURLs: [])
    } else if let media = row as? MediaViewObject {
      let cell = cell as! MediaCell
      cell.show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
    } else if let memories = row as? MemoriesViewObject {
      let cell = cell as! MemoriesCell
      cell.show(
        title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
        imageURLs: [memories.photoURL])
    } else {
      unknownRow(row)
    }
  }

  /// Where every chain ends: nothing in the chain matched.
  func unknownRow(_ row: Any) -> Never {
    preconditionFailure("no cell class shows a \(type(of: row))")
  }
}
