#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CMeasurementSupport
import DispatchModel
import StrategyRegistry

/// `dispatch-bench run`, the main job: time every strategy on the planned
/// benchmark cases and write the results.
struct RunCommand {
  var options: RunOptions
  var arguments: [String]
  /// Whether to stop early: an interrupt asked.
  var shouldStop: () -> Bool = { Interrupts.requested }

  func run(console: Console) throws(CommandError) -> Int32 {
    if Machine.isDebugBuild && !options.allowDebugBuild && !options.listOnly {
      throw .usage(
        """
        this is a debug build, whose timings measure unoptimised code rather than the patterns. \
        Run 'swift run -c release dispatch-bench', or pass --allow-debug-build
        """, command: RunOptions.spec.name)
    }
    let plan = options.matrix.plan()
    guard !plan.keys.isEmpty else {
      throw .usage("no benchmark cases to run: --filter or --strategies left nothing", command: RunOptions.spec.name)
    }
    if options.listOnly {
      for key in plan.keys { console.line(key.path) }
      return ExitStatus.success
    }

    let started = Timestamp.now()
    let outputPath = options.output ?? "\(localResults)/\(started.fileName).csv"
    try checkWritable(outputPath, creatingDirectory: options.output == nil)
    if let samplesPath = options.samplesPath { try checkWritable(samplesPath, creatingDirectory: false) }
    if let alternate = options.alternate { try checkWritable(alternate.output, creatingDirectory: false) }
    // Planned once, here: the launches follow this plan.
    let memory = try MemoryPlanner().plan(for: plan)

    let machine = Machine.current()
    let note: (String) -> Void = { text in
      if !options.quiet { console.errorLine(text) }
    }
    let launches = options.launches
    let modes = options.matrix.modes.map(\.rawValue).joined(separator: " and ")
    note(
      "dispatch-bench run: \(plan.caseCount.counted("benchmark case")) at \(plan.sizesText) elements, on \((plan.feeds.count + plan.synthetic.count).counted("feed")) in \(modes) mode, \(launches.counted("launch", plural: "launches")), seed \(options.matrix.seed)"
    )
    note(
      "estimated duration: about \(Progress.duration(estimatedSeconds(plan).total)) (a rough model: sampling time, building and checking per case and launch; progress revises it)"
    )
    note("writing \(plan.rowCount.counted("row")), the floors and nulls included, to \(outputPath)")
    if let alternate = options.alternate {
      note("and the same rows of \(alternate.binary), its launches alternating with these, to \(alternate.output)")
    }
    note("machine: \(machine.cpuModel), \(machine.cores) cores; \(machine.operatingSystem); Swift \(machine.swiftVersion), \(machine.buildConfiguration)")
    if let sanitizer = Machine.sanitizer {
      note("note: this build is instrumented with -sanitize=\(sanitizer): every timing includes its checks (build_flags says so)")
    }
    if let reason = HeapCounter.unavailable {
      note("note: \(reason); the strategies' footprint and allocation columns say n/a")
    }
    if case .failure(let unavailable) = HardwareCounters.open() {
      note(
        "note: hardware counters are not available here (perf_event_open: \(unavailable.reason)); the cycles, instructions and branch-miss columns say n/a"
      )
    }

    var results = RunResults(
      info: RunInfo(
        schemaVersion: Schema.runVersion,
        runID: "\(started.fileName)-\(String(UInt32(truncatingIfNeeded: MonotonicClock.now() ^ UInt64(getpid())), radix: 16))",
        timestamp: started.iso8601, machine: machine, seed: options.matrix.seed,
        command: Self.commandLine(arguments), baseline: StrategyID(Registry.baselineName)),
      rows: [])
    var alternate = options.alternate.map { alternate in
      RunResults(
        info: RunInfo(
          schemaVersion: Schema.runVersion, runID: results.info.runID + "-alternate", timestamp: started.iso8601,
          machine: machine, seed: options.matrix.seed,
          command: "\(alternate.binary), alternating with: \(results.info.command)", baseline: results.info.baseline),
        rows: [])
    }
    Interrupts.install()
    let outcome: LaunchOutcome
    if launches == 1 && alternate == nil {
      outcome = runLaunch(
        LaunchContext(index: 0, count: 1, seed: options.matrix.seed), plan, memory: memory, into: &results,
        console: console)
    } else {
      outcome = try runLaunches(plan, memory: memory, into: &results, alternate: &alternate, console: console)
    }
    switch outcome {
    case .completed: break
    case .disagreement: return ExitStatus.disagreement
    case .interrupted:
      if let path = options.alternate?.output { note("\(path) was not written: the run was interrupted") }
      return try writePartial(results, outputPath: outputPath, console: console)
    }
    results.computeRatios()
    let code = CodeSize.ofThisExecutable()
    if let code { countDirectCode(code, in: &results) }
    if let alternate, let build = options.alternate { try write(alternate, of: build, note: note) }
    try write(results, to: outputPath, overwrite: options.force, samples: true)
    // Then, with the timings safe on disk, the count that follows indirect
    // calls (the samples do not change); a debug build's loops are not the
    // measured ones.
    if let code, machine.buildConfiguration == "release",
      countTracedCode(code, in: &results, cores: machine.cores, console: console, note: note)
    {
      try write(results, to: outputPath, overwrite: true, samples: false)
    }
    console.write(options.export?.render(results) ?? ResultsTable.render(results, format: options.format))
    note("wrote \(outputPath) (\(results.rows.count.counted("row")))")
    if let samplesPath = options.samplesPath { note("wrote \(samplesPath)") }
    return ExitStatus.success
  }

