import DispatchModel
import StrategyRegistry

/// `dispatch-bench run`'s options, validated.
struct RunOptions {
  static let spec = CommandSpec(
    name: "run",
    summary: "Time every strategy on every operation over generated feeds and write a CSV.",
    synopsis: "[run] [--quick | --full] [OPTIONS]",
    options: [
      .flag(
        "--quick",
        "A smoke run: every operation at 1,000 elements, uniform,\nshort cells. Under 20 seconds on 2 cores."),
      .flag("--full", "The whole cross product: every operation × --sizes ×\nevery distribution."),
      .value(
        "--sizes", "LIST", "Feed sizes in elements (default: 1000,100000,1000000).",
        example: "--sizes 1000,100000"),
      .value(
        "--distributions", "LIST",
        "Kind layouts: uniform, clustered, skewed, single\n(default: the default suite's; with other dimensions, uniform).",
        example: "--distributions uniform,clustered"),
      .value(
        "--kinds", "LIST",
        "How many kinds are in play, 2…6 (share uses at most 3;\ndefault: all).",
        example: "--kinds 2,6"),
      .value("--seed", "N", "The generator's seed (default: 1).", example: "--seed 42"),
      .value(
        "--feed", "FILE", "Benchmark a SPEC §4 feed file, tiled to each size,\ninstead of generated feeds.",
        example: "--feed my-feed.json"),
      .value(
        "--strategies", "LIST",
        "Strategies to time (default: all).\nValid: \(Registry.names.joined(separator: ", ")).",
        example: "--strategies protocol-getter,enum-switch"),
      .value(
        "--operations", "LIST",
        "Operations to time (default: all).\nValid: \(SpecOperation.allCases.map(\.rawValue).joined(separator: ", ")).",
        example: "--operations feed.height,share.mixed"),
      .value(
        "--filter", "PATTERNS",
        "Only cells whose domain/operation/strategy/distribution/size\nmatches one of these comma-separated globs (* and ?).",
        example: "--filter '*/feed.render/*/uniform/*'"),
      .value(
        "--max-time-per-cell", "SECONDS",
        "Stop sampling a cell after this long, once each strategy\nhas 10 samples (default: 2; --quick: 0.25).",
        example: "--max-time-per-cell 5"),
      .value(
        "--output", "PATH", "Where the CSV goes (default: results/<UTC time>.csv).",
        example: "--output results/baseline.csv"),
      .flag("--force", "Overwrite an existing output file."),
      .value(
        "--samples-csv", "PATH", "Also write every raw sample to this CSV.",
        example: "--samples-csv results/baseline-samples.csv"),
      .value(
        "--format", "FORMAT",
        "What standard output gets: table (default), csv, markdown\nor json.",
        example: "--format markdown"),
      .flag("--quiet", "No progress or notes on standard error."),
      .flag("--list", "Print the cells the run would time, and exit."),
      .flag("--allow-debug-build", "Time a debug build anyway (its numbers mean little)."),
    ],
    discussion: """
      With no dimension given, runs the default suite: every operation on 100,000
      uniform elements, then a size sweep (--sizes) and a distribution sweep on
      share.instagram and feed.identifier, the cheapest dispatch of each domain.
      Giving --sizes, --distributions, --kinds or --operations runs their cross
      product instead (defaults: all operations, the three sizes, uniform, all
      kinds).

      Every cell also has a floor row: a loop over the feed's kinds as bytes
      adding a per-kind constant, the cheapest kind-dependent visit. Before
      timing, each strategy's checksum of its outputs must equal the others';
      a mismatch stops the run with exit status 1 and writes no timings.
      Exit status: 0 done, 1 strategies disagree, 64 bad usage, 65 bad feed
      file, 73 output not writable, 130 interrupted.
      """,
    examples: [
      "swift run -c release dispatch-bench",
      "dispatch-bench run --quick",
      "dispatch-bench run --operations feed.render --sizes 1000,10000000 --distributions uniform,clustered",
      "dispatch-bench run --feed my-feed.json --sizes 100000 --format markdown",
      "dispatch-bench run --filter 'share/*/*/uniform/100000' --list",
    ])

