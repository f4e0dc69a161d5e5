#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// The contents of a feed file (SPEC §4): share items and feed rows.
public struct FeedFile: Hashable, Sendable {
  public var share: [ShareItem]
  public var feed: [FeedItem]

  public init(share: [ShareItem] = [], feed: [FeedItem] = []) {
    self.share = share
    self.feed = feed
  }
}

/// Why a feed file was refused: the file, and where in it.
public struct FeedFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// The item, such as `share[2]`, or `nil` for the file as a whole.
  public var item: String?
  /// The item's kind, when it had a readable one.
  public var kind: String?
  /// The field within the item, such as `songs[1].playCount`.
  public var field: String?
  public var message: String

  public init(
    file: String, item: String? = nil, kind: String? = nil, field: String? = nil,
    message: String
  ) {
    self.file = file
    self.item = item
    self.kind = kind
    self.field = field
    self.message = message
  }

  public var description: String {
    var where_ = file
    if let item { where_ += ": \(item)" + (kind.map { " (\($0))" } ?? "") }
    if let field { where_ += ": field \"\(field)\"" }
    return "\(where_): \(message)"
  }
}

extension FeedFile {
  /// The largest feed file `load` reads: parsing holds about six times the
  /// file in memory, so larger files are refused before they are read.
  public static let maximumFileSize = 1 << 30

  /// Reads and validates a feed file; either every item loads or none does.
  ///
  /// - Parameter path: The file to read; errors name it as given.
  /// - Throws: `FeedFileError` naming the file, and the item index and field
  ///   where the content is at fault.
  public static func load(path: String) throws(FeedFileError) -> FeedFile {
    let bytes: [UInt8]
    do {
      bytes = try _readFile(path, maximumSize: maximumFileSize)
    } catch {
      throw FeedFileError(file: path, message: error.message)
    }
    return try parse(bytes, file: path)
  }

