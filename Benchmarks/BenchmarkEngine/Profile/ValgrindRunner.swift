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

/// Runs requests under callgrind, several at once, and turns the two runs of
/// each into counts per element.
package struct ValgrindRunner {
  package var binary: String
  package var scratch: String
  package var jobs: Int
  package var console: Console
  package var quiet: Bool

  package static let retainFunctions: Set<String> = [
    "swift_retain", "swift_retain_n", "swift_nonatomic_retain", "swift_nonatomic_retain_n",
  ]
  package static let releaseFunctions: Set<String> = [
    "swift_release", "swift_release_n", "swift_nonatomic_release", "swift_nonatomic_release_n",
  ]
  /// The runtime's dynamic exclusivity check: one call per access the
  /// compiler could not prove exclusive (its end, `swift_endAccess`, pairs it).
  package static let exclusivityFunctions: Set<String> = ["swift_beginAccess"]
  package static let allocationFunctions: Set<String> = [
    "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc", "pvalloc",
  ]

  package func profile(_ requests: [ProfileCase.Request]) throws(CommandError) -> [ProfileRow] {
    let passes = [ProfileCommand.passes.few, ProfileCommand.passes.many]
    var pending = requests.indices.flatMap { request in passes.map { (request, $0) } }[...]
    var running: [pid_t: (request: Int, passes: Int)] = [:]
    var finished = 0
    let total = pending.count
    let progress = console.errorIsTerminal && !quiet
    while !pending.isEmpty || !running.isEmpty {
      while running.count < jobs, let (request, passes) = pending.popFirst() {
        let arguments =
          [
            "valgrind", "--tool=callgrind", "--branch-sim=yes",
            "--callgrind-out-file=\(output(request, passes))",
          ] + [binary] + requests[request].arguments + [ProfileCase.declared.passes.name, String(passes)]
        do {
          let pid = try Spawn.start(
            arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], standardError: log(request, passes))
          running[pid] = (request, passes)
        } catch {
          throw CommandError("cannot start valgrind: \(error)", exitStatus: ExitStatus.software)
        }
      }
      guard let (pid, status) = Spawn.waitAny(), let task = running.removeValue(forKey: pid) else {
        throw CommandError("lost track of a valgrind process", exitStatus: ExitStatus.software)
      }
      guard status == 0 else {
        let tail = ((try? readText(log(task.request, task.passes))) ?? "")
          .split(separator: "\n").suffix(8).joined(separator: "\n")
        while let (other, _) = running.popFirst() { kill(other, SIGTERM) }
        throw CommandError(
          "valgrind failed (exit status \(status)) "
            + "on \(requests[task.request].key.path) with \(task.passes) passes:\n\(tail)",
          exitStatus: ExitStatus.software)
      }
      finished += 1
      if progress {
        console.writeError("\r\u{1B}[2K[\(finished)/\(total)] \(requests[task.request].key.path)")
      }
    }
    if progress { console.writeError("\r\u{1B}[2K") }
    return try requests.indices.map { index throws(CommandError) in try row(requests[index], index) }
  }

  private func output(_ request: Int, _ passes: Int) -> String {
    "\(scratch)/request\(request)-passes\(passes).callgrind"
  }
  private func log(_ request: Int, _ passes: Int) -> String { "\(scratch)/request\(request)-passes\(passes).log" }

  private func row(_ request: ProfileCase.Request, _ index: Int) throws(CommandError) -> ProfileRow {
    let few = try parse(output(index, ProfileCommand.passes.few))
    let many = try parse(output(index, ProfileCommand.passes.many))
    let elements = Double(request.key.feed.size * (ProfileCommand.passes.many - ProfileCommand.passes.few))
    func event(_ name: String) -> Double {
      Double((many.totals[name] ?? 0) - (few.totals[name] ?? 0)) / elements
    }
    // Allocations are counted at the package's interposer, in the binary
    // itself; without one, at the C library.
    let inBinary: (String) -> Bool = { $0 == binary }
    let allocator: ((String) -> Bool)? =
      many.calls(to: Self.allocationFunctions, in: inBinary) > 0 ? inBinary : nil
    func calls(_ functions: Set<String>, in object: ((String) -> Bool)? = nil) -> Double {
      Double(many.calls(to: functions, in: object) - few.calls(to: functions, in: object)) / elements
    }
    return ProfileRow(
      key: request.key,
      counts: [
        .instructions: event("Ir"), .conditionalBranches: event("Bc"), .conditionalMispredicts: event("Bcm"),
        .indirectBranches: event("Bi"), .indirectMispredicts: event("Bim"),
        .retains: calls(Self.retainFunctions), .releases: calls(Self.releaseFunctions),
        .allocations: calls(Self.allocationFunctions, in: allocator), .frees: calls(["free"], in: allocator),
        .exclusivityChecks: calls(Self.exclusivityFunctions),
      ])
  }

  private func parse(_ path: String) throws(CommandError) -> CallgrindOutput {
    do {
      return try CallgrindOutput.parse(try readText(path))
    } catch let error as CallgrindOutput.ParseError {
      throw CommandError("\(path): \(error)", exitStatus: ExitStatus.software)
    } catch {
      throw CommandError("\(error)", exitStatus: ExitStatus.software)
    }
  }
}
