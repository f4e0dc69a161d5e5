/// The output strings of SPEC §3, read from cells after an operation.
public enum SpecOutput {
  /// `{title}|{subtitle}|{imageURLs joined by ","}`.
  public static func configured(_ cell: FeedCell) -> String {
    "\(cell.title)|\(cell.subtitle)|\(cell.imageURLs.joined(separator: ","))"
  }

  /// `{identifier}|{height}|{title}|{subtitle}|{imageURLs}|{backgroundColor}`.
  public static func rendered(identifier: String, height: Double, cell: FeedCell) -> String {
    "\(identifier)|\(Formatting.height(height))|\(configured(cell))|\(cell.backgroundColor)"
  }
}
