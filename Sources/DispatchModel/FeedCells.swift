/// A reusable cell that shows one feed row, like a table-view cell.
///
/// Each subclass's reuse identifier and colour are `@inlinable` literals, the
/// one exception to the model's no-cross-module-optimisation build: a
/// constant should cost every strategy what a constant costs, not a call
/// into the model.
///
/// Cells are reference types with mutable state so that configuring one and
/// setting its background are real writes, as they are in UIKit. Each kind of
/// row has its own final subclass; the base class is what a reuse pool hands
/// out, in both modes, and every strategy gets from it to the cell's class
/// as its pattern's code does.
///
/// The base class is `open`, as `UITableViewCell` is, for the one pattern
/// whose app subclasses the cell itself (class-hierarchy); the subclasses
/// here stay `final`, so a cast to one of them stays a compare of the
/// object's class.
open class FeedCell {
  public var title: String = ""
  public var subtitle: String = ""
  public var imageURLs: [String] = []
  public var backgroundColor: String = ""

  public init() {}

  /// Sets the three fields `feed.configure` writes, all at once, so that no
  /// state from the row a cell showed before survives.
  public final func show(title: String, subtitle: String, imageURLs: [String]) {
    self.title = title
    self.subtitle = subtitle
    self.imageURLs = imageURLs
  }
}

public final class InvitationCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "InvitationCell" }
  @inlinable public static var color: String { "#FFF4E5" }
}

public final class NewSongCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "NewSongCell" }
  @inlinable public static var color: String { "#000000" }
}

public final class NewEventCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "NewEventCell" }
  @inlinable public static var color: String { "#FFFFFF" }
}

public final class PlainTextCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "PlainTextCell" }
  @inlinable public static var color: String { "#FF0000" }
}

public final class MediaCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "MediaCell" }
  @inlinable public static var color: String { "#1E1E1E" }
}

public final class MemoriesCell: FeedCell {
  @inlinable public static var reuseIdentifier: String { "MemoriesCell" }
  @inlinable public static var color: String { "#FFE8F0" }
}

extension FeedCell {
  /// A new cell of the model's class registered for a reuse identifier, or
  /// `nil` for an identifier no cell class has: the table a table view
  /// keeps from `register(_:forCellReuseIdentifier:)`, for the strategies
  /// that show rows in the model's cell classes. Called on a reuse-pool miss
  /// only, never timed.
  public static func make(reuseIdentifier: String) -> FeedCell? {
    switch reuseIdentifier {
    case InvitationCell.reuseIdentifier: InvitationCell()
    case NewSongCell.reuseIdentifier: NewSongCell()
    case NewEventCell.reuseIdentifier: NewEventCell()
    case PlainTextCell.reuseIdentifier: PlainTextCell()
    case MediaCell.reuseIdentifier: MediaCell()
    case MemoriesCell.reuseIdentifier: MemoriesCell()
    default: nil
    }
  }
}
