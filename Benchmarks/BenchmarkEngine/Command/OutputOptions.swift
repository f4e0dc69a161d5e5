import CommandLineSupport
import RunContract

/// Where a command's CSV goes, what standard output gets, and how much it
/// says. `run` and `profile` both take these options; they are declared and
/// read here once.
package struct OutputOptions {
  /// --output: where the CSV goes; `nil` for the command's default path.
  package var csvPath: String?
  package var force: Bool
  package var format: OutputFormat
  /// --format naming a format for other tools, which `format` then stands
  /// aside for.
  package var export: ExportFormat?
  package var quiet: Bool
  /// --list: print the benchmark cases' rows, and exit without measuring.
  package var listOnly: Bool
  package var allowDebugBuild: Bool

  /// The options, each declared once with its type and default; what
  /// differs between the commands that share them is a parameter.
  package struct Options: OptionGroup {
    package let csvPath: Option<String?>
    package let force = Option.force
    package let format: Option<String?>
    package let wide = Option.wide
    package let quiet = Option.flag("--quiet", "No progress or notes on standard error.")
    package let list: Option<Bool>
    package let allowDebugBuild: Option<Bool>

    /// - Parameters:
    ///   - verb: What the command does to a benchmark case: "time", "profile".
    ///   - measurements: What it measures: "numbers", "counts".
    ///   - fileSuffix: What the command's CSV file names end with before
    ///     `.csv`: "" for a run, "-profile" for a profile.
    ///   - exports: Formats for other tools --format also offers.
    package init(verb: String, measurements: String, fileSuffix: String, exports: [ExportFormat] = []) {
      csvPath = .value(
        "--output", "PATH", "Where the CSV goes (default: \(localResults)/<UTC time>\(fileSuffix).csv).",
        example: "--output results/base\(fileSuffix).csv")
      format = .choice(
        "--format", "FORMAT",
        """
        What standard output gets: table (default), csv, markdown
        or json
        """
          + (exports.contains(.gbench)
            ? ";\ngbench: Google Benchmark's JSON, for its compare.py\n(also: dispatch-bench export)." : "."),
        choices: OutputFormat.allCases.map(\.rawValue) + exports.map(\.rawValue), example: "--format markdown")
      list = .flag(
        "--list",
        """
        Print the rows it would \(verb), one per strategy and
        benchmark case, and exit.
        """)
      allowDebugBuild = .flag("--allow-debug-build", "Do not refuse a debug build (its \(measurements) mean little).")
    }
  }

  package init(_ arguments: OptionValues<Options>) throws(CommandError) {
    csvPath = try arguments.csvPath
    force = try arguments.force
    let chosen = try arguments.format
    format = chosen.flatMap(OutputFormat.init(rawValue:)) ?? .table
    export = chosen.flatMap(ExportFormat.init(rawValue:))
    quiet = try arguments.quiet
    listOnly = try arguments.list
    allowDebugBuild = try arguments.allowDebugBuild
  }
}
