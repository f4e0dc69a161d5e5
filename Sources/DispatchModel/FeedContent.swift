/// The SPEC's row heights and cell contents, shared by every strategy.
public enum FeedContent {
  // MARK: Heights

  public static func invitationHeight(isEmpty: Bool) -> Double {
    isEmpty ? 100 : 300
  }

  public static let newSongHeight: Double = 100
  public static let newEventHeight: Double = 200
  public static let memoriesHeight: Double = 150

  /// 44 + 20 × lines(text).
  public static func plainTextHeight(text: String) -> Double {
    Double(44 + 20 * Formatting.lineCount(text))
  }

  /// 44 + 20 × lines(caption) + 120 × ⌈photos / 3⌉.
  public static func mediaHeight(caption: String, photoCount: Int) -> Double {
    Double(44 + 20 * Formatting.lineCount(caption) + 120 * ((photoCount + 2) / 3))
  }

  // MARK: Titles and subtitles

  public static let emptyInvitationTitle = "No invitations"

  public static func invitationTitle(inviter: String) -> String {
    "\(inviter) invited you"
  }

  public static func eventSubtitle(venue: String, startsAt: Int) -> String {
    "\(venue) · \(Formatting.utcDate(startsAt))"
  }

  public static func memoriesTitle(year: Int) -> String {
    "On this day in \(year)"
  }
}
