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

/// A configured cell, erased: the cell, and a closure for its class's
/// colour, made by the row's eraser when it configured the cell (it knows
/// the row's `Cell`), so the app keeps one concrete type for every shown
/// cell as it does for every row.
public struct AnyShownCell {
  let cell: FeedCell
  let color: () -> String

  init<Cell: ColoredCell>(_ cell: Cell) {
    self.cell = cell
    color = { Cell.color }
  }
}

extension FeedController {
  /// The shown cell's colour: one call through the eraser's closure.
  func color(of shown: AnyShownCell) -> String {
    shown.color()
  }

  func applyBackground(to shown: AnyShownCell) {
    shown.cell.backgroundColor = shown.color()
  }
}