  /// Validates a feed file's bytes.
  ///
  /// - Parameter file: The name errors give the content.
  public static func parse(_ bytes: [UInt8], file: String) throws(FeedFileError) -> FeedFile {
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes)
    } catch {
      throw FeedFileError(file: file, message: "not valid JSON: \(error)")
    }
    guard case .object(let members) = document else {
      throw FeedFileError(
        file: file,
        message: "expected an object with \"share\" and \"feed\" arrays, found \(document.typeDescription)")
    }
    for key in members.keys.sorted() where key != "share" && key != "feed" {
      throw FeedFileError(
        file: file, message: "unknown top-level key \"\(key)\" (expected \"share\" or \"feed\")")
    }
    var result = FeedFile()
    result.share = try items(members["share"], named: "share", file: file, decode: decodeShareItem)
    result.feed = try items(members["feed"], named: "feed", file: file, decode: decodeFeedItem)
    return result
  }

  private static func items<Item>(
    _ value: JSONValue?, named name: String, file: String,
    decode: (_FieldReader) throws(FeedFileError) -> Item
  ) throws(FeedFileError) -> [Item] {
    guard let value, value != .null else { return [] }
    guard case .array(let elements) = value else {
      throw FeedFileError(
        file: file, field: name, message: "expected an array, found \(value.typeDescription)")
    }
    var result: [Item] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let item = "\(name)[\(index)]"
      guard case .object(let fields) = element else {
        throw FeedFileError(
          file: file, item: item, message: "expected an object, found \(element.typeDescription)")
      }
      let reader = _FieldReader(fields: fields, file: file, item: item, kind: nil, prefix: "")
      result.append(try decode(reader))
    }
    return result
  }

  private static func decodeShareItem(_ reader: _FieldReader) throws(FeedFileError) -> ShareItem {
    let kindName = try reader.string("kind")
    guard let kind = ShareKind(rawValue: kindName) else {
      throw reader.failure(
        "kind",
        "unknown kind \"\(kindName)\" (expected one of: \(ShareKind.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    let reader = reader.ofKind(kindName)
    switch kind {
    case .user: return .user(try decodeUser(reader))
    case .song: return .song(try decodeSong(reader))
    case .playlist:
      let songs = try reader.array("songs").enumerated().map { (index, value) throws(FeedFileError) in
        try decodeSong(try reader.nested(value, field: "songs[\(index)]"))
      }
      var total = 0
      for (index, song) in songs.enumerated() {
        let (sum, overflow) = total.addingReportingOverflow(song.playCount)
        guard !overflow else {
          throw reader.failure(
            "songs[\(index)].playCount",
            "the songs' play counts sum past Int.max (\(Int.max))")
        }
        total = sum
      }
      return .playlist(
        Playlist(
          id: try reader.string("id"), name: try reader.string("name"),
          user: try decodeUser(try reader.object("user")), songs: songs,
          coverImageURL: try reader.string("coverImageURL"),
          createdAt: try reader.integer("createdAt")))
    }
  }

  private static func decodeUser(_ reader: _FieldReader) throws(FeedFileError) -> User {
    User(
      id: try reader.string("id"), name: try reader.string("name"),
      profileImageURL: try reader.string("profileImageURL"),
      followerCount: try reader.count("followerCount"))
  }

  private static func decodeSong(_ reader: _FieldReader) throws(FeedFileError) -> Song {
    Song(
      id: try reader.string("id"), name: try reader.string("name"),
      user: try decodeUser(try reader.object("user")),
      coverImageURL: try reader.string("coverImageURL"),
      playCount: try reader.count("playCount"), createdAt: try reader.integer("createdAt"))
  }

  private static func decodeFeedItem(_ reader: _FieldReader) throws(FeedFileError) -> FeedItem {
    let kindName = try reader.string("kind")
    guard let kind = FeedKind(rawValue: kindName) else {
      throw reader.failure(
        "kind",
        "unknown kind \"\(kindName)\" (expected one of: \(FeedKind.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    let reader = reader.ofKind(kindName)
    let id = try reader.string("id")
    switch kind {
    case .invitation:
      return .invitation(
        InvitationViewObject(
          id: id, inviter: try reader.string("inviter"),
          eventTitle: try reader.string("eventTitle"), isEmpty: try reader.bool("isEmpty")))
    case .newSong:
      return .newSong(
        NewSongViewObject(
          id: id, songName: try reader.string("songName"),
          artistName: try reader.string("artistName"), coverURL: try reader.string("coverURL")))
    case .newEvent:
      return .newEvent(
        NewEventViewObject(
          id: id, title: try reader.string("title"), venue: try reader.string("venue"),
          startsAt: try reader.integer("startsAt")))
    case .plainText:
      return .plainText(
        PlainTextViewObject(id: id, author: try reader.string("author"), text: try reader.string("text")))
    case .media:
      return .media(
        MediaViewObject(
          id: id, author: try reader.string("author"), caption: try reader.string("caption"),
          photoURLs: try reader.strings("photoURLs")))
    case .memories:
      return .memories(
        MemoriesViewObject(
          id: id, year: try reader.integer("year"), photoURL: try reader.string("photoURL"),
          caption: try reader.string("caption")))
    }
  }
}

/// Reads typed fields of one item, naming the item and field in every error.
struct _FieldReader {
  var fields: [String: JSONValue]
  var file: String
  var item: String
  var kind: String?
  /// The path of this object within the item, such as `user.` or `songs[2].`.
  var prefix: String

  func ofKind(_ kind: String) -> _FieldReader {
    var copy = self
    copy.kind = kind
    return copy
  }

  func failure(_ field: String, _ message: String) -> FeedFileError {
    FeedFileError(file: file, item: item, kind: kind, field: prefix + field, message: message)
  }

  private func value(_ field: String) throws(FeedFileError) -> JSONValue {
    guard let value = fields[field] else { throw failure(field, "missing") }
    return value
  }

  private func mistyped(_ field: String, _ expected: String, _ found: JSONValue) -> FeedFileError {
    failure(field, "expected \(expected), found \(found.typeDescription)")
  }

  func string(_ field: String) throws(FeedFileError) -> String {
    let value = try value(field)
    guard case .string(let string) = value else { throw mistyped(field, "a string", value) }
    return string
  }

  func bool(_ field: String) throws(FeedFileError) -> Bool {
    let value = try value(field)
    guard case .bool(let bool) = value else { throw mistyped(field, "true or false", value) }
    return bool
  }

  /// A whole number that fits in an `Int`, of either sign.
  func integer(_ field: String) throws(FeedFileError) -> Int {
    let value = try value(field)
    switch value {
    case .integer(let integer):
      return integer
    case .number(let text):
      if text.allSatisfy({ $0 == "-" || $0.isASCII && $0.isNumber }) {
        throw failure(field, "\(text) does not fit in a 64-bit integer")
      }
      throw failure(field, "expected a whole number, found \(text)")
    default:
      throw mistyped(field, "a whole number", value)
    }
  }

  /// A whole number ≥ 0.
  func count(_ field: String) throws(FeedFileError) -> Int {
    let integer = try integer(field)
    guard integer >= 0 else { throw failure(field, "a count cannot be negative, found \(integer)") }
    return integer
  }

  func array(_ field: String) throws(FeedFileError) -> [JSONValue] {
    let value = try value(field)
    guard case .array(let elements) = value else { throw mistyped(field, "an array", value) }
    return elements
  }

  func strings(_ field: String) throws(FeedFileError) -> [String] {
    var result: [String] = []
    for (index, element) in try array(field).enumerated() {
      guard case .string(let string) = element else {
        throw mistyped("\(field)[\(index)]", "a string", element)
      }
      result.append(string)
    }
    return result
  }

  func object(_ field: String) throws(FeedFileError) -> _FieldReader {
    try nested(try value(field), field: field)
  }

  func nested(_ value: JSONValue, field: String) throws(FeedFileError) -> _FieldReader {
    guard case .object(let fields) = value else { throw mistyped(field, "an object", value) }
    return _FieldReader(fields: fields, file: file, item: item, kind: kind, prefix: prefix + field + ".")
  }
}

/// Why a file could not be read.
struct _FileReadError: Error {
  var message: String
}

/// The whole content of a regular file of at most `maximumSize` bytes.
func _readFile(_ path: String, maximumSize: Int = .max) throws(_FileReadError) -> [UInt8] {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { throw _FileReadError(message: "cannot open: \(_errnoDescription())") }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0 else {
    throw _FileReadError(message: "cannot read: \(_errnoDescription())")
  }
  guard (status.st_mode & S_IFMT) == S_IFREG else {
    throw _FileReadError(message: "not a regular file")
  }
  guard Int(status.st_size) <= maximumSize else {
    throw _FileReadError(
      message: "is \(Int(status.st_size) >> 20) MiB; feed files of up to \(maximumSize >> 20) MiB are read")
  }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(Int(status.st_size))
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      throw _FileReadError(message: "cannot read: \(_errnoDescription())")
    }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

func _errnoDescription() -> String {
  String(cString: strerror(errno))
}
