import BenchmarkResults
import DispatchModel

/// Something a benchmark case times: a strategy, the floor or the null, each
/// over its own representation of the same feed.
package struct Contender {
  package var id: StrategyID
  /// Elements in the feed.
  package var count: Int
  /// Runs the case's operation over the elements of `range`, `repetitions` times.
  package var run: (_ range: Range<Int>, _ repetitions: Int) -> Void
}

/// What one launch measured for one benchmark case.
package struct CaseSamples {
  /// Elements each sample visits once per repetition: the whole feed, or a
  /// slice of a large one.
  package var slice: Int
  /// The seed of every round's shuffle.
  package var shuffleSeed: UInt64
  package var contenders: [ContenderSamples]
  /// Rounds taken so far, over every block.
  package var rounds = 0
}

/// What a case measured for one contender.
package struct ContenderSamples {
  package var id: StrategyID
  /// Nanoseconds per element, one per round, in the order taken.
  package var nanosecondsPerElement: [Double] = []
  /// The round of each sample, and the contender's place in that round.
  package var rounds: [Int] = []
  package var positions: [Int] = []
  package var repetitions: Int
  package var elementsPerSample: Int
  /// Hardware counts summed over every sample, where counters are available.
  package var counters: HardwareCounters.Counts?

  /// Adds one sample, taken in `round` at `position` in its order.
  package mutating func record(
    _ elapsed: (nanoseconds: UInt64, counts: HardwareCounters.Counts?), round: Int, position: Int
  ) {
    nanosecondsPerElement.append(Double(elapsed.nanoseconds) / Double(elementsPerSample))
    rounds.append(round)
    positions.append(position)
    if let counts = elapsed.counts { counters = counters.map { $0 + counts } }
  }

  /// Every sample as the samples file holds it, with its launch and round
  /// (rounds numbered from `roundOffset`).
  package func rawSamples(_ key: ResultKey, launch: Int, roundOffset: Int = 0) -> [RawSample] {
    nanosecondsPerElement.indices.map { index in
      RawSample(
        key: key, index: index, launch: launch, round: rounds[index] + roundOffset, position: positions[index],
        elementsPerSample: elementsPerSample, nanosecondsPerElement: nanosecondsPerElement[index])
    }
  }

  /// The row of one launch's samples: their statistics, the case's slice
  /// and shuffle seed, and hardware counts where available. Checksums, heap
  /// counts and ratios are the caller's. `nil` where the samples have no
  /// statistics: none was taken, or one is not a finite time.
  package func timingRow(_ key: ResultKey, schedule: Schedule, slice: Int, shuffleSeed: UInt64) -> TimingRow? {
    guard let statistics = try? SampleStatistics(nanosecondsPerElement) else { return nil }
    var row = TimingRow(
      key: key, schedule: schedule.rawValue, statistics: statistics, elementsPerSample: elementsPerSample,
      checksum: "")
    row.shuffleSeed = shuffleSeed
    row.slice = slice
    row.cyclesPerElement = perElement(\.cycles)
    row.instructionsPerElement = perElement(\.instructions)
    row.branchMissesPerElement = perElement(\.branchMisses)
    return row
  }

  /// A hardware count per element, over every sample.
  package func perElement(_ count: KeyPath<HardwareCounters.Counts, UInt64>) -> Double? {
    guard let counters, !nanosecondsPerElement.isEmpty else { return nil }
    return Double(counters[keyPath: count])
      / Double(nanosecondsPerElement.count * max(1, elementsPerSample))
  }
}

