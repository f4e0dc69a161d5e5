@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import DispatchBenchCLI
import Reports
import Foundation
import Testing

/// An option is declared once: an `Option` stored in its
/// command's `OptionGroup` is both what the spec lists (parsing, help) and
/// what the command reads, typed and defaulted. A read goes through a key
/// path into the group, so reading an option the group does not hold does
/// not compile; what is left, an `Option` the group computes instead of
/// storing, is not in the spec and stops when read.
@Suite struct OptionGroupTests {
  struct Shared: OptionGroup {
    let seed = Option.value("--seed", "N", "Seed.", example: "--seed 7").map { text, invalid throws(CommandError) in
      guard let text else { return 1 }
      guard let seed = Int(text) else { throw invalid(text, "is not a whole number") }
      return seed
    }
  }

  struct Options: OptionGroup {
    let quick = Option.flag("--quick", "Quick.")
    let sizes = Option.integers("--sizes", "LIST", "Sizes.", example: "--sizes 1000,100000", in: 1...Int.max)
    let shared = Shared()
    let format = Option.choice("--format", "FORMAT", "Format.", choices: ["table", "csv"], example: "--format csv")
      .default("table")
    /// Not stored, so not declared: the spec never lists it.
    var undeclared: Option<Bool> { Option.flag("--undeclared", "Computed, not stored.") }
  }

  static let spec = CommandSpec(
    name: "test", summary: "A test command.", synopsis: "test [OPTIONS]", options: Options(), examples: [])

  func read(_ arguments: [String]) throws(CommandError) -> OptionValues<Options> {
    try ParsedArguments(arguments, spec: Self.spec).reading(Options())
  }

  @Test func theSpecListsEveryStoredOptionInOrderSharedGroupsInPlace() {
    #expect(Self.spec.options.map(\.name) == ["--quick", "--sizes", "--seed", "--format"])
    #expect(Self.spec.option(named: "--undeclared") == nil)
    #expect(Self.spec.help.contains("--sizes LIST") && Self.spec.help.contains("(example: --format csv)"))
  }

  @Test func readsEachOptionTypedAndDefaulted() throws {
    let given = try read(["--quick", "--sizes", "1,2", "--seed", "9", "--format", "csv"])
    #expect(try given.quick)
    #expect(try given.sizes == [1, 2])
    #expect(try given.shared.seed == 9)
    #expect(try given.format == "csv")
    let absent = try read([])
    #expect(try !absent.quick)
    #expect(try absent.sizes == nil)
    #expect(try absent.shared.seed == 1)
    #expect(try absent.format == "table")
    #expect(!absent.isGiven(\.format))
    #expect(try read(["--format", "table"]).isGiven(\.format))
  }

  @Test func aBadValueIsRefusedAsItsDeclarationSays() {
    #expect {
      try read(["--seed", "x"]).shared.seed
    } throws: { error in
      (error as? CommandError)?.message == #"--seed: "x" is not a whole number (example: --seed 7)"#
    }
    #expect {
      try read(["--format", "xml"]).format
    } throws: { error in
      (error as? CommandError)?.message == #"--format: "xml" is not one of table, csv (example: --format csv)"#
    }
  }

  /// The one read the compiler lets through: an `Option` the group computes
  /// rather than stores. The spec does not list it, so it could never be
  /// given; reading it stops the program rather than reading as absent.
  /// Here in a process of its own.
  @Test func anOptionTheGroupDoesNotStoreStopsWhenRead() async {
    await #expect(processExitsWith: .failure) {
      // A parse that failed would exit 0 here, and fail the expectation.
      guard let values = try? ParsedArguments(["--quick"], spec: OptionGroupTests.spec).reading(Options()) else {
        exit(0)
      }
      _ = try? values.undeclared
    }
  }

  /// Reading with a group the spec was not made from stops at once, before
  /// any option is read.
  @Test func readingWithAnotherCommandsGroupStops() async {
    await #expect(processExitsWith: .failure) {
      guard let parsed = try? ParsedArguments([], spec: OptionGroupTests.spec) else { exit(0) }
      _ = parsed.reading(RunOptions.declared)
    }
  }

  /// Every command's spec is its group's options, and reading its group
  /// against its own spec passes: each command declares what it reads.
  @Test func everyCommandsSpecIsItsGroup() throws {
    let commands: [(CommandSpec, any OptionGroup)] = [
      (RunOptions.spec, RunOptions.declared), (ProfileCommand.spec, ProfileCommand.declared),
      (CompareCommand.spec, CompareCommand.declared), (AnswerCommand.spec, AnswerCommand.declared),
      (ReportCommand.spec, ReportCommand.declared), (ExportCommand.spec, ExportCommand.declared),
      (DumpCommand.spec, DumpCommand.declared), (NewStrategyCommand.spec, NewStrategyCommand.declared),
      (RelinkCommand.spec, RelinkCommand.declared), (ProfileCase.spec, ProfileCase.declared),
    ]
    #expect(Set(commands.map(\.0.name)).isSuperset(of: DispatchBench.subcommands.map(\.spec.name)))
    for (spec, group) in commands {
      #expect(spec.options.map(\.name) == group.optionSpecs.map(\.name), "\(spec.name)")
      let names = spec.options.map(\.name)
      #expect(Set(names).count == names.count, "\(spec.name) declares an option twice: \(names)")
    }
  }
}
