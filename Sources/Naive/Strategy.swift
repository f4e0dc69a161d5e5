import DispatchModel

/// The articles' "thoughtless approach": loosely typed rows with a type tag,
/// a share manager that flattens every model, and a controller that
/// `switch`es on the tag in every operation.
///
/// **How one element is dispatched:** a `switch` on the row's type tag, then
/// force-unwraps of optional fields; a share first allocates a `ShareManager`
/// object and builds every string any platform might need; a cell's colour is
/// found by testing its class against each cell class in turn.
public enum NaiveStrategy: DispatchStrategy {
  public static let name = "naive"
  public static let mechanism =
    "`switch` on a type tag with optional fields; a share allocates a manager that formats everything"

  public typealias ShareElement = ShareRow
  public typealias ShareTarget = Platform
  public typealias FeedElement = FeedRow
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> ShareRow {
    switch item {
    case .user(let user): ShareRow(type: .user, user: user)
    case .song(let song): ShareRow(type: .song, song: song)
    case .playlist(let playlist): ShareRow(type: .playlist, playlist: playlist)
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> Platform {
    platform
  }

  public static func makeFeedElement(_ item: FeedItem) -> FeedRow {
    switch item {
    case .invitation(let invitation):
      var row = FeedRow(type: .invitation, id: invitation.id)
      row.inviter = invitation.inviter
      row.eventTitle = invitation.eventTitle
      row.isEmpty = invitation.isEmpty
      return row
    case .newSong(let song):
      var row = FeedRow(type: .newSong, id: song.id)
      row.songName = song.songName
      row.artistName = song.artistName
      row.coverURL = song.coverURL
      return row
    case .newEvent(let event):
      var row = FeedRow(type: .newEvent, id: event.id)
      row.title = event.title
      row.venue = event.venue
      row.startsAt = event.startsAt
      return row
    case .plainText(let post):
      var row = FeedRow(type: .plainText, id: post.id)
      row.author = post.author
      row.text = post.text
      return row
    case .media(let media):
      var row = FeedRow(type: .media, id: media.id)
      row.author = media.author
      row.caption = media.caption
      row.photoURLs = media.photoURLs
      return row
    case .memories(let memories):
      var row = FeedRow(type: .memories, id: memories.id)
      row.year = memories.year
      row.photoURL = memories.photoURL
      row.caption = memories.caption
      return row
    }
  }

  public static func makeFeedController() -> FeedController {
    FeedController()
  }

  public static func makeCell(reuseIdentifier: String) -> FeedCell? {
    FeedCell.make(reuseIdentifier: reuseIdentifier)
  }

  // MARK: Per-element entry points (never inlined but in the evolution-frozen build; see DispatchStrategy)

  @inline(never)
  public static func share(
    _ elements: [ShareRow], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    ShareManager(row: elements[index]).share(to: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [FeedRow], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [FeedRow], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [FeedRow], at index: Int,
    using controller: FeedController
  ) {
    controller.configure(cells, at: cellIndex, with: rows, at: index)
  }

  /// The base-class cell itself: what the pattern's `color` and
  /// `applyBackground` start from, as its article's `willDisplay` does.
  @inline(never)
  public static func shownCell(
    _ cell: FeedCell, showing rows: [FeedElement], at index: Int, using controller: FeedController
  ) -> FeedCell {
    cell
  }

  @inline(never)
  public static func color(
    of cells: [FeedCell], at index: Int, using controller: FeedController
  ) -> String {
    controller.color(of: cells[index])
  }

  @inline(never)
  public static func applyBackground(
    to cells: [FeedCell], at index: Int, using controller: FeedController
  ) {
    controller.applyBackground(to: cells[index])
  }
}
