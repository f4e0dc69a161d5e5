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
  /// How many columns tables on standard output fit in (unless `--wide`):
  /// `nil` for no limit.
  public var width: Int?

  public init(
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    errorIsTerminal: Bool = false, width: Int? = nil
  ) {
    self.write = write
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.width = width
  }

  /// The width tables fit in by default: `COLUMNS` when it is set to a
  /// number, else the terminal's when standard output is one, else 80.
  public static func defaultWidth(environment columns: String? = getenv("COLUMNS").map { String(cString: $0) })
    -> Int
  {
    if let columns, let width = Int(columns.trimming(" ")), width > 0 { return max(width, minimumWidth) }
    var size = winsize()
    if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return max(Int(size.ws_col), minimumWidth)
    }
    return 80
  }

  /// Narrower than this, tables are laid out as if it were this wide.
  package static let minimumWidth = 40

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
      errorIsTerminal: isatty(STDERR_FILENO) != 0, width: defaultWidth())
  }

  package func line(_ text: String) {
    write(text + "\n")
  }

  package func errorLine(_ text: String) {
    writeError(text + "\n")
  }
}
