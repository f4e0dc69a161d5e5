import DispatchModel

/// What the table view asks of every row, as protocol requirements that each
/// view object answers for itself.
public protocol FeedViewObject {
  var reuseIdentifier: String { get }
  var height: Double { get }
  /// Writes the row into a cell of its class.
  func configure(_ cell: FeedCell)
}

extension InvitationViewObject: FeedViewObject {
  public var reuseIdentifier: String { InvitationCell.reuseIdentifier }
  public var height: Double { FeedContent.invitationHeight(isEmpty: isEmpty) }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! InvitationCell
    if isEmpty {
      cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      cell.show(
        title: FeedContent.invitationTitle(inviter: inviter), subtitle: eventTitle, imageURLs: [])
    }
  }
}

extension NewSongViewObject: FeedViewObject {
  public var reuseIdentifier: String { NewSongCell.reuseIdentifier }
  public var height: Double { FeedContent.newSongHeight }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! NewSongCell
    cell.show(title: songName, subtitle: artistName, imageURLs: [coverURL])
  }
}

extension NewEventViewObject: FeedViewObject {
  public var reuseIdentifier: String { NewEventCell.reuseIdentifier }
  public var height: Double { FeedContent.newEventHeight }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! NewEventCell
    cell.show(
      title: title, subtitle: FeedContent.eventSubtitle(venue: venue, startsAt: startsAt),
      imageURLs: [])
  }
}

extension PlainTextViewObject: FeedViewObject {
  public var reuseIdentifier: String { PlainTextCell.reuseIdentifier }
  public var height: Double { FeedContent.plainTextHeight(text: text) }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! PlainTextCell
    cell.show(title: author, subtitle: text, imageURLs: [])
  }
}

extension MediaViewObject: FeedViewObject {
  public var reuseIdentifier: String { MediaCell.reuseIdentifier }
  public var height: Double {
    FeedContent.mediaHeight(caption: caption, photoCount: photoURLs.count)
  }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! MediaCell
    cell.show(title: author, subtitle: caption, imageURLs: photoURLs)
  }
}

extension MemoriesViewObject: FeedViewObject {
  public var reuseIdentifier: String { MemoriesCell.reuseIdentifier }
  public var height: Double { FeedContent.memoriesHeight }

  public func configure(_ cell: FeedCell) {
    let cell = cell as! MemoriesCell
    cell.show(
      title: FeedContent.memoriesTitle(year: year), subtitle: caption, imageURLs: [photoURL])
  }
}

/// The table-view controller: it asks each row through the existential.
public final class FeedController {
  init() {}

  func identifier(for rows: [any FeedViewObject], at index: Int) -> String {
    rows[index].reuseIdentifier
  }

  func height(for rows: [any FeedViewObject], at index: Int) -> Double {
    rows[index].height
  }

  /// The row takes the base-class cell and casts it down itself.
  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [any FeedViewObject], at index: Int
  ) {
    rows[index].configure(cells[cellIndex])
  }
}
