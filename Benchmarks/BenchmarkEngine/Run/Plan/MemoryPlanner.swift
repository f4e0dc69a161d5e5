import BenchmarkResults
import DispatchModel
import StrategyRegistry
import CommandLineSupport

/// How a run holds its representations in memory: each feed's schedule, and
/// what each feed's representations weigh, from which a launch decides which
/// feeds it builds together (`RunPlan.steps(_:)`).
package struct MemoryPlan: Equatable, Codable {
  package var schedules: [ElementsSpec: Schedule] = [:]
  /// Estimated bytes of a feed's representations, every strategy and mode
  /// (the floor's and the null's included), by feed; synthetic feeds too.
  package var bytes: [FeedID: Double] = [:]
  /// Feeds are built together while their bytes add up to no more than this.
  package var budget = Double(8 << 30)

  package func schedule(_ feed: ElementsSpec) -> Schedule { schedules[feed] ?? .interleaved }
}

/// Decides, before any work, how each feed's strategies share memory, and
/// refuses a feed no strategy's representation could fit in.
///
/// Each strategy's bytes per element are measured by building a sample of
/// the same feed (2,000 elements) with the heap counter, then scaled to the
/// feed's size.
package struct MemoryPlanner {
  /// Bytes of physical memory.
  package var physicalMemory = Machine.physicalMemory() ?? 8 << 30
  package static let sampleSize = 2_000

  /// Every strategy's representation is held at once when their sum stays
  /// within this.
  package var interleaveBudget: Int { min(physicalMemory * 2 / 5, 8 << 30) }
  /// Feeds are built together, their cases then sampled in interleaved
  /// passes, while their representations (every mode) add up to no more
  /// than this. More would spread each case's samples over more of the
  /// launch, but the first touch of fresh memory (a page fault per 4 KiB)
  /// costs more than reusing what the previous batch freed: on the
  /// reference machine a launch of the default suite took 16 s with
  /// batches of about 800 MB and 21 s with every feed held at once.
  package var batchBudget: Int { min(interleaveBudget, 1 << 30) }
  /// One strategy's representation, plus the run's own arrays, must fit here.
  package var limit: Int { physicalMemory * 3 / 4 }

  package func schedules(for plan: RunPlan) throws(CommandError) -> [ElementsSpec: Schedule] {
    try self.plan(for: plan).schedules
  }

  /// Each feed's schedule and weight. A feed whose strategies' representations
  /// fit `interleaveBudget` together is interleaved; one that does not is
  /// sequential; one whose largest representation alone would not fit
  /// `limit` is refused.
  package func plan(for plan: RunPlan) throws(CommandError) -> MemoryPlan {
    var memory = MemoryPlan(budget: Double(batchBudget))
    guard HeapCounter.isSupported else {
      // Without a heap counter: interleave up to a million elements, at a
      // guessed kilobyte per element and strategy.
      for planned in plan.feeds {
        memory.schedules[planned.feed] = planned.feed.size <= 1_000_000 ? .interleaved : .sequential
        memory.bytes[planned.feed.id] = Double(
          planned.feed.size * 1_024 * (Registry.strategies.count + 1) * plan.modes.count)
      }
      for planned in plan.synthetic {
        memory.bytes[planned.feed] = Double(planned.size * 1_024 * planned.strategies.count)
      }
      return memory
    }
    var cache: [String: Double] = [:]
    for planned in plan.feeds {
      let feed = planned.feed
      let names = planned.strategies(orderedAs: Registry.names)
      var estimates: [(name: String, bytes: Double)] = []
      var largestPerElement = 0.0
      for name in names + [Registry.null.name] {
        let key = "\(name)/\(feed.domain.rawValue)/\(feed.distribution)/\(feed.kinds)/\(feed.source)"
        let perElement = cache[key] ?? bytesPerElement(name, feed)
        cache[key] = perElement
        estimates.append((name, perElement * Double(feed.size)))
        largestPerElement = max(largestPerElement, perElement)
      }
      // The run's own arrays: kinds for the floor, and reference digests.
      let overheadPerElement = Double(1 + 8 * (planned.operations.count + 1))
      let overhead = Double(feed.size) * overheadPerElement
      if let largest = estimates.max(by: { $0.bytes < $1.bytes }), largest.bytes + overhead > Double(limit) {
        throw tooLarge(
          feed, needs: largest.bytes + overhead, by: largest.name,
          largestThatFits: Self.largestSize(
            fitting: Double(limit), bytesPerElement: largestPerElement + overheadPerElement))
      }
      let total = estimates.reduce(0) { $0 + $1.bytes } + overhead
      memory.schedules[feed] = total <= Double(interleaveBudget) ? .interleaved : .sequential
      memory.bytes[feed.id] = total * Double(plan.modes.count)
    }
    for planned in plan.synthetic {
      let perElement = planned.strategies.reduce(0.0) { total, name in
        total + syntheticBytesPerElement(name, planned)
      }
      memory.bytes[planned.feed] = (perElement + 1) * Double(planned.size)
    }
    return memory
  }

  /// Why `feed` cannot be timed here, and the largest size that can.
  private func tooLarge(_ feed: ElementsSpec, needs bytes: Double, by name: String, largestThatFits: Int)
    -> CommandError
  {
    let fits =
      largestThatFits > 0
      ? "; the largest size that fits is about \(largestThatFits.groupedDigits) elements "
        + "(example: --sizes \(largestThatFits))"
      : "; no size fits"
    return .usage(
      """
      --sizes \(feed.size): \(feed.size.groupedDigits) \(feed.domain.rawValue) elements would need \
      about \(Self.gibibytes(bytes)) for \(name)'s representation alone, \
      more than the \(Self.gibibytes(Double(limit))) this run allows itself (three quarters of \
      \(Self.gibibytes(Double(physicalMemory))) of memory)\(fits)
      """, command: RunOptions.spec.name)
  }

  /// The largest feed size whose bytes stay within `budget`, rounded down to
  /// two significant digits, so that a reader can type it and it still fits.
  package static func largestSize(fitting budget: Double, bytesPerElement: Double) -> Int {
    guard bytesPerElement > 0 else { return Int.max }
    let exact = (budget / bytesPerElement).rounded(.down)
    guard exact >= 1 else { return 0 }
    guard exact < 9e18 else { return Int.max }
    var size = Int(exact)
    var scale = 1
    while size >= 100 {
      size /= 10
      scale *= 10
    }
    return size * scale
  }

  private func syntheticBytesPerElement(_ name: String, _ planned: PlannedSynthetic) -> Double {
    guard let type = PlannedSynthetic.workload(domain: planned.domain, named: name, kinds: planned.kinds) else {
      return 0
    }
    let (workload, counts) = HeapCounter.count { type.init(size: Self.sampleSize, seed: planned.seed) }
    withExtendedLifetime(workload) {}
    return Double(max(0, counts.liveBytes)) / Double(Self.sampleSize)
  }

  private func bytesPerElement(_ name: String, _ feed: ElementsSpec) -> Double {
    let strategy = name == Registry.null.name ? Registry.null : Registry.strategy(named: name)!
    let count = min(feed.size, Self.sampleSize)
    let build: () -> PreparedWorkload
    switch feed.domain {
    case .share:
      let elements = ShareItemSequence(source: feed.elementSource, count: count)
      build = { strategy.prepare(elements) }
    case .feed:
      let elements = FeedItemSequence(source: feed.elementSource, count: count)
      build = { strategy.prepare(elements) }
    }
    let (prepared, counts) = HeapCounter.count(build)
    withExtendedLifetime(prepared) {}
    return Double(max(0, counts.liveBytes)) / Double(max(1, count))
  }

  package static func gibibytes(_ bytes: Double) -> String {
    let value = bytes / Double(1 << 30)
    return value >= 10 ? "\(Int(value.rounded())) GiB" : "\((value * 10).rounded() / 10) GiB"
  }
}
