import DispatchModel

/// The kind tag of a feed node, as `SyntaxKind` is a syntax node's.
public enum FeedNodeKind {
  case invitation, newSong, newEvent, plainText, media, memories
}

/// Every feed row as one struct, its kind a tag beside its payload.
public struct FeedNode {
  public let kind: FeedNodeKind
  public let storage: NodeStorage

  init<Value>(_ kind: FeedNodeKind, _ value: Value) {
    self.kind = kind
    self.storage = NodePayload(value)
  }
}

/// A feed node known to be an invitation.
public struct InvitationNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .invitation else { return nil }
    self.node = node
  }

  public var row: InvitationViewObject { node.storage.payload(as: InvitationViewObject.self) }
}

/// A feed node known to be a new song.
public struct NewSongNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .newSong else { return nil }
    self.node = node
  }

  public var row: NewSongViewObject { node.storage.payload(as: NewSongViewObject.self) }
}

/// A feed node known to be a new event.
public struct NewEventNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .newEvent else { return nil }
    self.node = node
  }

  public var row: NewEventViewObject { node.storage.payload(as: NewEventViewObject.self) }
}

/// A feed node known to be a text post.
public struct PlainTextNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .plainText else { return nil }
    self.node = node
  }

  public var row: PlainTextViewObject { node.storage.payload(as: PlainTextViewObject.self) }
}

/// A feed node known to be a media post.
public struct MediaNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .media else { return nil }
    self.node = node
  }

  public var row: MediaViewObject { node.storage.payload(as: MediaViewObject.self) }
}

/// A feed node known to be memories.
public struct MemoriesNode {
  public let node: FeedNode

  public init?(_ node: FeedNode) {
    guard node.kind == .memories else { return nil }
    self.node = node
  }

  public var row: MemoriesViewObject { node.storage.payload(as: MemoriesViewObject.self) }
}

/// The feed's visitor, written as swift-syntax writes `SyntaxVisitor`: one
/// overridable `visit` per kind of row, each returning whether to go on,
/// and a `walk` that switches on the row's tag and calls that kind's
/// `visit` through the vtable. The controller keeps one subclass per
/// operation and reads each visit's result back from it.
open class FeedVisitor {
  public init() {}

  open func visit(_ node: InvitationNode) -> VisitorContinueKind { .visitChildren }
  open func visit(_ node: NewSongNode) -> VisitorContinueKind { .visitChildren }
  open func visit(_ node: NewEventNode) -> VisitorContinueKind { .visitChildren }
  open func visit(_ node: PlainTextNode) -> VisitorContinueKind { .visitChildren }
  open func visit(_ node: MediaNode) -> VisitorContinueKind { .visitChildren }
  open func visit(_ node: MemoriesNode) -> VisitorContinueKind { .visitChildren }

  /// Visits `node`: a `switch` on its kind tag, then that kind's `visit`
  /// through the vtable. Rows are leaves: what the visit returns is not
  /// read.
  @inline(never)
  public final func walk(_ node: FeedNode) {
    switch node.kind {
    case .invitation: _ = visit(InvitationNode(node)!)
    case .newSong: _ = visit(NewSongNode(node)!)
    case .newEvent: _ = visit(NewEventNode(node)!)
    case .plainText: _ = visit(PlainTextNode(node)!)
    case .media: _ = visit(MediaNode(node)!)
    case .memories: _ = visit(MemoriesNode(node)!)
    }
  }
}

final class IdentifierVisitor: FeedVisitor {
  private(set) var identifier = ""

  override func visit(_ node: InvitationNode) -> VisitorContinueKind {
    identifier = InvitationCell.reuseIdentifier
    return .skipChildren
  }

  override func visit(_ node: NewSongNode) -> VisitorContinueKind {
    identifier = NewSongCell.reuseIdentifier
    return .skipChildren
  }

  override func visit(_ node: NewEventNode) -> VisitorContinueKind {
    identifier = NewEventCell.reuseIdentifier
    return .skipChildren
  }

  override func visit(_ node: PlainTextNode) -> VisitorContinueKind {
    identifier = PlainTextCell.reuseIdentifier
    return .skipChildren
  }

