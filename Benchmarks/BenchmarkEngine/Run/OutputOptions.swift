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
      .value(
        "--output", "PATH", "Where the CSV goes (default: results/<UTC time>\(fileSuffix).csv).",
        example: "--output results/base\(fileSuffix).csv"),
      .flag("--force", "Overwrite an existing output file."),
      .choice(
        "--format", "FORMAT",
        "What standard output gets: table (default), csv, markdown\nor json"
          + (exports.contains(.gbench)
            ? ";\ngbench: Google Benchmark's JSON, for its compare.py\n(also: dispatch-bench export)." : "."),
        choices: (OutputFormat.allCases.map(\.rawValue) + exports.map(\.rawValue)), example: "--format markdown"),
      OptionSpec.wide,
      .flag("--quiet", "No progress or notes on standard error."),
      .flag("--list", "Print the rows it would \(verb), one per strategy and\nbenchmark case, and exit."),
      .flag("--allow-debug-build", "Do not refuse a debug build (its \(measurements) mean little)."),
    ]
  }


  package init(_ arguments: ParsedArguments) throws(CommandError) {
    output = arguments.value("--output")
    force = arguments.has("--force")
    let chosen = try arguments.choice("--format")
    format = chosen.flatMap(OutputFormat.init(rawValue:)) ?? .table
    export = chosen.flatMap(ExportFormat.init(rawValue:))
    quiet = arguments.has("--quiet")
    listOnly = arguments.has("--list")
    allowDebugBuild = arguments.has("--allow-debug-build")
  }
}
