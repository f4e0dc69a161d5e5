import DispatchModel

extension FeedRow {
  /// The row's case without its payload: what an enum-first controller
  /// remembers of a row it has shown, the feed article's `row.type`.
  public enum Kind {
    case invitation, newSong, newEvent, plainText, media, memories
  }

  var kind: Kind {
    switch self {
    case .invitation: .invitation
    case .newSong: .newSong
    case .newEvent: .newEvent
    case .plainText: .plainText
    case .media: .media
    case .memories: .memories
    }
  }
}

/// A shown row as an enum-first controller keeps it: the cell it configured,
/// beside the case of the row it configured it from. The controller never
/// asks a cell for its class: it knows the case.
public struct ShownRow {
  let kind: FeedRow.Kind
  let cell: FeedCell

  init(kind: FeedRow.Kind, cell: FeedCell) {
    self.kind = kind
    self.cell = cell
  }
}

extension FeedController {
  /// The colour of the row's cell class: one exhaustive `switch` on the case
  /// the controller configured the cell from, with no `default:`.
  func color(of shown: ShownRow) -> String {
    switch shown.kind {
    case .invitation: InvitationCell.color
    case .newSong: NewSongCell.color
    case .newEvent: NewEventCell.color
    case .plainText: PlainTextCell.color
    case .media: MediaCell.color
    case .memories: MemoriesCell.color
    }
  }

  /// The colour of the row's case, written through the base class, whose
  /// `backgroundColor` every cell class inherits.
  func applyBackground(to shown: ShownRow) {
    shown.cell.backgroundColor = color(of: shown)
  }
}
