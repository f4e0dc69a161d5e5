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
func makeCell(reuseIdentifier: String) -> FeedCell? {
  registeredCellTypes.first { $0.reuseIdentifier == reuseIdentifier }?.init()
}

extension FeedController {
  /// The cell's getter, after casting the base-class cell the table view
  /// hands out to the protocol: `(cell as! any ColoredCell).backgroundHex`,
  /// as the cell article's `cell as! VisitableCell` reaches its protocol.
  func color(of cell: FeedCell) -> String {
    (cell as! any ColoredCell).backgroundHex
  }

  func applyBackground(to cell: FeedCell) {
    let colored = cell as! any ColoredCell
    colored.backgroundColor = colored.backgroundHex
  }
}
