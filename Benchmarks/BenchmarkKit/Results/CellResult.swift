import DispatchModel

/// One row of a run: a strategy (or the floor) timed on one operation of one
/// feed.
public struct CellResult: Sendable {
  public var feed: FeedSpec
  /// A SPEC operation, or `floor`.
  public var operation: String
  /// A strategy name, or `floor`.
  public var strategy: String
  /// `interleaved` (every strategy's sample in each round) or `sequential`
  /// (one strategy's representation in memory at a time).
  public var schedule: String
  /// Nanoseconds per element, one value per sample, in the order taken.
  public var samples: [Double]
  /// The round each sample was taken in.
  public var rounds: [Int]
  public var statistics: SampleStatistics
  public var elementsPerSample: Int
  /// The digest of every output over the feed.
  public var checksum: UInt64
  /// `MemoryLayout.stride` of the strategy's element type.
  public var elementStride: Int?
  /// Heap bytes per element the strategy's representation holds (the element
  /// array, boxes, payloads it allocated), or `nil` where not counted.
  public var footprintBytesPerElement: Double?
  /// Heap allocations (calls) and bytes asked for per element, counted in a
  /// separate pass after timing, or `nil` where not counted.
  public var allocationsPerElement: Double?
  public var allocatedBytesPerElement: Double?
  /// Hardware counts per element during timing, or `nil` where the kernel
  /// does not expose them.
  public var cyclesPerElement: Double?
  public var instructionsPerElement: Double?
  public var branchMissesPerElement: Double?
  public var ratioToBaseline: Double?
  public var ratioToFloor: Double?
  /// Faster than the feed's floor: a measuring error, not a result.
  public var suspect: Bool = false

  /// The row's key, as `--filter` and `--list` see it.
  public var key: String { feed.key(operation: operation, strategy: strategy) }

  /// The key without the strategy: rows with the same group are compared.
  var groupKey: String { "\(feed.domain.rawValue)/\(operation)/\(feed.distribution)/\(feed.size)/\(feed.kinds)/\(feed.source)" }
  var feedKey: String { "\(feed.domain.rawValue)/\(feed.distribution)/\(feed.size)/\(feed.kinds)/\(feed.source)" }
}

/// Everything a run produced, with what it ran on.
public struct RunResults: Sendable {
  public var runID: String
  /// UTC, ISO 8601, when the run started.
  public var timestamp: String
  public var machine: Machine
  public var seed: UInt64
  /// The command line that produced the run.
  public var command: String
  public var cells: [CellResult]
  /// `false` when the run was interrupted before its last cell.
  public var complete: Bool = true

  /// Fills in each row's ratios to the baseline strategy and to the floor of
  /// its feed, and flags rows faster than their floor.
  mutating func computeRatios(baseline: String) {
    var baselineMedians: [String: Double] = [:]
    var floorMedians: [String: Double] = [:]
    for cell in cells {
      if cell.strategy == baseline { baselineMedians[cell.groupKey] = cell.statistics.median }
      if cell.strategy == "floor" { floorMedians[cell.feedKey] = cell.statistics.median }
    }
    for index in cells.indices {
      let cell = cells[index]
      if cell.strategy != "floor", let median = baselineMedians[cell.groupKey], median > 0 {
        cells[index].ratioToBaseline = cell.statistics.median / median
      }
      if let floor = floorMedians[cell.feedKey], floor > 0 {
        cells[index].ratioToFloor = cell.statistics.median / floor
        cells[index].suspect = cell.strategy != "floor" && cell.statistics.median < floor
      }
    }
  }
}
