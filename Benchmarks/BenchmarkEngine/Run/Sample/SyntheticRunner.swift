import BenchmarkResults
import Claims
import BenchmarkSupport
import DispatchModel
import Existential
import StrategyRegistry
import SyntheticModel
import SyntheticRegistry

/// A synthetic feed a run times: N kinds, each a small struct with a payload,
/// every pattern written for them in its own idiom by the committed generator
/// (Benchmarks/generate-synthetic; Guides/Scaling.md). Or the
/// existential domain's feed (Guides/Existentials.md): one kind, held nine
/// ways by the contenders of `ExistentialDomain`, timed the same way.
///
/// Each pattern's synthetic module is one whole-module-optimised module of
/// its kinds, its dispatch and its loops, as an app compiles them: its rows
/// say mode `app`.
package struct PlannedSynthetic: Equatable, Codable {
  /// `synthetic` or `existential`: whose workloads these are.
  package var domain = PlannedSynthetic.domain
  package var kinds: Int
  package var size: Int
  package var seed: UInt64
  package var operations: [String]
  package var strategies: [String]
  /// The rounds an adaptive launch samples this feed's cases in, when fewer
  /// than every other launch's (`RunPlan.restricted(to:rounds:)`).
  package var rounds: Int? = nil
  /// Each operation's slice in an adaptive launch (`PlannedOperation.slice`).
  package var slices: [String: Int]? = nil

  package static let domain = AnswerNames.syntheticDomain
  package static let existentialDomain = ExistentialDomain.name

  package var feed: FeedID {
    FeedID(domain: domain, size: size, distribution: "uniform", kinds: kinds)
  }

  /// The workload of contender `name` in `domain`, or `nil`.
  package static func workload(domain: String, named name: String, kinds: Int) -> (any SyntheticWorkload.Type)? {
    domain == existentialDomain
      ? ExistentialDomain.workload(named: name) : SyntheticRegistry.workload(named: name, kinds: kinds)
  }

  /// Whether a launch that checks outputs counts what one pass of each
  /// contender allocates, per element: the existential domain's, whose
  /// claims are about allocation; the synthetic domain's rows leave those
  /// columns empty, as they always have.
  package var countsAllocations: Bool { domain == Self.existentialDomain }

  /// How progress names a case of the feed.
  func label(_ operation: String) -> String {
    domain == Self.existentialDomain
      ? "\(domain) \(operation) · \(size.groupedDigits)"
      : "\(domain) \(operation) · \(size.groupedDigits) · \(kinds) kinds"
  }

  /// How a mismatch names the feed.
  var description: String {
    domain == Self.existentialDomain
      ? "\(domain) · \(size.groupedDigits) elements" : "\(domain) · \(size.groupedDigits) elements · \(kinds) kinds"
  }

  /// Every row this feed contributes, the floor of each case included.
  package var keys: [ResultKey] {
    operations.flatMap { operation in
      let benchmarkCase = BenchmarkCase(feed: feed, operation: operation, mode: .app)
      return (strategies.map { StrategyID($0) } + [.floor]).map { ResultKey(benchmarkCase, $0) }
    }
  }
}

extension FeedID {
  /// Whether the feed is of a domain SPEC.md describes (share, feed), whose
  /// rows are the strategies' own, not a synthetic or existential domain's.
  package var isSpecDomain: Bool { Domain(rawValue: domain) != nil }
}

extension ElementsRunner {
  /// Builds every pattern's representation of a synthetic feed, checks
  /// their outputs (in the first launch) and returns the feed's benchmark
  /// cases, each with the floor among its contenders, ready to sample. The
  /// synthetic domain has no null: its loops are the patterns' own.
  package func syntheticCases(_ planned: PlannedSynthetic) throws(RunFailure) -> [ReadyCase] {
    let kinds = (0..<planned.size).map {
      UInt8(SyntheticFeed.element($0, seed: planned.seed, kinds: planned.kinds).kind)
    }
    let floor = PreparedFloor(kinds: kinds)
    let (padding, order) = perturbation(planned.feed, .app, planned.strategies)
    var built: [String: any SyntheticWorkload] = [:]
    for name in order {
      guard let type = PlannedSynthetic.workload(domain: planned.domain, named: name, kinds: planned.kinds) else {
        continue
      }
      built[name] = type.init(size: planned.size, seed: planned.seed)
    }
    let workloads = planned.strategies.compactMap { name in built[name].map { (name, $0) } }
    let checksums =
      launch.checks ? try timed(.checking) { () throws(RunFailure) in try check(planned, workloads) } : [:]
    return planned.operations.map { operation in
      let benchmarkCase = BenchmarkCase(feed: planned.feed, operation: operation, mode: .app)
      let contenders =
        workloads.map { name, workload in
          Contender(id: StrategyID(name), count: workload.count) { range, repetitions in
            workload.run(operation, range: range, repetitions: repetitions)
          }
        } + [Contender(id: .floor, count: floor.count) { floor.run(range: $0, repetitions: $1) }]
      return ReadyCase(
        benchmarkCase: benchmarkCase, label: planned.label(operation),
        contenders: contenders, shuffleSeed: launch.shuffleSeed(benchmarkCase), rounds: planned.rounds,
        slice: planned.slices?[operation]
      ) { measured, results in
        withExtendedLifetime(padding) {
          for samples in measured.contenders {
            let key = ResultKey(benchmarkCase, samples.id)
            results.samples += samples.rawSamples(key, launch: launch.index)
            guard
              var row = samples.timingRow(
                key, schedule: .interleaved, slice: measured.slice, shuffleSeed: measured.shuffleSeed)
            else { continue }
            row.checksum =
              samples.id == .floor
              ? CSVNumber.hex(floor.checksum) : checksums[samples.id.rawValue]?[operation].map(CSVNumber.hex) ?? ""
            row.writtenAs = built[samples.id.rawValue].flatMap { type(of: $0).writtenAs }
            if planned.countsAllocations && launch.checks,
              let contender = contenders.first(where: { $0.id == samples.id })
            {
              CaseRows.record(allocations: CaseRows.allocations(of: contender, countsHeap: countsHeap), in: &row)
            }
            results.rows.append(row)
          }
        }
      }
    }
  }

  /// Every pattern's outputs against the first's, operation by operation;
  /// their checksums, by pattern and operation.
  private func check(_ planned: PlannedSynthetic, _ workloads: [(String, any SyntheticWorkload)])
    throws(RunFailure) -> [String: [String: UInt64]]
  {
    var checksums: [String: [String: UInt64]] = [:]
    for operation in planned.operations {
      var reference: (name: String, workload: any SyntheticWorkload, digests: [UInt64])?
      for (name, workload) in workloads {
        if sampler.shouldStop() { throw .interrupted }
        let indices = Self.checkedElements(workload.count)
        let digests = indices.map { Checksum.digest(workload.output(operation, at: $0)) }
        if let reference, let position = Self.firstDifference(reference.digests, digests) {
          let index = indices[position]
          throw .mismatch(
            Mismatch(
              strategy: name, reference: reference.name, operation: operation,
              feed: "seed \(planned.seed), \(planned.description)",
              index: index, expected: reference.workload.output(operation, at: index),
              actual: workload.output(operation, at: index)))
        }
        if reference == nil { reference = (name, workload, digests) }
        checksums[name, default: [:]][operation] = Self.fold(digests)
      }
    }
    return checksums
  }
}
