#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CMeasurementSupport
import BinaryInspection
import CommandLineSupport

/// The code each share and feed operation runs, found by running it.
///
/// A strategy's operation reaches much of its code through a witness
/// table, a vtable or a closure, which no reading of the binary's direct
/// calls can follow. So after the timing, `run` starts one child per
/// strategy (`CodeSizeCase`) under valgrind's callgrind, which records
/// every call, indirect ones included, inside one pass of each operation
/// in each mode. A row's code is then:
/// - the functions of this binary that its timed loop called, directly or
///   not, transitively, in that pass: the loop, the strategy's entry point,
///   every kind's visit method, witness, override or closure that ran;
/// - and every function those can call directly (a path that pass did not
///   take, such as a reuse-pool miss, is code the operation has too);
/// - without the shared harness (`BenchmarkSupport`), the Swift runtime or
///   the standard library (shared libraries, outside the binary).
/// Its bytes are those functions' sizes in the symbol table. The feeds are
/// uniform with every kind, whatever the row's own feed: the count is the
/// operation's code, not one layout's.
///
/// Where valgrind or objcopy is missing, or a child fails, the rows keep
/// `CodeSize.bytes(of:)`, the direct-call count (a lower bound), and the
/// CSV says which count each row has.
package struct CodeSizeProbe {
  /// One share or feed row's code, by strategy, mode and operation.
  package struct Key: Hashable {
    package var strategy: String
    package var mode: BuildMode
    package var operation: String
  }

  package var code: CodeSize
  package var seed: UInt64
  package var jobs: Int

  /// Why the probe cannot run here, or `nil` when it can.
  package static func unavailable() -> String? {
    if let sanitizer = Machine.sanitizer {
      return "this build is instrumented with -sanitize=\(sanitizer), which valgrind cannot run"
    }
    if !Spawn.isAvailable("valgrind") { return "valgrind is not installed" }
    if !Spawn.isAvailable("objcopy") { return "objcopy (binutils) is not installed" }
    return nil
  }

  /// The bytes of code each of `keys` runs. Keys whose loop was not found
  /// are missing from the answer.
  package func measure(_ keys: Set<Key>) throws(CommandError) -> [Key: Int] {
    let strategies = Dictionary(grouping: keys, by: \.strategy).mapValues { keys in
      Array(Set(keys.map(\.mode))).sorted()
    }
    guard !strategies.isEmpty else { return [:] }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let binary = try scratch.strippedCopy()
    func output(_ strategy: String) -> String { "\(scratch.path)/\(strategy).callgrind" }
    func log(_ strategy: String) -> String { "\(scratch.path)/\(strategy).log" }
    try runChildren(strategies.keys.sorted(), binary: binary, output: output, log: log) {
      strategy throws(PlanCodingError) in
      try CodeSizeCase.arguments(CodeSizeCase.Plan(strategy: strategy, modes: strategies[strategy]!, seed: seed))
    }
    // Every child has exited: read their parts.
    var answer: [Key: Int] = [:]
    for (strategy, modes) in strategies {
      let operations = CodeSizeCase.operations
      for (modeIndex, mode) in modes.enumerated() {
        for (operationIndex, operation) in operations.enumerated() {
          // callgrind numbers its dumps from 1, in the order they happen.
          let part = "\(output(strategy)).\(modeIndex * operations.count + operationIndex + 1)"
          let key = Key(strategy: strategy, mode: mode, operation: operation.rawValue)
          guard keys.contains(key) else { continue }
          if let bytes = try bytes(of: key, in: part, binary: binary) { answer[key] = bytes }
        }
      }
    }
    return answer
  }

  /// Runs one callgrind child per strategy, `jobs` at a time, and returns
  /// once every child it started has exited; throws, after stopping and
  /// reaping the others, if one could not start or failed.
  private func runChildren(
    _ strategies: [String], binary: String, output: (String) -> String, log: (String) -> String,
    arguments: (String) throws(PlanCodingError) -> [String]
  ) throws(CommandError) {
    var pending = strategies[...]
    var running: [pid_t: String] = [:]
    var failure: CommandError?
    while failure == nil && (!pending.isEmpty || !running.isEmpty) {
      while failure == nil && running.count < jobs, let strategy = pending.popFirst() {
        do {
          let command = Self.valgrind(output: output(strategy), binary: binary) + (try arguments(strategy))
          running[try Spawn.start(command, standardError: log(strategy))] = strategy
        } catch {
          failure = CommandError("cannot start valgrind: \(error)", exitStatus: ExitStatus.software)
        }
      }
      guard failure == nil, !running.isEmpty else { break }
      guard let (pid, status) = Spawn.waitAny(), let strategy = running.removeValue(forKey: pid) else {
        failure = CommandError("lost track of a valgrind process", exitStatus: ExitStatus.software)
        break
      }
      if status != 0 {
        let tail = ((try? readText(log(strategy))) ?? "").split(separator: "\n").suffix(4).joined(separator: "\n")
        failure = CommandError(
          "valgrind failed (exit status \(status)) finding the code of \(strategy)\(tail.isEmpty ? "" : ":\n" + tail)",
          exitStatus: ExitStatus.software)
      }
    }
    guard let failure else { return }
    // Stop the others, and wait for them before their scratch goes.
    for other in running.keys { kill(other, SIGTERM) }
    for other in running.keys {
      var status: Int32 = 0
      _ = waitpid(other, &status, 0)
    }
    throw failure
  }

  /// The command that runs a child under callgrind, counting inside its
  /// windows only. Where the child can switch instrumentation on itself
  /// (`dbms_start_instrumentation`, once its feeds are built and warm), it
  /// starts without it, and building runs at valgrind's uninstrumented
  /// speed; the windows' counts are the same.
  package static func valgrind(output: String, binary: String) -> [String] {
    ["valgrind", "--tool=callgrind"]
      + (dbms_can_start_instrumentation() != 0 ? ["--instr-atstart=no"] : [])
      + [
        "--toggle-collect=dbms_code_window", "--dump-after=dbms_code_window",
        "--callgrind-out-file=\(output)", binary,
      ]
  }

  /// The bytes of the code `key`'s loop ran in one part of callgrind's
  /// output, and of what that code calls directly.
  private func bytes(of key: Key, in part: String, binary: String) throws(CommandError) -> Int? {
    let output: CallgrindOutput
    let text: String
    do {
      text = try readText(part)
    } catch {
      // The error names the file.
      throw CommandError(
        "callgrind wrote no counts for \(key.operation) (\(key.mode)): \(error)", exitStatus: ExitStatus.software)
    }
    do {
      output = try CallgrindOutput.parse(text)
    } catch {
      throw CommandError("\(part): \(error)", exitStatus: ExitStatus.software)
    }
    let ran = output.reached {
      $0.object == binary
        && code.isLoop($0.function, strategy: StrategyID(key.strategy), mode: key.mode, operation: key.operation)
    }
    return code.bytes(ofFunctionsNamed: Set(ran.filter { $0.object == binary }.map(\.function)))
  }
}
