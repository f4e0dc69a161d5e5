import BenchmarkResults
import BenchmarkSupport
import CommandLineSupport
import RunContract

/// One launch of a run with `--launches` above 1 (or `--alternate-with`): a
/// child process of the same executable, or of the other build, that runs
/// the whole plan once (`LaunchRunner`) and writes its rows and samples
/// beside the plan, for the run to read. Not a public command:
/// `dispatch-bench _launch INDEX PLAN-FILE`.
///
/// The run writes the plan once (`LaunchPlan`, as JSON), the memory plan
/// included, and every launch reads it: no launch parses the run's options
/// or plans again. A build from before launches read a plan file refuses
/// these arguments at once (exit status 64) rather than timing something
/// else.
package enum LaunchChild {
  package static let name = "_launch"

  /// The arguments that start launch `index` of the plan in `files`.
  package static func arguments(launch index: Int, _ files: LaunchFiles) -> [String] {
    [name, String(index), files.plan]
  }

  /// Runs the child: `arguments` without the subcommand.
  package static func main(_ arguments: [String], console: Console) -> Int32 {
    guard arguments.count == 2, let index = Int(arguments[0]), index >= 0 else {
      console.errorLine("error: \(name) takes INDEX PLAN-FILE, as a run of this build starts it")
      return ExitStatus.usage
    }
    let files = LaunchFiles(plan: arguments[1])
    let plan: LaunchPlan
    do {
      plan = try LaunchPlan.decoded(try readText(files.plan))
    } catch {
      console.errorLine("error: launch \(index + 1) cannot read its plan \(files.plan): \(error)")
      return ExitStatus.usage
    }
    guard index < plan.launches else { return ExitStatus.usage }
    var results = MeasuredRun(
      info: RunInfo(
        schemaVersion: Schema.runVersion, runID: "launch-\(index)", timestamp: "", machine: Machine.current(),
        seed: plan.seed, command: "", baseline: RunInfo.formerBaseline),
      rows: [])
    Interrupts.install()
    let launch = plan.launch(index)
    // The launch runs below `stackPadding` bytes of unused stack.
    let runner = LaunchRunner(plan: plan, launch: launch, keepingLastBatch: true)
    let outcome = withUnsafeTemporaryAllocation(byteCount: launch.stackPadding + 16, alignment: 16) { padding in
      blackHole(padding.baseAddress)
      return runner.run(into: &results, console: console)
    }
    if outcome == .disagreement { return ExitStatus.disagreement }
    results.info.complete = outcome == .completed
    // What this launch measured of its own time; the run adds it up, and
    // counts what it saw of the launch besides (starting, exiting, these
    // files) as launching.
    results.info.time = RunTime(wall: runner.clock.elapsed, seconds: runner.clock.seconds)
    do {
      try files.write(results, launch: index)
    } catch {
      console.errorLine("error: launch \(index + 1) cannot write its results: \(error)")
      return ExitStatus.cannotCreate
    }
    return outcome == .completed ? ExitStatus.success : ExitStatus.interrupted
  }

  /// Values a launch never frees: it exits once its results are written.
  nonisolated(unsafe) private static var kept: [Any] = []

  package static func keepUntilExit(_ value: Any) { kept.append(value) }
}
