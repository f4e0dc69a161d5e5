#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// One launch of a run with `--launches` above 1: a child process of the
/// same executable that runs the whole plan once and writes its rows and
/// samples to a directory the parent reads. Not a public command:
/// `dispatch-bench _launch INDEX COUNT DIRECTORY RUN-ARGUMENTS…`.
///
/// The parent plans memory once and leaves the schedule in the directory;
/// a launch follows it rather than measuring every strategy's footprint
/// again, and plans for itself only when the file is missing or names other
/// feeds.
enum LaunchChild {
  static let name = "_launch"

  /// Runs the child: `arguments` without the subcommand.
  static func main(_ arguments: [String], console: Console) -> Int32 {
    guard arguments.count >= 3, let index = Int(arguments[0]), let count = Int(arguments[1]),
      index >= 0, index < count
    else { return ExitStatus.usage }
    let directory = arguments[2]
    let options: RunOptions
    do {
      options = try RunOptions(ParsedArguments(Array(arguments.dropFirst(3)), spec: RunOptions.spec))
    } catch {
      console.errorLine("error: \(error)")
      return ExitStatus.usage
    }
    let command = RunCommand(options: options, arguments: [])
    let plan = options.matrix.plan()
    let schedules = readSchedules(directory, of: plan) ?? ((try? MemoryPlanner().schedules(for: plan)) ?? [:])
    var results = RunResults(
      info: RunInfo(
        schemaVersion: Schema.runVersion, runID: "launch-\(index)", timestamp: "", machine: Machine.current(),
        seed: options.matrix.seed, command: "", baseline: RunInfo.formerBaseline),
      rows: [])
    Interrupts.install()
    let outcome = command.runLaunch(
      LaunchContext(index: index, count: count, seed: options.matrix.seed), plan, schedules: schedules,
      into: &results, console: console)
    if outcome == .disagreement { return ExitStatus.disagreement }
    results.info.complete = outcome == .completed
    do {
      try writeAtomically(results.document, to: rowsPath(directory, index), overwrite: true)
      try writeAtomically(
        SamplesFile.document(runID: results.info.runID, samples: results.samples),
        to: samplesPath(directory, index), overwrite: true)
    } catch {
      console.errorLine("error: launch \(index + 1) cannot write its results: \(error)")
      return ExitStatus.cannotCreate
    }
    return outcome == .completed ? ExitStatus.success : ExitStatus.interrupted
  }

  /// What launch `index` wrote, or `nil` when it wrote nothing readable.
  static func read(_ directory: String, index: Int) -> (rows: [TimingRow], samples: [RawSample])? {
    guard case .run(let file)? = try? Schema.load(rowsPath(directory, index)),
      let samples = try? SamplesFile.load(samplesPath(directory, index))
    else { return nil }
    return (file.rows, samples.samples.values.flatMap { $0 })
  }

  /// A new private directory for launches' files.
  static func temporaryDirectory() throws(CommandError) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/dispatch-bench-launches.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CommandError("cannot create a directory for launches in \(base)", exitStatus: ExitStatus.cannotCreate)
    }
    return String(cString: made)
  }

  static func remove(_ directory: String, launches: Int) {
    for index in 0..<launches {
      unlink(rowsPath(directory, index))
      unlink(samplesPath(directory, index))
    }
    unlink(schedulesPath(directory))
    rmdir(directory)
  }

  /// Leaves the run's memory schedule for its launches: a line per planned
  /// feed, in the plan's order, `interleaved` or `sequential`, a tab, and
  /// the feed's title.
  static func writeSchedules(_ schedules: [FeedSpec: Schedule], of plan: RunPlan, to directory: String)
    throws(FileError)
  {
    let lines = plan.feeds.map { "\((schedules[$0.feed] ?? .interleaved).rawValue)\t\($0.feed.title)\n" }
    try writeAtomically(lines.joined(), to: schedulesPath(directory), overwrite: true)
  }

  /// The schedule the parent left, or `nil` when there is none or it was
  /// written for other feeds than `plan`'s.
  static func readSchedules(_ directory: String, of plan: RunPlan) -> [FeedSpec: Schedule]? {
    guard let text = try? readText(schedulesPath(directory)) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard text.isEmpty || text.hasSuffix("\n"), lines.count == plan.feeds.count else { return nil }
    var schedules: [FeedSpec: Schedule] = [:]
    for (line, planned) in zip(lines, plan.feeds) {
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard fields.count == 2, let schedule = Schedule(rawValue: String(fields[0])),
        fields[1] == planned.feed.title
      else { return nil }
      schedules[planned.feed] = schedule
    }
    return schedules
  }

  private static func rowsPath(_ directory: String, _ index: Int) -> String {
    "\(directory)/launch-\(index).csv"
  }

  private static func samplesPath(_ directory: String, _ index: Int) -> String {
    "\(directory)/launch-\(index)-samples.csv"
  }

  private static func schedulesPath(_ directory: String) -> String {
    "\(directory)/schedules.txt"
  }
}
