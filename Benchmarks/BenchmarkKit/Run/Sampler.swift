import BenchmarkResults
import DispatchModel

/// Something a benchmark case times: a strategy, the floor or the null, each
/// over its own representation of the same feed.
struct Contender {
  var id: StrategyID
  /// Elements in the feed.
  var count: Int
  /// Runs the case's operation over the elements of `range`, `repetitions` times.
  var run: (_ range: Range<Int>, _ repetitions: Int) -> Void
}

/// How long and how finely a benchmark case is sampled, in each launch.
struct SamplingSettings: Equatable {
  /// Rounds every case takes, whatever the time: each contender gets at least
  /// this many samples.
  var minimumRounds = 30
  /// Sampling time per case and launch, in seconds: rounds continue until it
  /// is spent (and `minimumRounds` are taken). Calibration and warm-up are
  /// not counted.
  var sampleTime = 0.2
  /// Rounds stop here even with time left.
  var maximumRounds = 300
  /// A sample repeats its slice until it lasts at least this long, in
  /// seconds, so the clock's resolution and overhead stay far below it.
  var minimumSampleDuration = 50e-6
  /// Slices are never shorter than this, unless the feed is.
  var minimumSlice = 256
}

/// What one launch measured for one benchmark case.
struct CaseSamples {
  /// Elements each sample visits once per repetition: the whole feed, or a
  /// slice of a large one.
  var slice: Int
  /// The seed of every round's shuffle.
  var shuffleSeed: UInt64
  var contenders: [ContenderSamples]
}

/// What a case measured for one contender.
struct ContenderSamples {
  var id: StrategyID
  /// Nanoseconds per element, one per round, in the order taken.
  var nanosecondsPerElement: [Double] = []
  /// The round of each sample, and the contender's place in that round.
  var rounds: [Int] = []
  var positions: [Int] = []
  var repetitions: Int
  var elementsPerSample: Int
  /// Hardware counts summed over every sample, where counters are available.
  var counters: HardwareCounters.Counts?

  /// A hardware count per element, over every sample.
  func perElement(_ count: KeyPath<HardwareCounters.Counts, UInt64>) -> Double? {
    guard let counters, !nanosecondsPerElement.isEmpty else { return nil }
    return Double(counters[keyPath: count])
      / Double(nanosecondsPerElement.count * max(1, elementsPerSample))
  }
}

/// Samples the contenders of one benchmark case in shuffled rounds.
///
/// Each contender's cost per element is measured first on a prefix of the
/// feed (which also warms it up). From those costs the case picks its slice:
/// the whole feed when a round over it fits `sampleTime / minimumRounds`,
/// else the longest slice that does. A sample visits its slice once (or
/// repeats it, for feeds so small that once is shorter than
/// `minimumSampleDuration`), so a large feed is still read as a large feed
/// and not from cache. Round *r* times every contender once on slice
/// *r mod slices*, in an order shuffled by a generator seeded with
/// `shuffleSeed` and *r*: no contender always runs first, or behind the same
/// neighbour, and every sample of a round pairs with the others'.
struct Sampler {
  var settings: SamplingSettings
  var shouldStop: () -> Bool = { false }
  /// Read around every sample when the hardware allows; the reads are outside
  /// the timed interval.
  var counters: HardwareCounters? = nil

  func measure(_ contenders: [Contender], shuffleSeed: UInt64) -> CaseSamples {
    let count = contenders.map(\.count).min() ?? 0
    guard count > 0 else { return CaseSamples(slice: 0, shuffleSeed: shuffleSeed, contenders: []) }
    let costs = contenders.map { costPerElement($0, count: count) }
    let slice = sliceLength(count: count, costs: costs)
    let minimum = settings.minimumSampleDuration * 1e9
    var results = zip(contenders, costs).map { contender, cost in
      let repetitions = max(1, Int((minimum / max(cost * Double(slice), 1e-3)).rounded(.up)))
      return ContenderSamples(
        id: contender.id, repetitions: repetitions, elementsPerSample: slice * repetitions,
        counters: counters == nil ? nil : HardwareCounters.Counts())
    }
    let slices = max(1, count / slice)
    // Warm up on the first slice, at the repetitions that will be timed.
    for (contender, result) in zip(contenders, results) {
      contender.run(0..<slice, result.repetitions)
    }

    let start = MonotonicClock.now()
    let budget = UInt64(settings.sampleTime * 1e9)
    var round = 0
    while round < settings.maximumRounds {
      let offset = (round % slices) * slice
      let range = offset..<(offset + slice)
      for (position, index) in Self.order(contenders.count, seed: shuffleSeed, round: round).enumerated() {
        let elapsed = time(contenders[index], range, results[index])
        results[index].nanosecondsPerElement.append(
          Double(elapsed.nanoseconds) / Double(results[index].elementsPerSample))
        results[index].rounds.append(round)
        results[index].positions.append(position)
        if let counts = elapsed.counts { results[index].counters = results[index].counters.map { $0 + counts } }
        // An interrupt stops after the current sample; the caller drops the
        // unfinished case.
        if shouldStop() { return CaseSamples(slice: slice, shuffleSeed: shuffleSeed, contenders: results) }
      }
      round += 1
      if round >= settings.minimumRounds && MonotonicClock.now() - start >= budget { break }
    }
    return CaseSamples(slice: slice, shuffleSeed: shuffleSeed, contenders: results)
  }

  /// The order of round `round`: a Fisher–Yates shuffle of `0..<count` by a
  /// generator seeded with the case's seed and the round.
  static func order(_ count: Int, seed: UInt64, round: Int) -> [Int] {
    var generator = SplitMix64(seed: seed ^ (UInt64(round) &* 0x9E37_79B9_7F4A_7C15))
    var order = Array(0..<count)
    for index in stride(from: count - 1, to: 0, by: -1) {
      order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
    }
    return order
  }

  /// Nanoseconds per element over a prefix of the feed, timed until it lasts
  /// the minimum sample duration; warms the contender up as it goes.
  private func costPerElement(_ contender: Contender, count: Int) -> Double {
    let prefix = min(count, 4_096)
    var repetitions = 1
    while true {
      let start = MonotonicClock.now()
      contender.run(0..<prefix, repetitions)
      let elapsed = Double(MonotonicClock.now() - start)
      if elapsed >= settings.minimumSampleDuration * 1e9 || repetitions >= 1 << 20 {
        return elapsed / Double(prefix * repetitions)
      }
      repetitions *= 2
    }
  }

  /// The whole feed when a round over it fits its share of the sampling
  /// time; else the longest slice that does, never under `minimumSlice`.
  private func sliceLength(count: Int, costs: [Double]) -> Int {
    let roundCost = costs.reduce(0, +)
    let roundBudget = settings.sampleTime * 1e9 / Double(settings.minimumRounds)
    guard Double(count) * roundCost > roundBudget else { return count }
    return min(count, max(settings.minimumSlice, Int(roundBudget / max(roundCost, 1e-3))))
  }

  private func time(_ contender: Contender, _ range: Range<Int>, _ result: ContenderSamples)
    -> (nanoseconds: UInt64, counts: HardwareCounters.Counts?)
  {
    var elapsed: UInt64 = 0
    guard let counters else {
      let start = MonotonicClock.now()
      contender.run(range, result.repetitions)
      return (MonotonicClock.now() - start, nil)
    }
    let counts = counters.count {
      let start = MonotonicClock.now()
      contender.run(range, result.repetitions)
      elapsed = MonotonicClock.now() - start
    }
    return (elapsed, counts)
  }
}
