#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import StrategyRegistry
import RunContract

/// A build's launches gathered into the run's rows: the first launch's rows
/// (its checksums, footprints and allocation counts) and its build's
/// machine line, and every launch's samples; then, once the launches are
/// in, each row's statistics and paired ratios over every launch
/// (`MeasuredRun.computeRatios()`) and the bytes of its code.
package struct RunAggregate {
  package private(set) var results: MeasuredRun
  /// `results.samples`, indexed by row as they come, for the ratios
  /// adaptive launches need after each launch (`ratios(of:)`).
  package private(set) var index = SampleIndex()
  /// What adaptive launches did, when the run's launches were adaptive.
  package var adaptive: AdaptiveSummary?
  /// The name `--builds` gave this aggregate's build, for its rows' `build`.
  package var build: String?

  package init(info: RunInfo, layouts: Int = 1, build: String? = nil) {
    results = MeasuredRun(info: info, rows: [])
    results.layouts = layouts
    self.build = build
  }

  /// Adds what launch `index` of the run wrote (with layouts, the layout's
  /// launch numbered apart: `LayoutBuilds.launchStride`).
  package mutating func add(_ output: LaunchOutput, launch index: Int) {
    if index == 0 {
      results.rows = output.rows
      results.info.machine = output.machine
    }
    // A layout's launches are numbered apart in the run; the launch
    // numbered its samples from its own index.
    let samples = output.samples.map { sample in
      var sample = sample
      sample.launch = index
      return sample
    }
    results.samples += samples
    self.index.add(samples)
  }

  /// The rows of `cases` (every case's, when nil) with their statistics
  /// and ratios over the launches so far: what `MeasuredRun.computeRatios()`
  /// of those rows and their samples gives, without indexing every sample
  /// of the run again.
  package func ratios(of cases: Set<BenchmarkCase>? = nil) -> [TimingRow] {
    var rows = MeasuredRun(info: results.info, rows: results.rows, layouts: results.layouts)
    if let cases { rows.rows = rows.rows.filter { cases.contains($0.key.benchmarkCase) } }
    rows.computeRatios(using: index)
    return rows.rows
  }

  /// The rows of a completed run, its code counted by direct calls in
  /// `code`, the binary its launches ran.
  package func rows(code: CodeSize?) -> MeasuredRun {
    var results = results
    results.computeRatios(using: index)
    results.recordDisturbance()
    results.recordTarget(adaptive?.settings.targetResolution)
    results.recordBuild(build)
    results.info.claimsSettled = adaptive?.claimsSettled
    if let code { results.countCode(byDirectCalls: code) }
    return results
  }

  /// The rows of the cases completed before an interrupt, marked incomplete.
  package func partialRows() -> MeasuredRun {
    var results = results
    results.info.complete = false
    results.computeRatios(using: index)
    results.recordDisturbance()
    results.recordTarget(adaptive?.settings.targetResolution)
    results.recordBuild(build)
    results.info.claimsSettled = adaptive?.claimsSettled
    return results
  }
}

extension MeasuredRun {
  /// Records on every strategy row the target adaptive launches aimed at,
  /// and whether its resolution met it.
  package mutating func recordTarget(_ target: Double?) {
    guard let target else { return }
    for index in rows.indices where !rows[index].key.strategy.isReference {
      rows[index].targetResolution = target
      rows[index].metTarget = rows[index].resolution.map { $0 <= target }
    }
  }

  /// Records the build's name on every row.
  package mutating func recordBuild(_ build: String?) {
    guard let build else { return }
    for index in rows.indices { rows[index].build = build }
  }

  /// The benchmark cases with a strategy row that did not meet its target.
  package var casesShortOfTarget: [BenchmarkCase] {
    Array(Set(rows.filter { $0.metTarget == false }.map(\.key.benchmarkCase))).sorted()
  }
}

extension LaunchOutput {
  /// What a launch run in this process appended to `results`.
  package init(_ results: MeasuredRun) {
    self.init(rows: results.rows, samples: results.samples, machine: results.info.machine)
  }
}

extension RunInfo {
  /// The record of a run started at `started` on `machine`, as `command`.
  package static func started(_ started: Timestamp, machine: Machine, seed: UInt64, command: String) -> RunInfo {
    let suffix = String(UInt32(truncatingIfNeeded: MonotonicClock.now() ^ UInt64(getpid())), radix: 16)
    return RunInfo(
      schemaVersion: Schema.runVersion, runID: "\(started.fileName)-\(suffix)", timestamp: started.iso8601,
      machine: machine, seed: seed, command: command, baseline: StrategyID(Registry.baselineName))
  }

  /// The same run's record of `binary`, another build whose launches
  /// alternate with this one's.
  package func alternate(_ binary: String) -> RunInfo {
    RunInfo(
      schemaVersion: Schema.runVersion, runID: runID + "-alternate", timestamp: timestamp, machine: machine,
      seed: seed, command: "\(binary), alternating with: \(command)", baseline: baseline)
  }
}
