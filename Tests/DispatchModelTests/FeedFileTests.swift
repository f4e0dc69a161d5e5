import DispatchModel
import TestSupport
import Testing

@Suite struct FeedFileTests {
  static let user = #"{"id": "1", "name": "A", "profileImageURL": "u", "followerCount": 1}"#

  static func song(plays: String = "1") -> String {
    #"{"id": "1", "name": "S", "user": \#(user), "coverImageURL": "c", "playCount": \#(plays), "createdAt": 0}"#
  }

  private func load(_ text: String) throws(FeedFileError) -> FeedFile {
    try FeedFile.parse(Array(text.utf8), file: "feed.json")
  }

  /// Expects loading to fail, and the error to name this item and field.
  private func expectRejected(
    _ text: String, item: String?, field: String?, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      try load(text)
    } throws: { error in
      guard let error = error as? FeedFileError else { return false }
      #expect(error.file == "feed.json", sourceLocation: sourceLocation)
      #expect(error.item == item, sourceLocation: sourceLocation)
      #expect(error.field == field, sourceLocation: sourceLocation)
      #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
      #expect(error.description.contains("feed.json"), sourceLocation: sourceLocation)
      return true
    }
  }

  @Test func loadsTheExampleFeed() throws {
    let file = try FeedFile.load(path: Fixtures.exampleFeed)
    #expect(file.share.map(\.kind) == [.user, .song, .playlist, .playlist])
    #expect(
      file.feed.map(\.kind) == [
        .invitation, .invitation, .newSong, .newEvent, .plainText, .plainText, .media, .media,
        .memories,
      ])
    guard case .playlist(let playlist) = file.share[2] else {
      Issue.record("share[2] is not a playlist")
      return
    }
    #expect(playlist.songs.count == 5)
    #expect(playlist.totalPlayCount == 1_087_655)
  }

  @Test func eitherArrayMayBeMissingOrEmpty() throws {
    #expect(try load("{}") == FeedFile())
    #expect(try load(#"{"share": [], "feed": null}"#) == FeedFile())
  }

  @Test func rejectsAnUnknownKind() {
    expectRejected(
      #"{"feed": [{"kind": "invitation", "id": "1", "inviter": "", "eventTitle": "", "isEmpty": true}, {"kind": "story", "id": "2"}]}"#,
      item: "feed[1]", field: "kind", message: "unknown kind \"story\"")
    expectRejected(
      #"{"share": [{"kind": "album"}]}"#, item: "share[0]", field: "kind", message: "user, song, playlist")
  }

  @Test func rejectsAMissingField() {
    expectRejected(
      #"{"feed": [{"kind": "newSong", "id": "1", "songName": "s", "artistName": "a"}]}"#,
      item: "feed[0]", field: "coverURL", message: "missing")
    expectRejected(
      #"{"share": [{"kind": "song", "id": "1", "name": "S", "user": {"id": "1"}, "coverImageURL": "c", "playCount": 1, "createdAt": 0}]}"#,
      item: "share[0]", field: "user.name", message: "missing")
    expectRejected(#"{"feed": [{"id": "1"}]}"#, item: "feed[0]", field: "kind", message: "missing")
  }

  @Test func rejectsAWrongType() {
    expectRejected(
      #"{"feed": [{"kind": "invitation", "id": "1", "inviter": "", "eventTitle": "", "isEmpty": "no"}]}"#,
      item: "feed[0]", field: "isEmpty", message: "expected true or false, found a string")
    expectRejected(
      #"{"feed": [{"kind": "memories", "id": "1", "year": 2013.5, "photoURL": "p", "caption": ""}]}"#,
      item: "feed[0]", field: "year", message: "expected a whole number, found 2013.5")
    expectRejected(
      #"{"feed": [{"kind": "media", "id": "1", "author": "a", "caption": "", "photoURLs": ["p", 3]}]}"#,
      item: "feed[0]", field: "photoURLs[1]", message: "expected a string, found a number")
    expectRejected(
      #"{"share": [{"kind": "user", "id": 1, "name": "A", "profileImageURL": "u", "followerCount": 1}]}"#,
      item: "share[0]", field: "id", message: "expected a string, found a number")
    expectRejected(#"{"feed": [[]]}"#, item: "feed[0]", field: nil, message: "expected an object")
    expectRejected(#"{"feed": {}}"#, item: nil, field: "feed", message: "expected an array")
  }

  @Test func rejectsANegativeCount() {
    expectRejected(
      #"{"share": [{"kind": "user", "id": "1", "name": "A", "profileImageURL": "u", "followerCount": -1}]}"#,
      item: "share[0]", field: "followerCount", message: "cannot be negative, found -1")
    expectRejected(
      #"{"share": [{"kind": "playlist", "id": "p", "name": "P", "user": \#(Self.user), "coverImageURL": "c", "createdAt": 0, "songs": [\#(Self.song()), \#(Self.song(plays: "-5"))]}]}"#,
      item: "share[0]", field: "songs[1].playCount", message: "cannot be negative")
  }

  @Test func rejectsAPlaylistWhosePlaysOverflowInt() {
    let big = String(Int.max / 2 + 1)
    expectRejected(
      #"{"share": [{"kind": "playlist", "id": "p", "name": "P", "user": \#(Self.user), "coverImageURL": "c", "createdAt": 0, "songs": [\#(Self.song(plays: big)), \#(Self.song(plays: big))]}]}"#,
      item: "share[0]", field: "songs[1].playCount", message: "sum past Int.max")
    // Exactly Int.max is fine.
    #expect(throws: Never.self) {
      try load(
        #"{"share": [{"kind": "playlist", "id": "p", "name": "P", "user": \#(Self.user), "coverImageURL": "c", "createdAt": 0, "songs": [\#(Self.song(plays: String(Int.max - 1))), \#(Self.song(plays: "1"))]}]}"#
      )
    }
  }

  @Test func rejectsACountTooLargeForInt() {
    expectRejected(
      #"{"share": [{"kind": "user", "id": "1", "name": "A", "profileImageURL": "u", "followerCount": 99999999999999999999}]}"#,
      item: "share[0]", field: "followerCount", message: "does not fit in a 64-bit integer")
  }

  @Test func rejectsAnUnknownTopLevelKey() {
    expectRejected(#"{"shares": []}"#, item: nil, field: nil, message: "unknown top-level key \"shares\"")
  }

  @Test func namesTheLineAndColumnOfASyntaxError() {
    expectRejected("{\n  \"feed\": [,]\n}", item: nil, field: nil, message: "line 2, column 12")
  }

  @Test func namesAFileThatCannotBeRead() {
    #expect {
      try FeedFile.load(path: "/nonexistent/feed.json")
    } throws: { error in
      let error = error as? FeedFileError
      return error?.file == "/nonexistent/feed.json" && error?.message.contains("cannot open") == true
    }
    #expect {
      try FeedFile.load(path: "/")
    } throws: { error in
      (error as? FeedFileError)?.message.contains("not a regular file") == true
    }
  }
}
