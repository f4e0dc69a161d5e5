/// An invitation to an event, or the placeholder shown when there is none.
public struct InvitationViewObject: Hashable, Sendable {
  public var id: String
  public var inviter: String
  public var eventTitle: String
  public var isEmpty: Bool

  public init(id: String, inviter: String, eventTitle: String, isEmpty: Bool) {
    self.id = id
    self.inviter = inviter
    self.eventTitle = eventTitle
    self.isEmpty = isEmpty
  }
}

/// A song just released by an artist the reader follows.
public struct NewSongViewObject: Hashable, Sendable {
  public var id: String
  public var songName: String
  public var artistName: String
  public var coverURL: String

  public init(id: String, songName: String, artistName: String, coverURL: String) {
    self.id = id
    self.songName = songName
    self.artistName = artistName
    self.coverURL = coverURL
  }
}

/// An upcoming event.
public struct NewEventViewObject: Hashable, Sendable {
  public var id: String
  public var title: String
  public var venue: String
  /// Whole seconds since 1970-01-01T00:00:00Z.
  public var startsAt: Int

  public init(id: String, title: String, venue: String, startsAt: Int) {
    self.id = id
    self.title = title
    self.venue = venue
    self.startsAt = startsAt
  }
}

/// A text post.
public struct PlainTextViewObject: Hashable, Sendable {
  public var id: String
  public var author: String
  public var text: String

  public init(id: String, author: String, text: String) {
    self.id = id
    self.author = author
    self.text = text
  }
}

/// A post of photos with a caption.
public struct MediaViewObject: Hashable, Sendable {
  public var id: String
  public var author: String
  public var caption: String
  public var photoURLs: [String]

  public init(id: String, author: String, caption: String, photoURLs: [String]) {
    self.id = id
    self.author = author
    self.caption = caption
    self.photoURLs = photoURLs
  }
}

/// A photo from the same day in an earlier year.
public struct MemoriesViewObject: Hashable, Sendable {
  public var id: String
  public var year: Int
  public var photoURL: String
  public var caption: String

  public init(id: String, year: Int, photoURL: String, caption: String) {
    self.id = id
    self.year = year
    self.photoURL = photoURL
    self.caption = caption
  }
}

/// The kinds of feed row, in SPEC order; the raw value is the feed file's `kind`.
public enum FeedKind: String, CaseIterable, Hashable, Sendable {
  case invitation, newSong, newEvent, plainText, media, memories
}

/// One feed row, as loaded from a feed file or generated.
///
/// This is the neutral form every strategy converts from; each strategy keeps
/// its own representation for timing.
public enum FeedItem: Hashable, Sendable {
  case invitation(InvitationViewObject)
  case newSong(NewSongViewObject)
  case newEvent(NewEventViewObject)
  case plainText(PlainTextViewObject)
  case media(MediaViewObject)
  case memories(MemoriesViewObject)

  public var kind: FeedKind {
    switch self {
    case .invitation: .invitation
    case .newSong: .newSong
    case .newEvent: .newEvent
    case .plainText: .plainText
    case .media: .media
    case .memories: .memories
    }
  }
}
