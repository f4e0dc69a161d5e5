import BenchmarkResults
import Statistics
import DispatchModel
import BinaryInspection
import CommandLineSupport
import RunContract

/// Runs a plan's launches and hands what each wrote to the aggregates: a
/// single launch in this process (`LaunchRunner`); more, adaptive ones, or
/// with other builds, each as a child process (`LaunchChild`), one after
/// another, each with its layout perturbed by an environment padding of
/// random length (and, in the child, its stack's: `LaunchContext`).
///
/// A fixed design runs `plan.launches` launches of every case; an adaptive
/// one runs those, then launches again only the cases `AdaptiveLaunches`
/// chooses, until it chooses none.
///
/// With several builds (`--alternate-with`, `--builds`, `--layouts`), each
/// launch index runs once in every build, with the same padding, the first
/// build of each index rotating; each build's rows and samples go to its
/// own aggregate, or, for layouts, to one aggregate with its launches
/// numbered apart. Whatever the machine does over the run, every build
/// sees it alike.
package struct Launches {
  package var plan: LaunchPlan
  /// The binaries each launch index runs in: this one alone, by default.
  package var builds: [TimedBuild]
  /// A fixed number of launches (`plan.launches`), or adaptive ones after them.
  package var design: LaunchDesign
  /// Seconds the code-size count after the launches is expected to take,
  /// which adaptive launches leave free.
  package var reserve: Double = 0
  /// Whether to stop early: an interrupt asked.
  package var shouldStop: () -> Bool = { Interrupts.requested }
  /// Where the run's time goes: each launch's own phases, and what the run
  /// saw of a launch besides them as launching.
  package var clock = PhaseClock()

  /// A build whose launches a run starts, and the directory they share.
  fileprivate struct Build {
    var timed: TimedBuild
    var files: LaunchFiles
  }

  package func run(into aggregates: inout [RunAggregate], console: Console) throws(CommandError) -> LaunchOutcome {
    guard plan.launches > 1 || builds.count > 1 || design.adaptive != nil else {
      var results = MeasuredRun(info: aggregates[0].results.info, rows: [])
      let outcome = LaunchRunner(plan: plan, launch: plan.launch(0), shouldStop: shouldStop, clock: clock)
        .run(into: &results, console: console)
      aggregates[0].add(LaunchOutput(results), launch: 0)
      return outcome
    }
    let started = MonotonicClock.now()
    var made: [Build] = []
    defer { for build in made { build.files.remove() } }
    for timed in builds { made.append(Build(timed: timed, files: try LaunchFiles.temporary())) }
    var sequence = LaunchSequence(builds: made, seed: plan.seed)
    try writePlan(plan, to: made)
    // Seconds a launch took per second `RunEstimate` expected of it, in
    // each launch after the first (which also checks outputs).
    var costs: [Double] = []
    let estimated = max(0.001, RunEstimate(plan.plan, sampling: plan.sampling).perLaunch) * Double(made.count)
    for index in 0..<plan.launches {
      let began = MonotonicClock.now()
      let outcome = try sequence.launch(index, with: self, into: &aggregates)
      if outcome != .completed { return outcome }
      if index > 0 { costs.append(Self.seconds(since: began) / estimated) }
    }
    guard let settings = design.adaptive else { return .completed }
    let adaptive = AdaptiveLaunches(settings: settings, plan: plan, builds: made.count, reserve: reserve)
    return try launchAdaptively(
      adaptive, &sequence, into: &aggregates, costs: Summary.median(costs) ?? 1,
      started: started)
  }

  /// Launches again the cases `adaptive` chooses, one launch index at a
  /// time, until it chooses none; records what it did in both aggregates.
  private func launchAdaptively(
    _ adaptive: AdaptiveLaunches, _ sequence: inout LaunchSequence, into aggregates: inout [RunAggregate],
    costs: Double, started: UInt64
  ) throws(CommandError) -> LaunchOutcome {
    var summary = AdaptiveSummary(settings: adaptive.settings, initialLaunches: plan.launches)
    summary.fullRounds = plan.sampling.minimumRounds
    defer { for index in aggregates.indices { aggregates[index].adaptive = summary } }
    var index = plan.launches
    let target = adaptive.settings.targetResolution
    var rows = RatiosSoFar(aggregates.map { $0.ratios() })
    var states = AdaptiveLaunches.states(rows: rows.builds, target: target)
    let claims = ClaimLaunches(resolution: target)
    let info = aggregates[0].results.info
    while true {
      let elapsed = Self.seconds(since: started)
      let reading = claims.reading(rows.builds, info: info)
      summary.record(reading, elapsed: clock.elapsed)
      let launchPlan: LaunchPlan
      let claimed = adaptive.claimed(reading.needs, states, elapsed: elapsed, secondsPerEstimated: costs)
      if !claimed.isEmpty {
        launchPlan = adaptive.plan(claiming: claimed, states, launch: index)
        summary.claimLaunches += 1
      } else {
        let cases = adaptive.next(states, elapsed: elapsed, secondsPerEstimated: costs)
        if cases.isEmpty {
          summary.stop = Self.stop(states, adaptive.settings)
          // Rows relaunched alone have pooled their launch variance over
          // their own cases only, so the rows so far can leave a claim open
          // that the whole run's rows settle: the claims are read once more
          // on those, as the CSV holds them, so the file's time and its
          // closing line's count agree.
          summary.record(claims.reading(aggregates.map { $0.ratios() }, info: info), elapsed: clock.elapsed)
          return .completed
        }
        launchPlan = adaptive.plan(for: cases, states, launch: index)
      }
      try writePlan(launchPlan, to: sequence.builds)
      let outcome = try sequence.launch(index, with: self, into: &aggregates)
      let launched = Set(launchPlan.plan.cases)
      summary.laterLaunches.append(launched.count)
      summary.fewerRounds += launchPlan.plan.caseShapes.compactMap(\.rounds)
      if outcome != .completed { return outcome }
      index += 1
      // Only the cases just launched have new samples: their states alone
      // are computed again (every case's, each time, took seconds), from
      // the samples each aggregate has indexed as they came.
      let fresh = aggregates.map { $0.ratios(of: launched) }
      rows.update(fresh)
      states.merge(AdaptiveLaunches.states(rows: fresh, target: target)) { _, new in new }
    }
  }

  /// Each build's rows with their ratios over the launches so far, in the
  /// run's order, updated case by case as launches add samples.
  private struct RatiosSoFar {
    var builds: [[TimingRow]]
    private var positions: [[ResultKey: Int]]

    init(_ builds: [[TimingRow]]) {
      self.builds = builds
      positions = builds.map { rows in
        Dictionary(rows.enumerated().map { ($1.key, $0) }) { first, _ in first }
      }
    }

    /// Puts each build's `fresh` rows in place of the rows they update.
    mutating func update(_ fresh: [[TimingRow]]) {
      for (build, rows) in fresh.enumerated() where build < builds.count {
        for row in rows {
          if let position = positions[build][row.key] { builds[build][position] = row }
        }
      }
    }
  }

  /// Why adaptive launches stopped, given the cases' final states.
  private static func stop(_ states: [BenchmarkCase: AdaptiveLaunches.CaseState], _ settings: AdaptiveSettings)
    -> AdaptiveSummary.Stop
  {
    let wide = states.values.filter { $0.resolution > settings.targetResolution }
    if wide.isEmpty { return .allMet }
    let launchable = wide.filter { !$0.layoutBound }
    if launchable.allSatisfy({ $0.launches >= settings.maxLaunches }) {
      return launchable.count < wide.count ? .layouts : .maxLaunches
    }
    return .outOfTime
  }

  private static func seconds(since start: UInt64) -> Double { Double(MonotonicClock.now() - start) / 1e9 }

  /// The launches of a run in order: each index in every build (the first
  /// build rotating from index to index: with two, the other build first
  /// in every even index), each with its environment padded by a length
  /// drawn from the run's seed.
  private struct LaunchSequence {
    var builds: [Build]
    var generator: SplitMix64

    init(builds: [Build], seed: UInt64) {
      self.builds = builds
      generator = SplitMix64(seed: seed ^ 0x6C61_756E_6368)
    }

    mutating func launch(_ index: Int, with launches: Launches, into aggregates: inout [RunAggregate])
      throws(CommandError) -> LaunchOutcome
    {
      let padding = String(repeating: "x", count: Int(generator.next() % 4_096))
      let first = (index + builds.count - 1) % builds.count
      for build in builds[first...] + builds[..<first] {
        if launches.shouldStop() { return .interrupted }
        let (outcome, output) = try launches.launch(index, of: build, padding: padding)
        if let output { aggregates[build.timed.aggregate].add(output, launch: build.timed.launchOffset + index) }
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

  /// Adds a launch's own phases to the run's clock, and the rest of the
  /// `seconds` the run waited for it (starting and ending the process,
  /// the files it wrote, what it did not time) as launching.
  private func account(_ seconds: Double, of time: RunTime?) {
    let own = time?.seconds ?? [:]
    clock.add(RunTime(wall: seconds, seconds: own))
    clock.add(.launching, nanoseconds: UInt64(max(0, seconds - own.values.reduce(0, +)) * 1e9))
  }

  /// Runs launch `index` of `build` as a child process; returns how it
  /// ended and what it wrote, if anything.
  fileprivate func launch(_ index: Int, of build: Build, padding: String)
    throws(CommandError) -> (LaunchOutcome, LaunchOutput?)
  {
    let name =
      "launch \(index + 1)" + (index < plan.launches ? " of \(plan.launches)" : "")
      + (build.timed.label.map { " of \($0)" } ?? "")
    let status: Int32
    let started = MonotonicClock.now()
    do {
      status = try Spawn.run(
        [build.timed.binary] + LaunchChild.arguments(launch: index, build.files),
        environment: ["DISPATCH_BENCH_PADDING": padding], standardOutput: "/dev/null", standardError: nil)
    } catch {
      throw CommandError("cannot start \(name): \(error)", exitStatus: ExitStatus.software)
    }
    let output = build.files.read(index)
    build.files.remove(launch: index)
    account(Double(MonotonicClock.now() - started) / 1e9, of: output?.time)
    switch status {
    case ExitStatus.success where output != nil: return (.completed, output)
    case ExitStatus.disagreement where build.timed.isOther:
      throw CommandError(
        "\(name) exited with status 1: its strategies disagree (its message is above), "
          + "or it is not a build of dispatch-bench; nothing was written",
        exitStatus: ExitStatus.disagreement)
    case ExitStatus.disagreement: return (.disagreement, output)
    case ExitStatus.interrupted: return (.interrupted, output)
    case ExitStatus.usage where build.timed.isOther:
      throw CommandError(
        "\(name) refused its arguments (exit status 64): it is a build of dispatch-bench "
          + "from before launches read a plan file, or not a build of dispatch-bench; nothing was written",
        exitStatus: ExitStatus.software)
    default:
      throw CommandError(
        "\(name) failed (exit status \(status)); nothing was written", exitStatus: ExitStatus.software)
    }
  }
}
