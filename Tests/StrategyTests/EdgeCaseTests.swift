import DispatchModel
import StrategyRegistry
import TestSupport
import Testing

/// The SPEC's edge cases, each through every strategy.
@Suite struct EdgeCaseTests {
  static let artist = User(
    id: "1", name: "Avicii", profileImageURL: "https://music.example/profile/1.png",
    followerCount: 5)

  static func song(id: String = "1", plays: Int = 10, createdAt: Int = 0, user: User = artist)
    -> Song
  {
    Song(
      id: id, name: "Song \(id)", user: user, coverImageURL: "https://music.example/cover/\(id).png",
      playCount: plays, createdAt: createdAt)
  }

  static func playlist(songs: [Song], id: String = "p", name: String = "Mix", user: User = artist)
    -> Playlist
  {
    Playlist(
      id: id, name: name, user: user, songs: songs, coverImageURL: "https://music.example/playlist/p.png",
      createdAt: 0)
  }

  /// Expects every strategy to give `expected` for one item and operation.
  func expectAll(
    _ item: ShareItem, _ operation: SpecOperation, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectAll(in: FeedFile(share: [item]), operation, expected, sourceLocation: sourceLocation)
  }

  func expectAll(
    _ item: FeedItem, _ operation: SpecOperation, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectAll(in: FeedFile(feed: [item]), operation, expected, sourceLocation: sourceLocation)
  }

  /// Expects every strategy to give `expected` for the one item of `file`.
  private func expectAll(
    in file: FeedFile, _ operation: SpecOperation, _ expected: String, sourceLocation: SourceLocation
  ) {
    let mismatch = ExpectedStrategies.mismatch(Registry.names)
    #expect(mismatch == nil, "\(mismatch ?? "")", sourceLocation: sourceLocation)
    for strategy in Registry.strategies {
      let output = strategy.outputs(for: file, operations: [operation])[operation]?.first
      #expect(output == expected, "\(strategy.name)", sourceLocation: sourceLocation)
    }
  }

  // MARK: Playlists

  @Test func emptyPlaylistSharesItsOwnCoverAndZeroCounts() {
    let empty = ShareItem.playlist(Self.playlist(songs: []))
    expectAll(empty, .shareInstagram, "https://music.example/playlist/p.png")
    expectAll(
      empty, .shareWechat,
      "Hi, I can't stop listening to this playlist, Mix.\n0 songs · 0 plays · created 1970-01-01\nhttps://music.example/user/1/playlist/p"
    )
  }

  @Test func oneSongPlaylistSharesThatSongsCoverAndSingularCounts() {
    let one = ShareItem.playlist(Self.playlist(songs: [Self.song(id: "7", plays: 1)]))
    expectAll(one, .shareInstagram, "https://music.example/cover/7.png")
    expectAll(
      one, .shareWechat,
      "Hi, I can't stop listening to this playlist, Mix.\n1 song · 1 play · created 1970-01-01\nhttps://music.example/user/1/playlist/p"
    )
    // Facebook shows the playlist's cover, not the song's.
    expectAll(
      one, .shareFacebook,
      "[![Hi, I can't stop listening to this playlist, Mix.](https://music.example/playlist/p.png)](https://music.example/user/1/playlist/p)"
    )
  }

  @Test func playlistCoversKeepOrderAndDuplicates() {
    let songs = [Self.song(id: "2"), Self.song(id: "1"), Self.song(id: "2")]
    expectAll(
      .playlist(Self.playlist(songs: songs)), .shareInstagram,
      "https://music.example/cover/2.png,https://music.example/cover/1.png,https://music.example/cover/2.png"
    )
  }

  // MARK: Plurals

  @Test(arguments: [(0, "0 followers"), (1, "1 follower"), (2, "2 followers")])
  func followerCounts(count: Int, stats: String) {
    var user = Self.artist
    user.followerCount = count
    expectAll(
      .user(user), .shareWechat,
      "Hi, I want to share an amazing artist with you, Avicii.\n\(stats)\nhttps://music.example/user/1")
  }

  @Test(arguments: [(0, "0 plays"), (1, "1 play"), (2, "2 plays")])
  func playCounts(count: Int, stats: String) {
    expectAll(
      .song(Self.song(plays: count)), .shareWechat,
      "Hi, I want to share a great song I just heard, Avicii's Song 1.\n\(stats) · released 1970-01-01\nhttps://music.example/user/1/song/1"
    )
  }

  // MARK: Escaping and encoding

