import DispatchModel

/// A strategy's share elements and targets for one feed.
struct ShareWorkload<S: ClientStrategy> {
  let elements: [S.ShareElement]
  /// One target per platform, in `Platform.allCases` order.
  let platformTargets: [S.ShareTarget]
  /// Each platform's target alone, for the fixed-platform operations.
  let singleTargets: [[S.ShareTarget]]
  /// For `share.mixed`: the index in `platformTargets` of each element's platform.
  let mixedPlatforms: [UInt8]

  init(_ source: ShareItemSequence) {
    let platformTargets = Platform.allCases.map(S.makeShareTarget)
    var elements: [S.ShareElement] = []
    var mixedPlatforms: [UInt8] = []
    elements.reserveCapacity(source.count)
    mixedPlatforms.reserveCapacity(source.count)
    for seed in source {
      elements.append(S.makeShareElement(seed.item))
      mixedPlatforms.append(UInt8(Platform.allCases.firstIndex(of: seed.platform)!))
    }
    self.elements = elements
    self.platformTargets = platformTargets
    singleTargets = platformTargets.map { [$0] }
    self.mixedPlatforms = mixedPlatforms
  }

  func prepared(name: String) -> PreparedWorkload {
    PreparedWorkload(
      strategy: name, domain: .share, count: elements.count,
      elementStride: MemoryLayout<S.ShareElement>.stride,
      run: { operation, range, repetitions in
        if let platform = operation.platform {
          let target = singleTargets[Platform.allCases.firstIndex(of: platform)!]
          Kernels.share(S.self, elements, to: target, range: range, repetitions: repetitions)
        } else {
          Kernels.shareMixed(
            S.self, elements, to: platformTargets, platforms: mixedPlatforms,
            range: range, repetitions: repetitions)
        }
      },
      output: { operation, index in
        let platformIndex =
          operation.platform.map { Platform.allCases.firstIndex(of: $0)! }
          ?? Int(mixedPlatforms[index])
        return S.share(elements, at: index, to: platformTargets, at: platformIndex)
      })
  }
}

/// A strategy's feed rows for one feed, with what a table view keeps beside
/// them: the controller, the reuse pool, and the pooled cell each row shows in.
struct FeedWorkload<S: ClientStrategy> {
  let rows: [S.FeedElement]
  let controller: S.FeedController
  let pool: ReusePool<S>
  /// The cell row *i* is configured into: the pooled cell for its identifier,
  /// as the base class, as a table view hands it out. Made on first use, so
  /// that what preparing allocates is the strategy's representation of the
  /// rows alone.
  private let cellsByRow = _Lazy<[FeedCell]>()
  /// What the app keeps for row *i* once shown in its cell, made on first use.
  private let shownByRow = _Lazy<[S.ShownCell]>()

  init(_ source: FeedItemSequence) {
    var rows: [S.FeedElement] = []
    rows.reserveCapacity(source.count)
    for item in source { rows.append(S.makeFeedElement(item)) }
    self.rows = rows
    controller = S.makeFeedController()
    pool = ReusePool<S>()
  }

  var cells: [FeedCell] {
    cellsByRow.value {
      var cells: [FeedCell] = []
      cells.reserveCapacity(rows.count)
      for index in rows.indices {
        let cellIndex = pool.dequeue(S.identifier(of: rows, at: index, using: controller))
        cells.append(pool.cells[cellIndex])
      }
      return cells
    }
  }

  var shownCells: [S.ShownCell] {
    shownByRow.value {
      let cells = cells
      var shown: [S.ShownCell] = []
      shown.reserveCapacity(cells.count)
      for index in cells.indices {
        shown.append(S.shownCell(cells[index], showing: rows, at: index, using: controller))
      }
      return shown
    }
  }

