import BenchmarkResults
import BinaryInspection
import CommandLineSupport
import RunContract

/// `dispatch-bench run`, the main job: time every strategy on the planned
/// benchmark cases and write the results.
///
/// The command only wires the engine's parts together, in the order a run
/// goes: plan (`RunMatrix.plan()`, `MemoryPlanner`, into a `LaunchPlan`),
/// launch (`Launches`: `LaunchRunner` here, or `LaunchChild` processes),
/// aggregate (`RunAggregate`: rows, ratios, code bytes) and write
/// (`RunWriter`). Guides/Run.md, "How the run engine is organised".
package struct RunCommand {
  package var options: RunOptions
  package var arguments: [String]
  /// Whether to stop early: an interrupt asked.
  package var shouldStop: () -> Bool = { Interrupts.requested }
  /// What a run in the table format prints last, given the CSV it wrote:
  /// its answer, from the reports above this module (`RunAnswer`).
  package var closing: ((String) -> String)?

  package init(
    options: RunOptions, arguments: [String], shouldStop: @escaping () -> Bool = { Interrupts.requested },
    closing: ((String) -> String)? = nil
  ) {
    self.options = options
    self.arguments = arguments
    self.shouldStop = shouldStop
    self.closing = closing
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    try refuseADebugBuild()
    let plan = options.matrix.plan()
    guard !plan.keys.isEmpty else {
      throw .usage(
        "no benchmark cases to run: \(RunOptions.declared.selection.filter.name) "
          + "or \(RunOptions.declared.selection.strategies.name) left nothing",
        command: RunOptions.spec.name)
    }
    if options.listOnly {
      for key in plan.keys { console.line(key.path) }
      return ExitStatus.success
    }
    let started = Timestamp.now()
    let clock = PhaseClock()
    let writer = try RunWriter(options: options, started: started)
    // Planned once, here: every launch follows this plan.
    let launchPlan = LaunchPlan(plan, memory: try MemoryPlanner().plan(for: plan), options: options)
    let machine = Machine.current()
    let note = self.note(console)
    RunHeader(plan: launchPlan, options: options, outputPath: writer.outputPath, machine: machine).lines.forEach(note)

    let info = RunInfo.started(
      started, machine: machine, seed: options.matrix.seed, command: Self.commandLine(arguments))
    var aggregates = options.builds.aggregates(info)
    var layouts: (directory: String, binaries: [String])?
    if case .layouts(let seeds) = options.builds { layouts = try LayoutBuilds.make(seeds, note: note) }
    defer { if let layouts { LayoutBuilds.remove(layouts.directory) } }
    let builds = options.builds.timedBuilds(this: executablePath(), layouts: layouts?.binaries ?? [])
    return try launch(
      launchPlan, builds: builds, into: &aggregates, writer: writer, machine: machine, clock: clock, console: console)
  }

  /// Runs the launches of `builds` and writes what they measured.
  private func launch(
    _ launchPlan: LaunchPlan, builds: [TimedBuild], into aggregates: inout [RunAggregate], writer: RunWriter,
    machine: Machine, clock: PhaseClock, console: Console
  ) throws(CommandError) -> Int32 {
    let note = self.note(console)
    Interrupts.install()
    let reserve = RunEstimate(launchPlan.plan, sampling: launchPlan.sampling).probe(
      probed: launchPlan.plan.strategies.count, probing: machine.buildConfiguration == "release", cores: machine.cores)
    let launches = Launches(
      plan: launchPlan, builds: builds, design: options.design, reserve: reserve, shouldStop: shouldStop, clock: clock)
    switch try launches.run(into: &aggregates, console: console) {
    case .completed: break
    case .disagreement: return ExitStatus.disagreement
    case .interrupted:
      for path in writer.otherOutputs { note("\(path) was not written: the run was interrupted") }
      return try writer.writePartial(aggregates[0].partialRows(), console: console)
    }
    if case .named(let named) = options.builds {
      try writeBuilds(named, aggregates, with: writer, clock: clock, console: console)
    } else {
      try write(
        aggregates[0], aggregates.count > 1 ? aggregates[1] : nil, with: writer, machine: machine, clock: clock,
        console: console)
    }
    return ExitStatus.success
  }

  /// Writes each build of `--builds` to its own file, its code counted by
  /// direct calls (none of them is this binary, whose code callgrind reads).
  private func writeBuilds(
    _ builds: [NamedBuild], _ aggregates: [RunAggregate], with writer: RunWriter, clock: PhaseClock,
    console: Console
  ) throws(CommandError) {
    let note = self.note(console)
    // Every build's rows first, so that each file carries the run's whole
    // time but its own writing.
    let all = zip(builds, aggregates).map { build, aggregate in
      (clock.time(.other) { aggregate.rows(code: CodeSize(file: build.binary)) }, aggregate.adaptive)
    }
    let time = clock.time(restIn: .other)
    for (build, (results, adaptive)) in zip(builds, all) {
      var results = results
      results.info.time = time
      let path = build.output(writer.outputPath)
      try clock.time(.writing) { () throws(CommandError) in try writer.write(results, to: path) }
      note("wrote \(path) (\(results.rows.count.counted("row")) of build \(build.name), \(build.binary))")
      if let adaptive { note("build \(build.name): " + Self.summary(adaptive, results)) }
    }
    note(Self.timeLine(clock.time(restIn: .other)))
  }

  /// Writes the other build's rows and this build's, then, with the
  /// timings safe on disk, counts the code each share and feed row runs
  /// under callgrind (the samples do not change; a debug build's loops are
  /// not the measured ones) and writes the rows again.
  private func write(
    _ run: RunAggregate, _ alternate: RunAggregate?, with writer: RunWriter, machine: Machine, clock: PhaseClock,
    console: Console
  ) throws(CommandError) {
    let note = self.note(console)
    let code = CodeSize.ofThisExecutable()
    if code == nil && CodeSize.holdsSwiftRuntime(file: executablePath()) { note(CodeSize.runtimeNote) }
    var results = clock.time(.other) { run.rows(code: code) }
    results.info.time = clock.time(restIn: .other)
    if let alternate, let build = options.alternate {
      var rows = clock.time(.other) { alternate.rows(code: CodeSize(file: build.binary)) }
      rows.info.time = clock.time(restIn: .other)
      try clock.time(.writing) { () throws(CommandError) in try writer.write(rows, of: build) }
      note("wrote \(build.output) (\(rows.rows.count.counted("row")) of \(build.binary); code_bytes by direct calls)")
    }
    try clock.time(.writing) { () throws(CommandError) in
      try writer.write(results, overwrite: options.force, samples: true)
    }
    if let code, machine.buildConfiguration == "release" {
      _ = clock.time(.codeSize) {
        results.countCode(
          underCallgrind: code, seed: options.matrix.seed, cores: machine.cores, console: console, note: note)
      }
    }
    // The file's time ends here: the rows are written again with it (and
    // the code bytes, when counted), which it cannot include.
    results.info.time = clock.time(restIn: .other)
    try writer.write(results, overwrite: true, samples: false)
    console.write(writer.rendered(results))
    note("wrote \(writer.outputPath) (\(results.rows.count.counted("row")))")
    if let adaptive = run.adaptive { note(Self.summary(adaptive, results)) }
    if let time = results.info.time { note(Self.timeLine(time)) }
    if let reason = results.disturbance?.reason {
      note(
        "the machine was disturbed during this run: \(reason); "
          + "its rows say so (interrupted_share, launch_speed_spread), and compare warns of it")
    }
    if let samplesPath = options.samplesPath { note("wrote \(samplesPath)") }
    if let closing, options.format == .table && options.export == nil {
      console.write("\n" + closing(writer.outputPath))
    }
  }

  /// What adaptive launches did, in a line: how many launches, and how many
  /// cases fell short of the target and why.
  package static func summary(_ adaptive: AdaptiveSummary, _ results: MeasuredRun) -> String {
    let target = CSVNumber.text(adaptive.settings.targetResolution * 100) + "%"
    let cases = Set(results.rows.map(\.key.benchmarkCase)).count
    var text = "adaptive launches: \(adaptive.initialLaunches) of every case"
    if let most = adaptive.laterLaunches.max(), let fewest = adaptive.laterLaunches.min() {
      let cases = fewest == most ? most.counted("case") : "\(fewest) to \(most) cases"
      text +=
        ", then \(adaptive.laterLaunches.count.counted("more launch", plural: "more launches")) of \(cases), "
        + (adaptive.claimLaunches > 0 ? "\(adaptive.claimLaunches) for the claims still open, then " : "")
        + "the widest first"
      if let fewest = adaptive.fewerRounds.min(), let most = adaptive.fewerRounds.max() {
        let rounds = fewest == most ? "\(most)" : "\(fewest) to \(most)"
        let of = adaptive.laterLaunches.reduce(0, +)
        text +=
          " (\(adaptive.fewerRounds.count) of their \(of) cases in \(rounds) rounds, "
          + "not \(adaptive.fullRounds): their launches decide)"
      }
    }
    let short = results.casesShortOfTarget
    guard !short.isEmpty else { return text + "; every case met the target resolution of \(target)" }
    let why =
      switch adaptive.stop {
      case .allMet: ""
      case .outOfTime:
        " within \(RunOptions.declared.design.maxTime.name) \(Progress.duration(adaptive.settings.maxTime))"
      case .maxLaunches: " within \(RunOptions.declared.design.maxLaunches.name) \(adaptive.settings.maxLaunches)"
      case .layouts:
        " (more launches could not narrow the rest: their variance is between layouts, so more layouts would)"
      }
    return text
      + "; \(short.count) "
      + "of \(cases) cases did not meet the target resolution of \(target)\(why) (met_target says which rows)"
      + limits(results, target: adaptive.settings.targetResolution).map { "\n  " + $0 }.joined()
  }

  /// The widest rows short of the target, with what would resolve them:
  /// where launches decide, a row's resolution narrows as one over the
  /// square root of its launches, so it needs about launches × (resolution
  /// ÷ target)² of them; and, at the pace this run launched it (its
  /// launches in the run's wall time), the `--max-time` those would take.
  /// The pace makes it an upper estimate: in a longer run the other cases
  /// settle and leave the row more of each second.
  package static func limits(_ results: MeasuredRun, target: Double, count: Int = 3) -> [String] {
    let short = results.rows.filter { $0.metTarget == false }
      .sorted { ($0.resolution ?? 0) > ($1.resolution ?? 0) }
      .prefix(count)
    return short.compactMap { row in
      guard let resolution = row.resolution, resolution > 0 else { return nil }
      let needed = Int((Double(row.launches) * (resolution / target) * (resolution / target)).rounded(.up))
      let share =
        row.launchVarianceShare.map { ", \(CSVNumber.text(($0 * 100).rounded()))% of its variance between launches" }
        ?? ""
      let wall = results.info.time?.wall ?? 0
      let pace =
        wall > 0 && row.launches > 0
        ? ", at this run's pace (\(row.launches) in \(Progress.duration(wall))) within "
          + "\(RunOptions.declared.design.maxTime.name) "
          + "\(Int((wall * Double(needed) / Double(row.launches)).rounded(.up)))"
        : ""
      return "\(row.key.path): "
        + "\(CSVNumber.text((resolution * 1000).rounded() / 10))% after \(row.launches) launches\(share); "
        + "about \(needed) launches would resolve it\(pace)"
    }
  }

  /// Where the run's time went, in a line: the share in timed loops, then
  /// each other phase that took a second or more, the largest first.
  package static func timeLine(_ time: RunTime) -> String {
    let rest = RunTime.Phase.allCases.filter { $0 != .sampling && time[$0] >= 0.5 }
      .sorted { time[$0] > time[$1] }
      .map { "\($0.words) \(seconds(time[$0]))" }
    return "time: \(CSVNumber.text((time.samplingShare * 100).rounded()))% "
      + "of \(Progress.duration(time.wall)) in timed loops ("
      + "\(seconds(time[.sampling])))" + (rest.isEmpty ? "" : "; " + rest.joined(separator: ", "))
  }

  private static func seconds(_ value: Double) -> String {
    value >= 10 ? "\(Int(value.rounded())) s" : "\(CSVNumber.text((value * 10).rounded() / 10)) s"
  }

  /// A debug build's timings measure unoptimised code rather than the
  /// patterns: refused unless asked for, or only listing.
  private func refuseADebugBuild() throws(CommandError) {
    guard Machine.isDebugBuild && !options.allowDebugBuild && !options.listOnly else { return }
    throw .usage(
      """
      this is a debug build, whose timings measure unoptimised code rather than the patterns. \
      Run 'swift run -c release dispatch-bench', or pass --allow-debug-build
      """, command: RunOptions.spec.name)
  }

  /// A line on standard error, unless `--quiet`.
  private func note(_ console: Console) -> (String) -> Void {
    { text in if !options.quiet { console.errorLine(Self.wrapped(text, width: console.width)) } }
  }

  /// A note's lines fitted to `width` columns: each broken at spaces,
  /// its continuations indented two columns past the line's own indent.
  package static func wrapped(_ text: String, width: Int?) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let indent = line.prefix { $0 == " " }.count
      let margin = String(repeating: " ", count: indent)
      return TextTable.wrap(String(line.dropFirst(indent)), width: width.map { max($0 - indent, 20) }, indent: 2)
        .split(separator: "\n").map { margin + $0 }.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// The command as a user would type it, for the record.
  package static func commandLine(_ arguments: [String]) -> String {
    (["dispatch-bench"] + arguments).map { argument in
      argument.allSatisfy({ $0.isLetter || $0.isNumber || "-_.,/=:".contains($0) }) && !argument.isEmpty
        ? argument
        : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }.joined(separator: " ")
  }
}
