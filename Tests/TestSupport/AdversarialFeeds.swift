import DispatchModel
import Foundation

/// Random feeds built from the strings and numbers most likely to break
/// formatting: empty and 10,000-character strings, combining marks, ZWJ
/// sequences, flags, right-to-left text, Markdown and URL specials, line
/// breaks, and scalars from every Unicode plane; counts of 0, 1 and
/// Int.max, dates from 1600 to 9999.
package struct AdversarialFeeds {
  package var random: SplitMix64

  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  package static let pieces = [
    "", "a", "Zoë", "e\u{301}", "a\u{300}\u{301}\u{302}", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇸🇪", "🇯🇵🇰🇷",
    "שלום", "مرحبا", "\u{200F}RTL\u{200E}", "|", "[", "]", "\\", "%", "/", "\n", "\r\n", "\"",
    "\t", "·", "\u{0}", "%20", "[![x](y)](z)", "東京", "\u{FFFD}", "\u{10FFFF}", "\u{E000}",
  ]

  /// A scalar from any of the 17 planes, never a surrogate.
  package mutating func scalar() -> Unicode.Scalar {
    while true {
      let plane = UInt32(random.below(17))
      let value = plane << 16 | UInt32(random.below(0x10000))
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
  }

  package mutating func string() -> String {
    switch random.below(10) {
    case 0: return ""
    case 1:
      // 10,000 characters, some of them clusters.
      return String(repeating: Self.pieces[random.below(Self.pieces.count)].isEmpty ? "x" : "ab", count: 5_000)
    case 2:
      var text = ""
      for _ in 0..<random.draw(1...12) { text.unicodeScalars.append(scalar()) }
      return text
    default:
      var text = ""
      for _ in 0..<random.draw(1...6) { text += Self.pieces[random.below(Self.pieces.count)] }
      return text
    }
  }

  package mutating func count() -> Int {
    [0, 1, 2, 1_000_000, Int.max][random.below(5)]
  }

  /// A moment from 1600-01-01 to 9999-12-31, often at the edges.
  package mutating func moment() -> Int {
    [0, -1, -11_676_096_000, 4_102_444_800, 253_402_300_799, random.draw(-11_676_096_000...253_402_300_799)][
      random.below(6)]
  }

  package mutating func user() -> User {
    User(id: string(), name: string(), profileImageURL: string(), followerCount: count())
  }

  package mutating func song(playCount: Int? = nil) -> Song {
    Song(
      id: string(), name: string(), user: user(), coverImageURL: string(),
      playCount: playCount ?? count(), createdAt: moment())
  }

  package mutating func shareItem() -> ShareItem {
    switch random.below(3) {
    case 0: return .user(user())
    case 1: return .song(song())
    default:
      // Play counts that sum to at most Int.max, as the loader guarantees.
      var remaining = Int.max
      var songs: [Song] = []
      for _ in 0..<[0, 1, 3, 7][random.below(4)] {
        let plays = min(remaining, count())
        remaining -= plays
        songs.append(song(playCount: plays))
      }
      return .playlist(
        Playlist(
          id: string(), name: string(), user: user(), songs: songs, coverImageURL: string(),
          createdAt: moment()))
    }
  }

  package mutating func feedItem() -> FeedItem {
    switch random.below(6) {
    case 0:
      return .invitation(
        InvitationViewObject(id: string(), inviter: string(), eventTitle: string(), isEmpty: random.oneIn(2)))
    case 1:
      return .newSong(NewSongViewObject(id: string(), songName: string(), artistName: string(), coverURL: string()))
    case 2:
      return .newEvent(NewEventViewObject(id: string(), title: string(), venue: string(), startsAt: moment()))
    case 3:
      return .plainText(PlainTextViewObject(id: string(), author: string(), text: string()))
    case 4:
      return .media(
        MediaViewObject(
          id: string(), author: string(), caption: string(),
          photoURLs: (0..<random.draw(0...9)).map { _ in string() }))
    default:
      return .memories(
        MemoriesViewObject(
          id: string(), year: [Int.min, -1, 0, 2013, Int.max][random.below(5)], photoURL: string(),
          caption: string()))
    }
  }

  package mutating func file(items: Int) -> FeedFile {
    FeedFile(share: (0..<items).map { _ in shareItem() }, feed: (0..<items).map { _ in feedItem() })
  }

  /// The file as SPEC §4 JSON.
  package static func json(_ file: FeedFile) throws -> Data {
    func user(_ u: User) -> [String: Any] {
      ["id": u.id, "name": u.name, "profileImageURL": u.profileImageURL, "followerCount": u.followerCount]
    }
    func song(_ s: Song) -> [String: Any] {
      [
        "id": s.id, "name": s.name, "user": user(s.user), "coverImageURL": s.coverImageURL,
        "playCount": s.playCount, "createdAt": s.createdAt,
      ]
    }
    let share: [[String: Any]] = file.share.map { item in
      switch item {
      case .user(let u): return user(u).merging(["kind": "user"]) { a, _ in a }
      case .song(let s): return song(s).merging(["kind": "song"]) { a, _ in a }
      case .playlist(let p):
        return [
          "kind": "playlist", "id": p.id, "name": p.name, "user": user(p.user), "songs": p.songs.map(song),
          "coverImageURL": p.coverImageURL, "createdAt": p.createdAt,
        ]
      }
    }
    let feed: [[String: Any]] = file.feed.map { item in
      switch item {
      case .invitation(let v):
        return [
          "kind": "invitation", "id": v.id, "inviter": v.inviter, "eventTitle": v.eventTitle, "isEmpty": v.isEmpty,
        ]
      case .newSong(let v):
        return [
          "kind": "newSong", "id": v.id, "songName": v.songName, "artistName": v.artistName, "coverURL": v.coverURL,
        ]
      case .newEvent(let v):
        return ["kind": "newEvent", "id": v.id, "title": v.title, "venue": v.venue, "startsAt": v.startsAt]
      case .plainText(let v):
        return ["kind": "plainText", "id": v.id, "author": v.author, "text": v.text]
      case .media(let v):
        return ["kind": "media", "id": v.id, "author": v.author, "caption": v.caption, "photoURLs": v.photoURLs]
      case .memories(let v):
        return ["kind": "memories", "id": v.id, "year": v.year, "photoURL": v.photoURL, "caption": v.caption]
      }
    }
    return try JSONSerialization.data(withJSONObject: ["share": share, "feed": feed], options: [.sortedKeys])
  }
}
