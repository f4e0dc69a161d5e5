#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import BenchmarkEngine
import CommandLineSupport
import Reports
import StrategyRegistry

/// The `dispatch-bench` command: subcommands, help and exit statuses.
public enum DispatchBench {
  /// The opening paragraph names every registered pattern, from the
  /// registry's one list (Package.swift's `strategyModules`), so a pattern
  /// added there is named here too.
  package static let overview =
    TextTable.wrap(
      "OVERVIEW: Measure what dispatching over many kinds of thing costs in Swift, "
        + "\(Registry.names.count) patterns (\(Registry.names.joined(separator: ", "))), on the same share and feed "
        + "operations (SPEC.md) and a synthetic domain of 2 to 64 kinds, with the same data and harness, compiled "
        + "across a module boundary and as an app compiles them.", width: 76) + "\n\n" + """
      USAGE: dispatch-bench [SUBCOMMAND] [OPTIONS]

      SUBCOMMANDS:
        run        (default) Time every strategy on every operation over
                   generated feeds; write a CSV to results/local/, end
                   with the answer.
        compare    Compare strategies within a run, or two runs row by row
                   with a verdict (exit 2 on a regression).
        answer     Print the README's answer from a run: which pattern when,
                   the stakes, and the tables behind them.
        report     Write a run's report: report.md and SVG charts.
        profile    Count instructions, branch misses, retains, releases and
                   allocations per element under valgrind (deterministic).
        dump       Print every strategy's output for a feed file, one JSON line
                   each, and fail if the strategies disagree.
        export     Write a run CSV as Google Benchmark's JSON, for its
                   compare.py and dashboards.
        new-strategy
                   Add a strategy of your own: a copy of an existing one under
                   a new name, registered, building and passing parity.

        See 'dispatch-bench help SUBCOMMAND' for a subcommand's options;
        'dispatch-bench --version' for the version and build.
      """

  /// A subcommand: its options and help, and what it runs once they parse.
  package struct Subcommand: Sendable {
    package var spec: CommandSpec
    /// Runs with the parsed arguments and the whole command line, as typed.
    package var run: @Sendable (ParsedArguments, [String], Console) throws(CommandError) -> Int32

    package init(
      spec: CommandSpec, run: @escaping @Sendable (ParsedArguments, [String], Console) throws(CommandError) -> Int32
    ) {
      self.spec = spec
      self.run = run
    }

    /// A command that needs only its parsed arguments.
    init<Command: ParsedCommand>(_ command: Command.Type) {
      self.init(spec: Command.spec) { parsed, _, console throws(CommandError) in
        try Command(parsed).run(console: console)
      }
    }
  }

  /// The subcommands, in the order `help` lists them.
  package static let subcommands: [Subcommand] = [
    Subcommand(spec: RunOptions.spec) { parsed, recorded, console throws(CommandError) in
      try RunCommand(options: RunOptions(parsed), arguments: recorded, closing: RunAnswer.text(path:))
        .run(console: console)
    },
    Subcommand(CompareCommand.self), Subcommand(AnswerCommand.self), Subcommand(ReportCommand.self),
    Subcommand(spec: ProfileCommand.spec) { parsed, recorded, console throws(CommandError) in
      try ProfileCommand(parsed, recorded: recorded).run(console: console)
    },
    Subcommand(DumpCommand.self), Subcommand(ExportCommand.self), Subcommand(NewStrategyCommand.self),
  ]

  /// The subcommands' specs, by name.
  package static var commands: [String: CommandSpec] {
    Dictionary(uniqueKeysWithValues: subcommands.map { ($0.spec.name, $0.spec) })
  }

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
    guard let first = arguments.first,
      !first.hasPrefix("-") || first == "-h" || OptionSpec.helpFlag.isNamed(first)
        || OptionSpec.versionFlag.isNamed(first)
    else {
      return try invoke(subcommands[0], arguments, recorded: arguments, console: console)
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case OptionSpec.helpFlag.name, "-h":
      console.line(overview)
      return ExitStatus.success
    case OptionSpec.versionFlag.name:
      let machine = Machine.current()
      console.line(
        "dispatch-bench \(ToolVersion.current) (results schema \(Schema.runVersion)); "
          + "Swift \(machine.swiftVersion), \(machine.buildConfiguration) build; \(machine.buildFlags)")
      return ExitStatus.success
    case "help":
      guard let name = rest.first else {
        console.line(overview)
        return ExitStatus.success
      }
      guard let spec = commands[name] else { throw unknownCommand(name) }
      console.line(spec.help)
      return ExitStatus.success
    case ProfileCase.name:
      return ProfileCase.main(rest)
    case CodeSizeCase.name:
      return CodeSizeCase.main(rest)
    case LaunchChild.name:
      return LaunchChild.main(rest, console: console)
    case CommittedMachinesCommand.name:
      return CommittedMachinesCommand.main(rest, console: console)
    case RelinkCommand.name:
      return RelinkCommand.main(rest, console: console)
    case ColumnsCommand.name:
      return ColumnsCommand.main(rest, console: console)
    case TimedLoopsCommand.name:
      return TimedLoopsCommand.main(rest, console: console)
    default:
      guard let subcommand = subcommands.first(where: { $0.spec.name == first }) else {
        throw unknownCommand(first)
      }
      return try invoke(subcommand, rest, recorded: arguments, console: console)
    }
  }

  private static func invoke(
    _ subcommand: Subcommand, _ arguments: [String], recorded: [String], console: Console
  ) throws(CommandError) -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: subcommand.spec)
    if parsed.wantsHelp {
      console.line(subcommand.spec.help)
      return ExitStatus.success
    }
    // Tables on the console fit its width, unless the command takes --wide
    // and was given it.
    let width = parsed.fitsTables ? console.width : nil
    return try TextTable.$width.withValue(width) {
      Result { () throws(CommandError) in try subcommand.run(parsed, recorded, console) }
    }.get()
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

/// A subcommand made from its parsed arguments alone, then run.
protocol ParsedCommand: SendableMetatype {
  static var spec: CommandSpec { get }
  init(_ parsed: ParsedArguments) throws(CommandError)
  func run(console: Console) throws(CommandError) -> Int32
}

extension CompareCommand: ParsedCommand {}
extension AnswerCommand: ParsedCommand {}
extension ReportCommand: ParsedCommand {}
extension DumpCommand: ParsedCommand {}
extension ExportCommand: ParsedCommand {}
extension NewStrategyCommand: ParsedCommand {}
