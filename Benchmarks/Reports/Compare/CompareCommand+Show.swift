import BenchmarkResults
import CommandLineSupport
import RunContract

extension CompareCommand {
  /// `--show` and the options that go with it: what to show of two runs
  /// besides the verdicts (`CompareShow`), declared, read and checked here.
  package struct ShowOptions {
    package var check: CompareShow
    /// With `--show code-bytes`: every share and feed row counted under
    /// callgrind.
    package var requireCallgrind: Bool
    /// With `--show ratios`: the operations, in order; `nil` for all.
    package var operations: [String]?

    /// Reads the options, refusing one given without the `--show` it goes
    /// with, a check of one run, and a format the check does not print.
    package init(_ arguments: OptionValues<Options>, format: OutputFormat) throws(CommandError) {
      let (command, options, runs) = (arguments.command, arguments.group, arguments.positionals.count)
      check = try arguments.show
      requireCallgrind = try arguments.requireCallgrind
      operations = try arguments.operations
      let show = options.show.name
      if check != .verdicts && runs != check.runs {
        throw .usage("\(show) \(check.rawValue) reads \(check.runs == 1 ? "one run" : "two runs")", command: command)
      }
      if check.readsSamples && !arguments.isGiven(\.samples) {
        throw .usage(
          "\(show) \(check.rawValue) reads the run's raw samples: pass \(options.samples.name)", command: command)
      }
      if operations != nil && check != .ratios {
        throw .usage("\(options.operations.name) goes with \(show) ratios", command: command)
      }
      if requireCallgrind && check != .codeBytes {
        throw .usage("\(options.requireCallgrind.name) goes with \(show) code-bytes", command: command)
      }
      let printsTables = check == .verdicts || check == .ratios
      if !printsTables && arguments.isGiven(\.format) {
        throw .usage(
          "\(show) \(check.rawValue) prints text of its own; \(options.format.name) goes with verdicts and ratios",
          command: command)
      }
      if check == .ratios && (format == .csv || format == .json) {
        throw .usage("\(show) ratios prints a table or Markdown", command: command)
      }
    }

    /// Prints the check of the runs (and samples) given; throws its failure.
    /// `baseline` is what a view of one run's samples takes ratios to
    /// (`nil`: the run's own).
    package func run(
      _ files: [Schema.Contents], samples: [SamplesFile]?, baseline: StrategyID?, format: OutputFormat,
      console: Console
    ) throws(CommandError) -> Int32 {
      let runs = files.compactMap { contents -> RunFile? in
        guard case .run(let run) = contents else { return nil }
        return run
      }
      guard runs.count == files.count else {
        throw .usage(
          "\(CompareCommand.declared.show.name) \(check.rawValue) reads runs, not profiles",
          command: CompareCommand.spec.name)
      }
      if check == .launchSpread, let samples {
        return try print(LaunchSpread.report(samples[0], baseline: runs[0].info.baseline), console: console)
      }
      if check == .launchSpeed, let samples {
        return try print(LaunchSpeed.report(samples[0]), console: console)
      }
      if check == .roundsOrLaunches, let samples {
        return try print(
          RoundsOrLaunches.report(samples[0], baseline: baseline ?? runs[0].info.baseline), console: console)
      }
      let (a, b) = (runs[0], runs[1])
      let report =
        switch check {
        case .verdicts: CheckReport(text: "")
        case .drift: RunPairChecks.drift(a, b)
        case .speed: RunPairChecks.speed(a, b)
        case .codeBytes: RunPairChecks.codeBytes(a, b, requireCallgrind: requireCallgrind)
        case .ratios:
          RunPairChecks.ratios(a, b, operations: operations, format: format == .markdown ? .markdown : .table)
        case .runLevel: RunLevel.report(MeasuredFile(.run(a)), MeasuredFile(.run(b)))
        case .launchSpread, .launchSpeed, .roundsOrLaunches: CheckReport(text: "")
        }
      return try print(report, console: console)
    }

    private func print(_ report: CheckReport, console: Console) throws(CommandError) -> Int32 {
      if let failure = report.failure { throw failure }
      console.write(report.text)
      return ExitStatus.success
    }
  }
}
