import BenchmarkResults
import BenchmarkSupport
import DispatchModel
import StrategyRegistry

extension ElementsRunner {
  /// A strategy's prepared feed in one mode, with what preparing it cost in
  /// heap (in the first launch).
  package struct Prepared {
    package let name: String
    package let count: Int
    package let elementStride: Int?
    package let footprintBytesPerElement: Double?
    package let run: (SpecOperation, Range<Int>, Int) -> Void
    package let output: (SpecOperation, Int) -> String

    package init(
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

    package func contender(_ operation: SpecOperation) -> Contender {
      let run = run
      return Contender(id: StrategyID(name), count: count) { range, repetitions in
        run(operation, range, repetitions)
      }
    }

    /// The digests of the outputs of the checked elements, in order.
    package func digests(_ operation: SpecOperation) -> [UInt64] {
      ElementsRunner.checkedElements(count).map { Checksum.digest(output(operation, $0)) }
    }
  }

  /// Builds a strategy's representation of a feed in a mode.
  package func prepare(_ strategy: RegisteredStrategy, _ feed: ElementsSpec, _ mode: BuildMode, counting: Bool)
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

  package func kindIndices(_ feed: ElementsSpec) -> [UInt8] {
    switch feed.domain {
    case .share: ShareItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
    case .feed: FeedItemSequence(source: feed.elementSource, count: feed.size).kindIndices()
    }
  }

  /// Builds the representation of the strategy named `name`.
  package func prepare(named name: String, _ feed: ElementsSpec, _ mode: BuildMode, counting: Bool) -> Prepared {
    prepare(strategies.first { $0.name == name }!, feed, mode, counting: counting)
  }

  /// `prepared` in the order of `names`: built in the launch's order, they
  /// are timed and written in the registry's.
  package func ordered(_ prepared: [Prepared], as names: [String]) -> [Prepared] {
    prepared.sorted { names.firstIndex(of: $0.name)! < names.firstIndex(of: $1.name)! }
  }

  /// Heap bytes per element of each representation that counted its own.
  package func footprints(_ prepared: [Prepared]) -> [String: Double] {
    Dictionary(
      prepared.compactMap { participant in participant.footprintBytesPerElement.map { (participant.name, $0) } }
    ) { a, _ in a }
  }
}
