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

extension FeedController {
  /// The colour of the cell's class, read through the protocol the cell is
  /// cast to: erasers wrap what the app stores, and the table view, not the
  /// app, stores the cells.
  func color(of cells: [FeedCell], at index: Int) -> String {
    type(of: cells[index] as! any ColoredCell).color
  }

  func applyBackground(to cells: [FeedCell], at index: Int) {
    let cell = cells[index] as! any ColoredCell
    cell.backgroundColor = type(of: cell).color
  }
}
