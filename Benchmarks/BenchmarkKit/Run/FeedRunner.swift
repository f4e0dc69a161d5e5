import BenchmarkResults
import BenchmarkSupport
import DispatchModel
import StrategyRegistry

/// How a feed's strategies share the machine while being timed.
enum Schedule: String {
  /// Every strategy's representation is built at once, and each round of a
  /// case takes one sample of each.
  case interleaved
  /// One strategy's representation at a time, built, timed and released
  /// before the next: for feeds too large to hold every strategy's at once.
  case sequential
}

/// Why a run stopped.
enum RunFailure: Error {
  /// A strategy's outputs differ from the reference strategy's.
  case mismatch(Mismatch)
  /// The user interrupted the run.
  case interrupted
}

struct Mismatch: CustomStringConvertible {
  var strategy: String
  var reference: String
  var operation: String
  /// The feed as the message names it: its seed and title.
  var feed: String
  var index: Int
  var expected: String
  var actual: String

  var description: String {
    """
    strategies disagree: \(strategy) and \(reference) on \(operation), \(feed), first at element \(index):
      \(reference): \(JSONText.quoted(expected))
      \(strategy): \(JSONText.quoted(actual))
    No timings were written.
    """
  }
}

/// Which launch of a run this process is, and what it does besides timing.
struct LaunchContext {
  /// From 0.
  var index = 0
  var count = 1
  /// The run's seed, from which every case's shuffle seed and this launch's
  /// perturbation are drawn.
  var seed: UInt64 = 1

  /// The first launch checks every strategy's outputs and counts heap use;
  /// the others only time, on the same feeds.
  var checks: Bool { index == 0 }

  /// The seed of a case's shuffles in this launch: the run's seed, the
  /// launch and the case, mixed.
  func shuffleSeed(_ benchmarkCase: BenchmarkCase) -> UInt64 {
    var seed = self.seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03)
    for byte in benchmarkCase.description.utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    var generator = SplitMix64(seed: seed)
    return generator.next()
  }
}

/// Times every planned operation of one feed in every mode: every
/// strategy's outputs are checked against the others' first (in the first
/// launch), then each benchmark case is sampled with the floor and the null
/// among its contenders.
///
/// The schedule decides only how strategies share memory: all at once
/// (`interleaved`), or one at a time beside the baseline (`sequential`, for
/// feeds too large to hold every representation), in rounds numbered apart
/// so that each strategy's samples pair with the baseline's of its own rounds.
struct FeedRunner {
  var sampler: Sampler
  var progress: Progress
  /// The strategies plans name, in the order rows are written.
  var strategies: [RegisteredStrategy] = Registry.strategies
  var modes: [BuildMode] = [.boundary]
  var launch = LaunchContext()
  var baseline = StrategyID(Registry.baselineName)
  /// Whether to count heap use: each representation's footprint while it is
  /// built, and each operation's allocations after timing. Off where the
  /// counter is not available (`HeapCounter.unavailable`): those columns
  /// are then empty, never zeros.
  var countsHeap = HeapCounter.isSupported

  /// Elements whose outputs are checked: every one of a feed up to this
  /// size; of a larger feed, this many spread evenly over it. (The parity
  /// tests check every element; the run's check guards what it times.)
  static let checkedLimit = 10_000

  /// The indices checked in a feed of `count` elements.
  static func checkedElements(_ count: Int) -> [Int] {
    guard count > checkedLimit else { return Array(0..<count) }
    return (0..<checkedLimit).map { $0 * count / checkedLimit }
  }

  /// Heap use per element is counted over this many elements: all of a
  /// smaller feed; of a larger one, ten slices spread evenly over it, so a
  /// clustered feed's every run is visited.
  static let countedLimit = 10_000

  /// The slices whose allocations are counted in a feed of `count` elements.
  static func countedSlices(_ count: Int) -> [Range<Int>] {
    guard count > countedLimit else { return [0..<count] }
    let length = countedLimit / 10
    return (0..<10).map { slice in
      let start = slice * count / 10
      return start..<(start + length)
    }
  }

