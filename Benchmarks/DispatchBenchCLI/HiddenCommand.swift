import CommandLineSupport

/// What the hidden subcommands the scripts call (`_columns`, `_timed-loops`)
/// share: their arguments parsed by their spec, `--help`, and an error
/// printed with the usage line, since no `help` entry names them.
enum HiddenCommand {
  /// Parses `arguments` (without the subcommand) by `spec` and runs `body`
  /// on them; returns the exit status.
  static func main(
    _ spec: CommandSpec, _ arguments: [String], console: Console,
    _ body: (ParsedArguments) throws(CommandError) -> Int32
  ) -> Int32 {
    do throws(CommandError) {
      let parsed = try ParsedArguments(arguments, spec: spec)
      if parsed.wantsHelp {
        console.line(spec.help)
        return ExitStatus.success
      }
      return try body(parsed)
    } catch {
      console.errorLine("error: \(error.message)")
      if error.usageOf != nil { console.errorLine("USAGE: dispatch-bench \(spec.synopsis)") }
      return error.exitStatus
    }
  }
}
