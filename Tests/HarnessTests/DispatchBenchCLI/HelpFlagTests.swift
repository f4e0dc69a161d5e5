@testable import DispatchBenchCLI
import Testing

/// `-h`, the short form of `--help`: the overview alone, a command's help
/// after its name, and before any work the command would do.
@Suite struct HelpFlagTests {
  @Test func aloneItPrintsTheOverviewAsHelpDoes() {
    let short = InProcess.main(["-h"])
    #expect(short.status == 0 && short.errors.isEmpty, "\(short.errors)")
    #expect(short.output == DispatchBench.overview + "\n")
    #expect(short.output == InProcess.main(["--help"]).output)
    #expect(short.output == InProcess.main(["help"]).output)
  }

  @Test(arguments: DispatchBench.subcommands.map(\.spec.name))
  func afterACommandItPrintsThatCommandsHelp(command: String) throws {
    let short = InProcess.main([command, "-h"])
    #expect(short.status == 0 && short.errors.isEmpty, "\(command): \(short.errors)")
    let spec = try #require(DispatchBench.commands[command])
    #expect(short.output == spec.help + "\n", "\(command)")
    #expect(short.output == InProcess.main(["help", command]).output, "\(command)")
  }

  /// Among other options, help and nothing else: no list of rows, no run.
  @Test func amongOtherOptionsItPrintsHelpAndDoesNothingElse() throws {
    let result = InProcess.main(["run", "--quick", "--list", "-h"])
    #expect(result.status == 0)
    #expect(result.output == (try #require(DispatchBench.commands["run"])).help + "\n")
    #expect(!result.output.contains("feed/feed."), "it listed the rows")
  }
}
