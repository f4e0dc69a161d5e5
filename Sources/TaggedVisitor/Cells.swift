import DispatchModel

/// A shown cell as a tag-first app keeps it: the cell, beside the kind tag
/// of the row it was configured from, as a syntax node's kind sits beside
/// its data. Nothing asks the cell for its class: the tag says it.
public struct CellNode {
  public let kind: FeedNodeKind
  public let cell: FeedCell

  public init(kind: FeedNodeKind, cell: FeedCell) {
    self.kind = kind
    self.cell = cell
  }
}

/// The cells' visitor: one overridable `visit` per cell class, and a `walk`
/// that switches on the shown cell's tag, views the cell as the class the
/// tag names and calls that class's `visit` through the vtable.
open class CellVisitor {
  public init() {}

  open func visit(_ cell: InvitationCell) -> VisitorContinueKind { .visitChildren }
  open func visit(_ cell: NewSongCell) -> VisitorContinueKind { .visitChildren }
  open func visit(_ cell: NewEventCell) -> VisitorContinueKind { .visitChildren }
  open func visit(_ cell: PlainTextCell) -> VisitorContinueKind { .visitChildren }
  open func visit(_ cell: MediaCell) -> VisitorContinueKind { .visitChildren }
  open func visit(_ cell: MemoriesCell) -> VisitorContinueKind { .visitChildren }

  /// Visits the shown cell: a `switch` on its tag, then that class's
  /// `visit`. The tag is trusted, as a typed syntax node trusts its kind:
  /// the cell is viewed as its class without a cast.
  @inline(never)
  public final func walk(_ node: CellNode) {
    switch node.kind {
    case .invitation: _ = visit(unsafeDowncast(node.cell, to: InvitationCell.self))
    case .newSong: _ = visit(unsafeDowncast(node.cell, to: NewSongCell.self))
    case .newEvent: _ = visit(unsafeDowncast(node.cell, to: NewEventCell.self))
    case .plainText: _ = visit(unsafeDowncast(node.cell, to: PlainTextCell.self))
    case .media: _ = visit(unsafeDowncast(node.cell, to: MediaCell.self))
    case .memories: _ = visit(unsafeDowncast(node.cell, to: MemoriesCell.self))
    }
  }
}

final class ColorVisitor: CellVisitor {
  private(set) var color = ""

  override func visit(_ cell: InvitationCell) -> VisitorContinueKind {
    color = InvitationCell.color
    return .skipChildren
  }

  override func visit(_ cell: NewSongCell) -> VisitorContinueKind {
    color = NewSongCell.color
    return .skipChildren
  }

  override func visit(_ cell: NewEventCell) -> VisitorContinueKind {
    color = NewEventCell.color
    return .skipChildren
  }

  override func visit(_ cell: PlainTextCell) -> VisitorContinueKind {
    color = PlainTextCell.color
    return .skipChildren
  }

  override func visit(_ cell: MediaCell) -> VisitorContinueKind {
    color = MediaCell.color
    return .skipChildren
  }

  override func visit(_ cell: MemoriesCell) -> VisitorContinueKind {
    color = MemoriesCell.color
    return .skipChildren
  }
}

/// Sets each cell's background: the visitor does the work itself rather than
/// returning a value.
final class BackgroundSetter: CellVisitor {
  override func visit(_ cell: InvitationCell) -> VisitorContinueKind {
    cell.backgroundColor = InvitationCell.color
    return .skipChildren
  }

  override func visit(_ cell: NewSongCell) -> VisitorContinueKind {
    cell.backgroundColor = NewSongCell.color
    return .skipChildren
  }

  override func visit(_ cell: NewEventCell) -> VisitorContinueKind {
    cell.backgroundColor = NewEventCell.color
    return .skipChildren
  }

  override func visit(_ cell: PlainTextCell) -> VisitorContinueKind {
    cell.backgroundColor = PlainTextCell.color
    return .skipChildren
  }

  override func visit(_ cell: MediaCell) -> VisitorContinueKind {
    cell.backgroundColor = MediaCell.color
    return .skipChildren
  }

  override func visit(_ cell: MemoriesCell) -> VisitorContinueKind {
    cell.backgroundColor = MemoriesCell.color
    return .skipChildren
  }
}

extension FeedController {
  func color(of shown: CellNode) -> String {
    colorVisitor.walk(shown)
    return colorVisitor.color
  }

  func applyBackground(to shown: CellNode) {
    backgroundSetter.walk(shown)
  }
}
