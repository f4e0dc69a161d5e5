import BenchmarkResults
import DispatchModel

extension CompareCommand {
  /// `--show` and the options that go with it: what to show of two runs
  /// besides the verdicts (`RunPairCheck`), declared, read and checked here.
  struct ShowOptions {
    var check: RunPairCheck
    /// With `--show code-bytes`: every share and feed row counted under
    /// callgrind.
    var requireCallgrind: Bool
    /// With `--show ratios`: the operations, in order; `nil` for all.
    var operations: [String]?

    static let options: [OptionSpec] = [
      .choice(
        "--show", "WHAT",
        "With two runs: verdicts (default); drift, how far their\nratios drift apart (the A/A measure); speed, new over base\nper domain; code-bytes, exit 2 unless every row's\ncode_bytes and method are equal (two builds of one source);\nor ratios, each row's ratio and interval in both, side by side.",
        choices: RunPairCheck.allCases.map(\.rawValue), example: "--show drift"),
      .value(
        "--operations", "LIST",
        "With --show ratios: the operations to show, in this order\n(default: every share and feed operation, in the run's).",
        example: "--operations feed.color,feed.apply-background"),
      .flag(
        "--require-callgrind",
        "With --show code-bytes: also exit 2 unless every share and\nfeed row was counted under callgrind."),
    ]

    /// Reads the options, refusing one given without the `--show` it goes
    /// with, a check of one run, and a format the check does not print.
    init(_ arguments: ParsedArguments, runs: Int, format: OutputFormat) throws(CommandError) {
      let command = CompareCommand.spec.name
      check = try arguments.choice("--show").flatMap(RunPairCheck.init(rawValue:)) ?? .verdicts
      requireCallgrind = arguments.has("--require-callgrind")
      operations = try arguments.names("--operations", from: SpecOperation.allCases.map(\.rawValue), kind: "operation")
      if check != .verdicts && runs != 2 {
        throw .usage("--show \(check.rawValue) reads two runs", command: command)
      }
      if operations != nil && check != .ratios {
        throw .usage("--operations goes with --show ratios", command: command)
      }
      if requireCallgrind && check != .codeBytes {
        throw .usage("--require-callgrind goes with --show code-bytes", command: command)
      }
      let printsTables = check == .verdicts || check == .ratios
      if !printsTables && arguments.value("--format") != nil {
        throw .usage("--show \(check.rawValue) prints text of its own; --format goes with verdicts and ratios", command: command)
      }
      if check == .ratios && (format == .csv || format == .json) {
        throw .usage("--show ratios prints a table or Markdown", command: command)
      }
    }

    /// Prints the check of two runs; throws its failure.
    func run(_ files: [Schema.Contents], format: OutputFormat, console: Console) throws(CommandError) -> Int32 {
      guard case .run(let a) = files[0], case .run(let b) = files[1] else {
        throw .usage("--show \(check.rawValue) reads two runs, not profiles", command: CompareCommand.spec.name)
      }
      let report =
        switch check {
        case .verdicts: CheckReport(text: "")
        case .drift: RunPairChecks.drift(a, b)
        case .speed: RunPairChecks.speed(a, b)
        case .codeBytes: RunPairChecks.codeBytes(a, b, requireCallgrind: requireCallgrind)
        case .ratios:
          RunPairChecks.ratios(a, b, operations: operations, format: format == .markdown ? .markdown : .table)
        }
      if let failure = report.failure { throw failure }
      console.write(report.text)
      return ExitStatus.success
    }
  }
}
