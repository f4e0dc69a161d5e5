import BinaryInspection
import CommandLineSupport

/// Where a command's CSV goes, what standard output gets, and how much it
/// says. `run` and `profile` both take these options; they are declared and
/// read here once.
package struct OutputOptions {
  /// --output: where the CSV goes; `nil` for the command's default path.
  package var output: String?
  package var force: Bool
  package var format: OutputFormat
  /// --format naming a format for other tools, which `format` then stands
  /// aside for.
  package var export: ExportFormat?
  package var quiet: Bool
  /// --list: print the benchmark cases' rows, and exit without measuring.
  package var listOnly: Bool
  package var allowDebugBuild: Bool

  /// The options, declared once and read through these declarations. An
  /// option whose help names the command's own terms has it worded in
  /// `options(verb:measurements:fileSuffix:exports:)`, with the help here
  /// empty.
  package enum Options {
    package static let output = OptionSpec.value("--output", "PATH", "", example: "--output results/base.csv")
    package static let force = OptionSpec.flag("--force", "Overwrite an existing output file.")
    package static let format = OptionSpec.choice(
      "--format", "FORMAT", "", choices: OutputFormat.allCases.map(\.rawValue), example: "--format markdown")
    package static let quiet = OptionSpec.flag("--quiet", "No progress or notes on standard error.")
    package static let list = OptionSpec.flag("--list", "")
    package static let allowDebugBuild = OptionSpec.flag("--allow-debug-build", "")
  }

  /// The options, in help order. Only what differs between commands is a
  /// parameter.
  /// - Parameters:
  ///   - verb: What the command does to a benchmark case: "time", "profile".
  ///   - measurements: What it measures: "numbers", "counts".
  ///   - fileSuffix: What the command's CSV file names end with before
  ///     `.csv`: "" for a run, "-profile" for a profile.
  ///   - exports: Formats for other tools --format also offers.
  package static func options(
    verb: String, measurements: String, fileSuffix: String, exports: [ExportFormat] = []
  ) -> [OptionSpec] {
    [
      Options.output.with(
        help: "Where the CSV goes (default: \(localResults)/<UTC time>\(fileSuffix).csv).",
        example: "\(Options.output.name) results/base\(fileSuffix).csv"),
      Options.force,
      Options.format.with(
        help: "What standard output gets: table (default), csv, markdown\nor json"
          + (exports.contains(.gbench)
            ? ";\ngbench: Google Benchmark's JSON, for its compare.py\n(also: dispatch-bench export)." : "."),
        choices: OutputFormat.allCases.map(\.rawValue) + exports.map(\.rawValue)),
      OptionSpec.wide,
      Options.quiet,
      Options.list.with(help: "Print the rows it would \(verb), one per strategy and\nbenchmark case, and exit."),
      Options.allowDebugBuild.with(help: "Do not refuse a debug build (its \(measurements) mean little)."),
    ]
  }

  package init(_ arguments: ParsedArguments) throws(CommandError) {
    output = arguments.value(Options.output)
    force = arguments.has(Options.force)
    let chosen = try arguments.choice(Options.format)
    format = chosen.flatMap(OutputFormat.init(rawValue:)) ?? .table
    export = chosen.flatMap(ExportFormat.init(rawValue:))
    quiet = arguments.has(Options.quiet)
    listOnly = arguments.has(Options.list)
    allowDebugBuild = arguments.has(Options.allowDebugBuild)
  }
}
