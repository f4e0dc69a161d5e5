import DispatchModel

/// A cell visitor: one `visit` per cell class, each returning the visitor's
/// result type (`Void` for a visitor that does its work in place).
public protocol CellVisitor<T> {
  associatedtype T
  func visit(_ cell: InvitationCell) -> T
  func visit(_ cell: NewSongCell) -> T
  func visit(_ cell: NewEventCell) -> T
  func visit(_ cell: PlainTextCell) -> T
  func visit(_ cell: MediaCell) -> T
  func visit(_ cell: MemoriesCell) -> T
}

/// A cell that accepts any cell visitor and returns its result.
public protocol VisitableCell: FeedCell {
  func accept<V: CellVisitor>(_ visitor: V) -> V.T
}

extension InvitationCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension NewSongCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension NewEventCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension PlainTextCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension MediaCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

extension MemoriesCell: VisitableCell {
  public func accept<V: CellVisitor>(_ visitor: V) -> V.T { visitor.visit(self) }
}

struct ColorVisitor: CellVisitor {
  init() {}

  func visit(_ cell: InvitationCell) -> String { InvitationCell.color }
  func visit(_ cell: NewSongCell) -> String { NewSongCell.color }
  func visit(_ cell: NewEventCell) -> String { NewEventCell.color }
  func visit(_ cell: PlainTextCell) -> String { PlainTextCell.color }
  func visit(_ cell: MediaCell) -> String { MediaCell.color }
  func visit(_ cell: MemoriesCell) -> String { MemoriesCell.color }
}

/// Sets each cell's background: `T == Void`, the work done in the visit.
struct BackgroundSetter: CellVisitor {
  init() {}

  func visit(_ cell: InvitationCell) { cell.backgroundColor = InvitationCell.color }
  func visit(_ cell: NewSongCell) { cell.backgroundColor = NewSongCell.color }
  func visit(_ cell: NewEventCell) { cell.backgroundColor = NewEventCell.color }
  func visit(_ cell: PlainTextCell) { cell.backgroundColor = PlainTextCell.color }
  func visit(_ cell: MediaCell) { cell.backgroundColor = MediaCell.color }
  func visit(_ cell: MemoriesCell) { cell.backgroundColor = MemoriesCell.color }
}

extension FeedController {
  /// The cell article's `willDisplay`: the base-class cell the table view
  /// hands out, force-cast to the protocol, accepts the visitor.
  func color(of cell: FeedCell) -> String {
    (cell as! any VisitableCell).accept(ColorVisitor())
  }

  func applyBackground(to cell: FeedCell) {
    (cell as! any VisitableCell).accept(BackgroundSetter())
  }
}
