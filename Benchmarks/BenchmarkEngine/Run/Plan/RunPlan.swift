import BenchmarkResults
import DispatchModel

/// Which benchmark cases a run times: what `RunMatrix` plans from the
/// options, and the one place the run's feeds, operations, strategies and
/// modes are said. Everything after planning reads them here: the header,
/// the memory plan, every launch (`LaunchPlan` carries it to a child).
package struct RunPlan: Equatable, Codable {
  package var feeds: [PlannedFeed]
  package var synthetic: [PlannedSynthetic] = []
  /// How the share and feed operations are compiled for timing (`--modes`);
  /// the synthetic domain's are always `app`.
  package var modes: [BuildMode] = [.boundary]

  /// Every row, in the order a run writes them.
  package var keys: [ResultKey] { feedKeys + synthetic.flatMap(\.keys) }

  /// The share and feed domains' rows, in every mode.
  package var feedKeys: [ResultKey] { feeds.flatMap { $0.keys(in: $0.modes(of: self)) } }

  /// Rows the run writes: one per strategy and benchmark case, and each
  /// case's floor and null.
  package var rowCount: Int { keys.count }

  /// The size of each benchmark case's feed, a case being operations timed on
  /// a feed in a mode, each for every selected strategy: the unit the
  /// run's header, its estimate and progress count in.
  package var caseSizes: [Int] { caseShapes.map(\.size) }

  /// Each benchmark case's feed size and, where an adaptive launch samples
  /// it in fewer rounds than the others, its rounds.
  package var caseShapes: [(size: Int, rounds: Int?)] {
    feeds.flatMap { planned in
      Array(repeating: planned.operations.map { (planned.feed.size, $0.rounds) }, count: planned.modes(of: self).count)
        .flatMap { $0 }
    }
      + synthetic.flatMap { planned in
        Array(repeating: (planned.size, planned.rounds), count: planned.operations.count)
      }
  }

  package var caseCount: Int { caseSizes.count }

  /// The share and feed strategies timed on some feed.
  package var strategies: Set<String> { Set(feeds.flatMap { $0.operations.flatMap(\.strategies) }) }

  /// The sizes of the feeds, smallest first, as a header says them:
  /// `1,000, 10,000 and 100,000`.
  package var sizesText: String {
    let sizes = Set(feeds.map(\.feed.size) + synthetic.map(\.size)).sorted().map(\.groupedDigits)
    guard sizes.count > 1 else { return sizes.first ?? "no" }
    return sizes.dropLast().joined(separator: ", ") + " and " + sizes.last!
  }

  /// Every benchmark case of the plan, in the order a run writes them.
  package var cases: [BenchmarkCase] {
    var seen = Set<BenchmarkCase>()
    return keys.map(\.benchmarkCase).filter { seen.insert($0).inserted }
  }

  /// The plan of a launch that times only `cases` (an adaptive launch,
  /// `AdaptiveLaunches`): each feed once per mode it still has a case in,
  /// with only those cases' operations, so a feed is built only in the
  /// modes, and only for the launches, it is timed in. A case given
  /// `rounds` is sampled in that many (a synthetic feed's cases in the most
  /// any of them is given). A case given `strategies` times only those
  /// of its strategies (in plan order), and one given a `slice` samples
  /// that many elements (`AdaptiveLaunches.plan(for:_:launch:)`).
  package func restricted(
    to cases: Set<BenchmarkCase>, rounds: [BenchmarkCase: Int] = [:], strategies: [BenchmarkCase: Set<String>] = [:],
    slices: [BenchmarkCase: Int] = [:]
  ) -> RunPlan {
    var plan = self
    plan.feeds = feeds.flatMap { planned in
      planned.modes(of: self).compactMap { mode -> PlannedFeed? in
        let operations = planned.operations.compactMap { entry -> PlannedOperation? in
          let benchmarkCase = BenchmarkCase(feed: planned.feed.id, operation: entry.operation.rawValue, mode: mode)
          guard cases.contains(benchmarkCase) else { return nil }
          var kept = entry
          kept.rounds = rounds[benchmarkCase]
          kept.slice = slices[benchmarkCase]
          if let only = strategies[benchmarkCase] { kept.strategies = entry.strategies.filter(only.contains) }
          return kept.strategies.isEmpty ? nil : kept
        }
        guard !operations.isEmpty else { return nil }
        var kept = PlannedFeed(feed: planned.feed, operations: operations, modes: [mode])
        let cases = operations.map {
          BenchmarkCase(feed: planned.feed.id, operation: $0.operation.rawValue, mode: mode)
        }
        if cases.contains(where: { strategies[$0] != nil }) { kept.timesNull = false }
        return kept
      }
    }
    plan.synthetic = synthetic.compactMap { planned in
      var kept = planned
      let chosen = planned.operations.map { BenchmarkCase(feed: planned.feed, operation: $0, mode: .app) }
        .filter { cases.contains($0) }
      kept.operations = chosen.map(\.operation)
      let given = chosen.map { rounds[$0] }
      kept.rounds = given.contains(nil) ? nil : given.compactMap { $0 }.max()
      // One representation per pattern serves every operation: the union
      // of what the chosen cases time.
      let only = chosen.map { strategies[$0] }
      if !only.contains(nil) {
        let union = only.compactMap { $0 }.reduce(into: Set<String>()) { $0.formUnion($1) }
        kept.strategies = planned.strategies.filter(union.contains)
      }
      let sliced = chosen.compactMap { benchmarkCase in slices[benchmarkCase].map { (benchmarkCase.operation, $0) } }
      kept.slices = sliced.isEmpty ? nil : Dictionary(sliced) { a, _ in a }
      return kept.operations.isEmpty || kept.strategies.isEmpty ? nil : kept
    }
    return plan
  }

  /// What a launch does, in the plan's order: feeds built together, as many
  /// as `memory`'s budget holds, their benchmark cases then sampled in
  /// interleaved passes; and each feed too large to hold every strategy's
  /// representation at once, on its own, one strategy at a time.
  package func steps(_ memory: MemoryPlan) -> [RunStep] {
    var steps: [RunStep] = []
    var batch = RunStep.Batch()
    var weight = 0.0
    func flush() {
      if !batch.isEmpty { steps.append(.together(batch)) }
      batch = RunStep.Batch()
      weight = 0
    }
    func add(_ bytes: Double?, _ append: (inout RunStep.Batch) -> Void) {
      if weight + (bytes ?? 0) > memory.budget { flush() }
      append(&batch)
      weight += bytes ?? 0
    }
    for planned in feeds {
      if memory.schedule(planned.feed) == .sequential {
        flush()
        steps.append(.sequential(planned))
      } else {
        add(memory.bytes[planned.feed.id]) { $0.feeds.append(planned) }
      }
    }
    for planned in synthetic { add(memory.bytes[planned.feed]) { $0.synthetic.append(planned) } }
    flush()
    return steps
  }
}

