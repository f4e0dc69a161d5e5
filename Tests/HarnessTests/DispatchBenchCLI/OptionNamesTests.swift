import BenchmarkEngine
import CommandLineSupport
import DispatchBenchCLI
import Foundation
import TestSupport
import Testing

/// One meaning per option name across every command: a user who learnt
/// `--samples` in one command reads it right in the next. An option's kind
/// is what follows its name (nothing, for a flag; else its value name), and
/// one value and a list of the same thing (`N`, `N,...`) are one kind. A
/// former name is a name: it is still accepted, so it cannot mean another
/// thing than where it is current.
@Suite struct OptionNamesTests {
  /// Every command with a spec: `help`'s and the hidden ones the run and
  /// the scripts call.
  static let specs: [CommandSpec] =
    DispatchBench.subcommands.map(\.spec) + [
      ProfileCase.spec, RelinkCommand.spec, ColumnsCommand.spec, TimedLoopsCommand.spec,
    ]

  /// `flag`, or the value name with a list's `,...` dropped.
  static func kind(of option: OptionSpec) -> String {
    guard let valueName = option.valueName else { return "flag" }
    return valueName.hasSuffix(",...") ? String(valueName.dropLast(",...".count)) : valueName
  }

  /// Every name and former name of every command's options: the commands
  /// that use it, each with the kind it has there.
  static var uses: [String: [(command: String, kind: String)]] {
    var uses: [String: [(command: String, kind: String)]] = [:]
    for spec in specs {
      for option in spec.options {
        for name in [option.name] + option.formerNames {
          uses[name, default: []].append((spec.name, kind(of: option)))
        }
      }
    }
    return uses
  }

  @Test func everyNameHasOneKindInEveryCommand() {
    let uses = Self.uses
    #expect(uses.count > 50, "only \(uses.count) option names found")
    for (name, commands) in uses.sorted(by: { $0.key < $1.key }) where Set(commands.map(\.kind)).count > 1 {
      let meanings: String = commands.map { "\($0.command) \($0.kind)" }.joined(separator: ", ")
      Issue.record("\(name) has \(Set(commands.map(\.kind)).count) meanings: \(meanings)")
    }
  }

  /// The list above is every command: each `CommandSpec(` the commands'
  /// sources make is one of `specs`.
  @Test func everyCommandSpecIsListed() throws {
    let sources = try Fixtures.files(under: Fixtures.packageRoot + "/Benchmarks").filter {
      $0.hasSuffix(".swift") && !$0.contains("/CommandLineSupport/")
    }
    let made = try sources.reduce(0) { count, path in
      count + (try String(contentsOfFile: path, encoding: .utf8)).components(separatedBy: "= CommandSpec(").count - 1
    }
    #expect(made == Self.specs.count, "the sources make \(made) command specs; the test lists \(Self.specs.count)")
    #expect(Set(Self.specs.map(\.name)).count == Self.specs.count)
  }
}
