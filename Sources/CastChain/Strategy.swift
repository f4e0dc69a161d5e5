import DispatchModel

/// Elements held as `Any` and found by a chain of dynamic casts, one per
/// type, in declaration order: the code that grows without a design, and
/// what the share article's "before" code turns into once it takes any
/// model.
///
/// **How one element is dispatched:** for each type tried until one
/// matches, a copy of the `Any` (a retain of its box) and a call into the
/// runtime's `swift_dynamicCast`, which compares the boxed value's type with
/// the target's and, on a match, copies the value out; so a uniform feed
/// pays 3.5 casts per row on average, 2 per share item. A cell's colour is a
/// chain of class casts to `final` classes, as naive's is.
///
/// The idiom: an `if let x = item as? T … else if let …` chain (`is` where
/// only the kind matters), the form such code takes in the wild. A `switch
/// item { case let x as T: … }` is the faster idiom: it copies the `Any`
/// once for all its cases, where every `as?` and `is` of a chain copies it
/// again.
public enum CastChainStrategy: DispatchStrategy {
  public static let name = "cast-chain"
  public static let mechanism =
    "elements as `Any`, an `if let … as?` chain: a runtime dynamic cast per type tried"

  public typealias ShareElement = Any
  public typealias ShareTarget = Platform
  public typealias FeedElement = Any
  public typealias ShownCell = FeedCell

  public static func makeShareElement(_ item: ShareItem) -> Any {
    switch item {
    case .user(let user): user
    case .song(let song): song
    case .playlist(let playlist): playlist
    }
  }

  public static func makeShareTarget(_ platform: Platform) -> Platform {
    platform
  }

  public static func makeFeedElement(_ item: FeedItem) -> Any {
    switch item {
    case .invitation(let invitation): invitation
    case .newSong(let song): song
    case .newEvent(let event): event
    case .plainText(let post): post
    case .media(let media): media
    case .memories(let memories): memories
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
    _ elements: [Any], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    shareContent(of: elements, at: index, to: targets[targetIndex])
  }

  @inline(never)
  public static func identifier(
    of rows: [Any], at index: Int, using controller: FeedController
  ) -> String {
    controller.identifier(for: rows, at: index)
  }

  @inline(never)
  public static func height(
    of rows: [Any], at index: Int, using controller: FeedController
  ) -> Double {
    controller.height(for: rows, at: index)
  }

  @inline(never)
  public static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [Any], at index: Int,
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
