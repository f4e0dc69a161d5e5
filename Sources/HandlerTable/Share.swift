import DispatchModel

/// A platform's share handlers, keyed by the type of model each one shares:
/// the registry a share-extension plugin fills in for its platform.
public struct ShareHandlerTable {
  private var handlers: [ObjectIdentifier: (Any) -> String] = [:]

  /// Registers the handler for one model type. The handler is typed; the
  /// table stores it behind a closure that casts the item down to `Model`.
  mutating func register<Model>(_: Model.Type, _ handler: @escaping (Model) -> String) {
    handlers[ObjectIdentifier(Model.self)] = { item in handler(item as! Model) }
  }

  /// The content of sharing an item: the handler registered for the item's
  /// dynamic type.
  func content(of item: Any) -> String {
    guard let handler = handlers[ObjectIdentifier(type(of: item))] else {
      preconditionFailure("no share handler is registered for \(type(of: item))")
    }
    return handler(item)
  }
}

/// The handlers for a platform, one per model type.
func makeHandlerTable(for platform: Platform) -> ShareHandlerTable {
  var table = ShareHandlerTable()
  switch platform {
  case .facebook:
    table.register(User.self) { user in
      ShareContent.facebook(
        text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
        link: ShareContent.userLink(id: user.id))
    }
    table.register(Song.self) { song in
      ShareContent.facebook(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
    }
    table.register(Playlist.self) { playlist in
      ShareContent.facebook(
        text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    }
  case .line:
    table.register(User.self) { user in
      ShareContent.line(
        text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
    }
    table.register(Song.self) { song in
      ShareContent.line(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        link: ShareContent.songLink(userID: song.user.id, id: song.id))
    }
    table.register(Playlist.self) { playlist in
      ShareContent.line(
        text: ShareContent.playlistText(name: playlist.name),
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    }
  case .instagram:
    table.register(User.self) { user in user.profileImageURL }
    table.register(Song.self) { song in song.coverImageURL }
    table.register(Playlist.self) { playlist in
      ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
    }
  case .wechat:
    table.register(User.self) { user in
      ShareContent.wechat(
        text: ShareContent.userText(name: user.name),
        stats: ShareContent.userStats(followerCount: user.followerCount),
        link: ShareContent.userLink(id: user.id))
    }
    table.register(Song.self) { song in
      ShareContent.wechat(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
        link: ShareContent.songLink(userID: song.user.id, id: song.id))
    }
    table.register(Playlist.self) { playlist in
      ShareContent.wechat(
        text: ShareContent.playlistText(name: playlist.name),
        stats: ShareContent.playlistStats(
          songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
          createdAt: playlist.createdAt),
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    }
  }
  return table
}
