import BenchmarkResults
import DispatchModel

/// Runs a plan's launches and hands what each wrote to the aggregates: a
/// single launch in this process (`LaunchRunner`); more, or with another
/// build, each as a child process (`LaunchChild`), one after another, each
/// with its layout perturbed by an environment padding of random length.
///
/// With `--alternate-with`, each launch index runs twice, once in each
/// binary, with the same padding, the other build first in every other
/// pair; its rows and samples go to the other aggregate. Whatever the
/// machine does over the run, both builds see it alike.
struct Launches {
  var plan: LaunchPlan
  /// Another build whose launches alternate with this one's.
  var alternate: AlternateBuild?
  /// Whether to stop early: an interrupt asked.
  var shouldStop: () -> Bool = { Interrupts.requested }

  /// A build whose launches a run starts, and the directory they share.
  private struct Build {
    var binary: String
    var files: LaunchFiles
    var isAlternate: Bool
  }

  func run(into run: inout RunAggregate, alternate other: inout RunAggregate?, console: Console)
    throws(CommandError) -> LaunchOutcome
  {
    guard plan.launches > 1 || alternate != nil else {
      var results = RunResults(info: run.results.info, rows: [])
      let outcome = LaunchRunner(plan: plan, launch: plan.launch(0), shouldStop: shouldStop)
        .run(into: &results, console: console)
      run.add(LaunchOutput(results), launch: 0)
      return outcome
    }
    let this = Build(binary: executablePath(), files: try LaunchFiles.temporary(), isAlternate: false)
    defer { this.files.remove(launches: plan.launches) }
    let that = try alternate.map { alternate throws(CommandError) in
      Build(binary: alternate.binary, files: try LaunchFiles.temporary(), isAlternate: true)
    }
    defer { if let that { that.files.remove(launches: plan.launches) } }
    try writePlan(to: [this] + (that.map { [$0] } ?? []))
    var generator = SplitMix64(seed: plan.seed ^ 0x6C61_756E_6368)
    for index in 0..<plan.launches {
      let padding = String(repeating: "x", count: Int(generator.next() % 4_096))
      for build in that.map({ index % 2 == 0 ? [$0, this] : [this, $0] }) ?? [this] {
        if shouldStop() { return .interrupted }
        let (outcome, output) = try launch(index, of: build, padding: padding)
        if let output {
          if build.isAlternate { other?.add(output, launch: index) } else { run.add(output, launch: index) }
        }
        if outcome != .completed { return outcome }
      }
    }
    return .completed
  }

  /// The plan, encoded once, in each build's directory.
  private func writePlan(to builds: [Build]) throws(CommandError) {
    do {
      let text = try plan.encoded()
      for build in builds { try writeAtomically(text, to: build.files.plan, overwrite: true) }
    } catch {
      throw CommandError("cannot write the launches' plan: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  /// Runs launch `index` of `build` as a child process; returns how it
  /// ended and what it wrote, if anything.
  private func launch(_ index: Int, of build: Build, padding: String)
    throws(CommandError) -> (LaunchOutcome, LaunchOutput?)
  {
    let name = "launch \(index + 1) of \(plan.launches)" + (build.isAlternate ? " of \(build.binary)" : "")
    let status: Int32
    do {
      status = try Spawn.run(
        [build.binary] + LaunchChild.arguments(launch: index, build.files),
        environment: ["DISPATCH_BENCH_PADDING": padding], standardOutput: "/dev/null", standardError: nil)
    } catch {
      throw CommandError("cannot start \(name): \(error)", exitStatus: ExitStatus.software)
    }
    let output = build.files.read(index)
    switch status {
    case ExitStatus.success where output != nil: return (.completed, output)
    case ExitStatus.disagreement where build.isAlternate:
      throw CommandError(
        "\(name) exited with status 1: its strategies disagree (its message is above), or it is not a build of dispatch-bench; nothing was written",
        exitStatus: ExitStatus.disagreement)
    case ExitStatus.disagreement: return (.disagreement, output)
    case ExitStatus.interrupted: return (.interrupted, output)
    case ExitStatus.usage where build.isAlternate:
      throw CommandError(
        "\(name) refused its arguments (exit status 64): it is a build of dispatch-bench from before launches read a plan file, or not a build of dispatch-bench; nothing was written",
        exitStatus: ExitStatus.software)
    default:
      throw CommandError(
        "\(name) failed (exit status \(status)); nothing was written", exitStatus: ExitStatus.software)
    }
  }
}
