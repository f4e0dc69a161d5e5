import DispatchModel

/// A cell that knows its own background colour, through a getter.
public protocol ColoredCell: FeedCell {
  static var reuseIdentifier: String { get }
  var backgroundHex: String { get }
  init()
}

extension InvitationCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

extension NewSongCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

extension NewEventCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

extension PlainTextCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

extension MediaCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

extension MemoriesCell: ColoredCell {
  public var backgroundHex: String { Self.color }
}

/// The cell classes, registered by reuse identifier as with a table view.
let registeredCellTypes: [any ColoredCell.Type] = [
  InvitationCell.self, NewSongCell.self, NewEventCell.self,
  PlainTextCell.self, MediaCell.self, MemoriesCell.self,
]

/// A new cell of the class registered for a reuse identifier.
func makeCell(reuseIdentifier: String) -> (any ColoredCell)? {
  registeredCellTypes.first { $0.reuseIdentifier == reuseIdentifier }?.init()
}

extension FeedController {
  func color(of cells: [any ColoredCell], at index: Int) -> String {
    cells[index].backgroundHex
  }

  func applyBackground(to cells: [any ColoredCell], at index: Int) {
    let cell = cells[index]
    cell.backgroundColor = cell.backgroundHex
  }
}