  func prepared(name: String) -> PreparedWorkload {
    PreparedWorkload(
      strategy: name, domain: .feed, count: rows.count,
      elementStride: MemoryLayout<S.FeedElement>.stride,
      run: { operation, range, repetitions in
        switch operation {
        case .feedIdentifier:
          Kernels.identifier(S.self, rows, controller, range: range, repetitions: repetitions)
        case .feedHeight:
          Kernels.height(S.self, rows, controller, range: range, repetitions: repetitions)
        case .feedConfigure:
          let cells = cells
          Kernels.configure(S.self, rows, cells, controller, range: range, repetitions: repetitions)
        case .feedColor:
          let shown = shownCells
          Kernels.color(S.self, shown, controller, range: range, repetitions: repetitions)
        case .feedApplyBackground:
          let shown = shownCells
          Kernels.applyBackground(S.self, shown, controller, range: range, repetitions: repetitions)
        case .feedRender:
          Kernels.render(S.self, rows, pool, controller, range: range, repetitions: repetitions)
        default:
          preconditionFailure("\(operation.rawValue) is not a feed operation")
        }
      },
      output: { operation, index in output(operation, at: index) })
  }

  /// The SPEC §3 output of row `index`. Never traps on a strategy's bug: an
  /// identifier no cell class is registered for gives an output that names
  /// it, which the checksum comparison then reports.
  private func output(_ operation: SpecOperation, at index: Int) -> String {
    switch operation {
    case .feedIdentifier:
      return S.identifier(of: rows, at: index, using: controller)
    case .feedHeight:
      return Formatting.height(S.height(of: rows, at: index, using: controller))
    case .feedConfigure, .feedColor, .feedApplyBackground, .feedRender:
      break
    default:
      preconditionFailure("\(operation.rawValue) is not a feed operation")
    }
    let identifier = S.identifier(of: rows, at: index, using: controller)
    guard let cellIndex = pool.index(for: identifier) else {
      return "<no cell class is registered for \"\(identifier)\">"
    }
    if operation == .feedRender {
      let rendered = Kernels.render(S.self, rows, at: index, pool, controller)
      return SpecOutput.rendered(
        identifier: rendered.identifier, height: rendered.height,
        cell: pool.cells[rendered.cell])
    }
    let cells = pool.cells
    let object = cells[cellIndex]
    S.configure(cells, at: cellIndex, with: rows, at: index, using: controller)
    let shown = [S.shownCell(object, showing: rows, at: index, using: controller)]
    switch operation {
    case .feedColor:
      return S.color(of: shown, at: 0, using: controller)
    case .feedApplyBackground:
      object.backgroundColor = ""
      S.applyBackground(to: shown, at: 0, using: controller)
      return "\(SpecOutput.configured(object))|\(object.backgroundColor)"
    default:
      return SpecOutput.configured(object)
    }
  }
}

/// A table view's reuse pool: one cell per reuse identifier, made on a miss
/// from the class the strategy registers for that identifier.
///
/// Cells are kept as the base class `FeedCell`, as `dequeueReusableCell`
/// returns a `UITableViewCell`, in an array handed out by index, so that
/// strategies receive them as they receive rows: an array and an index.
final class ReusePool<S: ClientStrategy> {
  private(set) var cells: [FeedCell] = []
  private var indices: [String: Int] = [:]

  /// The index in `cells` of the cell for a reuse identifier.
  ///
  /// - Precondition: a cell class is registered for `identifier`; the run
  ///   checks every strategy's outputs with `index(for:)` before timing.
  func dequeue(_ identifier: String) -> Int {
    if let index = indices[identifier] { return index }
    guard let index = makeCell(identifier) else {
      preconditionFailure("\(S.name): no cell class is registered for \"\(identifier)\"")
    }
    return index
  }

  /// The index of the cell for a reuse identifier, or `nil` when no cell
  /// class is registered for it.
  func index(for identifier: String) -> Int? {
    indices[identifier] ?? makeCell(identifier)
  }

  /// What the app keeps for the row it showed last, as a one-element array
  /// whose storage is made once, for `render`'s background step: strategies
  /// receive shown cells as they receive rows, an array and an index.
  private(set) var shown: [S.ShownCell] = []

  /// Keeps what the app holds for the row it has just shown. Out of line,
  /// so that the loop's own code is the same whatever the shown cell's type.
  @inline(never)
  func show(_ cell: S.ShownCell) {
    shown.removeAll(keepingCapacity: true)
    shown.append(cell)
  }

  /// The miss path, kept out of the timed loops so that what they inline is
  /// the same lookup for every strategy.
  @inline(never)
  private func makeCell(_ identifier: String) -> Int? {
    guard let cell = S.makeCell(reuseIdentifier: identifier) else { return nil }
    cells.append(cell)
    indices[identifier] = cells.count - 1
    return cells.count - 1
  }
}
