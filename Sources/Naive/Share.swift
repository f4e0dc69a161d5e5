import DispatchModel

/// What kind of model a share row holds.
public enum ShareRowType {
  case user, song, playlist
}

/// A share item as one struct with a type tag and an optional field per kind
/// of model, as it comes out of a loosely typed API.
public struct ShareRow {
  var type: ShareRowType
  var user: User?
  var song: Song?
  var playlist: Playlist?
}

/// The thoughtless share manager: an `init` per model flattens it into title,
/// link and images up front (whatever the platform will need), and one method
/// per platform formats those.
///
/// WeChat needs data no other platform does, so the manager also carries
/// the raw counts and date of every kind of model, as optionals, and
/// `shareToWeChat()` works out from which are set what kind it was given.
public final class ShareManager {
  private let title: String
  private let link: String
  private let imageURL: String
  /// The images Instagram shows: a playlist's song covers, else `imageURL`.
  private let imageURLs: [String]
  private let followerCount: Int?
  private let playCount: Int?
  private let songCount: Int?
  private let createdAt: Int?

  init(user: User) {
    title = ShareContent.userText(name: user.name)
    link = ShareContent.userLink(id: user.id)
    imageURL = user.profileImageURL
    imageURLs = [user.profileImageURL]
    followerCount = user.followerCount
    playCount = nil
    songCount = nil
    createdAt = nil
  }

  init(song: Song) {
    title = ShareContent.songText(name: song.name, artistName: song.user.name)
    link = ShareContent.songLink(userID: song.user.id, id: song.id)
    imageURL = song.coverImageURL
    imageURLs = [song.coverImageURL]
    followerCount = nil
    playCount = song.playCount
    songCount = nil
    createdAt = song.createdAt
  }

  init(playlist: Playlist) {
    title = ShareContent.playlistText(name: playlist.name)
    link = ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id)
    imageURL = playlist.coverImageURL
    imageURLs =
      playlist.songs.isEmpty ? [playlist.coverImageURL] : playlist.songs.map(\.coverImageURL)
    followerCount = nil
    playCount = playlist.totalPlayCount
    songCount = playlist.songs.count
    createdAt = playlist.createdAt
  }

  /// Picks the `init` for the row's type.
  convenience init(row: ShareRow) {
    switch row.type {
    case .user: self.init(user: row.user!)
    case .song: self.init(song: row.song!)
    case .playlist: self.init(playlist: row.playlist!)
    }
  }

  func shareToFacebook() -> String {
    ShareContent.facebook(text: title, imageURL: imageURL, link: link)
  }

  func shareToLine() -> String {
    ShareContent.line(text: title, link: link)
  }

  func shareToInstagram() -> String {
    ShareContent.instagram(imageURLs: imageURLs)
  }

  func shareToWeChat() -> String {
    let stats: String
    if let followerCount {
      stats = ShareContent.userStats(followerCount: followerCount)
    } else if let songCount, let playCount, let createdAt {
      stats = ShareContent.playlistStats(
        songCount: songCount, totalPlayCount: playCount, createdAt: createdAt)
    } else {
      stats = ShareContent.songStats(playCount: playCount!, createdAt: createdAt!)
    }
    return ShareContent.wechat(text: title, stats: stats, link: link)
  }

  /// Calls the method for a platform.
  func share(to platform: Platform) -> String {
    switch platform {
    case .facebook: shareToFacebook()
    case .line: shareToLine()
    case .instagram: shareToInstagram()
    case .wechat: shareToWeChat()
    }
  }
}
