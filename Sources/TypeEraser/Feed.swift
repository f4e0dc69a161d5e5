import DispatchModel

/// What the table view asks of a row, with the cell class it shows as an
/// associated type, so that `configure` takes its own cell class and casts
/// nothing.
///
/// The associated type is why the pattern exists: `any CellModel` cannot
/// call `configure` (its argument type is unknown), so the rows are erased
/// to `AnyCellModel`, which casts the cell once, inside the closure.
protocol CellModel {
  associatedtype Cell: ColoredCell
  var reuseIdentifier: String { get }
  var height: Double { get }
  func configure(_ cell: Cell)
}

extension InvitationViewObject: CellModel {
  var reuseIdentifier: String { InvitationCell.reuseIdentifier }
  var height: Double { FeedContent.invitationHeight(isEmpty: isEmpty) }

  func configure(_ cell: InvitationCell) {
    if isEmpty {
      cell.show(title: FeedContent.emptyInvitationTitle, subtitle: "", imageURLs: [])
    } else {
      cell.show(
        title: FeedContent.invitationTitle(inviter: inviter), subtitle: eventTitle, imageURLs: [])
    }
  }
}

extension NewSongViewObject: CellModel {
  var reuseIdentifier: String { NewSongCell.reuseIdentifier }
  var height: Double { FeedContent.newSongHeight }

  func configure(_ cell: NewSongCell) {
    cell.show(title: songName, subtitle: artistName, imageURLs: [coverURL])
  }
}

extension NewEventViewObject: CellModel {
  var reuseIdentifier: String { NewEventCell.reuseIdentifier }
  var height: Double { FeedContent.newEventHeight }

  func configure(_ cell: NewEventCell) {
    cell.show(
      title: title, subtitle: FeedContent.eventSubtitle(venue: venue, startsAt: startsAt),
      imageURLs: [])
  }
}

extension PlainTextViewObject: CellModel {
  var reuseIdentifier: String { PlainTextCell.reuseIdentifier }
  var height: Double { FeedContent.plainTextHeight(text: text) }

  func configure(_ cell: PlainTextCell) {
    cell.show(title: author, subtitle: text, imageURLs: [])
  }
}

extension MediaViewObject: CellModel {
  var reuseIdentifier: String { MediaCell.reuseIdentifier }
  var height: Double { FeedContent.mediaHeight(caption: caption, photoCount: photoURLs.count) }

  func configure(_ cell: MediaCell) {
    cell.show(title: author, subtitle: caption, imageURLs: photoURLs)
  }
}

extension MemoriesViewObject: CellModel {
  var reuseIdentifier: String { MemoriesCell.reuseIdentifier }
  var height: Double { FeedContent.memoriesHeight }

  func configure(_ cell: MemoriesCell) {
    cell.show(
      title: FeedContent.memoriesTitle(year: year), subtitle: caption, imageURLs: [photoURL])
  }
}

/// Any row, erased to a struct of closures, one per requirement, each
/// capturing its own copy of the row (`shown` captures none: it erases the
/// cell the row was configured into).
///
/// The identifier is a closure too, though a constant per kind: storing it
/// as a value would do the kind's work at construction, and leave nothing of
/// the pattern to measure.
public struct AnyCellModel {
  let reuseIdentifier: () -> String
  let height: () -> Double
  let configure: (FeedCell) -> Void
  /// The eraser of a cell this row was configured into.
  let shown: (FeedCell) -> AnyShownCell

  init<Row: CellModel>(_ row: Row) {
    reuseIdentifier = { row.reuseIdentifier }
    height = { row.height }
    configure = { cell in row.configure(cell as! Row.Cell) }
    shown = { cell in AnyShownCell(cell as! Row.Cell) }
  }
}

/// The table-view controller: it calls each row's closures.
public final class FeedController {
  init() {}

  func identifier(for rows: [AnyCellModel], at index: Int) -> String {
    rows[index].reuseIdentifier()
  }

  func height(for rows: [AnyCellModel], at index: Int) -> Double {
    rows[index].height()
  }

  /// The row's closure takes the base-class cell and casts it down to the
  /// row's `Cell` itself.
  func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [AnyCellModel], at index: Int
  ) {
    rows[index].configure(cells[cellIndex])
  }

  /// The eraser of the cell row `index` was configured into.
  func shownCell(_ cell: FeedCell, showing rows: [AnyCellModel], at index: Int) -> AnyShownCell {
    rows[index].shown(cell)
  }
}
