/// A reusable cell that shows one feed row, like a table-view cell.
///
/// Cells are reference types with mutable state so that configuring one and
/// setting its background are real writes, as they are in UIKit. Each kind of
/// row has its own final subclass; the base class is what a reuse pool hands
/// out, and strategies that follow their articles cast it back down.
public class FeedCell {
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
  public static let reuseIdentifier = "InvitationCell"
  public static let color = "#FFF4E5"
}

public final class NewSongCell: FeedCell {
  public static let reuseIdentifier = "NewSongCell"
  public static let color = "#000000"
}

public final class NewEventCell: FeedCell {
  public static let reuseIdentifier = "NewEventCell"
  public static let color = "#FFFFFF"
}

public final class PlainTextCell: FeedCell {
  public static let reuseIdentifier = "PlainTextCell"
  public static let color = "#FF0000"
}

public final class MediaCell: FeedCell {
  public static let reuseIdentifier = "MediaCell"
  public static let color = "#1E1E1E"
}

public final class MemoriesCell: FeedCell {
  public static let reuseIdentifier = "MemoriesCell"
  public static let color = "#FFE8F0"
}
