import BenchmarkResults
import StrategyRegistry

extension ElementsRunner {
  /// Builds every strategy's representation of a feed in every mode, the
  /// null's and the floor's too, checks their outputs (in the first
  /// launch), and returns the feed's benchmark cases, ready to sample in
  /// passes with the other feeds of their batch (`sample(_:into:)`).
  package func cases(_ planned: PlannedFeed) throws(RunFailure) -> [ReadyCase] {
    let names = timedNames(planned)
    let floor = PreparedFloor(kinds: kindIndices(planned.feed))
    var references: References = [:]
    var ready: [ReadyCase] = []
    for mode in planned.modes ?? modes {
      if sampler.shouldStop() { throw .interrupted }
      let layout = perturbation(planned.feed.id, mode, names)
      let null = planned.timesNull == false ? nil : prepare(Registry.null, planned.feed, mode, counting: false)
      let built = layout.buildOrder.map { prepare(named: $0, planned.feed, mode, counting: launch.checks) }
      let checksums = launch.checks ? try verify(built, planned, against: &references) : [:]
      let prepared = ordered(built, as: names)
      let shared = CaseRows.References(floor: floor, null: null, checksums: checksums, footprints: footprints(prepared))
      for entry in planned.operations {
        let timed = prepared.filter { entry.strategies.contains($0.name) }
        guard !timed.isEmpty else { continue }
        let rows = rows(planned, entry.operation, mode, owners: timed, references: shared, schedule: .interleaved)
        ready.append(readyCase(rows, planned.feed, rounds: entry.rounds, slice: entry.slice, keeping: layout.padding))
      }
    }
    return ready
  }

  /// A case ready to sample, which keeps the launch's padding block until
  /// its rows are written.
  private func readyCase(
    _ rows: CaseRows, _ feed: ElementsSpec, rounds: Int?, slice: Int?, keeping padding: [UInt8]
  ) -> ReadyCase {
    let mode = rows.benchmarkCase.mode
    return ReadyCase(
      benchmarkCase: rows.benchmarkCase,
      label: "\(feed.domain.rawValue) \(rows.operation.rawValue) "
        + "· \(feed.size.groupedDigits) · \(feed.distribution) · \(mode)",
      contenders: rows.contenders, shuffleSeed: launch.shuffleSeed(rows.benchmarkCase), rounds: rounds, slice: slice
    ) { measured, results in
      withExtendedLifetime(padding) { rows.append(measured, into: &results) }
    }
  }
}
