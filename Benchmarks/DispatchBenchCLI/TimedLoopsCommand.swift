import BenchmarkEngine
import BinaryInspection
import CommandLineSupport

/// `dispatch-bench _timed-loops [BINARY]`: the timed loops of a build, by
/// the rule `code_bytes` finds them with (`TimedLoop`), for the scripts
/// that read the binary's code (`check-kernels.py`, `layouts-check.py`,
/// `loops-diff.py`), so that none of them names the loops again. Not a
/// public command:
///
///     dispatch-bench _timed-loops [BINARY]     (default: this executable)
///
/// Prints one loop a line, in symbol order: family (`kernel`, `floor`,
/// `app`, `synthetic`, `existential`), module, kinds (0 outside the
/// synthetic domain), loop and mangled symbol, tab-separated. A file that is
/// not an x86-64 ELF with a symbol table, or has no timed loop, is an error
/// (exit 65).
package enum TimedLoopsCommand {
  package static let name = "_timed-loops"

  package static let spec = CommandSpec(
    name: name, summary: "Print a build's timed loops: family, module, kinds, loop and symbol, tab-separated.",
    synopsis: "\(name) [BINARY]", positionals: 0...1, positionalName: "BINARY", options: NoOptions(), examples: [])

  /// Runs the command: `arguments` without the subcommand.
  package static func main(_ arguments: [String], console: Console) -> Int32 {
    HiddenCommand.main(spec, arguments, console: console) { parsed throws(CommandError) in
      let path = parsed.positionals.first ?? executablePath()
      guard let code = CodeSize(file: path) else {
        throw CommandError.dataError(
          "\(name): cannot read \(path)'s functions: not an x86-64 ELF file with a symbol table, "
            + "or one that holds the Swift runtime (--static-swift-stdlib)")
      }
      let loops = code.timedLoops
      guard !loops.isEmpty else {
        throw CommandError.dataError("\(name): no timed loops in \(path): is it a release build of dispatch-bench?")
      }
      for loop in loops { console.line(loop.line) }
      return ExitStatus.success
    }
  }
}
