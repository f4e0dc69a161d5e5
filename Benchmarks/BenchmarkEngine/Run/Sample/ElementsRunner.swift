import BenchmarkResults
import DispatchModel
import StrategyRegistry
import RunContract

/// How a feed's strategies share the machine while being timed.
package enum Schedule: String, Codable {
  /// Every strategy's representation is built at once, and each round of a
  /// case takes one sample of each.
  case interleaved
  /// One strategy's representation at a time, built, timed and released
  /// before the next: for feeds too large to hold every strategy's at once.
  case sequential
}

/// Times every planned operation of one feed in every mode: every
/// strategy's representation is built (`ElementsRunner+Prepared.swift`), its
/// outputs checked against the others' first, in the first launch
/// (`+Checks`), then each benchmark case is sampled with the floor and the
/// null among its contenders and written as rows (`CaseRows`).
///
/// The schedule decides only how strategies share memory: all at once
/// (`interleaved`, `+Interleaved`), or one at a time beside the baseline
/// (`sequential`, `+Sequential`, for feeds too large to hold every
/// representation), in rounds numbered apart so that each strategy's
/// samples pair with the baseline's of its own rounds.
package struct ElementsRunner {
  package var sampler: Sampler
  package var progress: Progress
  /// The strategies plans name, in the order rows are written.
  package var strategies: [RegisteredStrategy] = Registry.strategies
  /// The plan's modes (`RunPlan.modes`).
  package var modes: [BuildMode] = [.boundary]
  package var launch = LaunchContext()
  package var baseline = StrategyID(Registry.baselineName)
  /// Whether to count heap use: each representation's footprint while it is
  /// built, and each operation's allocations after timing. Off where the
  /// counter is not available (`HeapCounter.unavailable`): those columns
  /// are then empty, never zeros.
  package var countsHeap = HeapCounter.isSupported

  /// Elements whose outputs are checked: every one of a feed up to this
  /// size; of a larger feed, this many spread evenly over it. (The parity
  /// tests check every element; the run's check guards what it times.)
  package static let checkedLimit = 10_000

  /// The indices checked in a feed of `count` elements.
  package static func checkedElements(_ count: Int) -> [Int] {
    guard count > checkedLimit else { return Array(0..<count) }
    return (0..<checkedLimit).map { $0 * count / checkedLimit }
  }

  /// Heap use per element is counted over this many elements: all of a
  /// smaller feed; of a larger one, ten slices spread evenly over it, so a
  /// clustered feed's every run is visited.
  package static let countedLimit = 10_000

  /// The slices whose allocations are counted in a feed of `count` elements.
  package static func countedSlices(_ count: Int) -> [Range<Int>] {
    guard count > countedLimit else { return [0..<count] }
    let length = countedLimit / 10
    return (0..<10).map { slice in
      let start = slice * count / 10
      return start..<(start + length)
    }
  }

  /// Rounds of one group are numbered from `group × roundsPerGroup`.
  package static let roundsPerGroup = 100_000

  /// Times a feed's operations: interleaved, its cases built and sampled
  /// in passes (`sample(_:into:)`); sequential, one strategy at a time.
  package func run(_ planned: PlannedFeed, schedule: Schedule, into results: inout MeasuredRun) throws(RunFailure) {
    switch schedule {
    case .interleaved: try sample(cases(planned), into: &results)
    case .sequential: try runSequentially(planned, into: &results)
    }
  }

  /// The strategies a plan names for a feed, in registry order.
  package func timedNames(_ planned: PlannedFeed) -> [String] {
    planned.strategies(orderedAs: strategies.map(\.name))
  }

  /// The layout a launch perturbs, per feed and mode: a heap block of
  /// random size allocated before the representations (kept while they
  /// are), and the strategies built in a random order. One launch alone
  /// builds in the registry's order, with no block.
  package func perturbation(_ feed: FeedID, _ mode: BuildMode, _ names: [String])
    -> (padding: [UInt8], buildOrder: [String])
  {
    var generator = SplitMix64(seed: launch.shuffleSeed(BenchmarkCase(feed: feed, operation: "", mode: mode)))
    guard launch.count > 1 else { return ([], names) }
    let padding = [UInt8](repeating: 1, count: Int(generator.next() % 65_536))
    return (padding, names.shuffled(using: &generator))
  }

  /// The rows of one case of `planned` in `mode`, timing `owners`.
  package func rows(
    _ planned: PlannedFeed, _ operation: SpecOperation, _ mode: BuildMode, owners: [Prepared],
    references: CaseRows.References,
    schedule: Schedule
  ) -> CaseRows {
    CaseRows(
      benchmarkCase: BenchmarkCase(feed: planned.feed.id, operation: operation.rawValue, mode: mode),
      operation: operation, owners: owners, references: references, schedule: schedule, launch: launch,
      baseline: baseline, countsHeap: countsHeap)
  }

  /// Where the launch's time goes (`Sampler.clock`).
  package var clock: PhaseClock? { sampler.clock }

  /// Runs `body`, its time added to `phase` when the launch keeps a clock.
  package func timed<T, E: Error>(_ phase: RunTime.Phase, _ body: () throws(E) -> T) throws(E) -> T {
    guard let clock else { return try body() }
    return try clock.time(phase, body)
  }

  /// Samples a case, stopping on an interrupt.
  package func measure(_ contenders: [Contender], shuffleSeed: UInt64, slice: Int? = nil) throws(RunFailure)
    -> CaseSamples
  {
    if sampler.shouldStop() { throw .interrupted }
    let samples = sampler.measure(contenders, shuffleSeed: shuffleSeed, slice: slice)
    if sampler.shouldStop() { throw .interrupted }
    return samples
  }
}
