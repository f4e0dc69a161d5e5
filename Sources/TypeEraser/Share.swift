import DispatchModel

/// What a model shares to each platform.
protocol Shareable {
  var facebookContent: String { get }
  var lineContent: String { get }
  var instagramContent: String { get }
  var weChatContent: String { get }
}

extension User: Shareable {
  var facebookContent: String {
    ShareContent.facebook(
      text: ShareContent.userText(name: name), imageURL: profileImageURL,
      link: ShareContent.userLink(id: id))
  }

  var lineContent: String {
    ShareContent.line(text: ShareContent.userText(name: name), link: ShareContent.userLink(id: id))
  }

  var instagramContent: String { profileImageURL }

  var weChatContent: String {
    ShareContent.wechat(
      text: ShareContent.userText(name: name),
      stats: ShareContent.userStats(followerCount: followerCount),
      link: ShareContent.userLink(id: id))
  }
}

extension Song: Shareable {
  var facebookContent: String {
    ShareContent.facebook(
      text: ShareContent.songText(name: name, artistName: user.name), imageURL: coverImageURL,
      link: ShareContent.songLink(userID: user.id, id: id))
  }

  var lineContent: String {
    ShareContent.line(
      text: ShareContent.songText(name: name, artistName: user.name),
      link: ShareContent.songLink(userID: user.id, id: id))
  }

  var instagramContent: String { coverImageURL }

  var weChatContent: String {
    ShareContent.wechat(
      text: ShareContent.songText(name: name, artistName: user.name),
      stats: ShareContent.songStats(playCount: playCount, createdAt: createdAt),
      link: ShareContent.songLink(userID: user.id, id: id))
  }
}

extension Playlist: Shareable {
  var facebookContent: String {
    ShareContent.facebook(
      text: ShareContent.playlistText(name: name), imageURL: coverImageURL,
      link: ShareContent.playlistLink(userID: user.id, id: id))
  }

  var lineContent: String {
    ShareContent.line(
      text: ShareContent.playlistText(name: name),
      link: ShareContent.playlistLink(userID: user.id, id: id))
  }

  var instagramContent: String {
    ShareContent.instagram(playlistCover: coverImageURL, songs: songs)
  }

  var weChatContent: String {
    ShareContent.wechat(
      text: ShareContent.playlistText(name: name),
      stats: ShareContent.playlistStats(
        songCount: songs.count, totalPlayCount: totalPlayCount, createdAt: createdAt),
      link: ShareContent.playlistLink(userID: user.id, id: id))
  }
}

/// Any shareable model, erased to a struct of closures, one per requirement,
/// each capturing its own copy of the model.
public struct AnyShareable {
  let facebookContent: () -> String
  let lineContent: () -> String
  let instagramContent: () -> String
  let weChatContent: () -> String

  init<Model: Shareable>(_ model: Model) {
    facebookContent = { model.facebookContent }
    lineContent = { model.lineContent }
    instagramContent = { model.instagramContent }
    weChatContent = { model.weChatContent }
  }

  /// Calls the closure for a platform.
  func content(for platform: Platform) -> String {
    switch platform {
    case .facebook: facebookContent()
    case .line: lineContent()
    case .instagram: instagramContent()
    case .wechat: weChatContent()
    }
  }
}
