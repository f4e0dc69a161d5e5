import DispatchModel

extension FeedController {
  /// The colour of a cell's class, found by trying each cell class in turn.
  ///
  /// Cells come out of the reuse pool as the base class, so these are class
  /// casts, not casts from `Any`; each is to a `final` class.
  func color(of cell: FeedCell) -> String {
    if cell is InvitationCell {
      return InvitationCell.color
    } else if cell is NewSongCell {
      return NewSongCell.color
    } else if cell is NewEventCell {
      return NewEventCell.color
    } else if cell is PlainTextCell {
      return PlainTextCell.color
    } else if cell is MediaCell {
      return MediaCell.color
    } else if cell is MemoriesCell {
      return MemoriesCell.color
    }
    preconditionFailure("no colour for \(type(of: cell))")
  }

  func applyBackground(to cell: FeedCell) {
    cell.backgroundColor = color(of: cell)
  }
}
