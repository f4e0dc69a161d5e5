#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport
import RunContract

/// The private directory a build's launch children share with the run: the
/// launch plan, written once by the run, and each launch's rows and
/// samples, written by the launch and read back by the run.
package struct LaunchFiles {
  package var directory: String

  /// A new private directory, in `TMPDIR` or `/tmp`.
  package static func temporary() throws(CommandError) -> LaunchFiles {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/dispatch-bench-launches.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CommandError("cannot create a directory for launches in \(base)", exitStatus: ExitStatus.cannotCreate)
    }
    return LaunchFiles(directory: String(cString: made))
  }

  /// The files beside the plan file `plan`.
  package init(plan: String) {
    directory = plan.lastIndex(of: "/").map { String(plan[..<$0]) } ?? "."
  }

  package init(directory: String) { self.directory = directory }

  package var plan: String { "\(directory)/plan.json" }
  package func rows(_ index: Int) -> String { "\(directory)/launch-\(index).csv" }
  package func samples(_ index: Int) -> String { "\(directory)/launch-\(index)-samples.csv" }

  /// Writes what launch `index` measured.
  package func write(_ results: MeasuredRun, launch index: Int) throws(FileError) {
    try writeAtomically(results.document, to: rows(index), overwrite: true)
    try writeAtomically(
      SamplesFile.document(runID: results.info.runID, samples: results.samples), to: samples(index), overwrite: true)
  }

  /// What launch `index` wrote, or `nil` when it wrote nothing readable.
  package func read(_ index: Int) -> LaunchOutput? {
    guard case .run(let file)? = try? Schema.load(rows(index)), let samples = try? SamplesFile.load(samples(index))
    else { return nil }
    return LaunchOutput(
      rows: file.rows, samples: samples.samples.values.flatMap { $0 }, machine: file.info.machine, time: file.info.time)
  }

  /// Removes what launch `index` wrote, once read.
  package func remove(launch index: Int) {
    unlink(rows(index))
    unlink(samples(index))
  }

  /// Removes the plan and the directory.
  package func remove() {
    unlink(plan)
    rmdir(directory)
  }
}

/// What one launch measured: its rows (checksums, footprints, allocation
/// counts, and its own statistics), every sample it took, and the machine
/// and build it describes.
package struct LaunchOutput {
  package var rows: [TimingRow]
  package var samples: [RawSample]
  package var machine: Machine
  /// Where the launch's own time went, as it measured it.
  package var time: RunTime? = nil
}
