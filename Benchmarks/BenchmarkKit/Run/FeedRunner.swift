import BenchmarkResults
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

/// Times every planned operation of one feed: every strategy's outputs are
/// checked against the others' first, then each case is sampled.
///
/// The schedule decides only how strategies are prepared: all at once
/// (`interleaved`), or one at a time (`sequential`, for feeds too large to
/// hold every representation). Checking and sampling are the same for both.
struct FeedRunner {
  var sampler: Sampler
  var progress: Progress
  /// The strategies plans name, in the order rows are written.
  var strategies: [RegisteredStrategy] = Registry.strategies
  /// Whether to count each representation's heap while it is built.
  var measureFootprint = HeapCounter.isSupported

  /// Times a feed's operations, appending each case's rows to `results` as
  /// soon as the case is complete, so that an interrupt keeps them.
  func run(_ planned: PlannedFeed, schedule: Schedule, into results: inout RunResults)
    throws(RunFailure)
  {
    let feed = planned.feed
    try measureFloor(feed, schedule: schedule, into: &results)
    let names = strategies.map(\.name).filter { name in
      planned.operations.contains { $0.strategies.contains(name) }
    }
    let groups: [[String]] = schedule == .interleaved ? [names] : names.map { [$0] }

    // Check every strategy's outputs before any timing.
    var references: [SpecOperation: (name: String, digests: [UInt64])] = [:]
    var checksums: [String: [SpecOperation: UInt64]] = [:]
    var kept: [Prepared] = []
    for group in groups {
      if sampler.shouldStop() { throw .interrupted }
      let prepared = group.map { prepare($0, feed) }
      for participant in prepared {
        for (operation, strategies) in planned.operations where strategies.contains(participant.name) {
          checksums[participant.name, default: [:]][operation] = try verify(
            participant, operation, feed: feed, against: &references)
        }
      }
      // A single group stays in memory for timing; more are built again.
      if groups.count == 1 { kept = prepared }
    }
    references = [:]

    for group in groups {
      if sampler.shouldStop() { throw .interrupted }
      let prepared = groups.count == 1 ? kept : group.map { prepare($0, feed) }
      for (operation, strategies) in planned.operations {
        let participants = prepared.filter { strategies.contains($0.name) }
        guard !participants.isEmpty else { continue }
        let who = participants.count == 1 ? participants[0].name : feed.distribution
        progress.begin("\(feed.domain.rawValue) \(operation.rawValue) · \(feed.size.groupedDigits) · \(who)")
        let samples = try measure(participants.map { $0.participant(operation) })
        for (participant, sample) in zip(participants, samples) {
          var row = timingRow(
            feed.key(operation.rawValue, StrategyID(participant.name)), sample, schedule,
            checksum: checksums[participant.name]![operation]!)
          row.elementStride = participant.prepared.elementStride
          row.footprintBytesPerElement = participant.footprintBytesPerElement
          let prepared = participant.prepared
          record(
            allocations: countAllocations { prepared.run(operation, repetitions: 1) }, elements: feed.size,
            in: &row)
          results.rows.append(row)
          results.samples += rawSamples(row.key, sample)
        }
        progress.end()
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

  /// Checks a strategy's outputs against the first strategy's for the same
  /// operation (which becomes the reference), and returns its checksum.
  private func verify(
    _ participant: Prepared, _ operation: SpecOperation, feed: FeedSpec,
    against references: inout [SpecOperation: (name: String, digests: [UInt64])]
  ) throws(RunFailure) -> UInt64 {
    if sampler.shouldStop() { throw .interrupted }
    let digests = participant.prepared.digests(operation)
    guard let reference = references[operation] else {
      references[operation] = (participant.name, digests)
      return fold(digests)
    }
    if let index = firstDifference(reference.digests, digests) {
      // The reference may be released (sequential): build it again to show its output.
      let referenceFeed = prepare(reference.name, feed)
      throw .mismatch(
        Mismatch(
          strategy: participant.name, reference: reference.name, operation: operation, feed: feed,
          index: index, expected: referenceFeed.prepared.output(operation, at: index),
          actual: participant.prepared.output(operation, at: index)))
    }
    return fold(digests)
  }

  /// Samples participants, stopping on an interrupt.
  private func measure(_ participants: [Participant]) throws(RunFailure) -> [ParticipantSamples] {
    if sampler.shouldStop() { throw .interrupted }
    let samples = sampler.measure(participants)
    if sampler.shouldStop() { throw .interrupted }
    return samples
  }

  private func measureFloor(_ feed: FeedSpec, schedule: Schedule, into results: inout RunResults)
    throws(RunFailure)
  {
    progress.begin("\(feed.domain.rawValue) floor · \(feed.size.groupedDigits) · \(feed.distribution)")
    defer { progress.end() }
    let kinds: [UInt8] =
      switch feed.domain {
      case .share: ShareItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
      case .feed: FeedItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
      }
    let floor = PreparedFloor(kinds: kinds)
    let sample = try measure([
      Participant(name: PreparedFloor.name, elements: floor.count) { floor.run(repetitions: $0) }
    ])[0]
    var row = timingRow(
      feed.key(StrategyID.floor.rawValue, .floor), sample, schedule, checksum: floor.checksum)
    row.elementStride = MemoryLayout<UInt8>.stride
    row.footprintBytesPerElement = 1
    record(allocations: countAllocations { floor.run(repetitions: 1) }, elements: feed.size, in: &row)
    results.rows.append(row)
    results.samples += rawSamples(row.key, sample)
  }

  private func timingRow(
    _ key: ResultKey, _ sample: ParticipantSamples, _ schedule: Schedule, checksum: UInt64
  ) -> TimingRow {
    var row = TimingRow(
      key: key, schedule: schedule.rawValue, statistics: SampleStatistics(sample.nanosecondsPerElement),
      elementsPerSample: sample.elementsPerSample, checksum: CSVNumber.hex(checksum))
    row.cyclesPerElement = sample.perElement(\.cycles)
    row.instructionsPerElement = sample.perElement(\.instructions)
    row.branchMissesPerElement = sample.perElement(\.branchMisses)
    return row
  }

  private func rawSamples(_ key: ResultKey, _ sample: ParticipantSamples) -> [RawSample] {
    sample.nanosecondsPerElement.indices.map { index in
      RawSample(
        key: key, index: index, round: sample.rounds[index], elementsPerSample: sample.elementsPerSample,
        nanosecondsPerElement: sample.nanosecondsPerElement[index])
    }
  }

  /// What one pass allocates, counted after timing, never during it; `nil`
  /// where the heap counter is not available.
  private func countAllocations(_ pass: () -> Void) -> HeapCounter.Counts? {
    guard HeapCounter.isSupported else { return nil }
    return HeapCounter.count(pass).counts
  }

  private func record(allocations: HeapCounter.Counts?, elements: Int, in row: inout TimingRow) {
    let elements = Double(max(1, elements))
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
