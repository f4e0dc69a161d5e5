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
#if DISPATCH_BENCH_FROZEN
@frozen
#endif
public struct ShownCell {
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  let key: ObjectIdentifier
  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  let cell: FeedCell

  #if DISPATCH_BENCH_FROZEN
  @usableFromInline
  #endif
  init(key: ObjectIdentifier, cell: FeedCell) {
    self.key = key
    self.cell = cell
  }
}

extension FeedController {
  /// The key of the cell class that shows row `index`, from its handler.
  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func shownCell(_ cell: FeedCell, showing rows: [Any], at index: Int) -> ShownCell {
    ShownCell(key: handlers.handler(for: rows[index]).cellKey, cell: cell)
  }

  /// The colour registered under the shown cell's key: one lookup.
  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func color(of shown: ShownCell) -> String {
    handlers.color(registeredUnder: shown.key)
  }

  #if DISPATCH_BENCH_FROZEN
  @inlinable
  #endif
  func applyBackground(to shown: ShownCell) {
    shown.cell.backgroundColor = handlers.color(registeredUnder: shown.key)
  }
}
