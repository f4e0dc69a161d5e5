import DispatchModel

/// A cell that accepts a cell visitor and calls back the `visit` overload for
/// its own class.
public protocol VisitableCell: FeedCell {
  func accept(visitor: any CellVisitor)
}

/// One `visit` per cell class; visits return nothing.
public protocol CellVisitor: AnyObject {
  func visit(_ cell: InvitationCell)
  func visit(_ cell: NewSongCell)
  func visit(_ cell: NewEventCell)
  func visit(_ cell: PlainTextCell)
  func visit(_ cell: MediaCell)
  func visit(_ cell: MemoriesCell)
}

extension InvitationCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

extension NewSongCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

extension NewEventCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

extension PlainTextCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

extension MediaCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

extension MemoriesCell: VisitableCell {
  public func accept(visitor: any CellVisitor) { visitor.visit(self) }
}

final class ColorVisitor: CellVisitor {
  private(set) var color = ""

  func visit(_ cell: InvitationCell) { color = InvitationCell.color }
  func visit(_ cell: NewSongCell) { color = NewSongCell.color }
  func visit(_ cell: NewEventCell) { color = NewEventCell.color }
  func visit(_ cell: PlainTextCell) { color = PlainTextCell.color }
  func visit(_ cell: MediaCell) { color = MediaCell.color }
  func visit(_ cell: MemoriesCell) { color = MemoriesCell.color }
}

/// Sets each cell's background: the visitor does the work itself rather than
/// returning a value.
final class BackgroundSetter: CellVisitor {
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
    (cell as! any VisitableCell).accept(visitor: colorVisitor)
    return colorVisitor.color
  }

  func applyBackground(to cell: FeedCell) {
    (cell as! any VisitableCell).accept(visitor: backgroundSetter)
  }
}
