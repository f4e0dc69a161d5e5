#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import DispatchModel
import BenchmarkResults
import CommandLineSupport
import RunContract

/// `dispatch-bench run`'s options, validated.
@dynamicMemberLookup
package struct RunOptions {
  package static let spec = CommandSpec(
    name: "run",
    summary: "Time every strategy on every operation over generated feeds and write a CSV.",
    synopsis: "[run] [--quick | --full] [OPTIONS]",
    options: declared,
    discussion: """
      With no dimension given, runs the default suite: every operation on 100,000
      uniform elements, then a size sweep (--sizes) and a distribution sweep on
      share.instagram and feed.identifier, the cheapest dispatch of each domain.
      Giving --sizes, --distributions, --kinds or --operations runs their cross
      product instead (defaults: all operations, the three sizes, uniform, all
      kinds). --feed FILE alone times the file at its own size, in both modes;
      with --sizes, tiled to each. The run first prints its benchmark cases
      (operation × feed × mode, each timing every strategy), sizes, launches
      and an estimated duration; progress counts the same cases.

      Every benchmark case also has a floor row: a loop over the feed's kinds as bytes
      adding a per-kind constant, the cheapest kind-dependent visit. Before
      timing, each strategy's checksum of its outputs must equal the others';
      a mismatch stops the run with exit status 1 and writes no timings.
      After timing, a release build writes the CSV, then runs each strategy's
      share and feed operations once more under valgrind's callgrind to count
      the machine code each runs (code_bytes, indirect calls included) and
      rewrites the CSV; without valgrind, or if it fails, code_bytes counts
      direct calls only and code_bytes_method says so.
      Exit status: 0 done, 1 strategies disagree, 64 bad usage, 65 bad feed
      file, 73 output not writable, 130 interrupted.
      """,
    examples: [
      "swift run -c release dispatch-bench",
      "dispatch-bench run --quick",
      "dispatch-bench run --operations feed.render --sizes 1000,10000000 --distributions uniform,clustered",
      "dispatch-bench run --feed my-feed.json",
      "dispatch-bench run --feed my-feed.json --sizes 100000 --format markdown",
      "dispatch-bench run --quick --format gbench > quick.json",
      "dispatch-bench run --filter 'share/*/*/uniform/100000' --list",
      "dispatch-bench run --domains existential",
    ])

  /// `run`'s options, each declared once with its type, in help's order;
  /// the groups it shares with `profile` (and `LaunchDesign`'s and
  /// `BuildSet`'s) declare theirs.
  package struct Options: OptionGroup {
    package let quick = AdvisedRunOptions.quick
    package let full = Option.flag(
      "--full",
      """
      The whole cross product: every operation × --sizes ×
      every distribution.
      """)
    package let selection = FeedSelectionOptions.Options(
      verb: "time", defaultSizes: RunMatrix.defaultSizes.map(String.init).joined(separator: ","),
      defaultDistributions: "the default suite's; with other dimensions, uniform")
    package let maxTimePerCase = Option.seconds(
      "--max-time-per-case", "SECONDS",
      """
      Sampling time per benchmark case and launch, shared out among
      its \(SamplingSettings().passes) passes, once every contender has 30 samples
      (default: \(SamplingSettings().sampleTime); --quick: \(quickSampleTime)).
      """,
      example: "--max-time-per-case 1", in: 0.001...86_400, formerNames: ["--max-time-per-cell"])
    package let design = LaunchDesign.Options()
    package let output = OutputOptions.Options(
      verb: "time", measurements: "numbers", fileSuffix: "", exports: [.gbench])
    /// The raw samples' file: `--samples`, as `compare` and `export` call
    /// the file they read (formerly `--samples-csv`).
    package let samples = Option.value(
      "--samples", "SAMPLES.csv", "Also write every raw sample to this CSV.",
      example: "--samples results/base-samples.csv", formerNames: ["--samples-csv"])
    package let builds = BuildSet.Options()
  }

  package static let declared = Options()

  package static let quickSampleTime = 0.05

  package var matrix: RunMatrix
  package var sampling: SamplingSettings
  /// How many launches each case gets (`--launches`, or adaptive).
  package var design: LaunchDesign
  /// The launches that time every case.
  package var launches: Int { design.initialLaunches }
  package var samplesPath: String?
  /// The builds the run times (`--alternate-with`, `--builds`, `--layouts`).
  package var builds: BuildSet
  /// Another build whose launches alternate with this one's, and where its
  /// rows go (`--alternate-with`, `--alternate-output`).
  package var alternate: AlternateBuild? { builds.alternate }
  /// --output, --force, --format, --quiet, --list and --allow-debug-build,
  /// read as this type's own: `options.force`.
  package var outputOptions: OutputOptions

  package subscript<Value>(dynamicMember field: KeyPath<OutputOptions, Value>) -> Value {
    outputOptions[keyPath: field]
  }

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    let options = Self.declared
    let quick = try arguments.quick
    let full = try arguments.full
    if quick && full {
      throw .usage("\(options.quick.name) and \(options.full.name) cannot be used together", command: Self.spec.name)
    }
    let selection = try FeedSelectionOptions(arguments.selection)
    matrix = selection.matrix(
      shape: quick || full || selection.choosesADimension ? .crossProduct : .defaultSuite,
      sizes: quick ? RunMatrix.smallSizes : RunMatrix.defaultSizes,
      distributions: full ? KindDistribution.allCases : [.uniform])

    sampling = SamplingSettings()
    if quick { sampling.sampleTime = Self.quickSampleTime }
    if let seconds = try arguments.maxTimePerCase { sampling.sampleTime = seconds }
    design = try LaunchDesign(arguments.design, quick: quick)
    samplesPath = try arguments.samples
    outputOptions = try OutputOptions(arguments.output)
    if let csvPath = outputOptions.csvPath, csvPath == samplesPath {
      throw .usage(
        "\(options.output.csvPath.name) and \(options.samples.name) name the same file", command: Self.spec.name)
    }
    builds = try BuildSet(
      arguments.builds,
      otherFiles: [(options.output.csvPath.name, outputOptions.csvPath), (options.samples.name, samplesPath)])
  }

  /// `path` with every symbolic link, `.` and `..` resolved, or `nil` when
  /// it does not exist.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` with its directory resolved, so that two names of one file
  /// (`b.csv`, `./b.csv`, a link to the directory) compare equal; `path`
  /// itself when its directory does not exist.
  package static func canonicalPath(_ path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let resolved = resolvedPath(directory) else { return path }
    return (resolved == "/" ? "" : resolved) + "/" + name
  }
}

/// Another build of `dispatch-bench` timed in the same run
/// (`run --alternate-with BINARY --alternate-output PATH`).
package struct AlternateBuild: Equatable {
  /// The executable, its path resolved.
  package var binary: String
  /// Where its rows go.
  package var output: String
}
