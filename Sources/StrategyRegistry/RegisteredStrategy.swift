import DispatchModel

/// A strategy in the registry, reached through closures that were specialised
/// for its concrete type when the registry was built.
///
/// Nothing here is an existential over strategies: `init` is generic, and the
/// closures it stores call kernels specialised for `S`, whose per-element
/// calls into the strategy are direct calls.
public struct RegisteredStrategy: Sendable {
  public let name: String
  public let mechanism: String
  private let _prepareShare: @Sendable (ShareItemSequence) -> PreparedWorkload
  private let _prepareFeed: @Sendable (FeedItemSequence) -> PreparedWorkload

  public init<S: ClientStrategy>(_ strategy: S.Type) {
    name = S.name
    mechanism = S.mechanism
    _prepareShare = { elements in ShareWorkload<S>(elements).prepared(name: S.name) }
    _prepareFeed = { elements in FeedWorkload<S>(elements).prepared(name: S.name) }
  }

  /// Builds this strategy's representation of share elements.
  ///
  /// - Complexity: O(*n*) time and memory in `elements.count`.
  public func prepare(_ elements: ShareItemSequence) -> PreparedWorkload {
    _prepareShare(elements)
  }

  /// Builds this strategy's representation of feed rows, its cells and its
  /// reuse pool.
  ///
  /// - Complexity: O(*n*) time and memory in `elements.count`.
  public func prepare(_ elements: FeedItemSequence) -> PreparedWorkload {
    _prepareFeed(elements)
  }

  /// The SPEC §3 output of every item of a file for each operation, in item
  /// order: share operations over `file.share`, feed operations over
  /// `file.feed`.
  ///
  /// `share.mixed` pairs item *i* with the platform drawn for *i* from
  /// `seed`; `feed.apply-background` gives the cell's state after it runs
  /// (`{title}|{subtitle}|{imageURLs}|{backgroundColor}`).
  public func outputs(for file: FeedFile, operations: [SpecOperation], seed: UInt64 = 0)
    -> [SpecOperation: [String]]
  {
    var result: [SpecOperation: [String]] = [:]
    let shareOperations = operations.filter { $0.domain == .share }
    if !shareOperations.isEmpty {
      let prepared = prepare(ShareItemSequence(source: .tiled(file, seed: seed), count: file.share.count))
      for operation in shareOperations { result[operation] = prepared.outputs(operation) }
    }
    let feedOperations = operations.filter { $0.domain == .feed }
    if !feedOperations.isEmpty {
      let prepared = prepare(FeedItemSequence(source: .tiled(file, seed: seed), count: file.feed.count))
      for operation in feedOperations { result[operation] = prepared.outputs(operation) }
    }
    return result
  }
}

/// One strategy's representation of one feed, ready to time.
///
/// Holds the strategy's elements (and, for the feed, its controller, reuse
/// pool and a cell per row); releasing the value releases them.
public struct PreparedWorkload {
  public let strategy: String
  public let domain: Domain
  public let count: Int
  /// `MemoryLayout<Element>.stride` of the strategy's element type: the inline
  /// bytes one element takes in the array.
  public let elementStride: Int
  private let _run: (SpecOperation, Range<Int>, Int) -> Void
  private let _output: (SpecOperation, Int) -> String

  init(
    strategy: String, domain: Domain, count: Int, elementStride: Int,
    run: @escaping (SpecOperation, Range<Int>, Int) -> Void, output: @escaping (SpecOperation, Int) -> String
  ) {
    self.strategy = strategy
    self.domain = domain
    self.count = count
    self.elementStride = elementStride
    _run = run
    _output = output
  }

  /// Runs an operation over every element, `repetitions` times, each output
  /// consumed by the black hole. This is what a sample times.
  ///
  /// - Precondition: `operation.domain == domain`.
  public func run(_ operation: SpecOperation, repetitions: Int) {
    run(operation, range: 0..<count, repetitions: repetitions)
  }

  /// Runs an operation over the elements of `range`, `repetitions` times:
  /// one sample of a slice of the feed.
  ///
  /// - Precondition: `operation.domain == domain`, and `range` lies within
  ///   `0..<count`.
  public func run(_ operation: SpecOperation, range: Range<Int>, repetitions: Int) {
    precondition(operation.domain == domain, "\(operation.rawValue) is not a \(domain) operation")
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "\(range) is not within 0..<\(count)")
    _run(operation, range, repetitions)
  }

  /// The SPEC §3 output of element `index` for an operation.
  public func output(_ operation: SpecOperation, at index: Int) -> String {
    precondition(operation.domain == domain, "\(operation.rawValue) is not a \(domain) operation")
    return _output(operation, index)
  }

  /// The SPEC §3 output of every element, in order.
  public func outputs(_ operation: SpecOperation) -> [String] {
    (0..<count).map { output(operation, at: $0) }
  }

  /// The digest of each element's output, for comparing strategies.
  public func digests(_ operation: SpecOperation) -> [UInt64] {
    (0..<count).map { Checksum.digest(output(operation, at: $0)) }
  }
}
