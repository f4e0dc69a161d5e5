#if APP_MODE
// Compiled only in app mode, where this model is copied into each strategy's
// app module (`AppNaive`, `AppEnumSwitch`, …) beside the strategy and its
// Loops.swift: what every strategy's `AppLoops` shares. The boundary model
// never sees it. See Plugins/AppModeSources.

/// A strategy as an app's view controller uses it: its code for one element,
/// and the timed loops over a feed, in one module.
///
/// Each strategy's Loops.swift conforms `AppLoops` to this and writes the two
/// parts that are the pattern's own: one element, as its article writes it,
/// and the loops. The rest (building the feed, running an operation by name,
/// the SPEC outputs) is here, once. Outputs are computed by the same
/// per-element code the loops time.
///
/// Per element, an `AppLoops` calls the strategy's own code, which takes what
/// an app holds (its rows, its controller and visitors, the reuse pool's
/// base-class cells, and what it keeps for a shown row), so the work timed
/// is the boundary mode's, minus the call into another module.
protocol AppModeLoops: AnyObject {
  associatedtype Strategy: DispatchStrategy

  /// The feed, for a share workload.
  var shareFeed: AppShareFeed<Strategy>? { get }
  /// The feed, for a feed workload.
  var tableFeed: AppTableFeed<Strategy>? { get }

  // MARK: One element, as the pattern's app writes it

  /// The content of sharing element `index` to a target.
  static func share(_ elements: [Strategy.ShareElement], at index: Int, to target: Strategy.ShareTarget)
    -> String
  /// The reuse identifier of row `index`'s cell class.
  static func identifier(
    of rows: [Strategy.FeedElement], at index: Int, using controller: Strategy.FeedController
  ) -> String
  /// Row `index`'s height in points.
  static func height(
    of rows: [Strategy.FeedElement], at index: Int, using controller: Strategy.FeedController
  ) -> Double
  /// Writes row `index` into cell `cellIndex`, a cell of the row's class.
  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [Strategy.FeedElement], at index: Int,
    using controller: Strategy.FeedController)
  /// What the app keeps for row `index` once it has configured it into `cell`.
  static func shownCell(
    _ cell: FeedCell, showing rows: [Strategy.FeedElement], at index: Int,
    using controller: Strategy.FeedController
  ) -> Strategy.ShownCell
  /// The background colour of shown cell `index`, decided by its class.
  static func color(
    of cells: [Strategy.ShownCell], at index: Int, using controller: Strategy.FeedController
  ) -> String
  /// Sets shown cell `index`'s background colour to the colour of its class.
  static func applyBackground(
    to cells: [Strategy.ShownCell], at index: Int, using controller: Strategy.FeedController)

  // MARK: The loops, one per operation: `@inline(never)`, each result to `blackHole`

  /// A fixed-platform share: every element to `targets[target]`.
  func shareLoop(_ range: Range<Int>, to target: Int, repetitions: Int)
  /// `share.mixed`: element *i* to the target of its drawn platform.
  func shareMixedLoop(_ range: Range<Int>, repetitions: Int)
  func identifierLoop(_ range: Range<Int>, repetitions: Int)
  func heightLoop(_ range: Range<Int>, repetitions: Int)
  func configureLoop(_ range: Range<Int>, repetitions: Int)
  func colorLoop(_ range: Range<Int>, repetitions: Int)
  func applyBackgroundLoop(_ range: Range<Int>, repetitions: Int)
  func renderLoop(_ range: Range<Int>, repetitions: Int)
}

// MARK: - The feed an app holds

/// The elements a workload's arguments name, made as the boundary mode makes
/// them: the same sequences, from the same generator or file.
struct AppModeSource {
  var share: ShareItemSequence?
  var feed: FeedItemSequence?

  /// - Precondition: the arguments are valid; the harness has checked them,
  ///   and loaded the file, for the boundary mode.
  init(domain: String, size: Int, seed: UInt64, distribution: String, kinds: Int, feedFile: String?) {
    let source: ElementSource
    if let feedFile {
      do {
        source = .tiled(try FeedFile.load(path: feedFile), seed: seed)
      } catch {
        preconditionFailure("\(error)")
      }
    } else {
      guard let distribution = KindDistribution(rawValue: distribution) else {
        preconditionFailure("unknown distribution \"\(distribution)\"")
      }
      source = .generated(seed: seed, distribution: distribution, kinds: kinds)
    }
    switch Domain(rawValue: domain) {
    case .share: share = ShareItemSequence(source: source, count: size)
    case .feed: feed = FeedItemSequence(source: source, count: size)
    case nil: preconditionFailure("unknown domain \"\(domain)\"")
    }
  }
}

