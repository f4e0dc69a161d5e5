#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CMeasurementSupport
import CommandLineSupport
import RunContract

/// Where a run's files go, checked before any work, and writing them: the
/// CSV (with the samples file when asked for), the other build's CSV, the
/// `.partial` file after an interrupt, and what standard output gets.
package struct RunWriter {
  package var options: RunOptions
  /// `--output`, or `results/local/<UTC start time>.csv`.
  package var outputPath: String

  /// Refuses, before any work, an output that could not be written.
  package init(options: RunOptions, started: Timestamp) throws(CommandError) {
    self.options = options
    outputPath = options.csvPath ?? "\(localResults)/\(started.fileName).csv"
    try checkOutput(outputPath, force: options.force, creatingDirectory: options.csvPath == nil)
    if let samplesPath = options.samplesPath {
      try checkOutput(samplesPath, force: options.force, creatingDirectory: false)
    }
    for path in otherOutputs {
      try checkOutput(path, force: options.force, creatingDirectory: options.csvPath == nil)
    }
  }

  /// The files besides `--output` the run writes: `--alternate-output`, or
  /// each build's of `--builds` (then none is written to `--output` itself).
  package var otherOutputs: [String] {
    switch options.builds {
    case .alternate(let build): [build.output]
    case .named(let builds): builds.map { $0.output(outputPath) }
    case .this, .layouts: []
    }
  }

  /// Writes the run CSV, and with `samples` the samples file when asked for.
  package func write(_ results: MeasuredRun, overwrite: Bool, samples: Bool) throws(CommandError) {
    do {
      try writeAtomically(results.document, to: outputPath, overwrite: overwrite)
      if samples, let samplesPath = options.samplesPath {
        try writeAtomically(
          SamplesFile.document(runID: results.info.runID, samples: results.samples), to: samplesPath,
          overwrite: overwrite)
      }
    } catch {
      throw CommandError("cannot write results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  /// Writes `--alternate-with`'s rows to `--alternate-output`.
  package func write(_ results: MeasuredRun, of build: AlternateBuild) throws(CommandError) {
    try write(results, to: build.output)
  }

  /// Writes another build's rows to `path`.
  package func write(_ results: MeasuredRun, to path: String) throws(CommandError) {
    do {
      try writeAtomically(results.document, to: path, overwrite: options.force)
    } catch {
      throw CommandError("cannot write results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }

  /// After an interrupt: the completed benchmark cases go to `<output>.partial`
  /// (`<output>.2.partial` … when that exists), marked incomplete. Nothing
  /// else is written or changed.
  package func writePartial(_ results: MeasuredRun, console: Console) throws(CommandError) -> Int32 {
    let signal = dbms_interrupt_signal() == SIGTERM ? "SIGTERM" : "SIGINT"
    guard !results.rows.isEmpty else {
      console.errorLine("interrupted by \(signal) before any benchmark case was complete; nothing was written")
      return ExitStatus.interrupted
    }
    var partialPath = outputPath + ".partial"
    var attempt = 2
    while fileExists(partialPath) {
      partialPath = "\(outputPath).\(attempt).partial"
      attempt += 1
    }
    do {
      try writeAtomically(results.document, to: partialPath, overwrite: false)
    } catch {
      throw CommandError(
        "interrupted, and cannot write the partial results: \(error)", exitStatus: ExitStatus.cannotCreate)
    }
    console.errorLine(
      "interrupted by \(signal): wrote "
        + "the \(results.rows.count.counted("row")) completed so far to \(partialPath) (marked complete=false)")
    return ExitStatus.interrupted
  }

  /// What standard output gets: `--format`'s table, or its export.
  package func rendered(_ results: MeasuredRun) -> String {
    options.export?.render(results) ?? ResultsTable.render(results, format: options.format)
  }
}
