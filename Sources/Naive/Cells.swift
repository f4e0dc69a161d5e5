import DispatchModel

extension FeedController {
  /// The colour of a cell's class, found by testing the cell against each
  /// class in turn: the "long sequence of if statements" of the cell articles.
  func color(of cell: FeedCell) -> String {
    if cell is InvitationCell { return InvitationCell.color }
    if cell is NewSongCell { return NewSongCell.color }
    if cell is NewEventCell { return NewEventCell.color }
    if cell is PlainTextCell { return PlainTextCell.color }
    if cell is MediaCell { return MediaCell.color }
    if cell is MemoriesCell { return MemoriesCell.color }
    preconditionFailure("no colour for \(type(of: cell))")
  }

  func applyBackground(to cell: FeedCell) {
    cell.backgroundColor = color(of: cell)
  }
}