/// Samples the contenders of one benchmark case in shuffled rounds.
///
/// Each contender's cost per element is measured first on a few thousand
/// elements spread over the feed (which also warms it up). From those costs the case picks its slice:
/// the whole feed when a round over it fits `sampleTime / minimumRounds`,
/// else the longest slice that does. A sample visits its slice once (or
/// repeats it, for feeds so small that once is shorter than
/// `minimumSampleDuration`), so a large feed is still read as a large feed
/// and not from cache. Round *r* times every contender once on the same
/// slice, the slices spread over the feed by the golden ratio, in an order
/// shuffled by a generator seeded with
/// `shuffleSeed` and *r*: no contender always runs first, or behind the same
/// neighbour, and every sample of a round pairs with the others'.
package struct Sampler {
  package var settings: SamplingSettings
  package var shouldStop: () -> Bool = { false }
  /// Read around every sample when the hardware allows; the reads are outside
  /// the timed interval.
  package var counters: HardwareCounters? = nil
  /// Where the launch's time goes: the timed samples to `sampling`, the rest
  /// of calibrating and sampling a case to `warmingUp`.
  package var clock: PhaseClock? = nil

  /// Samples a case in one block: calibrates it, then takes its rounds.
  package func measure(_ contenders: [Contender], shuffleSeed: UInt64, slice: Int? = nil) -> CaseSamples {
    var samples = calibrate(contenders, shuffleSeed: shuffleSeed, slice: slice)
    sample(contenders, into: &samples, rounds: settings.minimumRounds, seconds: settings.sampleTime)
    return samples
  }

  /// Measures each contender's cost per element (which warms it up) and
  /// chooses the case's slice and each contender's repetitions, for every
  /// block of rounds the case will take in this launch; no sample yet.
  /// - Parameter slice: the elements a sample visits, when the plan fixes
  ///   them (an adaptive launch keeps the first launches'); otherwise the
  ///   longest that fits (`sliceLength(count:costs:)`).
  package func calibrate(_ contenders: [Contender], shuffleSeed: UInt64, slice: Int? = nil) -> CaseSamples {
    guard let clock else { return calibrated(contenders, shuffleSeed: shuffleSeed, slice: slice) }
    return clock.time(.warmingUp) { calibrated(contenders, shuffleSeed: shuffleSeed, slice: slice) }
  }

  private func calibrated(_ contenders: [Contender], shuffleSeed: UInt64, slice fixed: Int?) -> CaseSamples {
    let count = contenders.map(\.count).min() ?? 0
    guard count > 0 else { return CaseSamples(slice: 0, shuffleSeed: shuffleSeed, contenders: []) }
    let costs = contenders.map { costPerElement($0, count: count) }
    // What a sample visits: its pieces' total (a whole number of pieces).
    let length = fixed.map { min(count, max(1, $0)) } ?? sliceLength(count: count, costs: costs)
    let slice = Self.slice(0, length: length, of: count)
      .reduce(0) { $0 + $1.count }
    let minimum = settings.minimumSampleDuration * 1e9
    let results = zip(contenders, costs).map { contender, cost in
      let repetitions = max(1, Int((minimum / max(cost * Double(slice), 1e-3)).rounded(.up)))
      return ContenderSamples(
        id: contender.id, repetitions: repetitions, elementsPerSample: slice * repetitions,
        counters: counters == nil ? nil : HardwareCounters.Counts())
    }
    return CaseSamples(slice: slice, shuffleSeed: shuffleSeed, contenders: results)
  }

  /// Takes one block of rounds of a calibrated case: a warm-up round, untimed
  /// (whatever ran before left the caches to something else), then rounds
  /// until `rounds` are taken and `seconds` of sampling are spent, never
  /// more than `maximumRounds` in all. Rounds are numbered on from the
  /// case's earlier blocks, so all of a launch's rounds pair.
  package func sample(_ contenders: [Contender], into samples: inout CaseSamples, rounds: Int, seconds: Double) {
    guard let clock else { return sampleBlock(contenders, into: &samples, rounds: rounds, seconds: seconds) }
    clock.time(.warmingUp) { sampleBlock(contenders, into: &samples, rounds: rounds, seconds: seconds) }
  }

  private func sampleBlock(_ contenders: [Contender], into samples: inout CaseSamples, rounds: Int, seconds: Double) {
    guard samples.slice > 0 else { return }
    let count = contenders.map(\.count).min() ?? 0
    let firstRound = samples.rounds
    for (contender, result) in zip(contenders, samples.contenders) {
      for range in Self.slice(firstRound, length: samples.slice, of: count) { contender.run(range, result.repetitions) }
    }
    let start = MonotonicClock.now()
    let budget = UInt64(seconds * 1e9)
    var round = firstRound
    while round < settings.maximumRounds {
      let ranges = Self.slice(round, length: samples.slice, of: count)
      for (position, index) in Self.order(contenders.count, seed: samples.shuffleSeed, round: round).enumerated() {
        let elapsed = time(contenders[index], ranges, samples.contenders[index])
        clock?.add(.sampling, nanoseconds: elapsed.nanoseconds)
        samples.contenders[index].record(elapsed, round: round, position: position)
        // An interrupt stops after the current sample; the caller drops the
        // unfinished block.
        if shouldStop() { return }
      }
      round += 1
      samples.rounds = round
      if round - firstRound >= rounds && MonotonicClock.now() - start >= budget { break }
    }
  }

  /// Contiguous pieces a slice is taken in: never more than this, and never
  /// shorter than `minimumPiece` elements.
  package static let pieces = 16
  package static let minimumPiece = 64

  /// The elements round `round` visits: the whole feed, or `length` elements
  /// in up to 16 contiguous pieces, one in each sixteenth of the feed. A
  /// sample so stands for the whole feed (a clustered feed's every run of
  /// kinds, in proportion), whichever slice it is; each piece is read in
  /// order, as a table view reads its rows. Where in its sixteenth a piece
  /// lies moves from round to round (by the golden ratio), so the rounds
  /// cover the feed.
  package static func slice(_ round: Int, length: Int, of count: Int) -> [Range<Int>] {
    guard length < count else { return [0..<count] }
    let pieces = max(1, min(Self.pieces, length / minimumPiece))
    let piece = length / pieces
    let region = count / pieces
    let positions = max(1, region / piece)
    let golden = 0.618_033_988_749_894_8
    let position = min(
      positions - 1, Int((Double(round) * golden).truncatingRemainder(dividingBy: 1) * Double(positions)))
    return (0..<pieces).map { index in
      let start = index * region + position * piece
      return start..<(start + piece)
    }
  }

  /// The order of round `round`: a Fisher–Yates shuffle of `0..<count` by a
  /// generator seeded with the case's seed and the round.
  package static func order(_ count: Int, seed: UInt64, round: Int) -> [Int] {
    var generator = SplitMix64(seed: seed ^ (UInt64(round) &* 0x9E37_79B9_7F4A_7C15))
    var order = Array(0..<count)
    for index in stride(from: count - 1, to: 0, by: -1) {
      order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
    }
    return order
  }

  /// Nanoseconds per element over 4,096 elements in pieces spread over the
  /// feed, timed until it lasts the minimum sample duration; warms the
  /// contender up as it goes.
  private func costPerElement(_ contender: Contender, count: Int) -> Double {
    let probe = Self.slice(0, length: min(count, 4_096), of: count)
    let elements = probe.reduce(0) { $0 + $1.count }
    var repetitions = 1
    while true {
      let start = MonotonicClock.now()
      for range in probe { contender.run(range, repetitions) }
      let elapsed = Double(MonotonicClock.now() - start)
      if elapsed >= settings.minimumSampleDuration * 1e9 || repetitions >= 1 << 20 {
        return elapsed / Double(elements * repetitions)
      }
      repetitions *= 2
    }
  }

  /// The whole feed when a round over it fits its share of the sampling
  /// time; else the longest slice that does, never under `minimumSlice`.
  package func sliceLength(count: Int, costs: [Double]) -> Int {
    let roundCost = costs.reduce(0, +)
    let roundBudget = settings.sampleTime * 1e9 / Double(settings.minimumRounds)
    guard Double(count) * roundCost > roundBudget else { return count }
    return min(count, max(settings.minimumSlice, Int(roundBudget / max(roundCost, 1e-3))))
  }

  private func time(_ contender: Contender, _ ranges: [Range<Int>], _ result: ContenderSamples)
    -> (nanoseconds: UInt64, counts: HardwareCounters.Counts?)
  {
    var elapsed: UInt64 = 0
    guard let counters else {
      let start = MonotonicClock.now()
      for range in ranges { contender.run(range, result.repetitions) }
      return (MonotonicClock.now() - start, nil)
    }
    let counts = counters.count {
      let start = MonotonicClock.now()
      for range in ranges { contender.run(range, result.repetitions) }
      elapsed = MonotonicClock.now() - start
    }
    return (elapsed, counts)
  }
}