  var matrix: RunMatrix
  var sampling: SamplingSettings
  var output: String?
  var force: Bool
  var samplesPath: String?
  var format: OutputFormat
  var quiet: Bool
  var listOnly: Bool
  var allowDebugBuild: Bool

  /// - Parameter smallByDefault: With no dimension given, every operation at
  ///   1,000 uniform elements (as `--quick`) instead of the default suite;
  ///   `profile` reads its options this way.
  init(_ arguments: ParsedArguments, smallByDefault: Bool = false) throws(CommandError) {
    let spec = arguments.spec
    let quick = arguments.has("--quick") || smallByDefault
    let full = arguments.has("--full")
    if quick && full { throw .usage("--quick and --full cannot be used together", command: spec.name) }

    var file: (path: String, contents: FeedFile)?
    if let path = arguments.value("--feed") {
      for option in ["--distributions", "--kinds"] where arguments.value(option) != nil {
        throw .usage(
          "\(option) applies to generated feeds and cannot be used with --feed", command: spec.name)
      }
      do {
        file = (path, try FeedFile.load(path: path))
      } catch {
        throw .dataError(error.description)
      }
    }

    let sizes = try arguments.integers("--sizes", in: 1...Int.max)
    let distributionNames = try arguments.names(
      "--distributions", from: KindDistribution.allCases.map(\.rawValue), kind: "distribution")
    let kinds = try arguments.integers("--kinds", in: 2...FeedKind.allCases.count)
    let seedText = arguments.value("--seed")
    var seed: UInt64 = 1
    if let seedText {
      guard let value = UInt64(seedText.filter { $0 != "_" }) else {
        throw arguments.badValue("--seed", seedText, "is not a whole number from 0 to \(UInt64.max)")
      }
      seed = value
    }
    let strategies =
      try arguments.names("--strategies", from: Registry.names, kind: "strategy") ?? Registry.names
    var operations = (try arguments.names(
      "--operations", from: SpecOperation.allCases.map(\.rawValue), kind: "operation"))
      .map { names in SpecOperation.allCases.filter { names.contains($0.rawValue) } }
    let filters = try arguments.list("--filter", item: "pattern")?.map(GlobPattern.init) ?? []

    if let file {
      // A file without share items (or feed rows) has nothing to tile there.
      let missing = Domain.allCases.filter {
        $0 == .share ? file.contents.share.isEmpty : file.contents.feed.isEmpty
      }
      if let asked = operations, let operation = asked.first(where: { missing.contains($0.domain) }) {
        throw .dataError(
          "\(file.path) has no \(operation.domain.rawValue) items to tile for \(operation.rawValue)")
      }
      operations = (operations ?? SpecOperation.allCases).filter { !missing.contains($0.domain) }
      if operations!.isEmpty {
        throw .dataError("\(file.path) has neither share items nor feed rows to benchmark")
      }
    }

    let customized = sizes != nil || distributionNames != nil || kinds != nil || operations != nil || file != nil
    matrix = RunMatrix(
      shape: full || (customized && !quick) ? .crossProduct : .defaultSuite,
      operations: operations ?? SpecOperation.allCases,
      sizes: sizes ?? (quick ? [1_000] : RunMatrix.defaultSizes),
      distributions: distributionNames.map { $0.compactMap(KindDistribution.init(rawValue:)) }
        ?? (full ? KindDistribution.allCases : [.uniform]),
      kinds: kinds, seed: seed, strategies: strategies, filters: filters, file: file)
    if quick { matrix.shape = .crossProduct }

    sampling = SamplingSettings()
    if arguments.has("--quick") { sampling.maximumTimePerCell = 0.25 }
    if let seconds = try arguments.seconds("--max-time-per-cell", in: 0.001...86_400) {
      sampling.maximumTimePerCell = seconds
    }
    output = arguments.value("--output")
    force = arguments.has("--force")
    samplesPath = arguments.value("--samples-csv")
    format = try arguments.choice("--format", from: OutputFormat.allCases.map(\.rawValue))
      .flatMap(OutputFormat.init(rawValue:)) ?? .table
    quiet = arguments.has("--quiet")
    listOnly = arguments.has("--list")
    allowDebugBuild = arguments.has("--allow-debug-build")
    if let output, let samplesPath, output == samplesPath {
      throw .usage("--output and --samples-csv name the same file", command: spec.name)
    }
  }
}
