import BenchmarkResults
import BenchmarkSupport
import StrategyRegistry
import RunContract

extension ElementsRunner {
  /// Times a feed too large to hold every strategy's representation: the
  /// baseline is built and kept, and each other strategy is built beside
  /// it, timed on every operation and released, in rounds numbered apart so
  /// that each strategy's samples pair with the baseline's of its own
  /// rounds. In the first launch, every representation is built and checked
  /// (and released) before any is timed.
  package func runSequentially(_ planned: PlannedFeed, into results: inout MeasuredRun) throws(RunFailure) {
    let names = timedNames(planned)
    let floor = PreparedFloor(kinds: kindIndices(planned.feed))
    var references: References = [:]
    for mode in planned.modes ?? modes {
      if sampler.shouldStop() { throw .interrupted }
      let layout = perturbation(planned.feed.id, mode, names)
      defer { blackHole(layout.padding.count) }
      let groups: [[String]] =
        !names.contains(baseline.rawValue)
        ? [layout.buildOrder] : [[baseline.rawValue]] + names.filter { $0 != baseline.rawValue }.map { [$0] }
      let null = prepare(Registry.null, planned.feed, mode, counting: false)
      var shared = CaseRows.References(floor: floor, null: null)
      // Check every group's outputs before timing any: a disagreement
      // stops the run with nothing of the feed timed.
      let built = launch.checks ? try check(groups, planned, mode, into: &shared, against: &references) : []
      var kept: Prepared?
      for (index, group) in groups.enumerated() {
        if sampler.shouldStop() { throw .interrupted }
        var prepared = ordered(
          !built.isEmpty ? built : group.map { prepare(named: $0, planned.feed, mode, counting: false) }, as: names)
        if index == 0 && groups.count > 1 { kept = prepared[0] }
        if index > 0, let kept { prepared.append(kept) }
        try time(group: index, of: groups, prepared, planned, mode, shared, into: &results)
      }
    }
  }

  /// Builds and checks each group in turn, its footprints counted; returns
  /// the representations of a single group, which stay for timing (more
  /// are built again, one group at a time).
  private func check(
    _ groups: [[String]], _ planned: PlannedFeed, _ mode: BuildMode, into shared: inout CaseRows.References,
    against references: inout References
  ) throws(RunFailure) -> [Prepared] {
    var built: [Prepared] = []
    for group in groups {
      if sampler.shouldStop() { throw .interrupted }
      let prepared = group.map { prepare(named: $0, planned.feed, mode, counting: true) }
      if groups.count == 1 { built = prepared }
      shared.footprints.merge(footprints(prepared)) { a, _ in a }
      shared.checksums.merge(try verify(prepared, planned, against: &references)) { a, _ in a }
    }
    return built
  }

  /// Times group `index` of `groups` on every operation: its strategy (with
  /// the kept baseline after the first group), and in the first group the
  /// floor and the null. Progress counts each group's share of a case.
  private func time(
    group index: Int, of groups: [[String]], _ prepared: [Prepared], _ planned: PlannedFeed, _ mode: BuildMode,
    _ shared: CaseRows.References, into results: inout MeasuredRun
  ) throws(RunFailure) {
    for entry in planned.operations {
      let timed = prepared.filter { entry.strategies.contains($0.name) }
      guard !timed.isEmpty else { continue }
      var rows = rows(planned, entry.operation, mode, owners: timed, references: shared, schedule: .sequential)
      rows.withReferences = index == 0
      rows.roundOffset = index * Self.roundsPerGroup
      let parts = groups.filter { group in
        group.contains(where: entry.strategies.contains)
          || (group != groups[0] && entry.strategies.contains(baseline.rawValue))
      }.count
      let feed = planned.feed
      progress.begin(
        "\(feed.domain.rawValue) \(entry.operation.rawValue) · \(feed.size.groupedDigits) · \(timed[0].name) · \(mode)")
      let measured = try measure(
        rows.contenders, shuffleSeed: launch.shuffleSeed(rows.benchmarkCase), slice: entry.slice)
      self.timed(launch.checks ? .checking : .launching) { rows.append(measured, into: &results) }
      progress.end(worth: 1 / Double(max(1, parts)))
    }
  }
}
