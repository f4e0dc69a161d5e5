import BenchmarkResults
import DispatchModel
import CommandLineSupport
import RunContract

/// `dispatch-bench report`: a run's charts and the tables behind them.
package struct ReportCommand {
  package static let spec = CommandSpec(
    name: "report",
    summary: "Write a run's report: report.md and SVG charts.",
    synopsis:
      "report RUN.csv [--profile PROFILE.csv] [--scaling DIR] [--output-dir DIR] [--force]\n"
      + "report RUN.csv RUN.csv ... | FOLDER --output-dir DIR [--force]",
    positionals: 1...Int.max, positionalName: "RUN.csv",
    options: declared,
    discussion: """
      Charts: median ns per element of every strategy for every operation of
      each feed (grouped bars, log scale where the spread needs it, 95%
      interval whiskers); size scaling (ns per element against feed size, log
      x); distribution sensitivity (each strategy under each kind layout).
      Each chart's caption gives the run's machine, Swift version and seed;
      report.md holds the tables behind the charts and links them. Its "why"
      section sets each strategy's time next to its allocations and footprint
      (from the run) and, with --profile, its instructions, branch
      mispredictions, retains and releases per element.
      Given several runs, or a folder of them (results/reference/machines),
      the report is over machines: machines.svg, each span claim of the
      answer with each CPU model's 95% interval side by side (a model's runs
      pooled), and machines.md, the table `answer` prints over them.
      Exit status: 0 written, 64 bad usage, 65 the run file unreadable or not
      a dispatch-bench run, 73 the report cannot be written or exists.
      """,
    examples: [
      "dispatch-bench report results/2026-11-22T13-46-40Z.csv",
      "dispatch-bench report results/run.csv --output-dir /tmp/report --force",
      "dispatch-bench report results/reference/machines --output-dir results/reference/machines-report",
    ])

  /// The options, each declared once with its type, in help's order.
  package struct Options: OptionGroup {
    /// Where the report goes: a folder, so not `--output`, which is a
    /// file wherever a command takes it (formerly `--out`).
    package let outputDirectory = Option.value(
      "--output-dir", "DIR",
      """
      Where report.md and the charts go (default: the run's
      file name without .csv, plus -report).
      """,
      example: "--output-dir results/latest-report", formerNames: ["--out"])
    package let scaling = Option.value(
      "--scaling", "DIR",
      """
      A directory with compile-time.csv and edit-cost.csv
      (results/scaling): adds compile times and the cost of a change.
      """,
      example: "--scaling results/scaling")
    package let profile = Option.profile
    package let force = Option.flag("--force", "Replace an existing report in DIR.")
  }

  package static let declared = Options()

  package var path: String
  package var profilePath: String?
  package var outputDirectory: String
  package var force: Bool

  /// Every run given, a folder replaced by its runs: several make a report
  /// over machines.
  package var paths: [String]

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    paths = try AnswerCommand.expandingFolders(arguments.positionals)
    path = paths[0]
    let stem = path.hasSuffix(".csv") ? String(path.dropLast(4)) : path
    outputDirectory =
      try arguments.outputDirectory ?? (stem.hasSuffix("/") ? String(stem.dropLast()) : stem) + "-report"
    force = try arguments.force
    profilePath = try arguments.profile
    scalingDirectory = try arguments.scaling
  }

  package var scalingDirectory: String?

  package func run(console: Console) throws(CommandError) -> Int32 {
    if paths.count > 1 { return try write(try machinesReport().files(), console: console) }
    guard case .run(let run) = try loadResults(path) else {
      throw .usage(
        "\(path) is a profile; report a run CSV and pass the profile with \(Self.declared.profile.name)",
        command: Self.spec.name)
    }
    let profile = try profilePath.map { path throws(CommandError) in
      try loadProfile(path, option: Self.declared.profile.name, command: Self.spec.name, beside: nil, console: console)
    }
    var report = ReportDocument(run: run, profile: profile)
    if let scalingDirectory {
      report.scaling = try ScalingTables.load(scalingDirectory, option: Self.declared.scaling.spec)
    }
    return try write(report.files(), console: console)
  }

  /// The runs given, read for the machines report.
  private func machinesReport() throws(CommandError) -> MachinesReport {
    if profilePath != nil || scalingDirectory != nil {
      throw .usage(
        "\(Self.declared.profile.name) and \(Self.declared.scaling.name) go with one run; "
          + "given several, report is over machines",
        command: Self.spec.name)
    }
    var runs: [AnswerRows] = []
    for path in paths {
      guard case .run(let run) = try loadResults(path) else {
        throw .usage("\(path) is a profile; a report over machines reads runs", command: Self.spec.name)
      }
      if run.info.baseline != AnswerNames.enumSwitch {
        throw .dataError(
          "\(path) takes its ratios against \(run.info.baseline); "
            + "the machines report compares with \(AnswerNames.enumSwitch)")
      }
      runs.append(AnswerRows(run: run, size: AnswerRows.defaultSize(run), layout: KindDistribution.uniform.rawValue))
    }
    return MachinesReport(answer: MachinesAnswer(runs))
  }

  /// Writes the report's files into the output folder, refusing to replace
  /// any unless `--force`.
  private func write(_ files: [(name: String, content: String)], console: Console) throws(CommandError) -> Int32 {
    let summary = files.first { $0.name.hasSuffix(".md") }?.name ?? "report.md"
    do {
      try makeDirectory(outputDirectory)
    } catch {
      throw CommandError("cannot write the report: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    if !force {
      for (name, _) in files where fileExists("\(outputDirectory)/\(name)") {
        throw CommandError(
          "\(outputDirectory)/\(name) already exists; pass \(Self.declared.force.name) to replace the report",
          exitStatus: ExitStatus.cannotCreate)
      }
    }
    try checkOutput("\(outputDirectory)/\(summary)", force: true, creatingDirectory: false)
    // Counted as written, by name: what the directory holds afterwards.
    var charts: Set<String> = []
    do {
      for (name, content) in files {
        try writeAtomically(content, to: "\(outputDirectory)/\(name)", overwrite: true)
        if name.hasSuffix(".svg") { charts.insert(name) }
      }
    } catch {
      throw CommandError("cannot write the report: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    console.errorLine("wrote \(outputDirectory)/\(summary) and \(charts.count.counted("SVG chart"))")
    return ExitStatus.success
  }
}
