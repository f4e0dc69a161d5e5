import DispatchModel

/// A cell as a closed enum: its class is the case tag, the cell object the
/// payload.
public enum CellElement {
  case invitation(InvitationCell)
  case newSong(NewSongCell)
  case newEvent(NewEventCell)
  case plainText(PlainTextCell)
  case media(MediaCell)
  case memories(MemoriesCell)
}

extension CellElement {
  /// A new cell of the class registered for a reuse identifier.
  init?(reuseIdentifier: String) {
    switch reuseIdentifier {
    case InvitationCell.reuseIdentifier: self = .invitation(InvitationCell())
    case NewSongCell.reuseIdentifier: self = .newSong(NewSongCell())
    case NewEventCell.reuseIdentifier: self = .newEvent(NewEventCell())
    case PlainTextCell.reuseIdentifier: self = .plainText(PlainTextCell())
    case MediaCell.reuseIdentifier: self = .media(MediaCell())
    case MemoriesCell.reuseIdentifier: self = .memories(MemoriesCell())
    default: return nil
    }
  }

  var object: FeedCell {
    switch self {
    case .invitation(let cell): cell
    case .newSong(let cell): cell
    case .newEvent(let cell): cell
    case .plainText(let cell): cell
    case .media(let cell): cell
    case .memories(let cell): cell
    }
  }
}

extension FeedController {
  func color(of cells: [CellElement], at index: Int) -> String {
    switch cells[index] {
    case .invitation: InvitationCell.color
    case .newSong: NewSongCell.color
    case .newEvent: NewEventCell.color
    case .plainText: PlainTextCell.color
    case .media: MediaCell.color
    case .memories: MemoriesCell.color
    }
  }

  func applyBackground(to cells: [CellElement], at index: Int) {
    switch cells[index] {
    case .invitation(let cell): cell.backgroundColor = InvitationCell.color
    case .newSong(let cell): cell.backgroundColor = NewSongCell.color
    case .newEvent(let cell): cell.backgroundColor = NewEventCell.color
    case .plainText(let cell): cell.backgroundColor = PlainTextCell.color
    case .media(let cell): cell.backgroundColor = MediaCell.color
    case .memories(let cell): cell.backgroundColor = MemoriesCell.color
    }
  }
}
