import DispatchModel
import StrategyRegistry

/// How a feed's strategies share the machine while being timed.
enum Schedule: String {
  /// Every strategy's representation is built at once, and each round of a
  /// cell takes one sample of each strategy in rotating order.
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
  var operation: SpecOperation
  var feed: FeedSpec
  var index: Int
  var expected: String
  var actual: String

  var description: String {
    """
    strategies disagree: \(strategy) and \(reference) on \(operation.rawValue), seed \(feed.seed), \
    \(feed.title), first at element \(index):
      \(reference): \(JSONText.quoted(expected))
      \(strategy): \(JSONText.quoted(actual))
    No timings were written.
    """
  }
}

/// Times every planned operation of one feed: checksums first, then samples.
struct FeedRunner {
  var sampler: Sampler
  var progress: Progress
  /// The strategies plans name, in the order rows are written.
  var strategies: [RegisteredStrategy] = Registry.strategies
  /// Whether to count each representation's heap while it is built.
  var measureFootprint = HeapCounter.isSupported

  /// Times a feed's operations, appending each cell's rows to `results` as
  /// soon as the cell is complete, so that an interrupt keeps them.
  func run(_ planned: PlannedFeed, schedule: Schedule, into results: inout [CellResult])
    throws(RunFailure)
  {
    let feed = planned.feed
    results.append(try measureFloor(feed, schedule: schedule))

    let names = strategies.map(\.name).filter { name in
      planned.operations.contains { $0.strategies.contains(name) }
    }
    switch schedule {
    case .interleaved:
      var prepared: [String: Prepared] = [:]
      for name in names {
        if sampler.shouldStop() { throw .interrupted }
        prepared[name] = prepare(name, feed)
      }
      for (operation, strategies) in planned.operations {
        progress.begin("\(feed.domain.rawValue) \(operation.rawValue) · \(feed.size.groupedDigits) · \(feed.distribution)")
        let participants = strategies.map { prepared[$0]! }
        let checksums = try verify(operation, participants, feed: feed)
        if sampler.shouldStop() { throw .interrupted }
        let samples = sampler.measure(participants.map { $0.participant(operation) })
        if sampler.shouldStop() { throw .interrupted }
        for (participant, sample) in zip(participants, samples) {
          results.append(
            result(feed, operation, participant, sample, checksum: checksums[participant.name]!, schedule))
        }
        progress.end()
      }
    case .sequential:
      // Too large to hold every strategy's representation: each is built and
      // released twice, once to check its outputs against the others', then,
      // when all agree, to be timed. Nothing is timed before every check.
      var references: [SpecOperation: (name: String, digests: [UInt64])] = [:]
      var checksums: [String: [SpecOperation: UInt64]] = [:]
      for name in names {
        let participant = prepare(name, feed)
        for (operation, strategies) in planned.operations where strategies.contains(name) {
          if sampler.shouldStop() { throw .interrupted }
          let digests = participant.prepared.digests(operation)
          if let reference = references[operation] {
            if let index = firstDifference(reference.digests, digests) {
              // Rebuild the reference only now, to show its output.
              let referenceFeed = prepare(reference.name, feed)
              throw .mismatch(
                Mismatch(
                  strategy: name, reference: reference.name, operation: operation, feed: feed,
                  index: index, expected: referenceFeed.prepared.output(operation, at: index),
                  actual: participant.prepared.output(operation, at: index)))
            }
          } else {
            references[operation] = (name, digests)
          }
          checksums[name, default: [:]][operation] = fold(digests)
        }
      }
      references = [:]
      for name in names {
        if sampler.shouldStop() { throw .interrupted }
        let participant = prepare(name, feed)
        for (operation, strategies) in planned.operations where strategies.contains(name) {
          progress.begin("\(feed.domain.rawValue) \(operation.rawValue) · \(name) · \(feed.size.groupedDigits)")
          if sampler.shouldStop() { throw .interrupted }
          let sample = sampler.measure([participant.participant(operation)])[0]
          if sampler.shouldStop() { throw .interrupted }
          results.append(
            result(feed, operation, participant, sample, checksum: checksums[name]![operation]!, schedule))
          progress.end()
        }
      }
    }
  }

  /// A strategy's prepared feed, with what preparing it cost in heap.
  struct Prepared {
    var name: String
    var prepared: PreparedWorkload
    var footprintBytesPerElement: Double?

    func participant(_ operation: SpecOperation) -> Participant {
      let prepared = prepared
      return Participant(name: name, elements: prepared.count) { repetitions in
        prepared.run(operation, repetitions: repetitions)
      }
    }
  }

