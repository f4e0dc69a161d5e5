import DispatchModel

/// A shareable model as the root of a class hierarchy: one overridable method
/// per platform, which each model's subclass overrides.
///
/// Swift has no abstract classes; the base class's methods trap, as UIKit
/// code's "subclasses must override" methods do. Adding a platform adds a
/// method here and an override to every subclass.
public class ShareModel {
  init() {}

  func facebookContent() -> String { subclassMustOverride() }
  func lineContent() -> String { subclassMustOverride() }
  func instagramContent() -> String { subclassMustOverride() }
  func weChatContent() -> String { subclassMustOverride() }

  /// Calls the method for a platform; a template method, not overridden.
  final func content(for platform: Platform) -> String {
    switch platform {
    case .facebook: facebookContent()
    case .line: lineContent()
    case .instagram: instagramContent()
    case .wechat: weChatContent()
    }
  }
}

final class UserModel: ShareModel {
  let user: User

  init(_ user: User) {
    self.user = user
  }

  override func facebookContent() -> String {
    ShareContent.facebook(
      text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
      link: ShareContent.userLink(id: user.id))
  }

  override func lineContent() -> String {
    ShareContent.line(
      text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
  }

  override func instagramContent() -> String {
    user.profileImageURL
  }

  override func weChatContent() -> String {
    ShareContent.wechat(
      text: ShareContent.userText(name: user.name),
      stats: ShareContent.userStats(followerCount: user.followerCount),
      link: ShareContent.userLink(id: user.id))
  }
}

final class SongModel: ShareModel {
  let song: Song

  init(_ song: Song) {
    self.song = song
  }

  override func facebookContent() -> String {
    ShareContent.facebook(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  override func lineContent() -> String {
    ShareContent.line(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }

  override func instagramContent() -> String {
    song.coverImageURL
  }

  override func weChatContent() -> String {
    ShareContent.wechat(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  }
}

final class PlaylistModel: ShareModel {
  let playlist: Playlist

  init(_ playlist: Playlist) {
    self.playlist = playlist
  }

  override func facebookContent() -> String {
    ShareContent.facebook(
      text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }

  override func lineContent() -> String {
    ShareContent.line(
      text: ShareContent.playlistText(name: playlist.name),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }

  override func instagramContent() -> String {
    ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
  }

  override func weChatContent() -> String {
    ShareContent.wechat(
      text: ShareContent.playlistText(name: playlist.name),
      stats: ShareContent.playlistStats(
        songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
        createdAt: playlist.createdAt),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
}

/// What a base-class method that every subclass must override does when one
/// does not.
func subclassMustOverride(_ function: StaticString = #function) -> Never {
  preconditionFailure("a subclass must override \(function)")
}
