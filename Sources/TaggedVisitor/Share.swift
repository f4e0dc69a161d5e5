import DispatchModel

/// What a visit tells the walk: go on into the node's children, or not;
/// swift-syntax's `SyntaxVisitorContinueKind`. Rows and share items are
/// leaves, so the walk reads it as swift-syntax's does for a token: not at
/// all.
public enum VisitorContinueKind {
  case visitChildren
  case skipChildren
}

/// A node's payload, behind the one reference every node holds, as a
/// syntax node's data sits behind its `Syntax`: the tag says which
/// `NodeStorage` subclass it is, so a typed node reads it without a cast.
public class NodeStorage {}

/// The payload of one kind of node.
public final class NodePayload<Value>: NodeStorage {
  public let value: Value

  init(_ value: Value) { self.value = value }
}

extension NodeStorage {
  /// The payload, as the kind tag says it is: the tag is trusted, as
  /// swift-syntax's typed nodes trust their raw layout.
  func payload<Value>(as type: Value.Type) -> Value {
    unsafeDowncast(self, to: NodePayload<Value>.self).value
  }
}

/// The kind tag of a share node, as `SyntaxKind` is a syntax node's.
public enum ShareNodeKind {
  case user, song, playlist
}

/// Every share item as one struct, its kind a tag beside its payload, as
/// every syntax node is a `Syntax` whose raw node carries its kind.
public struct ShareNode {
  public let kind: ShareNodeKind
  public let storage: NodeStorage

  init<Value>(_ kind: ShareNodeKind, _ value: Value) {
    self.kind = kind
    self.storage = NodePayload(value)
  }
}

/// A share node known to be a user, as `FunctionDeclSyntax` is a `Syntax`
/// known to be a function declaration: a view of the same node.
public struct UserNode {
  public let node: ShareNode

  /// The node as a user, or `nil` if its tag says otherwise.
  public init?(_ node: ShareNode) {
    guard node.kind == .user else { return nil }
    self.node = node
  }

  public var user: User { node.storage.payload(as: User.self) }
}

/// A share node known to be a song.
public struct SongNode {
  public let node: ShareNode

  public init?(_ node: ShareNode) {
    guard node.kind == .song else { return nil }
    self.node = node
  }

  public var song: Song { node.storage.payload(as: Song.self) }
}

/// A share node known to be a playlist.
public struct PlaylistNode {
  public let node: ShareNode

  public init?(_ node: ShareNode) {
    guard node.kind == .playlist else { return nil }
    self.node = node
  }

  public var playlist: Playlist { node.storage.payload(as: Playlist.self) }
}

/// The share sheet's visitor, as swift-syntax writes `SyntaxVisitor`: an
/// open class with one overridable `visit` per kind, each returning whether
/// to go on, and a `walk` that switches on the node's tag and calls that
/// kind's `visit` through the class's vtable. A platform is a subclass that
/// overrides the visits it needs and keeps the content of its last visit.
open class ShareVisitor {
  /// The content of the last node visited: internal, as a visitor's
  /// results are its own module's (a public stored property of a class
  /// would cost a dynamic exclusivity check per access).
  var content = ""

  public init() {}

  /// Visits a user.
  /// - Returns: whether to visit the node's children.
  open func visit(_ node: UserNode) -> VisitorContinueKind { .visitChildren }
  /// Visits a song.
  open func visit(_ node: SongNode) -> VisitorContinueKind { .visitChildren }
  /// Visits a playlist.
  open func visit(_ node: PlaylistNode) -> VisitorContinueKind { .visitChildren }

  /// Visits `node`: a `switch` on its kind tag, the typed view of it for
  /// that kind, then that kind's `visit`, a vtable call. A share item has
  /// no children, so what the visit returns is not read, as swift-syntax's
  /// walk does not read it for a token.
  @inline(never)
  public final func walk(_ node: ShareNode) {
    switch node.kind {
    case .user: _ = visit(UserNode(node)!)
    case .song: _ = visit(SongNode(node)!)
    case .playlist: _ = visit(PlaylistNode(node)!)
    }
  }
}

