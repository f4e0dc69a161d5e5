/// Where a benchmark's elements come from.
public enum ElementSource: Hashable, Sendable {
  /// Elements generated from a seed, with kinds laid out by a distribution
  /// over the first `kinds` kinds (SPEC order).
  case generated(seed: UInt64, distribution: KindDistribution, kinds: Int)
  /// A user's feed file, its items repeated in order to the size asked for;
  /// the seed draws the platform each item is paired with for `share.mixed`.
  case tiled(FeedFile, seed: UInt64)
}

/// A share item paired with the platform `share.mixed` shares it to.
public struct ShareEntry: Hashable, Sendable {
  public var item: ShareItem
  public var platform: Platform
}

/// The first `count` share elements of a source, made on demand.
///
/// Element *i* depends only on the source and *i*, so the same seed gives the
/// same elements on every run and machine, and the whole feed is never held
/// in memory at once.
public struct ShareItemSequence: Sequence, Sendable {
  public let source: ElementSource
  public let count: Int
  private let pools: _ContentPools?
  private let layout: _KindLayout

  /// - Precondition: a tiled source has share items, unless `count` is 0.
  public init(source: ElementSource, count: Int) {
    precondition(count >= 0)
    self.source = source
    self.count = count
    switch source {
    case .generated(let seed, let distribution, let kinds):
      precondition((1...ShareKind.allCases.count).contains(kinds), "share has 1 to 3 kinds")
      pools = _ContentPools(seed: seed)
      layout = _KindLayout(seed: seed, distribution: distribution, kinds: kinds, count: count)
    case .tiled(let file, _):
      precondition(count == 0 || !file.share.isEmpty, "the file has no share items to tile")
      pools = nil
      layout = _KindLayout(identityOrderFor: count)
    }
  }

  public func makeIterator() -> Iterator { Iterator(sequence: self) }

  /// Elements in order, each made as it is reached. A concrete iterator,
  /// not `AnyIterator`: building a 100,000-element representation visits it
  /// once per element, and a type-erased one boxed and copied the sequence
  /// (and its pools) for every element.
  public struct Iterator: IteratorProtocol {
    let sequence: ShareItemSequence
    var positions: _KindLayout.Iterator

    init(sequence: ShareItemSequence) {
      self.sequence = sequence
      positions = sequence.layout.makeIterator()
    }

    public mutating func next() -> ShareEntry? {
      // Not `positions.next().map(sequence.element(at:))`: the partial
      // application copied the sequence, pools and layout, retains
      // included, for every element.
      guard let position = positions.next() else { return nil }
      return sequence.element(at: position)
    }
  }

  /// The kind of every element, in feed order, as SPEC-order indices;
  /// for a generated feed, without generating the elements.
  public func kindIndices() -> [UInt8] {
    switch source {
    case .generated: layout.map { UInt8($0.kind) }
    case .tiled: map { UInt8(ShareKind.allCases.firstIndex(of: $0.item.kind)!) }
    }
  }

  fileprivate func element(at position: _KindLayout.Position) -> ShareEntry {
    var random = SplitMix64.forElement(position.index, seed: source.seed)
    _ = random.next()  // the kind draw, already taken by the layout
    let platform = Platform.allCases[random.below(Platform.allCases.count)]
    switch source {
    case .tiled(let file, _):
      return ShareEntry(item: file.share[position.index % file.share.count], platform: platform)
    case .generated:
      let pools = pools!
      let index = position.index
      let item: ShareItem
      switch ShareKind.allCases[position.kind] {
      case .user:
        item = .user(pools.users[random.below(pools.users.count)])
      case .song:
        var song = pools.songs[random.below(pools.songs.count)]
        song.id = _ContentPools.identifier("s", index)
        item = .song(song)
      case .playlist:
        item = .playlist(
          Playlist(
            id: _ContentPools.identifier(index % 64 == 0 ? "list " : "p", index),
            name: pools.titles[random.below(pools.titles.count)],
            user: pools.users[random.below(pools.users.count)],
            songs: pools.songLists[random.below(pools.songLists.count)],
            coverImageURL: pools.imageURLs[random.below(pools.imageURLs.count)],
            createdAt: _ContentPools.moment(&random)))
      }
      return ShareEntry(item: item, platform: platform)
    }
  }
}

/// The first `count` feed rows of a source, made on demand.
///
/// Row *i* depends only on the source and *i*, so the same seed gives the same
/// rows on every run and machine, and the whole feed is never held in memory
/// at once.
public struct FeedItemSequence: Sequence, Sendable {
  public let source: ElementSource
  public let count: Int
  private let pools: _ContentPools?
  private let layout: _KindLayout

