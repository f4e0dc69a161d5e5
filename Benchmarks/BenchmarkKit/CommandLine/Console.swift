#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Where a command writes: standard output for results, standard error for
/// progress, warnings and errors. Tests pass their own to capture both.
public struct Console {
  public var write: (String) -> Void
  public var writeError: (String) -> Void
  /// Whether standard error is a terminal, so that progress is worth drawing.
  public var errorIsTerminal: Bool

  public init(
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    errorIsTerminal: Bool = false
  ) {
    self.write = write
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's standard output and standard error.
  public static var standard: Console {
    Console(
      write: { text in
        print(text, terminator: "")
      },
      writeError: { text in
        // Flush buffered standard output first, so the two interleave in order.
        fflush(nil)
        writeFully(STDERR_FILENO, text)
      },
      errorIsTerminal: isatty(STDERR_FILENO) != 0)
  }

  func line(_ text: String) {
    write(text + "\n")
  }

  func errorLine(_ text: String) {
    writeError(text + "\n")
  }
}
