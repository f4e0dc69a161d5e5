import BenchmarkResults
import RunContract

/// A benchmark case whose contenders are built, ready to sample; `finish`
/// turns its samples into rows once it has been sampled.
package struct ReadyCase {
  package var benchmarkCase: BenchmarkCase
  /// What progress says while the case is sampled.
  package var label: String
  package var contenders: [Contender]
  package var shuffleSeed: UInt64
  /// The rounds an adaptive launch samples the case in, when fewer than
  /// every other launch's (`PlannedOperation.rounds`).
  package var rounds: Int? = nil
  /// The elements each sample visits, when the plan fixes them
  /// (`PlannedOperation.slice`).
  package var slice: Int? = nil
  /// Appends the case's samples and rows (checksums, footprints, and in the
  /// first launch allocations, counted now, after timing).
  package var finish: (CaseSamples, inout MeasuredRun) -> Void
}
