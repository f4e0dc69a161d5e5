/// The strings, users, songs and lists generated elements draw from.
///
/// Elements share these values (and so their heap storage), which keeps a
/// 10-million-element feed within memory: each element costs its own inline
/// size plus, at most, a small string of its own. The pools are varied enough
/// that heights, link encodings and string lengths vary as in a real feed.
///
/// A class: a sequence and its iterator hold one reference to the pools,
/// not ten arrays to retain and release with every element made.
final class _ContentPools: Sendable {
  let names: [String]
  let titles: [String]
  let venues: [String]
  let texts: [String]
  let captions: [String]
  let imageURLs: [String]
  let users: [User]
  let songs: [Song]
  let songLists: [[Song]]
  let photoLists: [[String]]

  init(seed: UInt64) {
    var random = SplitMix64(seed: seed ^ 0x5EED_C0DE_F00D_CAFE)

    // Names: plain, accented, non-Latin, and a few with Markdown specials.
    var names: [String] = []
    for index in 0..<256 {
      let first = Self.nameParts[random.below(Self.nameParts.count)]
      let second = Self.nameParts[random.below(Self.nameParts.count)]
      switch index % 16 {
      case 0: names.append("\(first) [\(second)]")
      case 1: names.append("\(first)\\\(second)")
      case 2: names.append(first)
      default: names.append("\(first) \(second)")
      }
    }
    self.names = names

    let titles = (0..<256).map { _ in Self.phrase(&random, characters: random.draw(8...48)) }
    self.titles = titles
    venues = (0..<64).map { index in
      "\(Self.nameParts[random.below(Self.nameParts.count)]) \(Self.venueKinds[index % Self.venueKinds.count])"
    }
    // Post texts: 0 to 320 characters, so a post wraps to 1 to 8 lines.
    texts = (0..<1024).map { _ in Self.phrase(&random, characters: random.draw(0...320)) }
    captions = (0..<512).map { index in
      index % 8 == 0 ? "" : Self.phrase(&random, characters: random.draw(1...160))
    }
    let imageURLs = (0..<1024).map { index in
      let folder = ["cover", "profile", "p", "m", "playlist"][index % 5]
      return "https://music.example/\(folder)/\(index).\(index % 3 == 0 ? "png" : "jpg")"
    }
    self.imageURLs = imageURLs

    var users: [User] = []
    for index in 0..<256 {
      let id = index % 16 == 0 ? "ü/\(index)" : (index % 16 == 1 ? "id \(index)" : "u\(index)")
      users.append(
        User(
          id: id, name: names[index], profileImageURL: imageURLs[random.below(imageURLs.count)],
          followerCount: Self.count(&random)))
    }
    self.users = users

    var songs: [Song] = []
    for index in 0..<1024 {
      songs.append(
        Song(
          id: index % 32 == 0 ? "s%\(index)" : "s\(index)",
          name: titles[random.below(titles.count)],
          user: users[random.below(users.count)],
          coverImageURL: imageURLs[random.below(imageURLs.count)],
          playCount: Self.count(&random),
          createdAt: Self.moment(&random)))
    }
    self.songs = songs

    // Playlists hold 0 to 50 songs.
    songLists = (0..<256).map { index in
      let length = index == 0 ? 0 : random.draw(0...50)
      return (0..<length).map { _ in songs[random.below(songs.count)] }
    }
    // Media posts hold 0 to 9 photos.
    photoLists = (0..<64).map { index in
      (0..<(index % 10)).map { _ in imageURLs[random.below(imageURLs.count)] }
    }
  }

  /// `prefix` followed by `index` in decimal: the same string as
  /// `"\(prefix)\(index)"`, without an interpolation's growing buffer (an
  /// element's identifier is made for every element of every
  /// representation, in every launch).
  static func identifier(_ prefix: StaticString, _ index: Int) -> String {
    precondition(index >= 0, "identifiers number elements from 0")
    var digits = 1
    var rest = index / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let length = prefix.utf8CodeUnitCount + digits
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
      prefix.withUTF8Buffer { bytes in
        for (offset, byte) in bytes.enumerated() { buffer[offset] = byte }
      }
      var value = index
      for offset in stride(from: length - 1, through: prefix.utf8CodeUnitCount, by: -1) {
        buffer[offset] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      return String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
    }
  }

  /// A count that is often small and sometimes 0 or 1, for plurals.
  static func count(_ random: inout SplitMix64) -> Int {
    switch random.below(8) {
    case 0: 0
    case 1: 1
    case 2...4: random.draw(2...999)
    default: random.draw(1000...99_999_999)
    }
  }

  /// A moment between 1970 and 2100.
  static func moment(_ random: inout SplitMix64) -> Int {
    random.draw(0...4_102_444_799)
  }

  /// Words joined until the text holds about `characters` characters.
  ///
  /// Lengths come from `wordLengths`, not `String.count`, and the text is
  /// joined as UTF-8 bytes and decoded once: pools are built for every
  /// representation of every launch, and counting graphemes, then appending
  /// strings word by word, was most of their cost. The text is the same.
  static func phrase(_ random: inout SplitMix64, characters: Int) -> String {
    let wordBytes = Self.wordBytes
    let wordLengths = Self.wordLengths
    var text: [UInt8] = []
    text.reserveCapacity(characters * 2 + 16)
    var length = 0
    while length < characters {
      if length > 0 {
        text.append(UInt8(ascii: " "))
        length += 1
      }
      let index = random.below(wordBytes.count)
      text.append(contentsOf: wordBytes[index])
      length += wordLengths[index]
    }
    return String(decoding: text, as: UTF8.self)
  }

  static let nameParts = [
    "Avicii", "Zoë", "Björk", "Sigur Rós", "Beyoncé", "Aurora", "Moby", "Nils", "Röyksopp",
    "Daft", "Punk", "Lykke", "Li", "周杰倫", "宇多田", "Ólafur", "Arnalds", "Kiasmos", "Robyn",
    "Tove", "Lo", "Kygo", "Alan", "Walker", "Sia", "Mø", "Emeli", "Sandé", "Fela", "Kuti",
  ]

  static let venueKinds = ["Arena", "Hall", "Club", "Park", "Stadium", "Café", "Theatre", "Garden"]

  static let words = [
    "the", "night", "was", "long", "and", "the", "music", "loud", "we", "danced",
    "until", "morning", "light", "came", "through", "the", "windows", "of", "an", "old",
    "warehouse", "by", "the", "river", "🎉", "🎶", "👩‍👩‍👧", "café", "naïve", "façade",
    "Ελλάδα", "東京", "encore", "[live]", "\\o/", "#tbt", "100%", "a/b", "e\u{301}",
    "🇸🇪", "שלום", "مرحبا",
  ]

  /// Each word's length in characters (grapheme clusters), in `words`'
  /// order: counted once, here, rather than on every draw.
  static let wordLengths = words.map(\.count)

  /// Each word's UTF-8 bytes, in `words`' order.
  static let wordBytes = words.map { Array($0.utf8) }
}
