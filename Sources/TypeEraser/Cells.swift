import DispatchModel

/// A cell class with a background colour of its own.
protocol ColoredCell: FeedCell {
  static var color: String { get }
}

extension InvitationCell: ColoredCell {}
extension NewSongCell: ColoredCell {}
extension NewEventCell: ColoredCell {}
extension PlainTextCell: ColoredCell {}
extension MediaCell: ColoredCell {}
extension MemoriesCell: ColoredCell {}

/// Any cell, erased to the cell object and a struct of closures built for
/// its class.
public struct AnyFeedCell {
  let object: FeedCell
  let color: () -> String
  let applyBackground: () -> Void

  init<Cell: ColoredCell>(_ cell: Cell) {
    object = cell
    color = { Cell.color }
    applyBackground = { cell.backgroundColor = Cell.color }
  }
}

/// A new cell of the class registered for a reuse identifier.
func makeCell(reuseIdentifier: String) -> AnyFeedCell? {
  switch reuseIdentifier {
  case InvitationCell.reuseIdentifier: AnyFeedCell(InvitationCell())
  case NewSongCell.reuseIdentifier: AnyFeedCell(NewSongCell())
  case NewEventCell.reuseIdentifier: AnyFeedCell(NewEventCell())
  case PlainTextCell.reuseIdentifier: AnyFeedCell(PlainTextCell())
  case MediaCell.reuseIdentifier: AnyFeedCell(MediaCell())
  case MemoriesCell.reuseIdentifier: AnyFeedCell(MemoriesCell())
  default: nil
  }
}

extension FeedController {
  func color(of cells: [AnyFeedCell], at index: Int) -> String {
    cells[index].color()
  }

  func applyBackground(to cells: [AnyFeedCell], at index: Int) {
    cells[index].applyBackground()
  }
}