/// The operations and strategies a run times on one feed, in every mode of
/// its plan.
package struct PlannedFeed: Equatable, Codable {
  package var feed: ElementsSpec
  /// Each operation with the strategies timed on it, in registry order.
  package var operations: [PlannedOperation]
  /// The modes this feed is timed in, when not every mode of the plan (an
  /// adaptive launch's plan, `RunPlan.restricted(to:)`).
  package var modes: [BuildMode]? = nil
  /// Whether the null is built and timed in each case: not in an adaptive
  /// launch that times only some strategies (`restricted(to:rounds:strategies:slices:)`),
  /// as the null's row tracks nothing that launch narrows; nil: it is.
  package var timesNull: Bool? = nil

  /// The modes this feed is timed in, in `plan`.
  package func modes(of plan: RunPlan) -> [BuildMode] { modes ?? plan.modes }

  /// Every row this feed contributes in `modes`, the floor and the null of
  /// each case included, in the order a run writes them.
  package func keys(in modes: [BuildMode]) -> [ResultKey] {
    modes.flatMap { mode in
      operations.flatMap { entry in
        let benchmarkCase = BenchmarkCase(feed: feed.id, operation: entry.operation.rawValue, mode: mode)
        let references: [StrategyID] = timesNull == false ? [.floor] : [.floor, .null]
        return (entry.strategies.map { StrategyID($0) } + references).map { ResultKey(benchmarkCase, $0) }
      }
    }
  }

  /// The strategies timed on some operation of this feed, in the order of
  /// `names` (the registry's).
  package func strategies(orderedAs names: [String]) -> [String] {
    names.filter { name in operations.contains { $0.strategies.contains(name) } }
  }
}

/// An operation and the strategies timed on it.
package struct PlannedOperation: Equatable, Codable {
  package var operation: SpecOperation
  package var strategies: [String]
  /// The rounds an adaptive launch samples this case in, when fewer than
  /// every other launch's (`AdaptiveLaunches.rounds(_:)`); nil: as many as
  /// the sampling settings say.
  package var rounds: Int? = nil
  /// The elements each sample visits in an adaptive launch: the first
  /// launches' slice, kept when fewer strategies are timed (whose rounds
  /// would otherwise fit a longer one); nil: as calibration chooses.
  package var slice: Int? = nil

  package init(_ operation: SpecOperation, _ strategies: [String]) {
    self.operation = operation
    self.strategies = strategies
  }
}

/// One step of a launch (`RunPlan.steps(_:)`).
package enum RunStep {
  /// Feeds whose representations are all built, then sampled together.
  package struct Batch {
    package var feeds: [PlannedFeed] = []
    package var synthetic: [PlannedSynthetic] = []
    package var isEmpty: Bool { feeds.isEmpty && synthetic.isEmpty }
  }

  case together(Batch)
  /// A feed timed one strategy at a time beside the baseline.
  case sequential(PlannedFeed)
}
