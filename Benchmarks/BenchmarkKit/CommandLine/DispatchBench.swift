#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `dispatch-bench` command: subcommands, help and exit statuses.
public enum DispatchBench {
  static let overview = """
    OVERVIEW: Measure what dispatching over many kinds of thing costs in Swift:
    a naive manager, protocol getters, a classic visitor, a generic visitor and
    a closed enum with an exhaustive switch, on the same share and feed
    operations (../shared/spec/SPEC.md), with the same data and harness.

    USAGE: dispatch-bench [SUBCOMMAND] [OPTIONS]

    SUBCOMMANDS:
      run        (default) Time every strategy on every operation over
                 generated feeds; write a CSV to results/ and print a table.
      compare    Compare strategies within a run, or two runs cell by cell
                 with a verdict (exit 2 on a regression).
      report     Write a run's report: report.md and SVG charts.
      profile    Count instructions, branch misses, retains, releases and
                 allocations per element under valgrind (deterministic).
      dump       Print every strategy's output for a feed file, one JSON line
                 each, and fail if the strategies disagree.

      See 'dispatch-bench help SUBCOMMAND' for a subcommand's options.
    """

  /// The subcommands, by name.
  static let commands: [String: CommandSpec] = [
    RunOptions.spec.name: RunOptions.spec,
    DumpCommand.spec.name: DumpCommand.spec,
    CompareCommand.spec.name: CompareCommand.spec,
    ReportCommand.spec.name: ReportCommand.spec,
    ProfileCommand.spec.name: ProfileCommand.spec,
  ]

  /// Runs the command line and returns the exit status.
  public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
    do {
      return try dispatch(arguments, console: console)
    } catch {
      console.errorLine("error: \(error.message)")
      if let command = error.usageOf {
        console.errorLine(commands[command]?.usage ?? overview)
      }
      return error.exitStatus
    }
  }

  private static func dispatch(_ arguments: [String], console: Console) throws(CommandError)
    -> Int32
  {
    // No subcommand, or options only: `run`.
    guard let first = arguments.first, !first.hasPrefix("-") || first == "--help" || first == "-h"
    else {
      return try run(arguments, recorded: arguments, console: console)
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h":
      console.line(overview)
      return ExitStatus.success
    case "help":
      guard let name = rest.first else {
        console.line(overview)
        return ExitStatus.success
      }
      guard let spec = commands[name] else { throw unknownCommand(name) }
      console.line(spec.help)
      return ExitStatus.success
    case RunOptions.spec.name:
      return try run(rest, recorded: arguments, console: console)
    case ProfileCell.name:
      return ProfileCell.main(rest)
    case ProfileCommand.spec.name:
      let parsed = try ParsedArguments(rest, spec: ProfileCommand.spec)
      if parsed.wantsHelp {
        console.line(ProfileCommand.spec.help)
        return ExitStatus.success
      }
      return try ProfileCommand(parsed, recorded: arguments).run(console: console)
    case DumpCommand.spec.name:
      let parsed = try ParsedArguments(rest, spec: DumpCommand.spec)
      if parsed.wantsHelp {
        console.line(DumpCommand.spec.help)
        return ExitStatus.success
      }
      return try DumpCommand(parsed).run(console: console)
    case CompareCommand.spec.name:
      let parsed = try ParsedArguments(rest, spec: CompareCommand.spec)
      if parsed.wantsHelp {
        console.line(CompareCommand.spec.help)
        return ExitStatus.success
      }
      return try CompareCommand(parsed).run(console: console)
    case ReportCommand.spec.name:
      let parsed = try ParsedArguments(rest, spec: ReportCommand.spec)
      if parsed.wantsHelp {
        console.line(ReportCommand.spec.help)
        return ExitStatus.success
      }
      return try ReportCommand(parsed).run(console: console)
    default:
      throw unknownCommand(first)
    }
  }

  private static func run(_ arguments: [String], recorded: [String], console: Console)
    throws(CommandError) -> Int32
  {
    let parsed = try ParsedArguments(arguments, spec: RunOptions.spec)
    if parsed.wantsHelp {
      console.line(RunOptions.spec.help)
      return ExitStatus.success
    }
    return try RunCommand(options: RunOptions(parsed), arguments: recorded).run(console: console)
  }

  private static func unknownCommand(_ name: String) -> CommandError {
    var message =
      name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'"
    if let suggestion = Suggestion.closest(to: name, among: commands.keys.sorted()) {
      message += " (did you mean '\(suggestion)'?)"
    }
    message += "\n\n" + overview
    return CommandError(message, exitStatus: ExitStatus.usage)
  }
}
