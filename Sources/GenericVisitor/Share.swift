import DispatchModel

/// A share policy: one `visit` per concrete model, each returning the
/// policy's result type.
public protocol SharePolicy<T> {
  associatedtype T
  func visit(_ user: User) -> T
  func visit(_ song: Song) -> T
  func visit(_ playlist: Playlist) -> T
}

/// A model that accepts any share policy and returns what the policy's visit
/// for its concrete type returns.
public protocol ShareVisitable {
  func accept<V: SharePolicy>(_ visitor: V) -> V.T
}

extension User: ShareVisitable {
  public func accept<V: SharePolicy>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension Song: ShareVisitable {
  public func accept<V: SharePolicy>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension Playlist: ShareVisitable {
  public func accept<V: SharePolicy>(_ visitor: V) -> V.T { visitor.visit(self) }
}

struct FacebookPolicy: SharePolicy {
  func visit(_ user: User) -> String {
    ShareContent.facebook(
      text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
      link: ShareContent.userLink(id: user.id))
  }

  func visit(_ song: Song) -> String {
    ShareContent.facebook(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(_ playlist: Playlist) -> String {
    ShareContent.facebook(
      text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

struct LinePolicy: SharePolicy {
  func visit(_ user: User) -> String {
    ShareContent.line(
      text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
  }

  func visit(_ song: Song) -> String {
    ShareContent.line(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(_ playlist: Playlist) -> String {
    ShareContent.line(
      text: ShareContent.playlistText(name: playlist.name),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

struct InstagramPolicy: SharePolicy {
  func visit(_ user: User) -> String {
    user.profileImageURL
  }

  func visit(_ song: Song) -> String {
    song.coverImageURL
  }

  func visit(_ playlist: Playlist) -> String {
    ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
  }
}

struct WeChatPolicy: SharePolicy {
  func visit(_ user: User) -> String {
    ShareContent.wechat(
      text: ShareContent.userText(name: user.name),
      stats: ShareContent.userStats(followerCount: user.followerCount),
      link: ShareContent.userLink(id: user.id))
  }

  func visit(_ song: Song) -> String {
    ShareContent.wechat(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(_ playlist: Playlist) -> String {
    ShareContent.wechat(
      text: ShareContent.playlistText(name: playlist.name),
      stats: ShareContent.playlistStats(
        songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
        createdAt: playlist.createdAt),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

/// The policy for a platform.
func makePolicy(for platform: Platform) -> any SharePolicy<String> {
  switch platform {
  case .facebook: FacebookPolicy()
  case .line: LinePolicy()
  case .instagram: InstagramPolicy()
  case .wechat: WeChatPolicy()
  }
}
