/// A person on the music service: an artist, or whoever made a playlist.
public struct User: Hashable, Sendable {
  public var id: String
  public var name: String
  public var profileImageURL: String
  public var followerCount: Int

  public init(id: String, name: String, profileImageURL: String, followerCount: Int) {
    self.id = id
    self.name = name
    self.profileImageURL = profileImageURL
    self.followerCount = followerCount
  }
}

/// A song by a user.
public struct Song: Hashable, Sendable {
  public var id: String
  public var name: String
  public var user: User
  public var coverImageURL: String
  public var playCount: Int
  /// Whole seconds since 1970-01-01T00:00:00Z.
  public var createdAt: Int

  public init(
    id: String, name: String, user: User, coverImageURL: String,
    playCount: Int, createdAt: Int
  ) {
    self.id = id
    self.name = name
    self.user = user
    self.coverImageURL = coverImageURL
    self.playCount = playCount
    self.createdAt = createdAt
  }
}

/// An ordered list of songs made by a user.
public struct Playlist: Hashable, Sendable {
  public var id: String
  public var name: String
  public var user: User
  public var songs: [Song]
  public var coverImageURL: String
  /// Whole seconds since 1970-01-01T00:00:00Z.
  public var createdAt: Int

  public init(
    id: String, name: String, user: User, songs: [Song],
    coverImageURL: String, createdAt: Int
  ) {
    self.id = id
    self.name = name
    self.user = user
    self.songs = songs
    self.coverImageURL = coverImageURL
    self.createdAt = createdAt
  }

  /// The sum of the songs' play counts.
  ///
  /// The loader and the generators refuse playlists whose sum does not fit
  /// in an `Int`, so this never overflows for a playlist that came from them.
  public var totalPlayCount: Int {
    var total = 0
    for song in songs { total += song.playCount }
    return total
  }
}

/// The kinds of shareable model, in SPEC order.
public enum ShareKind: String, CaseIterable, Hashable, Sendable {
  case user, song, playlist
}

/// A platform content can be shared to, in SPEC order.
public enum Platform: String, CaseIterable, Hashable, Sendable {
  case facebook, line, instagram, wechat
}

/// One shareable model, as loaded from a feed file or generated.
///
/// This is the neutral form every strategy converts from; each strategy keeps
/// its own representation (a row struct, an existential, an enum) for timing.
public enum ShareItem: Hashable, Sendable {
  case user(User)
  case song(Song)
  case playlist(Playlist)

  public var kind: ShareKind {
    switch self {
    case .user: .user
    case .song: .song
    case .playlist: .playlist
    }
  }
}
