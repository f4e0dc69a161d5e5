#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import DispatchModel

/// The code each share and feed operation runs, found by running it.
///
/// A strategy's operation reaches much of its code through a witness
/// table, a vtable or a closure, which no reading of the binary's direct
/// calls can follow. So after the timing, `run` starts one child per
/// strategy (`CodeSizeCell`) under valgrind's callgrind, which records
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
struct CodeSizeProbe {
  /// One share or feed row's code, by strategy, mode and operation.
  struct Key: Hashable {
    var strategy: String
    var mode: BuildMode
    var operation: String
  }

  var code: CodeSize
  var seed: UInt64
  var jobs: Int

  /// Why the probe cannot run here, or `nil` when it can.
  static func unavailable() -> String? {
    if !Spawn.isAvailable("valgrind") { return "valgrind is not installed" }
    if !Spawn.isAvailable("objcopy") { return "objcopy (binutils) is not installed" }
    return nil
  }

  /// The bytes of code each of `keys` runs. Keys whose loop was not found
  /// are missing from the answer.
  func measure(_ keys: Set<Key>) throws(CommandError) -> [Key: Int] {
    let strategies = Dictionary(grouping: keys, by: \.strategy).mapValues { keys in
      Array(Set(keys.map(\.mode))).sorted()
    }
    guard !strategies.isEmpty else { return [:] }
    let scratch = try Scratch()
    defer { scratch.remove() }
    // valgrind 3.19 cannot read Swift 6's DWARF 5: it runs a copy without it.
    let binary = "\(scratch.path)/dispatch-bench"
    do {
      guard try Spawn.run(["objcopy", "--strip-debug", executablePath(), binary]) == 0 else {
        throw CommandError("objcopy could not copy \(executablePath())", exitStatus: ExitStatus.software)
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("cannot run objcopy: \(error)", exitStatus: ExitStatus.software)
    }
    var pending = strategies.keys.sorted()[...]
    var running: [pid_t: String] = [:]
    var answer: [Key: Int] = [:]
    func output(_ strategy: String) -> String { "\(scratch.path)/\(strategy).callgrind" }
    while !pending.isEmpty || !running.isEmpty {
      while running.count < jobs, let strategy = pending.popFirst() {
        let arguments =
          [
            "valgrind", "--tool=callgrind", "--toggle-collect=dbms_code_window", "--dump-after=dbms_code_window",
            "--callgrind-out-file=\(output(strategy))", binary,
          ] + CodeSizeCell.arguments(strategy: strategy, modes: strategies[strategy]!, seed: seed)
        do {
          running[try Spawn.start(arguments)] = strategy
        } catch {
          throw CommandError("cannot start valgrind: \(error)", exitStatus: ExitStatus.software)
        }
      }
      guard let (pid, status) = Spawn.waitAny(), let strategy = running.removeValue(forKey: pid) else {
        throw CommandError("lost track of a valgrind process", exitStatus: ExitStatus.software)
      }
      guard status == 0 else {
        // Stop the others, and wait for them before their scratch goes.
        for other in running.keys { kill(other, SIGTERM) }
        while !running.isEmpty, let (other, _) = Spawn.waitAny() { running.removeValue(forKey: other) }
        throw CommandError(
          "valgrind failed (exit status \(status)) finding the code of \(strategy)", exitStatus: ExitStatus.software)
      }
      let modes = strategies[strategy]!
      let operations = CodeSizeCell.operations
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

  /// The bytes of the code `key`'s loop ran in one part of callgrind's
  /// output, and of what that code calls directly.
  private func bytes(of key: Key, in part: String, binary: String) throws(CommandError) -> Int? {
    let output: CallgrindOutput
    do {
      output = try CallgrindOutput.parse(try readText(part))
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
