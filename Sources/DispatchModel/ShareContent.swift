/// The SPEC's share texts, links, WeChat statistics and per-platform content.
///
/// Every strategy calls these with the fields of the concrete model it has
/// dispatched to, so the work per element is the same function whichever
/// pattern found it.
public enum ShareContent {
  public static let baseURL = "https://music.example"

  // MARK: Text

  public static func userText(name: String) -> String {
    "Hi, I want to share an amazing artist with you, \(name)."
  }

  public static func songText(name: String, artistName: String) -> String {
    "Hi, I want to share a great song I just heard, \(artistName)'s \(name)."
  }

  public static func playlistText(name: String) -> String {
    "Hi, I can't stop listening to this playlist, \(name)."
  }

  // MARK: Link

  public static func userLink(id: String) -> String {
    "\(baseURL)/user/\(Formatting.percentEncoded(id))"
  }

  public static func songLink(userID: String, id: String) -> String {
    "\(baseURL)/user/\(Formatting.percentEncoded(userID))/song/\(Formatting.percentEncoded(id))"
  }

  public static func playlistLink(userID: String, id: String) -> String {
    "\(baseURL)/user/\(Formatting.percentEncoded(userID))/playlist/\(Formatting.percentEncoded(id))"
  }

  // MARK: WeChat statistics

  public static func userStats(followerCount: Int) -> String {
    Formatting.counted(followerCount, "follower")
  }

  public static func songStats(playCount: Int, createdAt: Int) -> String {
    "\(Formatting.counted(playCount, "play")) · released \(Formatting.utcDate(createdAt))"
  }

  public static func playlistStats(songCount: Int, totalPlayCount: Int, createdAt: Int) -> String {
    "\(Formatting.counted(songCount, "song")) · \(Formatting.counted(totalPlayCount, "play"))"
      + " · created \(Formatting.utcDate(createdAt))"
  }

  // MARK: Platforms

  /// `[![{text'}]({image})]({link})`, where text' is Markdown-escaped.
  public static func facebook(text: String, imageURL: String, link: String) -> String {
    "[![\(Formatting.markdownEscaped(text))](\(imageURL))](\(link))"
  }

  /// `[{text'}]({link})`, where text' is Markdown-escaped.
  public static func line(text: String, link: String) -> String {
    "[\(Formatting.markdownEscaped(text))](\(link))"
  }

  /// Image URLs joined by `,` with no spaces.
  public static func instagram(imageURLs: [String]) -> String {
    imageURLs.joined(separator: ",")
  }

  /// The Instagram content of a playlist: every song's cover in order, or the
  /// playlist's own cover when it has no songs.
  ///
  /// Written as the share article's visitor writes it, `map` then `joined`,
  /// so it costs what `instagram(imageURLs:)` costs once the covers are
  /// gathered.
  public static func instagram(playlistCover: String, songs: [Song]) -> String {
    songs.isEmpty ? playlistCover : songs.map(\.coverImageURL).joined(separator: ",")
  }

  /// Text, statistics and link on three lines; the text is not escaped.
  public static func wechat(text: String, stats: String, link: String) -> String {
    "\(text)\n\(stats)\n\(link)"
  }
}
