import DispatchModel

/// The content of sharing an item to Facebook: the item's model is found by
/// trying each model type in turn.
///
/// What the share article's "before" code grows into once a second caller
/// needs it: a function per platform taking `Any`, each repeating the chain.
func facebookContent(of item: Any) -> String {
  if let user = item as? User {
    return ShareContent.facebook(
      text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
      link: ShareContent.userLink(id: user.id))
  } else if let song = item as? Song {
    return ShareContent.facebook(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
  } else if let playlist = item as? Playlist {
    return ShareContent.facebook(
      text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
  cannotShare(item)
}

func lineContent(of item: Any) -> String {
  if let user = item as? User {
    return ShareContent.line(
      text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
  } else if let song = item as? Song {
    return ShareContent.line(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  } else if let playlist = item as? Playlist {
    return ShareContent.line(
      text: ShareContent.playlistText(name: playlist.name),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
  cannotShare(item)
}

func instagramContent(of item: Any) -> String {
  if let user = item as? User {
    return user.profileImageURL
  } else if let song = item as? Song {
    return song.coverImageURL
  } else if let playlist = item as? Playlist {
    return ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
  }
  cannotShare(item)
}

func weChatContent(of item: Any) -> String {
  if let user = item as? User {
    return ShareContent.wechat(
      text: ShareContent.userText(name: user.name),
      stats: ShareContent.userStats(followerCount: user.followerCount),
      link: ShareContent.userLink(id: user.id))
  } else if let song = item as? Song {
    return ShareContent.wechat(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
  } else if let playlist = item as? Playlist {
    return ShareContent.wechat(
      text: ShareContent.playlistText(name: playlist.name),
      stats: ShareContent.playlistStats(
        songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
        createdAt: playlist.createdAt),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
  }
  cannotShare(item)
}

/// The content of sharing element `index` to a platform: the platform's
/// function, which finds the model by casting.
func shareContent(of elements: [Any], at index: Int, to platform: Platform) -> String {
  let item = elements[index]
  return switch platform {
  case .facebook: facebookContent(of: item)
  case .line: lineContent(of: item)
  case .instagram: instagramContent(of: item)
  case .wechat: weChatContent(of: item)
  }
}

/// Where every chain ends: nothing in the chain matched.
func cannotShare(_ item: Any) -> Never {
  preconditionFailure("cannot share a \(type(of: item))")
}
