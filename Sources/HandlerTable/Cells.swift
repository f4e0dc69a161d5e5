import DispatchModel

/// A cell class the table registers: its identifier and its colour.
protocol RegisteredCell: FeedCell {
  static var reuseIdentifier: String { get }
  static var color: String { get }
  init()
}

extension InvitationCell: RegisteredCell {}
extension NewSongCell: RegisteredCell {}
extension NewEventCell: RegisteredCell {}
extension PlainTextCell: RegisteredCell {}
extension MediaCell: RegisteredCell {}
extension MemoriesCell: RegisteredCell {}

/// The cell classes, registered by reuse identifier as with a table view.
let registeredCellClasses: [any RegisteredCell.Type] = [
  InvitationCell.self, NewSongCell.self, NewEventCell.self,
  PlainTextCell.self, MediaCell.self, MemoriesCell.self,
]

/// A new cell of the class registered for a reuse identifier.
func makeCell(reuseIdentifier: String) -> FeedCell? {
  registeredCellClasses.first { $0.reuseIdentifier == reuseIdentifier }?.init()
}

extension FeedController {
  func color(of cells: [FeedCell], at index: Int) -> String {
    handlers.color(of: cells[index])
  }

  func applyBackground(to cells: [FeedCell], at index: Int) {
    let cell = cells[index]
    cell.backgroundColor = handlers.color(of: cell)
  }
}
