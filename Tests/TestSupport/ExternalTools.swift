import Foundation

/// The programs outside the package that some tests run, found as the
/// commands they start find them: on `PATH`.
package enum ExternalTools {
  /// Whether `program` is an executable in a directory of `PATH`.
  package static func isOnPath(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  /// valgrind, which `profile` and a run's traced `code_bytes` need (CI
  /// installs it).
  package static let hasValgrind = isOnPath("valgrind")

  /// objcopy (binutils), which a run's traced `code_bytes` needs beside
  /// valgrind.
  package static let hasObjcopy = isOnPath("objcopy")

  /// objdump (binutils), the disassembler `X86Instruction`'s lengths are
  /// checked against.
  package static let hasObjdump = isOnPath("objdump")

  /// Python 3 at /usr/bin/python3, which reads an export as Google
  /// Benchmark's users do.
  package static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
}