  /// Rounds of one group are numbered from `group × roundsPerGroup`.
  static let roundsPerGroup = 100_000

  /// Times a feed's operations: interleaved, its cases built and sampled
  /// in passes (`sample(_:into:)`); sequential, one strategy at a time.
  func run(_ planned: PlannedFeed, schedule: Schedule, into results: inout RunResults) throws(RunFailure) {
    switch schedule {
    case .interleaved: try sample(cases(planned), into: &results)
    case .sequential: try runSequentially(planned, into: &results)
    }
  }

  /// Builds every strategy's representation of a feed in every mode, the
  /// null's and the floor's too, checks their outputs (in the first
  /// launch), and returns the feed's benchmark cases, ready to sample.
  func cases(_ planned: PlannedFeed) throws(RunFailure) -> [ReadyCase] {
    let feed = planned.feed
    let names = timedNames(planned)
    let floor = PreparedFloor(kinds: kindIndices(feed))
    // Outputs of the first strategy checked on each operation, which every
    // other strategy's (in every mode) must equal.
    var references: [SpecOperation: (name: String, digests: [UInt64])] = [:]
    var ready: [ReadyCase] = []
    for mode in modes {
      if sampler.shouldStop() { throw .interrupted }
      let layout = perturbation(feed, mode, names)
      let null = prepare(Registry.null, feed, mode, counting: false)
      var prepared = layout.buildOrder.map { name in
        prepare(strategies.first { $0.name == name }!, feed, mode, counting: launch.checks)
      }
      var checksums: [String: [SpecOperation: UInt64]] = [:]
      if launch.checks {
        for participant in prepared {
          for (operation, strategies) in planned.operations where strategies.contains(participant.name) {
            checksums[participant.name, default: [:]][operation] = try verify(
              participant, operation, feed: feed, against: &references)
          }
        }
      }
      // Built in the launch's order; timed and written in the registry's.
      prepared.sort { names.firstIndex(of: $0.name)! < names.firstIndex(of: $1.name)! }
      for (operation, strategies) in planned.operations {
        let timed = prepared.filter { strategies.contains($0.name) }
        guard !timed.isEmpty else { continue }
        let benchmarkCase = BenchmarkCase(feed: feed.id, operation: operation.rawValue, mode: mode)
        let contenders =
          timed.map { $0.contender(operation) }
          + [Contender(id: .floor, count: floor.count) { floor.run(range: $0, repetitions: $1) }, null.contender(operation)]
        let padding = layout.padding
        ready.append(
          ReadyCase(
            benchmarkCase: benchmarkCase,
            label: "\(feed.domain.rawValue) \(operation.rawValue) · \(feed.size.groupedDigits) · \(feed.distribution) · \(mode)",
            contenders: contenders, shuffleSeed: launch.shuffleSeed(benchmarkCase)
          ) { measured, results in
            withExtendedLifetime(padding) {
              appendRows(
                measured, benchmarkCase, contenders: contenders, owners: timed, floor: floor, null: null,
                checksums: checksums, footprints: footprints(timed), withReferences: true,
                schedule: .interleaved, into: &results)
            }
          })
      }
    }
    return ready
  }