  private func prepare(_ name: String, _ feed: FeedSpec) -> Prepared {
    let strategy = strategies.first { $0.name == name }!
    // The generator's content pools are made outside the counted window, so
    // what is counted is the representation's own heap.
    let build: () -> PreparedWorkload
    switch feed.domain {
    case .share:
      let elements = ShareItemSequence(source: feed.elementSource, count: feed.size)
      build = { strategy.prepare(elements) }
    case .feed:
      let elements = FeedItemSequence(source: feed.elementSource, count: feed.size)
      build = { strategy.prepare(elements) }
    }
    guard measureFootprint else { return Prepared(name: name, prepared: build()) }
    let (prepared, counts) = HeapCounter.count(build)
    return Prepared(
      name: name, prepared: prepared,
      footprintBytesPerElement: Double(counts.liveBytes) / Double(max(1, feed.size)))
  }

  /// Checks every participant's outputs against the first's, before any
  /// timing, and returns each one's checksum.
  private func verify(_ operation: SpecOperation, _ participants: [Prepared], feed: FeedSpec)
    throws(RunFailure) -> [String: UInt64]
  {
    guard let reference = participants.first else { return [:] }
    let expected = reference.prepared.digests(operation)
    var checksums = [reference.name: fold(expected)]
    for participant in participants.dropFirst() {
      let digests = participant.prepared.digests(operation)
      if let index = firstDifference(expected, digests) {
        throw .mismatch(
          Mismatch(
            strategy: participant.name, reference: reference.name, operation: operation, feed: feed,
            index: index, expected: reference.prepared.output(operation, at: index),
            actual: participant.prepared.output(operation, at: index)))
      }
      checksums[participant.name] = fold(digests)
    }
    return checksums
  }

  private func measureFloor(_ feed: FeedSpec, schedule: Schedule) throws(RunFailure) -> CellResult {
    progress.begin("\(feed.domain.rawValue) floor · \(feed.size.groupedDigits) · \(feed.distribution)")
    defer { progress.end() }
    let kinds: [UInt8] =
      switch feed.domain {
      case .share: ShareItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
      case .feed: FeedItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
      }
    let floor = PreparedFloor(kinds: kinds)
    if sampler.shouldStop() { throw .interrupted }
    let sample = sampler.measure([
      Participant(name: PreparedFloor.name, elements: floor.count) { floor.run(repetitions: $0) }
    ])[0]
    if sampler.shouldStop() { throw .interrupted }
    var result = CellResult(
      feed: feed, operation: PreparedFloor.name, strategy: PreparedFloor.name,
      schedule: schedule.rawValue, samples: sample.nanosecondsPerElement, rounds: sample.rounds,
      statistics: SampleStatistics(sample.nanosecondsPerElement),
      elementsPerSample: sample.elementsPerSample, checksum: floor.checksum,
      elementStride: MemoryLayout<UInt8>.stride, footprintBytesPerElement: 1)
    record(sample, allocations: countAllocations(elements: floor.count) { floor.run(repetitions: 1) }, in: &result)
    return result
  }

  /// What one pass allocates per element, counted after timing, never
  /// during it; `nil` where the heap counter is not available.
  private func countAllocations(elements: Int, _ pass: () -> Void) -> HeapCounter.Counts? {
    guard HeapCounter.isSupported else { return nil }
    return HeapCounter.count(pass).counts
  }

  private func record(_ sample: ParticipantSamples, allocations: HeapCounter.Counts?, in result: inout CellResult) {
    let elements = Double(max(1, result.feed.size))
    result.allocationsPerElement = allocations.map { Double($0.allocations) / elements }
    result.allocatedBytesPerElement = allocations.map { Double($0.requestedBytes) / elements }
    result.cyclesPerElement = sample.perElement(\.cycles)
    result.instructionsPerElement = sample.perElement(\.instructions)
    result.branchMissesPerElement = sample.perElement(\.branchMisses)
  }

  private func result(
    _ feed: FeedSpec, _ operation: SpecOperation, _ participant: Prepared,
    _ sample: ParticipantSamples, checksum: UInt64, _ schedule: Schedule
  ) -> CellResult {
    var result = CellResult(
      feed: feed, operation: operation.rawValue, strategy: participant.name,
      schedule: schedule.rawValue, samples: sample.nanosecondsPerElement, rounds: sample.rounds,
      statistics: SampleStatistics(sample.nanosecondsPerElement),
      elementsPerSample: sample.elementsPerSample, checksum: checksum,
      elementStride: participant.prepared.elementStride,
      footprintBytesPerElement: participant.footprintBytesPerElement)
    let prepared = participant.prepared
    record(
      sample,
      allocations: countAllocations(elements: prepared.count) {
        prepared.run(operation, repetitions: 1)
      }, in: &result)
    return result
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
