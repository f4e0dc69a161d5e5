@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import DispatchBenchCLI
import DispatchModel
import Testing
import RunContract

/// `run` and `profile` take the feed-selection and output options as one
/// group each: the same flags, read the same way, refused with the same
/// errors. Only their defaults differ.
@Suite struct SharedOptionsTests {
  static let specs = [RunOptions.spec, ProfileCommand.spec]

  /// The cells the command given by `spec` would cover, with its output options.
  static func parse(_ arguments: [String], spec: CommandSpec) throws(CommandError)
    -> (matrix: RunMatrix, output: OutputOptions)
  {
    let parsed = try ParsedArguments(arguments, spec: spec)
    if spec.name == ProfileCommand.spec.name {
      let options = try ProfileCommand(parsed, recorded: []).options
      return (options.matrix, options.outputOptions)
    }
    let options = try RunOptions(parsed)
    return (options.matrix, options.outputOptions)
  }

  @Test func bothDeclareEveryOptionOfBothGroups() {
    let shared =
      FeedSelectionOptions.Options(verb: "", defaultSizes: "", defaultDistributions: "").optionSpecs
      + OutputOptions.Options(verb: "", measurements: "", fileSuffix: "").optionSpecs
    for spec in Self.specs {
      for option in shared {
        #expect(spec.option(named: option.name)?.valueName == option.valueName, "\(spec.name) \(option.name)")
      }
    }
  }

  /// One name for one idea across the commands: a name one command gave up
  /// (`report --out`, `run --samples-csv`, `answer --section`) is no
  /// command's name today, and a shared option is read through one
  /// declaration whatever command words its help.
  @Test func noCommandUsesANameAnotherGaveUp() {
    let specs = DispatchBench.subcommands.map(\.spec)
    let names = Set(specs.flatMap { $0.options.map(\.name) })
    let former = specs.flatMap { spec in spec.options.flatMap { $0.formerNames.map { (spec.name, $0) } } }
    #expect(former.map(\.1).contains("--out") && former.map(\.1).contains("--samples-csv"))
    for (command, name) in former {
      #expect(!names.contains(name), "\(command) gave up \(name), but a command still declares it")
    }
  }

  @Test func bothReadEveryFlagAlike() throws {
    let arguments = [
      "--sizes", "10,2_0", "--distributions", "clustered,single", "--kinds", "3,6", "--seed", "9",
      "--strategies", "enum-switch,naive", "--operations", "feed.height,share.line", "--filter", "feed/*, */10",
      "--output", "out.csv", "--force", "--format", "json", "--quiet", "--list", "--allow-debug-build",
    ]
    let run = try Self.parse(arguments, spec: RunOptions.spec)
    let profile = try Self.parse(arguments, spec: ProfileCommand.spec)
    #expect(run.matrix.plan().feedKeys == profile.matrix.plan().feedKeys)
    #expect(run.matrix.plan().feeds.map(\.feed.kinds) == profile.matrix.plan().feeds.map(\.feed.kinds))
    #expect(run.matrix.seed == 9 && profile.matrix.seed == 9)
    #expect(profile.matrix.filters == [GlobPattern(pattern: "feed/*"), GlobPattern(pattern: "*/10")])
    for output in [run.output, profile.output] {
      #expect(output.csvPath == "out.csv" && output.force && output.format == .json)
      #expect(output.quiet && output.listOnly && output.allowDebugBuild)
    }
  }

  @Test(arguments: [
    ["--sizes", "10k"], ["--sizes", "0"], ["--sizes", "1,,2"], ["--kinds", "65"],
    ["--distributions", "zipf"], ["--strategies", "visitor"], ["--operations", "feed.colour"],
    ["--seed", "-1"], ["--filter", "a,,b"], ["--feed", "x.json", "--kinds", "2"],
    ["--feed", "/nonexistent.json"], ["--format", "xml"],
  ])
  func bothRefuseABadValueWithTheSameError(arguments: [String]) {
    var errors: [CommandError] = []
    for spec in Self.specs {
      do {
        _ = try Self.parse(arguments, spec: spec)
        Issue.record("\(spec.name) accepted \(arguments)")
      } catch {
        errors.append(error)
      }
    }
    guard errors.count == 2 else { return }
    // run's --format also offers what other tools read (gbench); the rest
    // of the message is the same.
    let exports = ", " + ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
    #expect(
      errors[0].message.replacingOccurrences(of: exports, with: "")
        == errors[1].message.replacingOccurrences(of: exports, with: ""))
    #expect(errors[0].exitStatus == errors[1].exitStatus)
    if errors[0].exitStatus == ExitStatus.usage {
      #expect(errors.map(\.usageOf) == Self.specs.map(\.name))
    }
  }

  /// Where they differ: with no dimension given, profile covers what
  /// `run --quick` does, not the default suite.
  @Test func profileCoversTheCellsOfQuickByDefault() throws {
    let profile = try Self.parse([], spec: ProfileCommand.spec).matrix.plan()
    let quick = try Self.parse(["--quick"], spec: RunOptions.spec).matrix.plan()
    #expect(profile.feedKeys == quick.feedKeys)
    #expect(profile.feeds.allSatisfy { $0.feed.size == 1_000 && $0.feed.distribution == "uniform" })
  }
}