  /// Times a feed too large to hold every strategy's representation: the
  /// baseline is built and kept, and each other strategy is built beside
  /// it, timed on every operation and released, in rounds numbered apart so
  /// that each strategy's samples pair with the baseline's of its own
  /// rounds. In the first launch, every representation is built and checked
  /// (and released) before any is timed.
  private func runSequentially(_ planned: PlannedFeed, into results: inout RunResults) throws(RunFailure) {
    let feed = planned.feed
    let names = timedNames(planned)
    let floor = PreparedFloor(kinds: kindIndices(feed))
    var references: [SpecOperation: (name: String, digests: [UInt64])] = [:]
    for mode in modes {
      if sampler.shouldStop() { throw .interrupted }
      let layout = perturbation(feed, mode, names)
      defer { blackHole(layout.padding.count) }
      let groups: [[String]] =
        !names.contains(baseline.rawValue)
        ? [layout.buildOrder] : [[baseline.rawValue]] + names.filter { $0 != baseline.rawValue }.map { [$0] }
      let null = prepare(Registry.null, feed, mode, counting: false)
      // Check every group's outputs before timing any: a disagreement
      // stops the run with nothing of the feed timed.
      var checksums: [String: [SpecOperation: UInt64]] = [:]
      var footprints: [String: Double] = [:]
      var built: [Prepared] = []
      if launch.checks {
        for group in groups {
          if sampler.shouldStop() { throw .interrupted }
          let prepared = group.map { name in
            prepare(strategies.first { $0.name == name }!, feed, mode, counting: true)
          }
          // A single group stays in memory for timing; more are built again.
          if groups.count == 1 { built = prepared }
          footprints.merge(self.footprints(prepared)) { a, _ in a }
          for participant in prepared {
            for (operation, strategies) in planned.operations where strategies.contains(participant.name) {
              checksums[participant.name, default: [:]][operation] = try verify(
                participant, operation, feed: feed, against: &references)
            }
          }
        }
      }
      var kept: Prepared?
      for (groupIndex, group) in groups.enumerated() {
        if sampler.shouldStop() { throw .interrupted }
        var prepared =
          !built.isEmpty
          ? built : group.map { name in prepare(strategies.first { $0.name == name }!, feed, mode, counting: false) }
        // Built in the launch's order; timed and written in the registry's.
        prepared.sort { names.firstIndex(of: $0.name)! < names.firstIndex(of: $1.name)! }
        if groupIndex == 0 && groups.count > 1 { kept = prepared[0] }
        if groupIndex > 0, let kept { prepared.append(kept) }
        for (operation, strategies) in planned.operations {
          let timed = prepared.filter { strategies.contains($0.name) }
          guard !timed.isEmpty else { continue }
          let benchmarkCase = BenchmarkCase(feed: feed.id, operation: operation.rawValue, mode: mode)
          let withReferences = groupIndex == 0
          // The progress counter counts cases: each group's step is its share.
          let parts = groups.filter { group in
            group.contains(where: strategies.contains) || (group != groups[0] && strategies.contains(baseline.rawValue))
          }.count
          progress.begin("\(feed.domain.rawValue) \(operation.rawValue) · \(feed.size.groupedDigits) · \(timed[0].name) · \(mode)")
          var contenders = timed.map { $0.contender(operation) }
          if withReferences {
            contenders.append(Contender(id: .floor, count: floor.count) { floor.run(range: $0, repetitions: $1) })
            contenders.append(null.contender(operation))
          }
          let measured = try measure(contenders, shuffleSeed: launch.shuffleSeed(benchmarkCase))
          appendRows(
            measured, benchmarkCase, contenders: contenders, owners: timed, floor: floor, null: null,
            checksums: checksums, footprints: footprints, withReferences: withReferences, schedule: .sequential,
            roundOffset: groupIndex * Self.roundsPerGroup, into: &results)
          progress.end(worth: 1 / Double(max(1, parts)))
        }
      }
    }
  }

  /// The strategies a plan names for a feed, in registry order.
  private func timedNames(_ planned: PlannedFeed) -> [String] {
    strategies.map(\.name).filter { name in planned.operations.contains { $0.strategies.contains(name) } }
  }

  /// The layout a launch perturbs, per feed and mode: a heap block of
  /// random size allocated before the representations (kept while they
  /// are), and the strategies built in a random order. One launch alone
  /// builds in the registry's order, with no block.
  private func perturbation(_ feed: FeedSpec, _ mode: BuildMode, _ names: [String])
    -> (padding: [UInt8], buildOrder: [String])
  {
    var generator = SplitMix64(seed: launch.shuffleSeed(BenchmarkCase(feed: feed.id, operation: "", mode: mode)))
    guard launch.count > 1 else { return ([], names) }
    let padding = [UInt8](repeating: 1, count: Int(generator.next() % 65_536))
    return (padding, names.shuffled(using: &generator))
  }

  private func footprints(_ prepared: [Prepared]) -> [String: Double] {
    Dictionary(prepared.compactMap { participant in participant.footprintBytesPerElement.map { (participant.name, $0) } }) { a, _ in a }
  }

