/// Where a command's CSV goes, what standard output gets, and how much it
/// says. `run` and `profile` both take these options; they are declared and
/// read here once.
struct OutputOptions {
  /// --output: where the CSV goes; `nil` for the command's default path.
  var output: String?
  var force: Bool
  var format: OutputFormat
  var quiet: Bool
  /// --list: print the cells, and exit without measuring.
  var listOnly: Bool
  var allowDebugBuild: Bool

  /// The options, in help order. Only what differs between commands is a
  /// parameter.
  /// - Parameters:
  ///   - verb: What the command does to a cell: "time", "profile".
  ///   - measurements: What it measures: "numbers", "counts".
  ///   - fileSuffix: What the command's CSV file names end with before
  ///     `.csv`: "" for a run, "-profile" for a profile.
  static func options(verb: String, measurements: String, fileSuffix: String) -> [OptionSpec] {
    [
      .value(
        "--output", "PATH", "Where the CSV goes (default: results/<UTC time>\(fileSuffix).csv).",
        example: "--output results/base\(fileSuffix).csv"),
      .flag("--force", "Overwrite an existing output file."),
      .value(
        "--format", "FORMAT",
        "What standard output gets: table (default), csv, markdown\nor json.",
        example: "--format markdown"),
      .flag("--quiet", "No progress or notes on standard error."),
      .flag("--list", "Print the cells it would \(verb), and exit."),
      .flag("--allow-debug-build", "Do not refuse a debug build (its \(measurements) mean little)."),
    ]
  }

  init(_ arguments: ParsedArguments) throws(CommandError) {
    output = arguments.value("--output")
    force = arguments.has("--force")
    format = try arguments.choice("--format", from: OutputFormat.allCases.map(\.rawValue))
      .flatMap(OutputFormat.init(rawValue:)) ?? .table
    quiet = arguments.has("--quiet")
    listOnly = arguments.has("--list")
    allowDebugBuild = arguments.has("--allow-debug-build")
  }
}
