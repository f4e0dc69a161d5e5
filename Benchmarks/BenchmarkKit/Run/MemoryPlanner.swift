import DispatchModel
import StrategyRegistry

/// Decides, before any work, how each feed's strategies share memory, and
/// refuses a feed no strategy's representation could fit in.
///
/// Each strategy's bytes per element are measured by building a sample of
/// the same feed (2,000 elements) with the heap counter, then scaled to the
/// feed's size.
struct MemoryPlanner {
  /// Bytes of physical memory.
  var physicalMemory = Machine.physicalMemory() ?? 8 << 30
  static let sampleSize = 2_000

  /// Every strategy's representation is held at once when their sum stays
  /// within this.
  var interleaveBudget: Int { min(physicalMemory * 2 / 5, 8 << 30) }
  /// One strategy's representation, plus the run's own arrays, must fit here.
  var limit: Int { physicalMemory * 3 / 4 }

  func schedules(for plan: RunPlan) throws(CommandError) -> [FeedSpec: Schedule] {
    guard HeapCounter.isSupported else {
      // Without a heap counter: interleave up to a million elements.
      return Dictionary(plan.feeds.map { ($0.feed, $0.feed.size <= 1_000_000 ? Schedule.interleaved : .sequential) }) { a, _ in a }
    }
    var cache: [String: Double] = [:]
    var schedules: [FeedSpec: Schedule] = [:]
    for planned in plan.feeds {
      let feed = planned.feed
      let names = Registry.names.filter { name in planned.operations.contains { $0.strategies.contains(name) } }
      var estimates: [(name: String, bytes: Double)] = []
      for name in names {
        let key = "\(name)/\(feed.domain.rawValue)/\(feed.distribution)/\(feed.kinds)/\(feed.source)"
        let perElement = cache[key] ?? bytesPerElement(name, feed)
        cache[key] = perElement
        estimates.append((name, perElement * Double(feed.size)))
      }
      // The run's own arrays: kinds for the floor, and reference digests.
      let overhead = Double(feed.size) * Double(1 + 8 * (planned.operations.count + 1))
      if let largest = estimates.max(by: { $0.bytes < $1.bytes }), largest.bytes + overhead > Double(limit) {
        throw .usage(
          """
          --sizes \(feed.size): a \(feed.domain.rawValue) feed of \(feed.size.groupedDigits) elements would need \
          about \(Self.gibibytes(largest.bytes + overhead)) for \(largest.name)'s representation alone, \
          more than the \(Self.gibibytes(Double(limit))) this run allows itself (three quarters of \
          \(Self.gibibytes(Double(physicalMemory))) of memory)
          """, command: RunOptions.spec.name)
      }
      let total = estimates.reduce(0) { $0 + $1.bytes } + overhead
      schedules[feed] = total <= Double(interleaveBudget) ? .interleaved : .sequential
    }
    return schedules
  }

  private func bytesPerElement(_ name: String, _ feed: FeedSpec) -> Double {
    let strategy = Registry.strategy(named: name)!
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

  static func gibibytes(_ bytes: Double) -> String {
    let value = bytes / Double(1 << 30)
    return value >= 10 ? "\(Int(value.rounded())) GiB" : "\((value * 10).rounded() / 10) GiB"
  }
}