  /// A measured case's samples and rows. `owners` are the strategies'
  /// representations (their checksums, strides, footprints and, in the
  /// first launch, allocations counted now, after timing); the floor's and
  /// the null's rows are written with `withReferences`; a sequential
  /// group's baseline samples pair with its strategy, and its row comes
  /// from the first group.
  private func appendRows(
    _ measured: CaseSamples, _ benchmarkCase: BenchmarkCase, contenders: [Contender], owners: [Prepared],
    floor: PreparedFloor, null: Prepared, checksums: [String: [SpecOperation: UInt64]],
    footprints: [String: Double], withReferences: Bool, schedule: Schedule, roundOffset: Int = 0,
    into results: inout RunResults
  ) {
    let operation = SpecOperation(rawValue: benchmarkCase.operation)!
    for samples in measured.contenders {
      let owner = owners.first { $0.name == samples.id.rawValue }
      let key = ResultKey(benchmarkCase, samples.id)
      results.samples += samples.rawSamples(key, launch: launch.index, roundOffset: roundOffset)
      guard withReferences || samples.id != baseline else { continue }
      var row = samples.timingRow(key, schedule: schedule, slice: measured.slice, shuffleSeed: measured.shuffleSeed)
      if let owner {
        row.checksum = checksums[owner.name]?[operation].map(CSVNumber.hex) ?? ""
        row.elementStride = owner.elementStride
        row.footprintBytesPerElement = footprints[owner.name]
        if launch.checks { record(allocations: countAllocations(owner.contender(operation)), in: &row) }
      } else if samples.id == .floor {
        row.checksum = CSVNumber.hex(floor.checksum)
        row.elementStride = MemoryLayout<UInt8>.stride
        row.footprintBytesPerElement = 1
        if let contender = contenders.first(where: { $0.id == .floor }), launch.checks {
          record(allocations: countAllocations(contender), in: &row)
        }
      } else {
        row.elementStride = null.elementStride
      }
      results.rows.append(row)
    }
  }

  /// A strategy's prepared feed in one mode, with what preparing it cost in
  /// heap (in the first launch).
  struct Prepared {
    let name: String
    let count: Int
    let elementStride: Int?
    let footprintBytesPerElement: Double?
    let run: (SpecOperation, Range<Int>, Int) -> Void
    let output: (SpecOperation, Int) -> String

    init(
      name: String, count: Int, elementStride: Int?, footprintBytesPerElement: Double?,
      run: @escaping (SpecOperation, Range<Int>, Int) -> Void, output: @escaping (SpecOperation, Int) -> String
    ) {
      self.name = name
      self.count = count
      self.elementStride = elementStride
      self.footprintBytesPerElement = footprintBytesPerElement
      self.run = run
      self.output = output
    }

    func contender(_ operation: SpecOperation) -> Contender {
      let run = run
      return Contender(id: StrategyID(name), count: count) { range, repetitions in
        run(operation, range, repetitions)
      }
    }

    /// The digests of the outputs of the checked elements, in order.
    func digests(_ operation: SpecOperation) -> [UInt64] {
      FeedRunner.checkedElements(count).map { Checksum.digest(output(operation, $0)) }
    }
  }

