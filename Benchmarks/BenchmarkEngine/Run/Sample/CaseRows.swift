import BenchmarkResults
import DispatchModel
import StrategyRegistry
import RunContract

/// One benchmark case of a feed, from its contenders to its rows: every
/// contender's samples, and a row for each strategy timed (its checksum,
/// element stride, footprint and, in the first launch, what one pass
/// allocates, counted after timing, never during it), for the floor and for
/// the null. The same for either schedule; a sequential feed's later groups
/// leave the references out (`withReferences`).
package struct CaseRows {
  /// The strategies' checksums by operation, from the check.
  package typealias Checksums = [String: [SpecOperation: UInt64]]

  /// What every case of a feed in one mode shares: the floor, the null, and
  /// what building and checking the strategies found.
  package struct References {
    package var floor: PreparedFloor
    /// Not built in an adaptive launch of fewer strategies
    /// (`PlannedFeed.timesNull`).
    package var null: ElementsRunner.Prepared?
    package var checksums: Checksums = [:]
    /// Heap bytes per element of each strategy's representation, where
    /// counted (the first launch).
    package var footprints: [String: Double] = [:]
  }

  package var benchmarkCase: BenchmarkCase
  package var operation: SpecOperation
  /// The strategies' representations timed in the case.
  package var owners: [ElementsRunner.Prepared]
  package var references: References
  package var schedule: Schedule
  /// Whether the floor and the null are timed and the baseline's row
  /// written: not in a sequential feed's later groups, whose baseline
  /// samples pair with their strategy's, its row coming from the first group.
  package var withReferences = true
  /// Rounds are numbered from here (a sequential group's, apart from the others).
  package var roundOffset = 0
  package var launch: LaunchContext
  package var baseline: StrategyID
  /// Whether allocations are counted (`ElementsRunner.countsHeap`).
  package var countsHeap: Bool

  /// The case's contenders: the strategies, then the floor and the null.
  package var contenders: [Contender] {
    guard withReferences else { return owners.map { $0.contender(operation) } }
    return owners.map { $0.contender(operation) } + [floor] + (references.null.map { [$0.contender(operation)] } ?? [])
  }

  private var floor: Contender {
    let floor = references.floor
    return Contender(id: .floor, count: floor.count) { floor.run(range: $0, repetitions: $1) }
  }

  /// Appends the measured case's samples and rows.
  package func append(_ measured: CaseSamples, into results: inout MeasuredRun) {
    for samples in measured.contenders {
      let key = ResultKey(benchmarkCase, samples.id)
      results.samples += samples.rawSamples(key, launch: launch.index, roundOffset: roundOffset)
      guard withReferences || samples.id != baseline,
        var row = samples.timingRow(key, schedule: schedule, slice: measured.slice, shuffleSeed: measured.shuffleSeed)
      else { continue }
      describe(samples.id, in: &row)
      results.rows.append(row)
    }
  }

  /// What a row says besides its timings: its representation's checksum,
  /// stride and footprint, and its allocations.
  private func describe(_ contender: StrategyID, in row: inout TimingRow) {
    if let owner = owners.first(where: { $0.name == contender.rawValue }) {
      row.checksum = references.checksums[owner.name]?[operation].map(CSVNumber.hex) ?? ""
      row.elementStride = owner.elementStride
      row.footprintBytesPerElement = references.footprints[owner.name]
      if launch.checks { Self.record(allocations: allocations(of: owner.contender(operation)), in: &row) }
    } else if contender == .floor {
      row.checksum = CSVNumber.hex(references.floor.checksum)
      row.elementStride = MemoryLayout<UInt8>.stride
      row.footprintBytesPerElement = 1
      if launch.checks { Self.record(allocations: allocations(of: floor), in: &row) }
    } else {
      row.elementStride = references.null?.elementStride
    }
  }

  /// What one pass over the feed (its counted slices) allocates; `nil`
  /// where heap use is not counted.
  private func allocations(of contender: Contender) -> HeapCounter.Counts? {
    Self.allocations(of: contender, countsHeap: countsHeap)
  }

  /// The same for any contender (a synthetic one too); `nil` unless
  /// `countsHeap`.
  package static func allocations(of contender: Contender, countsHeap: Bool) -> HeapCounter.Counts? {
    guard countsHeap else { return nil }
    return HeapCounter.count {
      for slice in ElementsRunner.countedSlices(contender.count) { contender.run(slice, 1) }
    }.counts
  }

  /// Allocations and bytes per counted element, into `row`'s columns.
  package static func record(allocations: HeapCounter.Counts?, in row: inout TimingRow) {
    let elements = Double(max(1, min(row.key.feed.size, ElementsRunner.countedLimit)))
    row.allocationsPerElement = allocations.map { Double($0.allocations) / elements }
    row.allocatedBytesPerElement = allocations.map { Double($0.requestedBytes) / elements }
  }
}
