import DispatchModel

/// A model that can be shared: it accepts a share policy and calls back the
/// `visit` overload for its own concrete type.
public protocol Shareable {
  func accept(visitor: any SharePolicy)
}

/// One `visit` per concrete model. Visits return nothing; a policy object
/// keeps the content of its last visit.
public protocol SharePolicy: AnyObject {
  var content: String { get }
  func visit(model: User)
  func visit(model: Song)
  func visit(model: Playlist)
}

extension User: Shareable {
  public func accept(visitor: any SharePolicy) { visitor.visit(model: self) }
}

extension Song: Shareable {
  public func accept(visitor: any SharePolicy) { visitor.visit(model: self) }
}

extension Playlist: Shareable {
  public func accept(visitor: any SharePolicy) { visitor.visit(model: self) }
}

final class ShareToFacebookVisitor: SharePolicy {
  private(set) var content = ""

  func visit(model user: User) {
    content = ShareContent.facebook(
      text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
      link: ShareContent.userLink(id: user.id))
  }

  func visit(model song: Song) {
    content = ShareContent.facebook(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(model playlist: Playlist) {
    content = ShareContent.facebook(
      text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

final class ShareToLineVisitor: SharePolicy {
  private(set) var content = ""

  func visit(model user: User) {
    content = ShareContent.line(
      text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
  }

  func visit(model song: Song) {
    content = ShareContent.line(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(model playlist: Playlist) {
    content = ShareContent.line(
      text: ShareContent.playlistText(name: playlist.name),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

final class ShareToInstagramVisitor: SharePolicy {
  private(set) var content = ""

  func visit(model user: User) {
    content = user.profileImageURL
  }

  func visit(model song: Song) {
    content = song.coverImageURL
  }

  func visit(model playlist: Playlist) {
    content = ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
  }
}

final class ShareToWeChatVisitor: SharePolicy {
  private(set) var content = ""

  func visit(model user: User) {
    content = ShareContent.wechat(
      text: ShareContent.userText(name: user.name),
      stats: ShareContent.userStats(followerCount: user.followerCount),
      link: ShareContent.userLink(id: user.id))
  }

  func visit(model song: Song) {
    content = ShareContent.wechat(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  func visit(model playlist: Playlist) {
    content = ShareContent.wechat(
      text: ShareContent.playlistText(name: playlist.name),
      stats: ShareContent.playlistStats(
        songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
        createdAt: playlist.createdAt),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

/// The policy object for a platform.
func makePolicy(for platform: Platform) -> any SharePolicy {
  switch platform {
  case .facebook: ShareToFacebookVisitor()
  case .line: ShareToLineVisitor()
  case .instagram: ShareToInstagramVisitor()
  case .wechat: ShareToWeChatVisitor()
  }
}