  /// - Precondition: a tiled source has feed rows, unless `count` is 0.
  public init(source: ElementSource, count: Int) {
    precondition(count >= 0)
    self.source = source
    self.count = count
    switch source {
    case .generated(let seed, let distribution, let kinds):
      precondition((1...FeedKind.allCases.count).contains(kinds), "feed has 1 to 6 kinds")
      pools = _ContentPools(seed: seed)
      layout = _KindLayout(seed: seed, distribution: distribution, kinds: kinds, count: count)
    case .tiled(let file, _):
      precondition(count == 0 || !file.feed.isEmpty, "the file has no feed rows to tile")
      pools = nil
      layout = _KindLayout(identityOrderFor: count)
    }
  }

  public func makeIterator() -> Iterator { Iterator(sequence: self) }

  /// Rows in order, each made as it is reached (a concrete iterator, as
  /// `ShareItemSequence`'s).
  public struct Iterator: IteratorProtocol {
    let sequence: FeedItemSequence
    var positions: _KindLayout.Iterator

    init(sequence: FeedItemSequence) {
      self.sequence = sequence
      positions = sequence.layout.makeIterator()
    }

    public mutating func next() -> FeedItem? {
      guard let position = positions.next() else { return nil }
      return sequence.element(at: position)
    }
  }

  /// The kind of every row, in feed order, as SPEC-order indices; for a
  /// generated feed, without generating the rows.
  public func kindIndices() -> [UInt8] {
    switch source {
    case .generated: layout.map { UInt8($0.kind) }
    case .tiled: map { UInt8(FeedKind.allCases.firstIndex(of: $0.kind)!) }
    }
  }

  fileprivate func element(at position: _KindLayout.Position) -> FeedItem {
    switch source {
    case .tiled(let file, _):
      return file.feed[position.index % file.feed.count]
    case .generated(let seed, _, _):
      let pools = pools!
      var random = SplitMix64.forElement(position.index, seed: seed)
      _ = random.next()  // the kind draw, already taken by the layout
      let id = _ContentPools.identifier("f", position.index)
      func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }
      switch FeedKind.allCases[position.kind] {
      case .invitation:
        let isEmpty = random.oneIn(5)
        return .invitation(
          InvitationViewObject(
            id: id, inviter: isEmpty ? "" : pick(pools.names),
            eventTitle: isEmpty ? "" : pick(pools.titles), isEmpty: isEmpty))
      case .newSong:
        return .newSong(
          NewSongViewObject(
            id: id, songName: pick(pools.titles), artistName: pick(pools.names),
            coverURL: pick(pools.imageURLs)))
      case .newEvent:
        return .newEvent(
          NewEventViewObject(
            id: id, title: pick(pools.titles), venue: pick(pools.venues),
            startsAt: _ContentPools.moment(&random)))
      case .plainText:
        return .plainText(PlainTextViewObject(id: id, author: pick(pools.names), text: pick(pools.texts)))
      case .media:
        return .media(
          MediaViewObject(
            id: id, author: pick(pools.names), caption: pick(pools.captions),
            photoURLs: pick(pools.photoLists)))
      case .memories:
        return .memories(
          MemoriesViewObject(
            id: id, year: random.draw(2008...2025), photoURL: pick(pools.imageURLs),
            caption: pick(pools.captions)))
      }
    }
  }
}

extension ElementSource {
  var seed: UInt64 {
    switch self {
    case .generated(let seed, _, _), .tiled(_, let seed): seed
    }
  }
}

/// The order in which element positions are visited, and each one's kind.
struct _KindLayout: Sendable, Sequence {
  struct Position {
    /// The element's position in the unsorted feed; its content derives from it.
    var index: Int
    var kind: Int
  }

  private let seed: UInt64
  private let count: Int
  private let sampler: _KindSampler?
  private let kinds: Int
  private let isClustered: Bool

  init(seed: UInt64, distribution: KindDistribution, kinds: Int, count: Int) {
    self.seed = seed
    self.count = count
    self.kinds = kinds
    sampler = _KindSampler(distribution: distribution, kinds: kinds)
    isClustered = distribution == .clustered
  }

  /// Positions in order, for a tiled file whose kinds come from its items.
  init(identityOrderFor count: Int) {
    seed = 0
    self.count = count
    kinds = 1
    sampler = nil
    isClustered = false
  }

  func kind(at index: Int) -> Int {
    guard let sampler else { return 0 }
    var random = SplitMix64.forElement(index, seed: seed)
    return sampler.kind(for: random.next())
  }

  struct Iterator: IteratorProtocol {
    let layout: _KindLayout
    var index = 0
    /// For a clustered feed, the kind whose run is being visited.
    var run = 0

    mutating func next() -> Position? {
      guard layout.isClustered else {
        guard index < layout.count else { return nil }
        defer { index += 1 }
        return Position(index: index, kind: layout.kind(at: index))
      }
      // One pass over the positions per kind keeps memory flat at any size.
      while run < layout.kinds {
        while index < layout.count {
          let position = index
          index += 1
          if layout.kind(at: position) == run { return Position(index: position, kind: run) }
        }
        run += 1
        index = 0
      }
      return nil
    }
  }

  func makeIterator() -> Iterator { Iterator(layout: self) }
}