final class ShareToFacebookVisitor: ShareVisitor {
  override func visit(_ node: UserNode) -> VisitorContinueKind {
    let user = node.user
    content = ShareContent.facebook(
      text: ShareContent.userText(name: user.name), imageURL: user.profileImageURL,
      link: ShareContent.userLink(id: user.id))
    return .skipChildren
  }

  override func visit(_ node: SongNode) -> VisitorContinueKind {
    let song = node.song
    content = ShareContent.facebook(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      imageURL: song.coverImageURL, link: ShareContent.songLink(userID: song.user.id, id: song.id))
    return .skipChildren
  }

  override func visit(_ node: PlaylistNode) -> VisitorContinueKind {
    let playlist = node.playlist
    content = ShareContent.facebook(
      text: ShareContent.playlistText(name: playlist.name), imageURL: playlist.coverImageURL,
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    return .skipChildren
  }
}

final class ShareToLineVisitor: ShareVisitor {
  override func visit(_ node: UserNode) -> VisitorContinueKind {
    let user = node.user
    content = ShareContent.line(
      text: ShareContent.userText(name: user.name), link: ShareContent.userLink(id: user.id))
    return .skipChildren
  }

  override func visit(_ node: SongNode) -> VisitorContinueKind {
    let song = node.song
    content = ShareContent.line(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
    return .skipChildren
  }

  override func visit(_ node: PlaylistNode) -> VisitorContinueKind {
    let playlist = node.playlist
    content = ShareContent.line(
      text: ShareContent.playlistText(name: playlist.name),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    return .skipChildren
  }
}

final class ShareToInstagramVisitor: ShareVisitor {
  override func visit(_ node: UserNode) -> VisitorContinueKind {
    content = node.user.profileImageURL
    return .skipChildren
  }

  override func visit(_ node: SongNode) -> VisitorContinueKind {
    content = node.song.coverImageURL
    return .skipChildren
  }

  override func visit(_ node: PlaylistNode) -> VisitorContinueKind {
    let playlist = node.playlist
    content = ShareContent.instagram(playlistCover: playlist.coverImageURL, songs: playlist.songs)
    return .skipChildren
  }
}

final class ShareToWeChatVisitor: ShareVisitor {
  override func visit(_ node: UserNode) -> VisitorContinueKind {
    let user = node.user
    content = ShareContent.wechat(
      text: ShareContent.userText(name: user.name),
      stats: ShareContent.userStats(followerCount: user.followerCount),
      link: ShareContent.userLink(id: user.id))
    return .skipChildren
  }

  override func visit(_ node: SongNode) -> VisitorContinueKind {
    let song = node.song
    content = ShareContent.wechat(
      text: ShareContent.songText(name: song.name, artistName: song.user.name),
      stats: ShareContent.songStats(playCount: song.playCount, createdAt: song.createdAt),
      link: ShareContent.songLink(userID: song.user.id, id: song.id))
    return .skipChildren
  }

  override func visit(_ node: PlaylistNode) -> VisitorContinueKind {
    let playlist = node.playlist
    content = ShareContent.wechat(
      text: ShareContent.playlistText(name: playlist.name),
      stats: ShareContent.playlistStats(
        songCount: playlist.songs.count, totalPlayCount: playlist.totalPlayCount,
        createdAt: playlist.createdAt),
      link: ShareContent.playlistLink(userID: playlist.user.id, id: playlist.id))
    return .skipChildren
  }
}

/// The visitor for a platform.
func makeVisitor(for platform: Platform) -> ShareVisitor {
  switch platform {
  case .facebook: ShareToFacebookVisitor()
  case .line: ShareToLineVisitor()
  case .instagram: ShareToInstagramVisitor()
  case .wechat: ShareToWeChatVisitor()
  }
}
