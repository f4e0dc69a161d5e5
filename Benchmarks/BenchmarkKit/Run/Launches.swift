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
  /// A fixed number of launches (`plan.launches`), or adaptive ones after them.
  var design: LaunchDesign
  /// Seconds the code-size count after the launches is expected to take,
  /// which adaptive launches leave free.
  var reserve: Double = 0
  /// Whether to stop early: an interrupt asked.
  var shouldStop: () -> Bool = { Interrupts.requested }

  /// A build whose launches a run starts, and the directory they share.
  fileprivate struct Build {
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
    let started = MonotonicClock.now()
    let this = Build(binary: executablePath(), files: try LaunchFiles.temporary(), isAlternate: false)
    defer { this.files.remove() }
    let that = try alternate.map { alternate throws(CommandError) in
      Build(binary: alternate.binary, files: try LaunchFiles.temporary(), isAlternate: true)
    }
    defer { if let that { that.files.remove() } }
    let builds = [this] + (that.map { [$0] } ?? [])
    var sequence = LaunchSequence(builds: builds, seed: plan.seed)
    try writePlan(plan, to: builds)
    // Seconds a launch took per second `RunEstimate` expected of it, in
    // each launch after the first (which also checks outputs).
    var costs: [Double] = []
    let estimated = max(0.001, RunEstimate(plan.plan, sampling: plan.sampling).perLaunch) * Double(builds.count)
    for index in 0..<plan.launches {
      let began = MonotonicClock.now()
      let outcome = try sequence.launch(index, with: self, into: &run, alternate: &other)
      if outcome != .completed { return outcome }
      if index > 0 { costs.append(Self.seconds(since: began) / estimated) }
    }
    guard let settings = design.adaptive else { return .completed }
    let adaptive = AdaptiveLaunches(settings: settings, plan: plan, builds: builds.count, reserve: reserve)
    return try launchAdaptively(
      adaptive, &sequence, into: &run, alternate: &other, costs: SampleStatistics(costs).median, started: started)
  }

  /// Launches again the cases `adaptive` chooses, one launch index at a
  /// time, until it chooses none; records what it did in both aggregates.
  private func launchAdaptively(
    _ adaptive: AdaptiveLaunches, _ sequence: inout LaunchSequence, into run: inout RunAggregate,
    alternate other: inout RunAggregate?, costs: Double, started: UInt64
  ) throws(CommandError) -> LaunchOutcome {
    var summary = AdaptiveSummary(settings: adaptive.settings, initialLaunches: plan.launches)
    defer {
      run.adaptive = summary
      other?.adaptive = summary
    }
    var index = plan.launches
    while true {
      let states = AdaptiveLaunches.states([run.results] + (other.map { [$0.results] } ?? []))
      let cases = adaptive.next(states, elapsed: Self.seconds(since: started), secondsPerEstimated: costs)
      if cases.isEmpty {
        summary.stop = Self.stop(states, adaptive.settings)
        return .completed
      }
      try writePlan(adaptive.plan(for: cases, launch: index), to: sequence.builds)
      let outcome = try sequence.launch(index, with: self, into: &run, alternate: &other)
      summary.laterLaunches.append(cases.count)
      if outcome != .completed { return outcome }
      index += 1
    }
  }

  /// Why adaptive launches stopped, given the cases' final states.
  private static func stop(_ states: [BenchmarkCase: AdaptiveLaunches.CaseState], _ settings: AdaptiveSettings)
    -> AdaptiveSummary.Stop
  {
    let wide = states.values.filter { $0.resolution > settings.targetResolution }
    if wide.isEmpty { return .allMet }
    return wide.allSatisfy { $0.launches >= settings.maxLaunches } ? .maxLaunches : .outOfTime
  }

  private static func seconds(since start: UInt64) -> Double { Double(MonotonicClock.now() - start) / 1e9 }

  /// The launches of a run in order: each index in every build (the other
  /// build first in every other index), each with its environment padded
  /// by a length drawn from the run's seed.
  private struct LaunchSequence {
    var builds: [Build]
    var generator: SplitMix64

    init(builds: [Build], seed: UInt64) {
      self.builds = builds
      generator = SplitMix64(seed: seed ^ 0x6C61_756E_6368)
    }

    mutating func launch(
      _ index: Int, with launches: Launches, into run: inout RunAggregate, alternate other: inout RunAggregate?
    ) throws(CommandError) -> LaunchOutcome {
      let padding = String(repeating: "x", count: Int(generator.next() % 4_096))
      let order = builds.count == 2 && index % 2 == 0 ? builds.reversed() : builds
      for build in order {
        if launches.shouldStop() { return .interrupted }
        let (outcome, output) = try launches.launch(index, of: build, padding: padding)
        if let output {
          if build.isAlternate { other?.add(output, launch: index) } else { run.add(output, launch: index) }
        }
        if outcome != .completed { return outcome }
      }
      return .completed
    }
  }

  /// `plan`, encoded once, in each build's directory: the first launches'
  /// plan, then each adaptive launch's.
  private func writePlan(_ plan: LaunchPlan, to builds: [Build]) throws(CommandError) {
    do {
      let text = try plan.encoded()
      for build in builds { try writeAtomically(text, to: build.files.plan, overwrite: true) }
    } catch {
      throw CommandError("cannot write the launches' plan: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  /// Runs launch `index` of `build` as a child process; returns how it
  /// ended and what it wrote, if anything.
  fileprivate func launch(_ index: Int, of build: Build, padding: String)
    throws(CommandError) -> (LaunchOutcome, LaunchOutput?)
  {
    let name = "launch \(index + 1)" + (index < plan.launches ? " of \(plan.launches)" : "") + (build.isAlternate ? " of \(build.binary)" : "")
    let status: Int32
    do {
      status = try Spawn.run(
        [build.binary] + LaunchChild.arguments(launch: index, build.files),
        environment: ["DISPATCH_BENCH_PADDING": padding], standardOutput: "/dev/null", standardError: nil)
    } catch {
      throw CommandError("cannot start \(name): \(error)", exitStatus: ExitStatus.software)
    }
    let output = build.files.read(index)
    build.files.remove(launch: index)
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
