import DispatchModel

/// A share item as a closed enum: its kind is the case tag, its model the
/// payload.
public enum ShareElement {
  case user(User)
  case song(Song)
  case playlist(Playlist)
}

/// The content of sharing element `index` to a platform: a `switch` on the
/// item's kind, then one on the platform, twelve cases in all.
func shareContent(of elements: [ShareElement], at index: Int, to platform: Platform) -> String {
  switch elements[index] {
  case .user(let user):
    switch platform {
    case .facebook:
      return ShareContent.facebook(
        text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
        link: ShareContent.userLink(id: user.id))
    case .line:
      return ShareContent.line(
        text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
    case .instagram:
      return user.profileImageURL
    case .wechat:
      return ShareContent.wechat(
        text: ShareContent.userText(name: user.name),
        stats: ShareContent.userStats(followerCount: user.followerCount),
        link: ShareContent.userLink(id: user.id))
    }
  case .song(let song):
    switch platform {
    case .facebook:
      return ShareContent.facebook(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        imageURL: song.coverImageURL,
        link: ShareContent.songLink(userID: song.user.id, id: song.id))
    case .line:
      return ShareContent.line(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        link: ShareContent.songLink(userID: song.user.id, id: song.id))
    case .instagram:
      return song.coverImageURL
    case .wechat:
      return ShareContent.wechat(
        text: ShareContent.songText(name: song.name, artistName: song.user.name),
        stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
        link: ShareContent.songLink(userID: song.user.id, id: song.id))
    }
  case .playlist(let playlist):
    switch platform {
    case .facebook:
      return ShareContent.facebook(
        text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    case .line:
      return ShareContent.line(
        text: ShareContent.playlistText(name: playlist.name),
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    case .instagram:
      return ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
    case .wechat:
      return ShareContent.wechat(
        text: ShareContent.playlistText(name: playlist.name),
        stats: ShareContent.playlistStats(
          songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
          createdAt: playlist.createdAt),
        link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    }
  }
}
