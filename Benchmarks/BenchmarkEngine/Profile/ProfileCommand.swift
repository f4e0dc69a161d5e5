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
import BinaryInspection
import CommandLineSupport

/// `dispatch-bench profile`: deterministic counts per element under valgrind.
package struct ProfileCommand {
  package static let spec = CommandSpec(
    name: "profile",
    summary: "Count instructions, branch misses, retains, releases and allocations per element under valgrind.",
    synopsis: "profile [OPTIONS]",
    options: declared,
    discussion: """
      With no dimension given, profiles every operation at 1,000 uniform
      elements, for every strategy and the floor. Each benchmark case runs its timed loop
      in a child process under valgrind's callgrind with branch simulation,
      twice: with 1 pass and with 3 passes over the feed. Starting, generating
      and building are identical in both runs, so the difference of the counts
      divided by two passes' elements is the loop's cost per element: the same
      on every run of the same binary, whatever else the machine is doing.

      Columns: instructions; conditional and indirect branches and their
      mispredictions (callgrind's simulated predictor); calls to swift_retain
      and swift_release (the runtime entry points every retain and release
      reaches, bridged strings included); calls to malloc and its kin and to
      free (counted at the package's interposer); calls to swift_beginAccess
      (the dynamic exclusivity checks the compiler kept). valgrind 3.19 cannot read the
      DWARF 5 debug information Swift 6 emits, so callgrind runs a copy of the
      binary stripped of it (objcopy --strip-debug); symbols remain.
      The synthetic domain is profiled only when asked for (--domains
      synthetic, or a synthetic operation in --operations), each pattern's
      generated loop at 8 and 64 kinds unless --kinds names others; so is
      the existential domain (--domains existential), whose allocations and
      retains per element are what its claims are about.
      Needs valgrind (Debian: apt-get install valgrind) and a build without
      --sanitize. Exit status: 0 done, 64 bad usage, 65 bad feed file, 69
      valgrind or objcopy missing or a sanitized build, 70 a valgrind run
      failed, 73 output not writable.
      """,
    examples: [
      "dispatch-bench profile --operations feed.color,feed.identifier",
      "dispatch-bench profile --strategies classic-visitor,enum-switch --format markdown",
      "dispatch-bench profile --domains synthetic --kinds 8,64",
      "dispatch-bench profile --domains existential",
      "dispatch-bench compare results/base-profile.csv results/new-profile.csv",
    ])

  /// `profile`'s options, each declared once with its type, in help's
  /// order; the groups it shares with `run` declare theirs.
  package struct Options: OptionGroup {
    package let selection = FeedSelectionOptions.Options(
      verb: "profile", defaultSizes: defaultSizes.map(String.init).joined(separator: ","),
      defaultDistributions: defaultDistributions.map(\.rawValue).joined(separator: ","))
    package let output = OutputOptions.Options(verb: "profile", measurements: "counts", fileSuffix: "-profile")
    package let jobs = Option.integer(
      "--jobs", "N", "valgrind processes at once (default: the number of cores).", example: "--jobs 1", in: 1...64)
  }

  package static let declared = Options()

  package static let passes = (few: 1, many: 3)
  /// What a profile covers when --sizes or --distributions is not given.
  package static let defaultSizes = RunMatrix.smallSizes
  package static let defaultDistributions: [KindDistribution] = [.uniform]
  /// The synthetic domain's numbers of kinds when it is asked for without
  /// --kinds: a small and the largest, so a profile of every pattern stays
  /// a few minutes.
  package static let defaultSyntheticKinds = [8, 64]

  /// The benchmark cases to profile, and the output options, read as its own:
  /// `options.force`.
  @dynamicMemberLookup
  package struct Settings {
    package var matrix: RunMatrix
    package var outputOptions: OutputOptions

    package subscript<Value>(dynamicMember field: KeyPath<OutputOptions, Value>) -> Value {
      outputOptions[keyPath: field]
    }
  }

  package var options: Settings
  package var jobs: Int
  package var arguments: [String]

  package init(_ parsed: ParsedArguments, recorded: [String]) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    let selection = try FeedSelectionOptions(arguments.selection)
    var matrix = selection.matrix(
      shape: .crossProduct, sizes: Self.defaultSizes, distributions: Self.defaultDistributions)
    if !(try Self.asksForSynthetic(arguments.selection)) {
      matrix.syntheticOperations = []
    } else if selection.kinds == nil {
      matrix.syntheticKinds = Self.defaultSyntheticKinds
    }
    options = Settings(matrix: matrix, outputOptions: try OutputOptions(arguments.output))
    jobs = try arguments.jobs ?? max(1, Machine.processorCount())
    self.arguments = recorded
  }

  /// Whether the command line names the synthetic domain or one of its
  /// operations: the default profile leaves it out, since its every
  /// pattern at every number of kinds would triple the profile's time.
  private static func asksForSynthetic(_ arguments: OptionValues<FeedSelectionOptions.Options>) throws(CommandError)
    -> Bool
  {
    let (domains, operations) = (try arguments.domains ?? [], try arguments.operations ?? [])
    return domains.contains(PlannedSynthetic.domain)
      || operations.contains { $0.hasPrefix(PlannedSynthetic.domain + ".") }
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    if Machine.isDebugBuild && !options.allowDebugBuild && !options.listOnly {
      throw .usage(
        "this is a debug build; "
          + "profile 'swift build -c release' output, or pass \(Self.declared.output.allowDebugBuild.name)",
        command: Self.spec.name)
    }
    let plan = options.matrix.plan()
    let requests = Self.requests(of: plan)
    guard !requests.isEmpty else {
      throw .usage(
        "no benchmark cases to profile: "
          + "\(Self.declared.selection.filter.name) or \(Self.declared.selection.strategies.name) left nothing",
        command: Self.spec.name)
    }
    if options.listOnly {
      for request in requests { console.line(request.key.path) }
      return ExitStatus.success
    }
    // A benchmark case's feed is built in every valgrind run: refuse one that cannot fit.
    _ = try MemoryPlanner().schedules(for: plan)
    try Self.checkValgrindCanRun()
    let started = Timestamp.now()
    let outputPath = options.csvPath ?? "\(localResults)/\(started.fileName)-profile.csv"
    try checkOutput(outputPath, force: options.force, creatingDirectory: options.csvPath == nil)
    turnOffAddressRandomization(console: console)
    let scratch = try Scratch()
    defer { scratch.remove() }
    let binary = try scratch.strippedCopy()
    let tool = valgrindVersion()
    if !options.quiet {
      console.errorLine(
        "dispatch-bench profile: \(requests.count.counted("benchmark case")) under \(tool) callgrind, "
          + "\(jobs) at a time, writing \(outputPath)")
    }

    let results = try ValgrindRunner(
      binary: binary, scratch: scratch.path, jobs: jobs, console: console, quiet: options.quiet
    )
    .profile(requests)
    let profile = profileFile(rows: results, path: outputPath, started: started, tool: tool)
    try write(profile)
    console.write(ProfileOutput.render(profile, format: options.format))
    if !options.quiet {
      console.errorLine("wrote \(outputPath) (\(results.count == 1 ? "1 row" : "\(results.count) rows"))")
    }
    return ExitStatus.success
  }

  /// Every benchmark case of `plan`, the feeds' and the synthetic domain's,
  /// with the seed of its feed.
  private static func requests(of plan: RunPlan) -> [ProfileCase.Request] {
    plan.feeds.flatMap { planned in
      planned.keys(in: plan.modes).map { ProfileCase.Request(key: $0, seed: planned.feed.seed) }
    }
      + plan.synthetic.flatMap { planned in planned.keys.map { ProfileCase.Request(key: $0, seed: planned.seed) } }
  }

  /// Refuses a build valgrind cannot run, and a machine without valgrind or
  /// objcopy.
  private static func checkValgrindCanRun() throws(CommandError) {
    if let sanitizer = Machine.sanitizer {
      // AddressSanitizer's shadow memory cannot be mapped under valgrind, and
      // the allocation columns count calls at the interposer, compiled out.
      throw CommandError(
        "this build is instrumented with -sanitize=\(sanitizer), which valgrind cannot run; "
          + "profile a build without --sanitize ('swift build -c release')",
        exitStatus: ExitStatus.unavailable)
    }
    guard Spawn.isAvailable("valgrind") else {
      throw CommandError(
        """
        valgrind is not installed, and profile runs the timed loops under it. Install it: \
        'sudo apt-get install valgrind' on Debian or Ubuntu, 'sudo dnf install valgrind' on Fedora
        """, exitStatus: ExitStatus.unavailable)
    }
    guard Spawn.isAvailable("objcopy") else {
      throw CommandError(
        "objcopy is not installed (binutils): "
          + "it gives valgrind a copy of the binary without DWARF 5 debug info. Install binutils",
        exitStatus: ExitStatus.unavailable)
    }
  }

  /// Turns off address randomisation for this process and the children it
  /// starts: without it, start-up work differs by a few dozen instructions
  /// from run to run, and so would the counts. Says so when it cannot.
  private func turnOffAddressRandomization(console: Console) {
    let randomization = dbms_disable_address_randomization()
    if randomization != 0 && !options.quiet {
      console.errorLine(
        "note: cannot turn off address randomisation (\(String(cString: strerror(randomization)))); "
          + "counts may vary by a few instructions per run")
    }
  }

  /// The profile's file: its rows, and the run's identity, machine, seed
  /// and command line.
  private func profileFile(rows: [ProfileRow], path: String, started: Timestamp, tool: String) -> ProfileFile {
    ProfileFile(
      path: path,
      info: RunInfo(
        schemaVersion: Schema.profileVersion, runID: "\(started.fileName)-profile", timestamp: started.iso8601,
        machine: Machine.current(), seed: options.matrix.seed, command: RunCommand.commandLine(arguments),
        baseline: StrategyID(Registry.baselineName)),
      tool: "\(tool) callgrind --branch-sim=yes; passes \(Self.passes.many) minus \(Self.passes.few)",
      rows: rows)
  }

  /// Writes `profile` to its path, replacing a file there only with --force.
  private func write(_ profile: ProfileFile) throws(CommandError) {
    do {
      try writeAtomically(
        ProfileFile.document(info: profile.info, tool: profile.tool, rows: profile.rows), to: profile.path,
        overwrite: options.force)
    } catch {
      throw CommandError("cannot write results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  private func valgrindVersion() -> String {
    let scratch = "/tmp/dispatch-bench-valgrind-version-\(getpid())"
    defer { unlink(scratch) }
    guard (try? Spawn.run(["valgrind", "--version"], standardOutput: scratch)) == 0,
      let text = try? readText(scratch)
    else { return "valgrind" }
    return text.split(separator: "\n").first.map(String.init) ?? "valgrind"
  }
}