  override func visit(_ node: MediaNode) -> VisitorContinueKind {
    identifier = MediaCell.reuseIdentifier
    return .skipChildren
  }

  override func visit(_ node: MemoriesNode) -> VisitorContinueKind {
    identifier = MemoriesCell.reuseIdentifier
    return .skipChildren
  }
}

final class HeightVisitor: FeedVisitor {
  private(set) var height = 0.0

  override func visit(_ node: InvitationNode) -> VisitorContinueKind {
    height = FeedContent.invitationHeight(isEmpty: node.row.isEmpty)
    return .skipChildren
  }

  override func visit(_ node: NewSongNode) -> VisitorContinueKind {
    height = FeedContent.newSongHeight
    return .skipChildren
  }

  override func visit(_ node: NewEventNode) -> VisitorContinueKind {
    height = FeedContent.newEventHeight
    return .skipChildren
  }

  override func visit(_ node: PlainTextNode) -> VisitorContinueKind {
    height = FeedContent.plainTextHeight(text: node.row.text)
    return .skipChildren
  }

  override func visit(_ node: MediaNode) -> VisitorContinueKind {
    let media = node.row
    height = FeedContent.mediaHeight(caption: media.caption, photoCount: media.photoURLs.count)
    return .skipChildren
  }

  override func visit(_ node: MemoriesNode) -> VisitorContinueKind {
    height = FeedContent.memoriesHeight
    return .skipChildren
  }
}

/// Writes each row into `cell`, through the base class's `show`, which every
/// cell class inherits (as enum-switch does: these cells have no outlets of
/// their own for a cast to reach).
final class ConfiguratorVisitor: FeedVisitor {
  var cell = FeedCell()

  override func visit(_ node: InvitationNode) -> VisitorContinueKind {
    let invitation = node.row
    if invitation.isEmpty {
      cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      cell.show(
        title: FeedContent.invitationTitle(inviter: invitation.inviter),
        subtitle: invitation.eventTitle, imageURLs: [])
    }
    return .skipChildren
  }

  override func visit(_ node: NewSongNode) -> VisitorContinueKind {
    let song = node.row
    cell.show(title: song.songName, subtitle: song.artistName, imageURLs: [song.coverURL])
    return .skipChildren
  }

  override func visit(_ node: NewEventNode) -> VisitorContinueKind {
    let event = node.row
    cell.show(
      title: event.title,
      subtitle: FeedContent.eventSubtitle(venue: event.venue, startsAt: event.startsAt),
      imageURLs: [])
    return .skipChildren
  }

  override func visit(_ node: PlainTextNode) -> VisitorContinueKind {
    let post = node.row
    cell.show(title: post.author, subtitle: post.text, imageURLs: [])
    return .skipChildren
  }

  override func visit(_ node: MediaNode) -> VisitorContinueKind {
    let media = node.row
    cell.show(title: media.author, subtitle: media.caption, imageURLs: media.photoURLs)
    return .skipChildren
  }

  override func visit(_ node: MemoriesNode) -> VisitorContinueKind {
    let memories = node.row
    cell.show(
      title: FeedContent.memoriesTitle(year: memories.year), subtitle: memories.caption,
      imageURLs: [memories.photoURL])
    return .skipChildren
  }
}

/// The table-view controller: it keeps one visitor per operation, as a
/// SwiftLint rule keeps its visitor, and reads each walk's result back from
/// it.
public final class FeedController {
  let identifierVisitor = IdentifierVisitor()
  let heightVisitor = HeightVisitor()
  let configurator = ConfiguratorVisitor()
  let colorVisitor = ColorVisitor()
  let backgroundSetter = BackgroundSetter()

  init() {}

  func identifier(for rows: [FeedNode], at index: Int) -> String {
    identifierVisitor.walk(rows[index])
    return identifierVisitor.identifier
  }

  func height(for rows: [FeedNode], at index: Int) -> Double {
    heightVisitor.walk(rows[index])
    return heightVisitor.height
  }

  func configure(_ cells: [FeedCell], at cellIndex: Int, with rows: [FeedNode], at index: Int) {
    configurator.cell = cells[cellIndex]
    configurator.walk(rows[index])
  }
}
