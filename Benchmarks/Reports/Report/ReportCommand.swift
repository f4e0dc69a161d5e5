import BenchmarkResults
import BenchmarkEngine
import BinaryInspection
import CommandLineSupport

/// `dispatch-bench report`: a run's charts and the tables behind them.
package struct ReportCommand {
  package static let spec = CommandSpec(
    name: "report",
    summary: "Write a run's report: report.md and SVG charts.",
    synopsis: "report RUN.csv [--profile PROFILE.csv] [--scaling DIR] [--output DIR] [--force]",
    positionals: 1...1, positionalName: "RUN.csv",
    options: [Options.output, Options.scaling, Options.profile, Options.force],
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
      Exit status: 0 written, 64 bad usage, 65 the run file unreadable or not
      a dispatch-bench run, 73 the report cannot be written or exists.
      """,
    examples: [
      "dispatch-bench report results/2026-11-22T13-46-40Z.csv",
      "dispatch-bench report results/run.csv --output /tmp/report --force",
    ])

  /// The options, declared once and read through these declarations.
  package enum Options {
    /// Where the report goes: `--output`, as every command that writes
    /// calls it (formerly `--out`).
    package static let output = OptionSpec.value(
      "--output", "DIR", "Where report.md and the charts go (default: the run's\nfile name without .csv, plus -report).",
      example: "--output results/latest-report", formerNames: ["--out"])
    package static let scaling = OptionSpec.value(
      "--scaling", "DIR",
      "A directory with compile-time.csv and edit-cost.csv\n(results/scaling): adds compile times and the cost of a change.",
      example: "--scaling results/scaling")
    package static let profile = OptionSpec.value(
      "--profile", "PROFILE.csv",
      "A profile (dispatch-bench profile) whose counts explain\nthe times: adds the report's \"why\" section charts.",
      example: "--profile results/2026-11-22T15-00-00Z-profile.csv")
    package static let force = OptionSpec.flag("--force", "Replace an existing report in DIR.")
  }

  package var path: String
  package var profilePath: String?
  package var outputDirectory: String
  package var force: Bool

  package init(_ arguments: ParsedArguments) throws(CommandError) {
    path = arguments.positionals[0]
    let stem = path.hasSuffix(".csv") ? String(path.dropLast(4)) : path
    outputDirectory = arguments.value(Options.output) ?? stem + "-report"
    force = arguments.has(Options.force)
    profilePath = arguments.value(Options.profile)
    scalingDirectory = arguments.value(Options.scaling)
  }

  package var scalingDirectory: String?

  package func run(console: Console) throws(CommandError) -> Int32 {
    guard case .run(let run) = try loadResults(path) else {
      throw .usage(
        "\(path) is a profile; report a run CSV and pass the profile with \(Options.profile.name)", command: Self.spec.name)
    }
    var profile: ProfileFile?
    if let profilePath {
      guard case .profile(let file) = try loadResults(profilePath) else {
        throw .usage("\(Options.profile.name): \(profilePath) is not a profile CSV", command: Self.spec.name)
      }
      profile = file
    }
    var report = ReportDocument(run: run, profile: profile)
    if let scalingDirectory { report.scaling = try ScalingTables.load(scalingDirectory, option: Options.scaling) }
    let files = report.files()
    do {
      try makeDirectory(outputDirectory)
    } catch {
      throw CommandError("cannot write the report: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    if !force {
      for (name, _) in files where fileExists("\(outputDirectory)/\(name)") {
        throw CommandError(
          "\(outputDirectory)/\(name) already exists; pass \(Options.force.name) to replace the report",
          exitStatus: ExitStatus.cannotCreate)
      }
    }
    try checkOutput("\(outputDirectory)/report.md", force: true, creatingDirectory: false)
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
    console.errorLine("wrote \(outputDirectory)/report.md and \(charts.count.counted("SVG chart"))")
    return ExitStatus.success
  }
}