/// A strategy's share elements and targets, as StrategyRegistry's
/// `ShareWorkload` builds them.
struct AppShareFeed<S: DispatchStrategy> {
  let elements: [S.ShareElement]
  /// One target per platform, in `Platform.allCases` order.
  let targets: [S.ShareTarget]
  /// For `share.mixed`: the index in `targets` of each element's platform.
  let platforms: [UInt8]

  init(_ source: ShareItemSequence) {
    var elements: [S.ShareElement] = []
    var platforms: [UInt8] = []
    elements.reserveCapacity(source.count)
    platforms.reserveCapacity(source.count)
    for seed in source {
      elements.append(S.makeShareElement(seed.item))
      platforms.append(UInt8(Platform.allCases.firstIndex(of: seed.platform)!))
    }
    self.elements = elements
    targets = Platform.allCases.map(S.makeShareTarget)
    self.platforms = platforms
  }
}

/// A strategy's feed rows with what a table-view controller keeps beside
/// them: its controller, the reuse pool, and the pooled cell each row shows
/// in, all made before any timing.
struct AppTableFeed<S: DispatchStrategy> {
  let rows: [S.FeedElement]
  let controller: S.FeedController
  let pool: AppReusePool<S>
  /// The cell row *i* is configured into: the pooled cell for its identifier,
  /// as the base class.
  let cells: [FeedCell]
  /// What the app keeps for row *i* once shown in `cells[i]`.
  let shownCells: [S.ShownCell]

  init<Loops: AppModeLoops>(_ source: FeedItemSequence, _: Loops.Type) where Loops.Strategy == S {
    var rows: [S.FeedElement] = []
    rows.reserveCapacity(source.count)
    for item in source { rows.append(S.makeFeedElement(item)) }
    let controller = S.makeFeedController()
    let pool = AppReusePool<S>()
    var cells: [FeedCell] = []
    cells.reserveCapacity(rows.count)
    for index in rows.indices {
      // An identifier no cell class is registered for leaves the row
      // without a cell; `output` reports it, and the loops are never run.
      guard let cell = pool.index(for: S.identifier(of: rows, at: index, using: controller)) else {
        cells = []
        break
      }
      cells.append(pool.cells[cell])
    }
    var shownCells: [S.ShownCell] = []
    shownCells.reserveCapacity(cells.count)
    for index in cells.indices {
      shownCells.append(Loops.shownCell(cells[index], showing: rows, at: index, using: controller))
    }
    self.rows = rows
    self.controller = controller
    self.pool = pool
    self.cells = cells
    self.shownCells = shownCells
  }
}

/// A table view's reuse pool, as StrategyRegistry's `ReusePool`: one cell per
/// reuse identifier, made on a miss from the class the strategy registers.
/// Cells are kept as the base class in an array and handed out by index.
///
/// Written twice on purpose: `render` times the pool's `dequeue`, so each
/// mode's pool lives where its loops are specialised (here, compiled into
/// each app module; the registry's in the registry). One shared pool in the
/// model, which the boundary mode builds without cross-module optimisation,
/// would make the boundary mode's `dequeue` an unspecialised generic call.
final class AppReusePool<S: DispatchStrategy> {
  private(set) var cells: [FeedCell] = []
  private var indices: [String: Int] = [:]

  /// The index in `cells` of the cell for a reuse identifier.
  ///
  /// - Precondition: a cell class is registered for `identifier`.
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
  /// whose storage is made once, for `render`'s background step.
  private(set) var shown: [S.ShownCell] = []

  /// Keeps what the app holds for the row it has just shown. Out of line,
  /// so that the loop's own code is the same whatever the shown cell's type.
  @inline(never)
  func show(_ cell: S.ShownCell) {
    shown.removeAll(keepingCapacity: true)
    shown.append(cell)
  }

  /// The miss path, kept out of the timed loops.
  @inline(never)
  private func makeCell(_ identifier: String) -> Int? {
    guard let made = S.makeCell(reuseIdentifier: identifier) else { return nil }
    cells.append(made)
    indices[identifier] = cells.count - 1
    return cells.count - 1
  }
}

/// What rendering one row yields.
struct AppRendered {
  var identifier: String
  var height: Double
  /// The index of the cell in the reuse pool.
  var cell: Int
}

// MARK: - What every strategy's AppLoops shares

