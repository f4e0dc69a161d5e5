import DispatchModel
import Testing

@Suite struct GeneratorTests {
  func share(_ seed: UInt64, _ distribution: KindDistribution, kinds: Int = 3, count: Int)
    -> ShareItemSequence
  {
    ShareItemSequence(source: .generated(seed: seed, distribution: distribution, kinds: kinds), count: count)
  }

  func feed(_ seed: UInt64, _ distribution: KindDistribution, kinds: Int = 6, count: Int)
    -> FeedItemSequence
  {
    FeedItemSequence(source: .generated(seed: seed, distribution: distribution, kinds: kinds), count: count)
  }

  @Test(arguments: KindDistribution.allCases)
  func theSameSeedGivesTheSameFeed(distribution: KindDistribution) {
    #expect(Array(feed(7, distribution, count: 500)) == Array(feed(7, distribution, count: 500)))
    #expect(Array(share(7, distribution, count: 500)) == Array(share(7, distribution, count: 500)))
    #expect(Array(feed(7, distribution, count: 500)) != Array(feed(8, distribution, count: 500)))
  }

  /// Element i depends on the seed and i alone: a shorter feed is a prefix.
  @Test func elementsDependOnTheirIndexNotTheFeedsSize() {
    #expect(Array(feed(3, .uniform, count: 1_000).prefix(100)) == Array(feed(3, .uniform, count: 100)))
    #expect(Array(share(3, .skewed, count: 1_000).prefix(100)) == Array(share(3, .skewed, count: 100)))
  }

  /// A pinned digest of seed 1's first elements: a change to the generator
  /// changes every published result, so it must be deliberate.
  @Test func theDefaultSeedsFeedIsStable() {
    var checksum = Checksum()
    for item in feed(1, .uniform, count: 200) { checksum.combine(Self.fields(of: item)) }
    for seed in share(1, .uniform, count: 200) {
      checksum.combine(Self.fields(of: seed.item) + "|" + seed.platform.rawValue)
    }
    #expect(checksum.hex == GeneratorTests.pinnedDigest, "the generator's output changed")
  }

  static let pinnedDigest = "2c4e19cf6d8e02f9"

  static func fields(of user: User) -> String {
    "\(user.id)|\(user.name)|\(user.profileImageURL)|\(user.followerCount)"
  }

  static func fields(of song: Song) -> String {
    "\(song.id)|\(song.name)|\(fields(of: song.user))|\(song.coverImageURL)|\(song.playCount)|\(song.createdAt)"
  }

  static func fields(of item: ShareItem) -> String {
    switch item {
    case .user(let user): "user|" + fields(of: user)
    case .song(let song): "song|" + fields(of: song)
    case .playlist(let p):
      "playlist|\(p.id)|\(p.name)|\(fields(of: p.user))|\(p.songs.map(fields(of:)))|\(p.coverImageURL)|\(p.createdAt)"
    }
  }

  static func fields(of item: FeedItem) -> String {
    switch item {
    case .invitation(let v): "invitation|\(v.id)|\(v.inviter)|\(v.eventTitle)|\(v.isEmpty)"
    case .newSong(let v): "newSong|\(v.id)|\(v.songName)|\(v.artistName)|\(v.coverURL)"
    case .newEvent(let v): "newEvent|\(v.id)|\(v.title)|\(v.venue)|\(v.startsAt)"
    case .plainText(let v): "plainText|\(v.id)|\(v.author)|\(v.text)"
    case .media(let v): "media|\(v.id)|\(v.author)|\(v.caption)|\(v.photoURLs)"
    case .memories(let v): "memories|\(v.id)|\(v.year)|\(v.photoURL)|\(v.caption)"
    }
  }