  /// Builds a strategy's representation of a feed in a mode.
  private func prepare(_ strategy: RegisteredStrategy, _ feed: FeedSpec, _ mode: BuildMode, counting: Bool)
    -> Prepared
  {
    // The generator's content pools are made outside the counted window, so
    // what is counted is the representation's own heap.
    let build: () -> Prepared
    if mode == .app {
      let type: any AppModeWorkload.Type =
        strategy.name == Registry.null.name ? AppModeWorkloads.null : AppModeWorkloads.workload(named: strategy.name)!
      build = {
        let workload = type.init(
          domain: feed.domain.rawValue, size: feed.size, seed: feed.seed, distribution: feed.distribution,
          kinds: feed.kinds, feedFile: feed.source == FeedID.generated ? nil : feed.source)
        return Prepared(
          name: strategy.name, count: workload.count, elementStride: nil, footprintBytesPerElement: nil,
          run: { workload.run($0.rawValue, range: $1, repetitions: $2) },
          output: { workload.output($0.rawValue, at: $1) })
      }
    } else {
      let prepare: () -> PreparedWorkload
      switch feed.domain {
      case .share:
        let elements = ShareItemSequence(source: feed.elementSource, count: feed.size)
        prepare = { strategy.prepare(elements) }
      case .feed:
        let elements = FeedItemSequence(source: feed.elementSource, count: feed.size)
        prepare = { strategy.prepare(elements) }
      }
      build = {
        let workload = prepare()
        return Prepared(
          name: strategy.name, count: workload.count, elementStride: workload.elementStride,
          footprintBytesPerElement: nil,
          run: { workload.run($0, range: $1, repetitions: $2) }, output: { workload.output($0, at: $1) })
      }
    }
    guard counting && countsHeap else { return build() }
    let (prepared, counts) = HeapCounter.count(build)
    return Prepared(
      name: prepared.name, count: prepared.count, elementStride: prepared.elementStride,
      footprintBytesPerElement: Double(counts.liveBytes) / Double(max(1, feed.size)),
      run: prepared.run, output: prepared.output)
  }

  private func kindIndices(_ feed: FeedSpec) -> [UInt8] {
    switch feed.domain {
    case .share: ShareItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
    case .feed: FeedItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
    }
  }

  /// Checks a strategy's outputs against the first strategy's for the same
  /// operation (which becomes the reference), and returns its checksum.
  private func verify(
    _ participant: Prepared, _ operation: SpecOperation, feed: FeedSpec,
    against references: inout [SpecOperation: (name: String, digests: [UInt64])]
  ) throws(RunFailure) -> UInt64 {
    if sampler.shouldStop() { throw .interrupted }
    let digests = participant.digests(operation)
    guard let reference = references[operation] else {
      references[operation] = (participant.name, digests)
      return fold(digests)
    }
    if let position = firstDifference(reference.digests, digests) {
      let index = Self.checkedElements(participant.count)[position]
      // The reference may be released: build it again to show its output.
      let referenceFeed = prepare(strategies.first { $0.name == reference.name }!, feed, .boundary, counting: false)
      throw .mismatch(
        Mismatch(
          strategy: participant.name, reference: reference.name, operation: operation.rawValue,
          feed: "seed \(feed.seed), \(feed.title)",
          index: index, expected: referenceFeed.output(operation, index),
          actual: participant.output(operation, index)))
    }
    return fold(digests)
  }

  /// Samples a case, stopping on an interrupt.
  private func measure(_ contenders: [Contender], shuffleSeed: UInt64) throws(RunFailure) -> CaseSamples {
    if sampler.shouldStop() { throw .interrupted }
    let samples = sampler.measure(contenders, shuffleSeed: shuffleSeed)
    if sampler.shouldStop() { throw .interrupted }
    return samples
  }

  /// What one pass over the feed (its counted slices) allocates, counted after timing, never
  /// during it; `nil` where the heap counter is not available.
  private func countAllocations(_ contender: Contender) -> HeapCounter.Counts? {
    guard countsHeap else { return nil }
    return HeapCounter.count {
      for slice in Self.countedSlices(contender.count) { contender.run(slice, 1) }
    }.counts
  }

  private func record(allocations: HeapCounter.Counts?, in row: inout TimingRow) {
    let elements = Double(max(1, min(row.key.feed.size, Self.countedLimit)))
    row.allocationsPerElement = allocations.map { Double($0.allocations) / elements }
    row.allocatedBytesPerElement = allocations.map { Double($0.requestedBytes) / elements }
  }

  private func firstDifference(_ a: [UInt64], _ b: [UInt64]) -> Int? {
    if a.count != b.count { return min(a.count, b.count) }
    return a.indices.first { a[$0] != b[$0] }
  }

  private func fold(_ digests: [UInt64]) -> UInt64 {
    var checksum = Checksum()
    for digest in digests { checksum.combine(digest) }
    return checksum.value
  }
}