  /// Writes `--alternate-with`'s rows, its ratios computed and its code
  /// counted from its own binary, by direct calls.
  private func write(_ results: RunResults, of build: AlternateBuild, note: (String) -> Void) throws(CommandError) {
    var results = results
    results.computeRatios()
    if let bytes = try? readBytes(build.binary), let code = CodeSize(elf: bytes) { countDirectCode(code, in: &results) }
    do {
      try writeAtomically(results.document, to: build.output, overwrite: options.force)
    } catch {
      throw CommandError("cannot write results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    note("wrote \(build.output) (\(results.rows.count.counted("row")) of \(build.binary); code_bytes by direct calls)")
  }

  /// Writes the run CSV, and with `samples` the samples file when asked for.
  private func write(_ results: RunResults, to outputPath: String, overwrite: Bool, samples: Bool)
    throws(CommandError)
  {
    do {
      try writeAtomically(results.document, to: outputPath, overwrite: overwrite)
      if samples, let samplesPath = options.samplesPath {
        try writeAtomically(
          SamplesFile.document(runID: results.info.runID, samples: results.samples), to: samplesPath,
          overwrite: overwrite)
      }
    } catch {
      throw CommandError("cannot write results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  /// Fills `code_bytes` from the binary alone: share and feed rows by their
  /// loops' direct calls (`direct-calls`), synthetic rows by name.
  private func countDirectCode(_ code: CodeSize, in results: inout RunResults) {
    for index in results.rows.indices {
      let key = results.rows[index].key
      guard let bytes = code.bytes(of: key) else { continue }
      results.rows[index].codeBytes = bytes
      results.rows[index].codeBytesMethod =
        key.feed.domain == PlannedSynthetic.domain ? .generatedNames : .directCalls
    }
  }

  /// Replaces the share and feed rows' counts with what their loops called
  /// when run under callgrind (`CodeSizeProbe`); `false`, with a note or a
  /// warning, when that cannot run here or fails.
  private func countTracedCode(
    _ code: CodeSize, in results: inout RunResults, cores: Int, console: Console, note: (String) -> Void
  ) -> Bool {
    let probed = Set(
      results.rows.map(\.key).filter { !$0.strategy.isReference && $0.feed.domain != PlannedSynthetic.domain }
        .map { CodeSizeProbe.Key(strategy: $0.strategy.rawValue, mode: $0.mode, operation: $0.operation) })
    guard !probed.isEmpty else { return false }
    if let reason = CodeSizeProbe.unavailable() {
      note("note: \(reason), so code_bytes of share and feed rows counts direct calls only (a lower bound)")
      return false
    }
    let strategies = Set(probed.map(\.strategy)).count
    note("finding the code each operation runs: \(strategies.counted("strategy", plural: "strategies")) under callgrind")
    let measured: [CodeSizeProbe.Key: Int]
    do {
      measured = try CodeSizeProbe(code: code, seed: options.matrix.seed, jobs: max(1, cores)).measure(probed)
    } catch {
      console.errorLine(
        "warning: \(error.message)\ncode_bytes of share and feed rows counts direct calls only (a lower bound)")
      return false
    }
    for index in results.rows.indices {
      let key = results.rows[index].key
      let probe = CodeSizeProbe.Key(strategy: key.strategy.rawValue, mode: key.mode, operation: key.operation)
      guard let bytes = measured[probe] else { continue }
      results.rows[index].codeBytes = bytes
      results.rows[index].codeBytesMethod = .callgrind
    }
    return !measured.isEmpty
  }

  /// A rough estimate of a run's duration, before it starts: per case and
  /// launch, its sampling time and what building contenders and calibrating
  /// cost (about 0.03 s, and 4 µs per element), and the first launch's
  /// checks and, in a release build, the code-size probe; twice over with
  /// `--alternate-with`. On the development
  /// machine it is within 10% for the default suite; progress revises it as
  /// cases finish.
  func estimatedSeconds(_ plan: RunPlan) -> (total: Double, perLaunch: Double, checks: Double) {
    let cases =
      plan.feeds.flatMap { feed in Array(repeating: feed.feed.size, count: feed.operations.count * feed.modes.count) }
      + plan.synthetic.flatMap { Array(repeating: $0.size, count: $0.operations.count) }
    let perLaunch = cases.reduce(0.0) { $0 + options.sampling.sampleTime + 0.03 + Double($1) * 4e-6 }
    let checks = cases.reduce(0.0) { $0 + 0.02 + Double(min($1, FeedRunner.checkedLimit)) * 1e-5 }
    // After the launches, finding each strategy's code under callgrind:
    // about 3.5 s each.
    let probed = Set(plan.feeds.flatMap { $0.operations.flatMap(\.strategies) })
    let probe =
      probed.isEmpty || Machine.current().buildConfiguration != "release" || CodeSizeProbe.unavailable() != nil
      ? 0 : 3.5 * Double(probed.count) / Double(max(1, Machine.current().cores))
    // With --alternate-with, every launch runs in each build.
    let builds = options.alternate == nil ? 1.0 : 2.0
    return (builds * (Double(options.launches) * perLaunch + checks) + probe, perLaunch, checks)
  }

  /// How a launch ended.
  enum LaunchOutcome {
    case completed, disagreement, interrupted
  }

  /// Runs every planned feed once in this process, as launch `launch`, in
  /// the steps `memory` allows (`RunPlan.steps(_:)`), appending its rows and
  /// samples to `results`. With `keepingLastBatch`, the last batch's
  /// representations are never freed: a launch child exits right after, and
  /// freeing a few hundred megabytes of small objects would take seconds.
  func runLaunch(
    _ launch: LaunchContext, _ plan: RunPlan, memory: MemoryPlan, into results: inout RunResults,
    console: Console, keepingLastBatch: Bool = false
  ) -> LaunchOutcome {
    let counters = try? HardwareCounters.open().get()
    let estimate = estimatedSeconds(plan)
    let progress = Progress(
      console: console, total: plan.caseCount, enabled: console.errorIsTerminal, quiet: options.quiet,
      estimate: estimate.perLaunch + (launch.checks ? estimate.checks : 0),
      launchesAfter: launch.count - 1 - launch.index,
      prefix: launch.count > 1 ? "launch \(launch.index + 1)/\(launch.count) " : "")
    defer { progress.finish() }
    let runner = FeedRunner(
      sampler: Sampler(settings: options.sampling, shouldStop: shouldStop, counters: counters),
      progress: progress, modes: options.matrix.modes, launch: launch)
    do {
      let steps = plan.steps(memory)
      for (index, step) in steps.enumerated() {
        switch step {
        case .sequential(let planned):
          try runner.run(planned, schedule: .sequential, into: &results)
        case .together(let batch):
          var cases: [ReadyCase] = []
          for planned in batch.feeds { cases += try runner.cases(planned) }
          for planned in batch.synthetic { cases += try runner.syntheticCases(planned) }
          try runner.sample(cases, into: &results)
          if keepingLastBatch && index == steps.count - 1 { LaunchChild.keepUntilExit(cases) }
        }
      }
    } catch {
      switch error {
      case .mismatch(let mismatch):
        progress.finish()
        console.errorLine("error: \(mismatch)")
        return .disagreement
      case .interrupted:
        return .interrupted
      }
    }
    return .completed
  }

  /// Runs each launch as a child process of this executable
  /// (`dispatch-bench _launch`), one after another, each with its layout
  /// perturbed by an environment padding of random length; reads back each
  /// launch's rows and samples. The first launch's rows are the run's (its
  /// checksums, footprints and allocation counts); every launch's samples
  /// are kept. The launches follow `memory` rather than each planning
  /// memory again (a launch that cannot read it plans for itself).
  ///
  /// With `--alternate-with`, each launch index runs twice, once in each
  /// binary, with the same padding, the other build first in every other
  /// pair; its rows and samples go to `alternate`. Whatever the machine does
  /// over the run, both builds see it alike.
  private func runLaunches(
    _ plan: RunPlan, memory: MemoryPlan, into results: inout RunResults, alternate: inout RunResults?,
    console: Console
  ) throws(CommandError) -> LaunchOutcome {
    let this = Build(binary: executablePath(), directory: try LaunchChild.temporaryDirectory(), isAlternate: false)
    defer { LaunchChild.remove(this.directory, launches: options.launches) }
    let other = try options.alternate.map { alternate throws(CommandError) in
      Build(binary: alternate.binary, directory: try LaunchChild.temporaryDirectory(), isAlternate: true)
    }
    defer { if let other { LaunchChild.remove(other.directory, launches: options.launches) } }
    for build in [this] + (other.map { [$0] } ?? []) {
      try? LaunchChild.writeMemoryPlan(memory, of: plan, to: build.directory)
    }
    var generator = SplitMix64(seed: options.matrix.seed ^ 0x6C61_756E_6368)
    for index in 0..<options.launches {
      let padding = String(repeating: "x", count: Int(generator.next() % 4_096))
      let order = other.map { index % 2 == 0 ? [$0, this] : [this, $0] } ?? [this]
      for build in order {
        if shouldStop() { return .interrupted }
        let (outcome, read) = try launch(index, of: build, padding: padding)
        if let read {
          if build.isAlternate { alternate?.add(read, launch: index) } else { results.add(read, launch: index) }
        }
        if outcome != .completed { return outcome }
      }
    }
    return .completed
  }

  /// A build whose launches a run starts, and the directory they write to.
  private struct Build {
    var binary: String
    var directory: String
    var isAlternate: Bool
  }

  /// Runs launch `index` of `build` as a child process; returns how it
  /// ended and what it wrote, if anything.
  private func launch(_ index: Int, of build: Build, padding: String)
    throws(CommandError) -> (LaunchOutcome, LaunchChild.Written?)
  {
    let name = "launch \(index + 1) of \(options.launches)" + (build.isAlternate ? " of \(build.binary)" : "")
    let status: Int32
    do {
      status = try Spawn.run(
        [build.binary, LaunchChild.name, String(index), String(options.launches), build.directory]
          + RunOptions.launchArguments(childArguments),
        environment: ["DISPATCH_BENCH_PADDING": padding], standardOutput: "/dev/null", standardError: nil)
    } catch {
      throw CommandError("cannot start \(name): \(error)", exitStatus: ExitStatus.software)
    }
    let read = LaunchChild.read(build.directory, index: index)
    switch status {
    case ExitStatus.success where read != nil: return (.completed, read)
    case ExitStatus.disagreement where build.isAlternate:
      throw CommandError(
        "\(name) exited with status 1: its strategies disagree (its message is above), or it is not a build of dispatch-bench; nothing was written",
        exitStatus: ExitStatus.disagreement)
    case ExitStatus.disagreement: return (.disagreement, read)
    case ExitStatus.interrupted: return (.interrupted, read)
    default:
      throw CommandError(
        "\(name) failed (exit status \(status)); nothing was written", exitStatus: ExitStatus.software)
    }
  }

  /// The run's own arguments, as its launches are given them.
  private var childArguments: [String] {
    arguments.first == RunOptions.spec.name ? Array(arguments.dropFirst()) : arguments
  }

  /// After an interrupt: the completed benchmark cases go to `<output>.partial`
  /// (`<output>.2.partial` … when that exists), marked incomplete. Nothing
  /// else is written or changed.
  private func writePartial(_ results: RunResults, outputPath: String, console: Console)
    throws(CommandError) -> Int32
  {
    var results = results
    results.info.complete = false
    results.computeRatios()
    let signal = dbms_interrupt_signal() == SIGTERM ? "SIGTERM" : "SIGINT"
    guard !results.rows.isEmpty else {
      console.errorLine("interrupted by \(signal) before any benchmark case was complete; nothing was written")
      return ExitStatus.interrupted
    }
    var partialPath = outputPath + ".partial"
    var attempt = 2
    while fileExists(partialPath) {
      partialPath = "\(outputPath).\(attempt).partial"
      attempt += 1
    }
    do {
      try writeAtomically(results.document, to: partialPath, overwrite: false)
    } catch {
      throw CommandError("interrupted, and cannot write the partial results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    console.errorLine(
      "interrupted by \(signal): wrote the \(results.rows.count.counted("row")) completed so far to \(partialPath) (marked complete=false)")
    return ExitStatus.interrupted
  }

  /// Refuses, before any work, an output that could not be written.
  private func checkWritable(_ path: String, creatingDirectory: Bool) throws(CommandError) {
    try checkOutput(path, force: options.force, creatingDirectory: creatingDirectory)
  }

  /// The command as a user would type it, for the record.
  static func commandLine(_ arguments: [String]) -> String {
    (["dispatch-bench"] + arguments).map { argument in
      argument.allSatisfy({ $0.isLetter || $0.isNumber || "-_.,/=:".contains($0) }) && !argument.isEmpty
        ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }.joined(separator: " ")
  }
}

/// A moment in UTC, written for a file name and for a record.
struct Timestamp {
  var year, month, day, hour, minute, second: Int

  static func now() -> Timestamp {
    var seconds = time(nil)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return Timestamp(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
  }

  private var date: String { "\(year)-\(String(twoDigits: month))-\(String(twoDigits: day))" }

  /// `2026-11-22T13:04:05Z`
  var iso8601: String {
    "\(date)T\(String(twoDigits: hour)):\(String(twoDigits: minute)):\(String(twoDigits: second))Z"
  }

  /// `2026-11-22T13-04-05Z`: no colons, which some file systems refuse.
  var fileName: String {
    "\(date)T\(String(twoDigits: hour))-\(String(twoDigits: minute))-\(String(twoDigits: second))Z"
  }
}

extension RunResults {
  /// Adds what one launch wrote: its samples, and for the first launch its
  /// rows (checksums, footprints, allocation counts) and its build's machine line.
  fileprivate mutating func add(_ written: LaunchChild.Written, launch index: Int) {
    if index == 0 {
      rows = written.rows
      info.machine = written.machine
    }
    samples += written.samples
  }
}