  @Test func clusteredIsTheUniformFeedStablySortedByKind() throws {
    let uniform = Array(feed(11, .uniform, count: 2_000))
    let clustered = Array(feed(11, .clustered, count: 2_000))
    let kindIndex = { (item: FeedItem) in try #require(FeedKind.allCases.firstIndex(of: item.kind)) }
    let expected = try uniform.enumerated().sorted {
      (try kindIndex($0.element), $0.offset) < (try kindIndex($1.element), $1.offset)
    }.map(\.element)
    #expect(clustered == expected)
    let indices = try clustered.map(kindIndex)
    #expect(indices == indices.sorted())
  }

  @Test func singleHasOneKind() {
    #expect(Set(feed(5, .single, count: 3_000).map(\.kind)) == [.invitation])
    #expect(Set(share(5, .single, count: 3_000).map(\.item.kind)) == [.user])
  }

  @Test(arguments: [2, 4, 6])
  func kindsLimitsTheKindsInPlay(kinds: Int) {
    let present = Set(feed(9, .uniform, kinds: kinds, count: 3_000).map(\.kind))
    #expect(present == Set(FeedKind.allCases.prefix(kinds)))
  }

  @Test(arguments: [KindDistribution.uniform, .skewed], [3, 6])
  func kindFrequenciesFollowTheWeights(distribution: KindDistribution, kinds: Int) {
    let count = 60_000
    let elements = feed(21, distribution, kinds: kinds, count: count)
    var observed = [Int](repeating: 0, count: kinds)
    for kind in elements.kindIndices() { observed[Int(kind)] += 1 }
    for (kind, weight) in distribution.weights(kinds: kinds).enumerated() {
      let frequency = Double(observed[kind]) / Double(count)
      #expect(abs(frequency - weight) < 0.01, "kind \(kind): \(frequency) vs \(weight)")
    }
  }

  @Test func skewedWeightsAreZipfLike() {
    let weights = KindDistribution.skewed.weights(kinds: 6)
    #expect(abs(weights.reduce(0, +) - 1) < 1e-12)
    #expect(weights == weights.sorted(by: >))
    // Weight 1/(k+1): the first kind twice the second, three times the third.
    #expect(abs(weights[0] / weights[1] - 2) < 1e-12)
    #expect(abs(weights[0] / weights[2] - 3) < 1e-12)
  }

  @Test func kindIndicesMatchTheElements() throws {
    for distribution in KindDistribution.allCases {
      let elements = feed(13, distribution, count: 700)
      #expect(
        try elements.kindIndices() == elements.map { UInt8(try #require(FeedKind.allCases.firstIndex(of: $0.kind))) })
      let items = share(13, distribution, count: 700)
      #expect(
        try items.kindIndices() == items.map { UInt8(try #require(ShareKind.allCases.firstIndex(of: $0.item.kind))) })
    }
  }

  @Test func contentIsVariedAsTheSpecExpects() {
    var songCounts = Set<Int>()
    var photoCounts = Set<Int>()
    var lineCounts = Set<Int>()
    var platforms = Set<Platform>()
    for seed in share(17, .uniform, count: 5_000) {
      platforms.insert(seed.platform)
      if case .playlist(let playlist) = seed.item { songCounts.insert(playlist.songs.count) }
    }
    for item in feed(17, .uniform, count: 5_000) {
      switch item {
      case .media(let media): photoCounts.insert(media.photoURLs.count)
      case .plainText(let post): lineCounts.insert(Formatting.lineCount(post.text))
      default: break
      }
    }
    #expect(songCounts.min() == 0 && songCounts.max() == 50 && songCounts.count > 30)
    #expect(photoCounts == Set(0...9))
    #expect(lineCounts.count >= 6)
    #expect(platforms == Set(Platform.allCases))
  }

  @Test func aTiledFileRepeatsItsItems() {
    let file = FeedFile(
      share: [.user(User(id: "1", name: "A", profileImageURL: "p", followerCount: 0))],
      feed: [
        .plainText(PlainTextViewObject(id: "1", author: "a", text: "t")),
        .memories(MemoriesViewObject(id: "2", year: 2000, photoURL: "p", caption: "c")),
      ])
    let rows = Array(FeedItemSequence(source: .tiled(file, seed: 1), count: 5))
    #expect(rows == [file.feed[0], file.feed[1], file.feed[0], file.feed[1], file.feed[0]])
    #expect(
      ShareItemSequence(source: .tiled(file, seed: 1), count: 3).map(\.item)
        == Array(repeating: file.share[0], count: 3))
  }
}
