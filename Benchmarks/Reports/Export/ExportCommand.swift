import BenchmarkResults
import CommandLineSupport
import RunContract

/// `dispatch-bench export`: a run CSV in a format other tools read.
package struct ExportCommand {
  package static let spec = CommandSpec(
    name: "export",
    summary: "Write a run in a format other tools read: Google Benchmark's JSON.",
    synopsis: "export RUN.csv [--samples SAMPLES.csv] [--format gbench] [--output PATH]",
    positionals: 1...1, positionalName: "RUN.csv",
    options: declared,
    discussion: """
      gbench: one benchmark per row, named operation/strategy/mode/size/
      distribution/kinds:N, time per element in ns. With --samples, every raw
      sample is an "iteration" entry (a repetition, its elements as
      iterations); then the mean, median and stddev aggregates. Without, the
      aggregates only, from the CSV. cpu_time repeats real_time: runs time
      wall-clock time. Google Benchmark's tools/compare.py reads two exports:
        compare.py benchmarks base.json new.json
      Exit status: 0 written, 64 bad usage, 65 a file unreadable or not a run,
      73 output not writable.
      """,
    examples: [
      "dispatch-bench export results/base.csv > base.json",
      "dispatch-bench export results/base.csv --samples results/base-samples.csv --output base.json",
    ])

  /// The options, each declared once with its type and default; --output
  /// and --force as the commands that write a CSV name them.
  package struct Options: OptionGroup {
    package let format = Option.choice(
      "--format", "FORMAT",
      """
      gbench (default): Google Benchmark's JSON, as
      --benchmark_format=json writes it.
      """,
      choices: ExportFormat.allCases.map(\.rawValue), example: "--format gbench"
    ).map { name, _ in name.flatMap(ExportFormat.init(rawValue:)) ?? .gbench }
    package let samples = Option.value(
      "--samples", "SAMPLES.csv",
      """
      The run's raw samples (run --samples): each sample
      becomes a repetition, for compare.py's U test.
      """,
      example: "--samples results/base-samples.csv")
    package let output = Option.value(
      "--output", "PATH", "Where to write (default: standard output).", example: "--output base.json")
    package let force = Option.force
  }

  package static let declared = Options()

  package var path: String
  package var samplesPath: String?
  package var format: ExportFormat
  package var output: String?
  package var force: Bool

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    path = arguments.positionals[0]
    samplesPath = try arguments.samples
    format = try arguments.format
    output = try arguments.output
    force = try arguments.force
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    guard case .run(let file) = try loadResults(path) else {
      throw .dataError("\(path) is a profile, not a run: export writes timings; pass a run CSV")
    }
    var samples: [RawSample] = []
    if let samplesPath {
      let loaded: SamplesFile
      do throws(ResultsError) {
        loaded = try SamplesFile.load(samplesPath)
      } catch {
        throw .dataError(error.message)
      }
      try CompareCommand.checkPairing(loaded, with: MeasuredFile(.run(file)))
      samples = file.rows.flatMap { loaded.samples[$0.key] ?? [] }
    }
    let document = format.render(MeasuredRun(info: file.info, rows: file.rows, samples: samples))
    guard let output else {
      console.write(document)
      return ExitStatus.success
    }
    try checkOutput(output, force: force, creatingDirectory: false)
    do {
      try writeAtomically(document, to: output, overwrite: force)
    } catch {
      throw CommandError("cannot write \(output): \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    console.errorLine("wrote \(output) (\(file.rows.count.counted("benchmark")))")
    return ExitStatus.success
  }
}
