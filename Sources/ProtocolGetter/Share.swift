import DispatchModel

/// What every platform may ask of a model, as getters: the articles'
/// "optimise a bit" design.
///
/// `shareStats` is the getter WeChat forced on every model: data only one
/// platform uses, which every model must now provide.
public protocol Shareable {
  var shareText: String { get }
  var shareLink: String { get }
  /// The image Facebook shows.
  var primaryImageURL: String { get }
  /// The images Instagram shows.
  var shareImageURLs: [String] { get }
  /// The statistics line WeChat shows.
  var shareStats: String { get }
}

extension User: Shareable {
  public var shareText: String { ShareContent.userText(name: name) }
  public var shareLink: String { ShareContent.userLink(id: id) }
  public var primaryImageURL: String { profileImageURL }
  public var shareImageURLs: [String] { [profileImageURL] }
  public var shareStats: String { ShareContent.userStats(followerCount: followerCount) }
}

extension Song: Shareable {
  public var shareText: String { ShareContent.songText(name: name, artistName: user.name) }
  public var shareLink: String { ShareContent.songLink(userID: user.id, id: id) }
  public var primaryImageURL: String { coverImageURL }
  public var shareImageURLs: [String] { [coverImageURL] }
  public var shareStats: String {
    ShareContent.songStats(playCount: playCount, createdAt: createdAt)
  }
}

extension Playlist: Shareable {
  public var shareText: String { ShareContent.playlistText(name: name) }
  public var shareLink: String { ShareContent.playlistLink(userID: user.id, id: id) }
  public var primaryImageURL: String { coverImageURL }
  public var shareImageURLs: [String] {
    songs.isEmpty ? [coverImageURL] : songs.map(\.coverImageURL)
  }
  public var shareStats: String {
    ShareContent.playlistStats(
      songCount: songs.count, totalPlayCount: totalPlayCount, createdAt: createdAt)
  }
}

/// One manager class per platform, composing a model's getters: the share
/// article's `ShareManagerProtocol`, whose managers are classes holding the
/// model, made per share.
public protocol ShareManager {
  init(model: any Shareable)
  func share() -> String
}

final class FacebookShare: ShareManager {
  let model: any Shareable

  init(model: any Shareable) {
    self.model = model
  }

  func share() -> String {
    ShareContent.facebook(
      text: model.shareText, imageURL: model.primaryImageURL, link: model.shareLink)
  }
}

final class LineShare: ShareManager {
  let model: any Shareable

  init(model: any Shareable) {
    self.model = model
  }

  func share() -> String {
    ShareContent.line(text: model.shareText, link: model.shareLink)
  }
}

final class InstagramShare: ShareManager {
  let model: any Shareable

  init(model: any Shareable) {
    self.model = model
  }

  func share() -> String {
    ShareContent.instagram(imageURLs: model.shareImageURLs)
  }
}

final class WeChatShare: ShareManager {
  let model: any Shareable

  init(model: any Shareable) {
    self.model = model
  }

  func share() -> String {
    ShareContent.wechat(text: model.shareText, stats: model.shareStats, link: model.shareLink)
  }
}

/// The manager type for a platform.
func managerType(for platform: Platform) -> any ShareManager.Type {
  switch platform {
  case .facebook: FacebookShare.self
  case .line: LineShare.self
  case .instagram: InstagramShare.self
  case .wechat: WeChatShare.self
  }
}

/// Shares element `index` with a manager type known only at run time: the
/// metatype is opened, and `init` and `share()` are reached through its
/// witness table; `init` allocates the manager object, which holds a copy of
/// the model existential, as `FacebookShare(model: user).share()` does.
func share(_ models: [any Shareable], at index: Int, with manager: any ShareManager.Type) -> String {
  func open<Manager: ShareManager>(_: Manager.Type) -> String {
    Manager(model: models[index]).share()
  }
  return open(manager)
}
