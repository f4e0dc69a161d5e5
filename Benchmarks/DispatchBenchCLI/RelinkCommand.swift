import BenchmarkEngine
import BenchmarkResults
import BinaryInspection
import CommandLineSupport

/// `dispatch-bench _relink`: this build's objects linked again, for the
/// scripts that need a link of the build (`relink-layouts.sh`, and
/// `static-binary-check.sh --relink`), so that SwiftPM's manifest is read in
/// one place (`Relink+Manifest.swift`) and every relink makes the same
/// checks with the same messages as `run --layouts`. Not a public command:
///
///     dispatch-bench _relink [--dry-run] [--executable PATH] [--first-seed N] K DIR
///     dispatch-bench _relink --static-stdlib [--executable PATH] OUTPUT
///
/// The first makes K layouts (`Relink.layouts`) and prints each one's path
/// and how long its link took; the second links the objects with
/// `-static-stdlib` into OUTPUT (`Relink.staticArguments`).
package enum RelinkCommand {
  package static let name = "_relink"

  package struct Options: OptionGroup {
    package let dryRun = Option.flag(
      "--dry-run",
      """
      Check, and print each link command as a JSON array, one a line,
      without linking.
      """)
    package let executable = Option.value(
      "--executable", "PATH", "The build to relink (default: this executable).",
      example: "--executable .build/release/dispatch-bench")
    package let firstSeed = Option.integer(
      "--first-seed", "N", "Seeds N..N+K-1 instead of 1..K, as run --first-layout-seed.", example: "--first-seed 9",
      in: 1...1_000_000)
    package let staticStdlib = Option.flag(
      "--static-stdlib",
      """
      Link the objects once, with the Swift runtime inside (-static-stdlib),
      into OUTPUT.
      """)
  }

  package static let declared = Options()

  package static let spec = CommandSpec(
    name: name, summary: "Link this build's objects again: in K function orders, or with -static-stdlib.",
    synopsis: "\(name) [--dry-run] [--executable PATH] [--first-seed N] K DIR "
      + "| --static-stdlib [--executable PATH] OUTPUT",
    positionals: 1...2, positionalName: "K DIR, or OUTPUT",
    options: declared, examples: [])

  /// Runs the command: `arguments` without the subcommand.
  package static func main(_ arguments: [String], console: Console) -> Int32 {
    do {
      return try run(ParsedArguments(arguments, spec: spec), console: console)
    } catch {
      console.errorLine("error: \(error.message)")
      // Not a public command, so no `help` entry to point to.
      if error.usageOf != nil { console.errorLine("USAGE: dispatch-bench \(spec.synopsis)") }
      return error.exitStatus
    }
  }

  private static func run(_ parsed: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
    let arguments = parsed.reading(declared)
    if parsed.wantsHelp {
      console.line(spec.help)
      return ExitStatus.success
    }
    let executable = try arguments.executable
    let relink: Relink
    do {
      relink = try Relink(executable: executable ?? executablePath())
    } catch {
      throw CommandError("\(name): \(error)", exitStatus: ExitStatus.unavailable)
    }
    let positionals = arguments.positionals
    if try arguments.staticStdlib {
      guard positionals.count == 1, !arguments.isGiven(\.firstSeed) else {
        throw .usage("--static-stdlib takes OUTPUT alone", command: name)
      }
      let command = relink.staticArguments(output: positionals[0])
      if try arguments.dryRun {
        console.line(jsonArray(command))
        return ExitStatus.success
      }
      do { try relink.link(command, output: positionals[0]) } catch {
        throw CommandError("\(name): \(error)", exitStatus: ExitStatus.unavailable)
      }
      console.line(positionals[0])
      return ExitStatus.success
    }
    guard positionals.count == 2 else { throw .usage("missing DIR (K DIR)", command: name) }
    guard let count = Int(positionals[0]), count >= 1 else {
      throw .usage("K: \"\(positionals[0])\" is not a whole number of layouts from 1", command: name)
    }
    let first = try arguments.firstSeed ?? 1
    let seeds = first...(first + count - 1)
    if try arguments.dryRun {
      for seed in seeds {
        let output = "\(positionals[1])/layout-\(seed)/\(relink.paths.product)"
        console.line(jsonArray(relink.arguments(seed: UInt64(seed), output: output)))
      }
      return ExitStatus.success
    }
    do {
      for seed in seeds {
        let started = MonotonicClock.now()
        let binary = try relink.layouts(seeds: seed...seed, in: positionals[1])[0]
        console.line("\(binary)  (\(DecimalText.fixed(Double(MonotonicClock.now() - started) / 1e9, 1)) s)")
      }
    } catch {
      throw CommandError("\(name): \(error)", exitStatus: ExitStatus.unavailable)
    }
    return ExitStatus.success
  }
}

extension RelinkCommand {
  /// A command as one line of JSON, as the scripts and RelinkTests read it.
  private static func jsonArray(_ command: [String]) -> String {
    "[" + command.map(JSONText.quoted).joined(separator: ", ") + "]"
  }
}
