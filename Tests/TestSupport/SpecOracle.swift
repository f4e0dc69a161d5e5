import DispatchModel
import Foundation

/// The SPEC's outputs, written again from SPEC.md alone, for property tests:
/// none of the model's formatting helpers are used, so a mistake in them
/// shows as a disagreement. Foundation supplies the calendar and percent-
/// encoding.
package enum SpecOracle {
  package static let base = "https://music.example"

  /// RFC 3986 unreserved characters, byte by byte.
  package static func encode(_ id: String) -> String {
    var allowed = CharacterSet()
    allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return id.addingPercentEncoding(withAllowedCharacters: allowed)!
  }

  package static func escape(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      if character == "\\" || character == "[" || character == "]" { result += "\\" }
      result.unicodeScalars.append(character)
    }
    return result
  }

  /// UTC `yyyy-MM-dd` by Foundation's Gregorian calendar; valid from 1600
  /// (before 1582 Foundation switches to the Julian calendar) to 9999.
  package static func date(_ seconds: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(parts.year!, 4))-\(pad(parts.month!, 2))-\(pad(parts.day!, 2))"
  }

  package static func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  package static func lines(_ text: String) -> Int {
    max(1, Int((Double(text.count) / 40).rounded(.up)))
  }

  package static func share(_ item: ShareItem, _ platform: Platform) -> String {
    let text: String
    let link: String
    let image: String
    let images: [String]
    let stats: String
    switch item {
    case .user(let user):
      text = "Hi, I want to share an amazing artist with you, \(user.name)."
      link = "\(base)/user/\(encode(user.id))"
      image = user.profileImageURL
      images = [image]
      stats = plural(user.followerCount, "follower")
    case .song(let song):
      text = "Hi, I want to share a great song I just heard, \(song.user.name)'s \(song.name)."
      link = "\(base)/user/\(encode(song.user.id))/song/\(encode(song.id))"
      image = song.coverImageURL
      images = [image]
      stats = "\(plural(song.playCount, "play")) · released \(date(song.createdAt))"
    case .playlist(let playlist):
      text = "Hi, I can't stop listening to this playlist, \(playlist.name)."
      link = "\(base)/user/\(encode(playlist.user.id))/playlist/\(encode(playlist.id))"
      image = playlist.coverImageURL
      images = playlist.songs.isEmpty ? [image] : playlist.songs.map(\.coverImageURL)
      let plays = playlist.songs.reduce(0) { $0 + $1.playCount }
      stats =
        "\(plural(playlist.songs.count, "song")) · \(plural(plays, "play")) · created \(date(playlist.createdAt))"
    }
    switch platform {
    case .facebook: return "[![\(escape(text))](\(image))](\(link))"
    case .line: return "[\(escape(text))](\(link))"
    case .instagram: return images.joined(separator: ",")
    case .wechat: return "\(text)\n\(stats)\n\(link)"
    }
  }

  /// identifier, height, configure (title, subtitle, images), colour.
  package static func feed(_ item: FeedItem) -> (identifier: String, height: Double, configured: String, color: String)
  {
    switch item {
    case .invitation(let v):
      return (
        "InvitationCell", v.isEmpty ? 100 : 300,
        v.isEmpty ? "No invitations||" : "\(v.inviter) invited you|\(v.eventTitle)|", "#FFF4E5"
      )
    case .newSong(let v):
      return ("NewSongCell", 100, "\(v.songName)|\(v.artistName)|\(v.coverURL)", "#000000")
    case .newEvent(let v):
      return ("NewEventCell", 200, "\(v.title)|\(v.venue) · \(date(v.startsAt))|", "#FFFFFF")
    case .plainText(let v):
      return ("PlainTextCell", Double(44 + 20 * lines(v.text)), "\(v.author)|\(v.text)|", "#FF0000")
    case .media(let v):
      let rows = Int((Double(v.photoURLs.count) / 3).rounded(.up))
      return (
        "MediaCell", Double(44 + 20 * lines(v.caption) + 120 * rows),
        "\(v.author)|\(v.caption)|\(v.photoURLs.joined(separator: ","))", "#1E1E1E"
      )
    case .memories(let v):
      return ("MemoriesCell", 150, "On this day in \(v.year)|\(v.caption)|\(v.photoURL)", "#FFE8F0")
    }
  }

  /// `feed.apply-background`'s output: the cell's state after its colour
  /// is applied, `{title}|{subtitle}|{imageURLs}|{backgroundColor}`.
  package static func appliedBackground(_ item: FeedItem) -> String {
    let (_, _, configured, color) = feed(item)
    return "\(configured)|\(color)"
  }

  /// The platform `share.mixed` pairs element `index` of a feed seeded by
  /// `seed` with, drawn as Guides/Commands.md and `ShareItemSequence` say
  /// (the element's own SplitMix64 stream; its first number draws the kind,
  /// the second the platform, by multiply-shift over the four in SPEC
  /// order), written here again so that a wrong draw in the harness, which
  /// every strategy shares, shows as a disagreement.
  package static func mixedPlatform(index: Int, seed: UInt64) -> Platform {
    func mix(_ state: UInt64) -> UInt64 {
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let golden: UInt64 = 0x9E37_79B9_7F4A_7C15
    let elementSeed = mix((seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93)) &+ golden)
    let platformDraw = mix(elementSeed &+ golden &+ golden)
    let platforms: [Platform] = [.facebook, .line, .instagram, .wechat]
    return platforms[Int(UInt64(platforms.count).multipliedFullWidth(by: platformDraw).high)]
  }

  /// Every SPEC §3 line `dump` prints for a file, in its order.
  package static func dumpLines(_ file: FeedFile) -> [(index: Int, operation: String, output: String)] {
    var lines: [(Int, String, String)] = []
    for (index, item) in file.share.enumerated() {
      for platform in Platform.allCases {
        lines.append((index, "share.\(platform.rawValue)", share(item, platform)))
      }
    }
    for (index, item) in file.feed.enumerated() {
      let (identifier, height, configured, color) = feed(item)
      let heightText = height == height.rounded() ? String(Int(height)) : "\(height)"
      lines.append((index, "feed.identifier", identifier))
      lines.append((index, "feed.height", heightText))
      lines.append((index, "feed.configure", configured))
      lines.append((index, "feed.color", color))
      lines.append((index, "feed.render", "\(identifier)|\(heightText)|\(configured)|\(color)"))
    }
    return lines
  }
}
