#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import BinaryInspection
import CommandLineSupport
import RunContract

/// The K layouts of `run --layouts K`: this build's own objects relinked in K
/// function orders (`Relink`), in a private directory removed after the run.
///
/// A single binary is one sample of code layout, however many launches it
/// gets (Curtsinger and Berger, "Stabilizer", ASPLOS 2013): where the linker
/// puts a loop moves its alignment against cache lines and which branches
/// share predictor entries, and a loop of a few nanoseconds moves with it.
/// Timing K layouts, their launches alternating, makes the layout a level of
/// the experiment: each row's interval is over the layouts' means
/// (Guides/Method.md, "Relinking in other function orders"). How a run's
/// samples number the layouts' launches is `RunContract`'s, for what reads a
/// run too.
extension LayoutBuilds {
  /// Relinks the layouts of `seeds` of the running executable into a new
  /// private directory; returns the directory and the binaries, first seed
  /// first.
  package static func make(_ seeds: LayoutSeeds, note: (String) -> Void) throws(CommandError) -> (
    directory: String, binaries: [String]
  ) {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/dispatch-bench-layouts.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CommandError("cannot create a directory for layouts in \(base)", exitStatus: ExitStatus.cannotCreate)
    }
    let directory = String(cString: made)
    let started = MonotonicClock.now()
    do {
      let binaries = try Relink(executable: executablePath()).layouts(seeds: seeds.seeds, in: directory)
      let seconds = Double(MonotonicClock.now() - started) / 1e9
      note(
        "made \(seeds.count) layouts of this build: its objects relinked by ld.lld with --shuffle-sections "
          + "\(seeds.text), in \(CSVNumber.text((seconds * 10).rounded() / 10)) s (\(directory))"
      )
      return (directory, binaries)
    } catch {
      remove(directory)
      throw CommandError("\(RunOptions.declared.builds.layouts.name): \(error)", exitStatus: ExitStatus.unavailable)
    }
  }

  /// Removes a layouts directory and what is in it.
  package static func remove(_ directory: String) {
    _ = try? Spawn.run(
      ["/bin/rm", "-rf", directory], environment: [:], standardOutput: "/dev/null", standardError: "/dev/null")
  }
}

extension BuildSet {
  /// The binaries each launch index runs in, and the aggregate each feeds.
  /// `layouts` are the relinked binaries of `.layouts`.
  package func timedBuilds(this: String, layouts: [String]) -> [TimedBuild] {
    switch self {
    case .this: [TimedBuild(binary: this)]
    case .alternate(let other):
      [TimedBuild(binary: this), TimedBuild(binary: other.binary, aggregate: 1, label: other.binary, isOther: true)]
    case .named(let builds):
      builds.enumerated().map { index, build in
        TimedBuild(
          binary: build.binary, aggregate: index, label: "build \(build.name) (\(build.binary))", isOther: true)
      }
    case .layouts:
      layouts.enumerated().map { index, binary in
        TimedBuild(binary: binary, launchOffset: index * LayoutBuilds.launchStride, label: "layout \(index + 1)")
      }
    }
  }

  /// One aggregate per file the run writes, each with its record of the run.
  package func aggregates(_ info: RunInfo) -> [RunAggregate] {
    switch self {
    case .this: [RunAggregate(info: info)]
    case .alternate(let other): [RunAggregate(info: info), RunAggregate(info: info.alternate(other.binary))]
    case .named(let builds): builds.map { RunAggregate(info: info.build($0), build: $0.name) }
    case .layouts(let seeds):
      [RunAggregate(info: info, layouts: seeds.count)]
    }
  }
}

extension RunInfo {
  /// The same run's record of build `build` of `--builds`.
  package func build(_ build: NamedBuild) -> RunInfo {
    RunInfo(
      schemaVersion: Schema.runVersion, runID: runID + "-" + build.name, timestamp: timestamp, machine: machine,
      seed: seed, command: "build \(build.name), \(build.binary), in: \(command)", baseline: baseline)
  }
}
