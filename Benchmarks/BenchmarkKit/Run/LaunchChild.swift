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
/// The parent plans memory once and leaves the plan in the directory;
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
    let memory = readMemoryPlan(directory, of: plan) ?? ((try? MemoryPlanner().plan(for: plan)) ?? MemoryPlan())
    var results = RunResults(
      info: RunInfo(
        schemaVersion: Schema.runVersion, runID: "launch-\(index)", timestamp: "", machine: Machine.current(),
        seed: options.matrix.seed, command: "", baseline: RunInfo.formerBaseline),
      rows: [])
    Interrupts.install()
    let outcome = command.runLaunch(
      LaunchContext(index: index, count: count, seed: options.matrix.seed), plan, memory: memory,
      into: &results, console: console, keepingLastBatch: true)
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

  /// What launch `index` wrote, with the machine and build it describes, or
  /// `nil` when it wrote nothing readable.
  static func read(_ directory: String, index: Int) -> Written? {
    guard case .run(let file)? = try? Schema.load(rowsPath(directory, index)),
      let samples = try? SamplesFile.load(samplesPath(directory, index))
    else { return nil }
    return Written(rows: file.rows, samples: samples.samples.values.flatMap { $0 }, machine: file.info.machine)
  }

  /// What one launch wrote.
  struct Written {
    var rows: [TimingRow]
    var samples: [RawSample]
    var machine: Machine
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

  /// Leaves the run's memory plan for its launches: a line per planned
  /// feed, in the plan's order, `interleaved` or `sequential`, a tab, its
  /// representations' estimated bytes, a tab and the feed's title; then a
  /// line per synthetic feed, `synthetic`, its bytes and its title.
  static func writeMemoryPlan(_ memory: MemoryPlan, of plan: RunPlan, to directory: String) throws(FileError) {
    let feeds = plan.feeds.map { planned in
      "\(memory.schedule(planned.feed).rawValue)\t\(Int(memory.bytes[planned.feed.id] ?? 0))\t\(planned.feed.title)\n"
    }
    let synthetic = plan.synthetic.map { planned in
      "synthetic\t\(Int(memory.bytes[planned.feed] ?? 0))\t\(planned.feed.title)\n"
    }
    try writeAtomically(
      "budget\t\(Int(memory.budget))\n" + (feeds + synthetic).joined(), to: schedulesPath(directory), overwrite: true)
  }

  /// The memory plan the parent left, or `nil` when there is none or it was
  /// written for other feeds than `plan`'s.
  static func readMemoryPlan(_ directory: String, of plan: RunPlan) -> MemoryPlan? {
    guard let text = try? readText(schedulesPath(directory)), text.hasSuffix("\n") else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      $0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    }
    guard lines.count == 1 + plan.feeds.count + plan.synthetic.count, lines[0].count == 2, lines[0][0] == "budget",
      let budget = Double(lines[0][1])
    else { return nil }
    var memory = MemoryPlan(budget: budget)
    for (fields, planned) in zip(lines.dropFirst(), plan.feeds) {
      guard fields.count == 3, let schedule = Schedule(rawValue: fields[0]), let bytes = Double(fields[1]),
        fields[2] == planned.feed.title
      else { return nil }
      memory.schedules[planned.feed] = schedule
      memory.bytes[planned.feed.id] = bytes
    }
    for (fields, planned) in zip(lines.dropFirst(1 + plan.feeds.count), plan.synthetic) {
      guard fields.count == 3, fields[0] == "synthetic", let bytes = Double(fields[1]), fields[2] == planned.feed.title
      else { return nil }
      memory.bytes[planned.feed] = bytes
    }
    return memory
  }

  /// Values a launch never frees: it exits once its results are written.
  nonisolated(unsafe) private static var kept: [Any] = []

  static func keepUntilExit(_ value: Any) { kept.append(value) }

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
