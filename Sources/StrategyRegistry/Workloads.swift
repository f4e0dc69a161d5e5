import DispatchModel

/// A strategy's share elements and targets for one feed.
struct ShareWorkload<S: DispatchStrategy> {
  let elements: [S.ShareElement]
  /// One target per platform, in `Platform.allCases` order.
  let platformTargets: [S.ShareTarget]
  /// Each platform's target alone, for the fixed-platform operations.
  let singleTargets: [[S.ShareTarget]]
  /// For `share.mixed`: the index in `platformTargets` of each element's platform.
  let mixedPlatforms: [UInt8]

  init(_ source: ShareElements) {
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

  func prepared(name: String) -> PreparedFeed {
    PreparedFeed(
      strategy: name, domain: .share, count: elements.count,
      elementStride: MemoryLayout<S.ShareElement>.stride,
      run: { operation, repetitions in
        if let platform = operation.platform {
          let target = singleTargets[Platform.allCases.firstIndex(of: platform)!]
          Kernels.share(S.self, elements, to: target, repetitions: repetitions)
        } else {
          Kernels.shareMixed(
            S.self, elements, to: platformTargets, platforms: mixedPlatforms,
            repetitions: repetitions)
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
struct FeedWorkload<S: DispatchStrategy> {
  let rows: [S.FeedElement]
  let controller: S.FeedController
  let pool: ReusePool<S>
  /// The cell row *i* is configured into: the pooled cell for its identifier.
  let cells: [S.Cell]

  init(_ source: FeedElements) {
    var rows: [S.FeedElement] = []
    rows.reserveCapacity(source.count)
    for item in source { rows.append(S.makeFeedElement(item)) }
    let controller = S.makeFeedController()
    let pool = ReusePool<S>()
    var cells: [S.Cell] = []
    cells.reserveCapacity(rows.count)
    for index in rows.indices {
      cells.append(pool.dequeue(S.identifier(of: rows, at: index, using: controller)))
    }
    self.rows = rows
    self.controller = controller
    self.pool = pool
    self.cells = cells
  }

  func prepared(name: String) -> PreparedFeed {
    PreparedFeed(
      strategy: name, domain: .feed, count: rows.count,
      elementStride: MemoryLayout<S.FeedElement>.stride,
      run: { operation, repetitions in
        switch operation {
        case .feedIdentifier:
          Kernels.identifier(S.self, rows, controller, repetitions: repetitions)
        case .feedHeight:
          Kernels.height(S.self, rows, controller, repetitions: repetitions)
        case .feedConfigure:
          Kernels.configure(S.self, rows, cells, controller, repetitions: repetitions)
        case .feedColor:
          Kernels.color(S.self, cells, controller, repetitions: repetitions)
        case .feedApplyBackground:
          Kernels.applyBackground(S.self, cells, controller, repetitions: repetitions)
        case .feedRender:
          Kernels.render(S.self, rows, pool, controller, repetitions: repetitions)
        default:
          preconditionFailure("\(operation.rawValue) is not a feed operation")
        }
      },
      output: { operation, index in output(operation, at: index) })
  }

  private func output(_ operation: SpecOperation, at index: Int) -> String {
    let cell = cells[index]
    let object = S.cellObject(cell)
    switch operation {
    case .feedIdentifier:
      return S.identifier(of: rows, at: index, using: controller)
    case .feedHeight:
      return Formatting.height(S.height(of: rows, at: index, using: controller))
    case .feedConfigure:
      S.configure(cell, with: rows, at: index, using: controller)
      return SpecOutput.configured(object)
    case .feedColor:
      S.configure(cell, with: rows, at: index, using: controller)
      return S.color(of: cell, using: controller)
    case .feedApplyBackground:
      S.configure(cell, with: rows, at: index, using: controller)
      object.backgroundColor = ""
      S.applyBackground(to: cell, using: controller)
      return "\(SpecOutput.configured(object))|\(object.backgroundColor)"
    case .feedRender:
      let rendered = Kernels.render(S.self, rows, at: index, pool, controller)
      return SpecOutput.rendered(
        identifier: rendered.identifier, height: rendered.height,
        cell: S.cellObject(rendered.cell))
    default:
      preconditionFailure("\(operation.rawValue) is not a feed operation")
    }
  }
}

/// A table view's reuse pool: one cell per reuse identifier, made on a miss
/// from the class the strategy registers for that identifier.
final class ReusePool<S: DispatchStrategy> {
  private var cells: [String: S.Cell] = [:]

  func dequeue(_ identifier: String) -> S.Cell {
    if let cell = cells[identifier] { return cell }
    guard let cell = S.makeCell(reuseIdentifier: identifier) else {
      preconditionFailure("\(S.name): no cell class is registered for \"\(identifier)\"")
    }
    cells[identifier] = cell
    return cell
  }
}
