@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import Foundation
import Testing

@Suite struct ArgumentParsingTests {
  /// Declared as a command declares its options, and read through these.
  enum Options {
    static let quick = OptionSpec.flag("--quick", "Quick.")
    static let sizes = OptionSpec.value("--sizes", "LIST", "Sizes.", example: "--sizes 1000,100000")
    static let seed = OptionSpec.value("--seed", "N", "Seed.", example: "--seed 7")
    static let output = OptionSpec.value(
      "--output", "PATH", "Output.", example: "--output a.csv", formerNames: ["--out", "--to"])
    static let dryRun = OptionSpec.flag("--dry-run", "Dry run.", formerNames: ["--pretend"])
    /// Declared, but not by this command.
    static let undeclared = OptionSpec.flag("--undeclared", "Not in the spec.")
  }

  static let spec = CommandSpec(
    name: "test", summary: "A test command.", synopsis: "test [OPTIONS] [FILE]",
    positionals: 0...1, positionalName: "FILE",
    options: [Options.quick, Options.sizes, Options.seed, Options.output, Options.dryRun],
    examples: [])

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    try ParsedArguments(arguments, spec: Self.spec)
  }

  @Test func splitsFlagsValuesAndPositionals() throws {
    let parsed = try parse(["--quick", "--sizes", "1,2", "--seed=9", "file.csv"])
    #expect(parsed.has(Options.quick))
    #expect(parsed.value(Options.sizes) == "1,2")
    #expect(parsed.value(Options.seed) == "9")
    #expect(parsed.positionals == ["file.csv"])
    #expect(!parsed.has(Options.dryRun))
    #expect(parsed.value(Options.output) == nil)
  }

  /// An option read but left out of the command's spec (so never given)
  /// stops the program instead of reading as not given: every test that
  /// reaches such a read fails. Here in a process of its own.
  @Test func anOptionTheCommandDoesNotDeclareFailsWhenRead() async {
    await #expect(processExitsWith: .failure) {
      // A parse that failed would exit 0 here, and fail the expectation.
      guard let parsed = try? ParsedArguments(["--quick"], spec: ArgumentParsingTests.spec) else { exit(0) }
      _ = parsed.has(Options.undeclared)
    }
  }

  // MARK: Former names

  @Test(arguments: [["--out", "a.csv"], ["--out=a.csv"], ["--to", "a.csv"], ["--output", "a.csv"]])
  func aFormerNameIsStillAccepted(arguments: [String]) throws {
    #expect(try parse(arguments).value(Options.output) == "a.csv")
  }

  @Test func aFormerFlagNameIsStillAccepted() throws {
    #expect(try parse(["--pretend"]).has(Options.dryRun))
  }

  @Test(arguments: [
    (["--out", "a.csv", "--output", "b.csv"], "--output is given more than once"),
    (["--out"], "--output needs a value (example: --output a.csv)"),
    (["--pretend=yes"], "--dry-run takes no value"),
  ])
  func aFormerNameIsReadAsTheOption(arguments: [String], message: String) {
    #expect {
      try parse(arguments)
    } throws: { error in
      (error as? CommandError)?.message.hasPrefix(message) == true
    }
  }

  @Test func helpNamesTheFormerNames() {
    #expect(Self.spec.help.contains("(formerly --out, --to, still accepted)"))
    #expect(Self.spec.help.contains("(formerly --pretend, still accepted)"))
  }

  @Test func aBadValueNamesTheOptionAsDeclaredUnderAFormerName() {
    #expect {
      try parse(["--out", "x", "--sizes", "ten"]).integers(Options.sizes, in: 0...9)
    } throws: { error in
      (error as? CommandError)?.message == #"--sizes: "ten" is not a whole number (example: --sizes 1000,100000)"#
    }
  }

  @Test func aDoubleDashEndsOptions() throws {
    #expect(try parse(["--", "--quick"]).positionals == ["--quick"])
  }

  @Test(arguments: [
    (["--quik"], "unknown option '--quik' for 'test' (did you mean '--quick'?)"),
    (["--sizes"], "--sizes needs a value (example: --sizes 1000,100000)"),
    (["--sizes", "--quick"], "--sizes needs a value"),
    (["--quick", "--quick"], "--quick is given more than once"),
    (["--quick=yes"], "--quick takes no value"),
    (["a", "b"], "unexpected argument 'b'"),
  ])
  func refusesBadArguments(arguments: [String], message: String) {
    expectCommandError(message, usageOf: "test") { try parse(arguments) }
  }

  @Test func parsesLists() throws {
    #expect(try parse(["--sizes", " a,b c ,d"]).list(Options.sizes) == ["a", "b c", "d"])
    #expect(try parse([]).list(Options.sizes) == nil)
    #expect {
      try parse(["--sizes", "a, ,b"]).list(Options.sizes, item: "pattern")
    } throws: { error in
      (error as? CommandError)?.message.hasPrefix(#"--sizes: "a, ,b" has an empty pattern"#) == true
    }
  }

  @Test func parsesIntegerLists() throws {
    #expect(try parse(["--sizes", "1000, 100_000,0"]).integers(Options.sizes, in: 0...Int.max) == [1000, 100_000, 0])
    #expect(try parse([]).integers(Options.sizes, in: 0...10) == nil)
  }

  @Test(arguments: [
    ("10k", #"--sizes: "10k" is not a whole number (example: --sizes 1000,100000)"#),
    ("1,,2", #"--sizes: "1,,2" has an empty item"#),
    ("-5", #"--sizes: "-5" is negative: the allowed range is 0 or more (example: --sizes 1000,100000)"#),
    ("", #"--sizes: "" has an empty item"#),
  ])
  func refusesBadIntegers(value: String, message: String) {
    #expect {
      try parse(["--sizes", value]).integers(Options.sizes, in: 0...Int.max)
    } throws: { error in
      (error as? CommandError)?.message.hasPrefix(message) == true
    }
  }

  @Test func suggestsTheClosestName() {
    #expect(Suggestion.closest(to: "--sise", among: ["--sizes", "--seed"]) == "--sizes")
    #expect(Suggestion.closest(to: "enum", among: ["enum-switch", "naive"]) == "enum-switch")
    #expect(Suggestion.closest(to: "--zzzzzz", among: ["--sizes", "--seed"]) == nil)
  }

  /// A strategy named as its module is (Package.swift, Sources/) gets its
  /// registry name, however far apart the spellings are.
  @Test func suggestsTheRegistryNameOfAModuleName() {
    let strategies = ["naive", "protocol-getter", "enum-switch", "handler-table"]
    #expect(Suggestion.closest(to: "ProtocolGetter", among: strategies) == "protocol-getter")
    #expect(Suggestion.closest(to: "HandlerTable", among: strategies) == "handler-table")
    #expect(Suggestion.closest(to: "Naive", among: strategies) == "naive")
    #expect(Suggestion.closest(to: "ProtocolDefaults", among: strategies) == nil)
    #expect(Suggestion.kebabCase("MyPattern") == "my-pattern")
  }

  /// Typos of `run`'s options, one or more edits from the option meant, each
  /// still answered with it.
  @Test(arguments: [
    ("--operatons", "--operations"), ("--oprations", "--operations"), ("--sise", "--sizes"),
    ("--strategy", "--strategies"), ("--lanches", "--launches"), ("--qiuck", "--quick"), ("--wdie", "--wide"),
    ("--outptu", "--output"), ("--distrbutions", "--distributions"),
  ])
  func aTypoOfARunOptionIsSuggested(typed: String, meant: String) {
    #expect(Suggestion.closest(to: typed, among: RunOptions.spec.options.map(\.name)) == meant)
  }

  /// Other tools' option names, close to one of `run`'s in letters but not
  /// a typo of it: no suggestion, which would send the user the wrong way
  /// (`--iterations` is two edits from `--operations`).
  @Test(arguments: ["--iterations", "--time", "--cores", "--fast", "--repetitions", "--threads", "--verbose"])
  func anotherWordIsNotTakenForATypo(typed: String) {
    #expect(Suggestion.closest(to: typed, among: RunOptions.spec.options.map(\.name)) == nil)
  }

  @Test func helpListsEveryOption() {
    let help = Self.spec.help
    for option in ["--quick", "--sizes LIST", "--seed N", "--help"] {
      #expect(help.contains(option))
    }
    #expect(help.contains("(example: --sizes 1000,100000)"))
  }
}