extension AppModeLoops {
  /// What a table view does for one row while scrolling: identifier,
  /// dequeue, configure, height, background (from what the app keeps for
  /// the row it has just shown). The same for every strategy, as
  /// in the boundary mode; each step is the strategy's.
  static func render(
    _ rows: [Strategy.FeedElement], at index: Int, _ pool: AppReusePool<Strategy>,
    using controller: Strategy.FeedController
  ) -> AppRendered {
    let identifier = identifier(of: rows, at: index, using: controller)
    let cell = pool.dequeue(identifier)
    let cells = pool.cells
    configure(cells, at: cell, with: rows, at: index, using: controller)
    let height = height(of: rows, at: index, using: controller)
    pool.show(shownCell(cells[cell], showing: rows, at: index, using: controller))
    applyBackground(to: pool.shown, at: 0, using: controller)
    return AppRendered(identifier: identifier, height: height, cell: cell)
  }

  var elementCount: Int {
    shareFeed?.elements.count ?? tableFeed?.rows.count ?? 0
  }

  /// Runs the loop of an operation named by its raw value.
  func runLoop(_ name: String, range: Range<Int>, repetitions: Int) {
    let operation = self.operation(named: name)
    precondition(
      range.lowerBound >= 0 && range.upperBound <= elementCount,
      "\(Strategy.name): \(range) is not within the \(elementCount) elements")
    switch operation {
    case .shareFacebook, .shareLine, .shareInstagram, .shareWechat:
      shareLoop(range, to: Platform.allCases.firstIndex(of: operation.platform!)!, repetitions: repetitions)
    case .shareMixed: shareMixedLoop(range, repetitions: repetitions)
    case .feedIdentifier: identifierLoop(range, repetitions: repetitions)
    case .feedHeight: heightLoop(range, repetitions: repetitions)
    case .feedConfigure: configureLoop(range, repetitions: repetitions)
    case .feedColor: colorLoop(range, repetitions: repetitions)
    case .feedApplyBackground: applyBackgroundLoop(range, repetitions: repetitions)
    case .feedRender: renderLoop(range, repetitions: repetitions)
    }
  }

  /// The SPEC §3 output of element `index`, with the semantics of
  /// StrategyRegistry's `ShareWorkload` and `FeedWorkload` outputs, from the
  /// per-element code the loops run. Never traps on a strategy's bug: an
  /// identifier no cell class is registered for gives an output naming it.
  func elementOutput(_ name: String, at index: Int) -> String {
    let operation = self.operation(named: name)
    if operation.domain == .share {
      let share = shareFeed!
      let platform =
        operation.platform.map { Platform.allCases.firstIndex(of: $0)! } ?? Int(share.platforms[index])
      return Self.share(share.elements, at: index, to: share.targets[platform])
    }
    let feed = tableFeed!
    let (rows, controller, pool) = (feed.rows, feed.controller, feed.pool)
    switch operation {
    case .feedIdentifier:
      return Self.identifier(of: rows, at: index, using: controller)
    case .feedHeight:
      return Formatting.height(Self.height(of: rows, at: index, using: controller))
    default:
      break
    }
    let identifier = Self.identifier(of: rows, at: index, using: controller)
    guard let cellIndex = pool.index(for: identifier) else {
      return "<no cell class is registered for \"\(identifier)\">"
    }
    if operation == .feedRender {
      let rendered = Self.render(rows, at: index, pool, using: controller)
      return SpecOutput.rendered(
        identifier: rendered.identifier, height: rendered.height,
        cell: pool.cells[rendered.cell])
    }
    let cells = pool.cells
    let object = cells[cellIndex]
    Self.configure(cells, at: cellIndex, with: rows, at: index, using: controller)
    let shown = [Self.shownCell(object, showing: rows, at: index, using: controller)]
    switch operation {
    case .feedColor:
      return Self.color(of: shown, at: 0, using: controller)
    case .feedApplyBackground:
      object.backgroundColor = ""
      Self.applyBackground(to: shown, at: 0, using: controller)
      return "\(SpecOutput.configured(object))|\(object.backgroundColor)"
    default:
      return SpecOutput.configured(object)
    }
  }

  /// The operation named, of this workload's domain.
  private func operation(named name: String) -> SpecOperation {
    guard let operation = SpecOperation(rawValue: name) else {
      preconditionFailure("\(Strategy.name): unknown operation \"\(name)\"")
    }
    let domain: Domain = shareFeed != nil ? .share : .feed
    precondition(
      operation.domain == domain, "\(Strategy.name): \(name) is not a \(domain.rawValue) operation")
    return operation
  }
}
#endif
