import DispatchModel

extension FeedController {
  /// The colour of a cell's class: a `switch` on the cell, as a team that
  /// dispatches with `switch` writes it when all it has is the base class.
  ///
  /// A class is not a closed set of cases, so the cases are type patterns,
  /// tried in order (a class check each, to a `final` class), and the
  /// compiler demands a `default:`: the exhaustiveness the pattern is chosen
  /// for ends where the table view hands out a `FeedCell`.
  func color(of cells: [FeedCell], at index: Int) -> String {
    switch cells[index] {
    case is InvitationCell: InvitationCell.color
    case is NewSongCell: NewSongCell.color
    case is NewEventCell: NewEventCell.color
    case is PlainTextCell: PlainTextCell.color
    case is MediaCell: MediaCell.color
    case is MemoriesCell: MemoriesCell.color
    default: unknownCell(cells[index])
    }
  }

  func applyBackground(to cells: [FeedCell], at index: Int) {
    switch cells[index] {
    case let cell as InvitationCell: cell.backgroundColor = InvitationCell.color
    case let cell as NewSongCell: cell.backgroundColor = NewSongCell.color
    case let cell as NewEventCell: cell.backgroundColor = NewEventCell.color
    case let cell as PlainTextCell: cell.backgroundColor = PlainTextCell.color
    case let cell as MediaCell: cell.backgroundColor = MediaCell.color
    case let cell as MemoriesCell: cell.backgroundColor = MemoriesCell.color
    default: unknownCell(cells[index])
    }
  }

  private func unknownCell(_ cell: FeedCell) -> Never {
    preconditionFailure("no colour for \(type(of: cell))")
  }
}
