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

/// A shown cell as the handler-table app keeps it: the cell, with the key
/// its class's colour is registered under, which the row's handler gave when
/// it configured the cell.
public struct ShownCell {
  let key: ObjectIdentifier
  let cell: FeedCell

  init(key: ObjectIdentifier, cell: FeedCell) {
    self.key = key
    self.cell = cell
  }
}

extension FeedController {
  /// The key of the cell class that shows row `index`, from its handler.
  func shownCell(_ cell: FeedCell, showing rows: [Any], at index: Int) -> ShownCell {
    ShownCell(key: handlers.handler(for: rows[index]).cellKey, cell: cell)
  }

  /// The colour registered under the shown cell's key: one lookup.
  func color(of shown: ShownCell) -> String {
    handlers.color(registeredUnder: shown.key)
  }

  func applyBackground(to shown: ShownCell) {
    shown.cell.backgroundColor = handlers.color(registeredUnder: shown.key)
  }
}