  @Test func markdownSpecialsInNamesAreEscapedForFacebookAndLineOnly() {
    let user = User(id: "x", name: #"A\B [C]"#, profileImageURL: "i", followerCount: 2)
    expectAll(
      .user(user), .shareFacebook,
      #"[![Hi, I want to share an amazing artist with you, A\\B \[C\].](i)](https://music.example/user/x)"#)
    expectAll(
      .user(user), .shareLine,
      #"[Hi, I want to share an amazing artist with you, A\\B \[C\].](https://music.example/user/x)"#)
    expectAll(
      .user(user), .shareWechat,
      "Hi, I want to share an amazing artist with you, A\\B [C].\n2 followers\nhttps://music.example/user/x")
    let song = Self.song(user: user)
    expectAll(
      .song(song), .shareLine,
      #"[Hi, I want to share a great song I just heard, A\\B \[C\]'s Song 1.](https://music.example/user/x/song/1)"#)
  }

  @Test(arguments: [
    ("a b", "a%20b"), ("a/b", "a%2Fb"), ("100%", "100%25"), ("ü", "%C3%BC"), ("東京", "%E6%9D%B1%E4%BA%AC"),
    ("-._~", "-._~"),
  ])
  func idsArePercentEncodedInEveryLink(id: String, encoded: String) {
    let user = User(id: id, name: "N", profileImageURL: "i", followerCount: 0)
    expectAll(
      .user(user), .shareLine,
      "[Hi, I want to share an amazing artist with you, N.](https://music.example/user/\(encoded))")
    expectAll(
      .song(Self.song(id: id, user: user)), .shareLine,
      "[Hi, I want to share a great song I just heard, N's Song \(id).](https://music.example/user/\(encoded)/song/\(encoded))"
    )
    expectAll(
      .playlist(Self.playlist(songs: [], id: id, user: user)), .shareLine,
      "[Hi, I can't stop listening to this playlist, Mix.](https://music.example/user/\(encoded)/playlist/\(encoded))")
  }

  // MARK: Grapheme clusters

  /// A text of `count` copies of `character` is one line at 40 and two at 41.
  @Test(arguments: ["a", "👩‍👩‍👧‍👦", "e\u{301}", "🇸🇪", "ä"])
  func linesCountCharactersAtTheFortyBoundary(character: String) {
    let forty = String(repeating: character, count: 40)
    let fortyOne = String(repeating: character, count: 41)
    expectAll(.plainText(PlainTextViewObject(id: "t", author: "a", text: forty)), .feedHeight, "64")
    expectAll(.plainText(PlainTextViewObject(id: "t", author: "a", text: fortyOne)), .feedHeight, "84")
    expectAll(
      .media(MediaViewObject(id: "m", author: "a", caption: forty, photoURLs: [])), .feedHeight, "64")
    expectAll(
      .media(MediaViewObject(id: "m", author: "a", caption: fortyOne, photoURLs: ["p"])), .feedHeight,
      "204")
  }

  @Test(arguments: [(0, 64), (1, 184), (3, 184), (4, 304), (9, 424)])
  func mediaHeightGrowsByRowsOfThreePhotos(photos: Int, height: Int) {
    let media = MediaViewObject(
      id: "m", author: "a", caption: "", photoURLs: Array(repeating: "p", count: photos))
    expectAll(.media(media), .feedHeight, String(height))
  }

  // MARK: Dates

  @Test func epochZeroAndDatesAfter2038() {
    expectAll(
      .song(Self.song(plays: 3, createdAt: 0)), .shareWechat,
      "Hi, I want to share a great song I just heard, Avicii's Song 1.\n3 plays · released 1970-01-01\nhttps://music.example/user/1/song/1"
    )
    expectAll(
      .song(Self.song(plays: 3, createdAt: 2_147_483_648)), .shareWechat,
      "Hi, I want to share a great song I just heard, Avicii's Song 1.\n3 plays · released 2038-01-19\nhttps://music.example/user/1/song/1"
    )
    expectAll(
      .newEvent(NewEventViewObject(id: "e", title: "T", venue: "V", startsAt: 4_102_444_800)),
      .feedConfigure, "T|V · 2100-01-01|")
    expectAll(
      .newEvent(NewEventViewObject(id: "e", title: "T", venue: "V", startsAt: 0)),
      .feedRender, "NewEventCell|200|T|V · 1970-01-01||#FFFFFF")
  }

  // MARK: Cells

  @Test func applyingTheBackgroundSetsTheColourOfTheCellsClass() {
    let rows: [(FeedItem, String)] = [
      (
        .invitation(InvitationViewObject(id: "1", inviter: "A", eventTitle: "E", isEmpty: false)),
        "A invited you|E||#FFF4E5"
      ),
      (.newSong(NewSongViewObject(id: "2", songName: "S", artistName: "A", coverURL: "c")), "S|A|c|#000000"),
      (.newEvent(NewEventViewObject(id: "3", title: "T", venue: "V", startsAt: 86_400)), "T|V · 1970-01-02||#FFFFFF"),
      (.plainText(PlainTextViewObject(id: "4", author: "A", text: "hi")), "A|hi||#FF0000"),
      (.media(MediaViewObject(id: "5", author: "A", caption: "C", photoURLs: ["p", "q"])), "A|C|p,q|#1E1E1E"),
      (
        .memories(MemoriesViewObject(id: "6", year: 1999, photoURL: "p", caption: "C")),
        "On this day in 1999|C|p|#FFE8F0"
      ),
    ]
    for (row, state) in rows { expectAll(row, .feedApplyBackground, state) }
  }
}
