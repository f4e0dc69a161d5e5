@testable import CommandLineSupport
@testable import DispatchBenchCLI

/// The command line run in this process, and a console that writes nowhere:
/// defined once for every suite that needs them.
enum InProcess {
  /// A console for runners and commands whose output a test does not read.
  static var silent: Console { Console(write: { _ in }, writeError: { _ in }) }

  /// Runs `dispatch-bench` in process: exit status, standard output and
  /// standard error (each as written, with the newlines the command wrote).
  static func main(_ arguments: [String], width: Int? = nil) -> (status: Int32, output: String, errors: String) {
    final class Text: @unchecked Sendable { var output = "", errors = "" }
    let text = Text()
    let console = Console(write: { text.output += $0 }, writeError: { text.errors += $0 }, width: width)
    let status = DispatchBench.main(arguments, console: console)
    return (status, text.output, text.errors)
  }
}
