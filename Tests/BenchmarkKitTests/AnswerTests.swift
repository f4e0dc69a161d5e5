@testable import BenchmarkEngine
@testable import BinaryInspection
@testable import CommandLineSupport
@testable import DispatchBenchCLI
@testable import Reports
@testable import Statistics
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `answer` on a run cut from the reference run: each section prints what
/// the script it replaced printed for the same files (Tests/Fixtures/answer,
/// whose README names the script and command behind each expected file).
@Suite struct AnswerTests {
  static let directory = Fixtures.directory + "/answer"
  static let run = directory + "/run.csv"
  static let profile = directory + "/profile.csv"
  static let editCost = directory + "/edit-cost.csv"
  static let compileTime = directory + "/compile-time.csv"

  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
  }

  /// A section's arguments, and the file holding what its script printed.
  static let sections: [(arguments: [String], expected: String)] = [
    (["--edit-cost", editCost, "--sections", "decision,stakes,ranges"], "answer.md"),
    (["--edit-cost", editCost, "--compile-time", compileTime, "--sections", "patterns"], "patterns.md"),
    (["--sections", "kinds"], "kinds.md"),
    (["--sections", "modes"], "modes.md"),
    (["--sections", "code"], "code.md"),
    (["--profile", profile, "--sections", "counts"], "counts.md"),
  ]

  @Test(arguments: sections.indices)
  func aSectionPrintsWhatItsScriptPrinted(index: Int) throws {
    let (arguments, expected) = Self.sections[index]
    let result = InProcess.main(["answer", Self.run, "--format", "markdown"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(result.output == (try Self.expected(expected)), "answer \(arguments.joined(separator: " ")) differs from \(expected)")
  }

  /// With every file, the default prints every section, in order, each as
  /// it prints alone, a blank line between two.
  @Test func byDefaultEverySectionInOrder() throws {
    let result = InProcess.main([
      "answer", Self.run, "--format", "markdown", "--profile", Self.profile, "--edit-cost", Self.editCost,
      "--compile-time", Self.compileTime,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    let order = ["answer.md", "counts.md", "patterns.md", "modes.md", "kinds.md", "code.md"]
    #expect(result.output == (try order.map(Self.expected).joined(separator: "\n")))
  }

  /// Without a profile, edit costs or compile times, the sections that need
  /// them are left out or print `–`, and standard error says what to pass.
  @Test func withoutTheFilesBesideTheRun() throws {
    let result = InProcess.main(["answer", Self.run, "--format", "markdown"])
    #expect(result.status == 0)
    #expect(!result.output.contains("| strategy | time ratio"))
    #expect(result.output.contains("| dozens of kinds | never an `is`/`as?` chain | `cast-chain` 117 ns at 8 kinds, 791 ns at 64 (linear); handler table 30 ns at 2 kinds, 37 at 64 | – |"))
    #expect(result.errors.contains("--edit-cost"))
  }

  /// The terminal table holds the Markdown's figures, fitted to the width.
  @Test func theTerminalTableFitsItsWidth() throws {
    let result = InProcess.main(
      ["answer", Self.run, "--edit-cost", Self.editCost, "--profile", Self.profile], width: 80)
    #expect(result.status == 0)
    for figure in ["enum 12.4 ns per identifier and 11.9 ns per colour (app)", "0.93–1.10×", "42.9 (classic-visitor)", "8.21×"] {
      #expect(result.output.contains(figure), "\(figure)")
    }
    let wide = result.output.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  /// Every flag `help answer` lists is documented in a guide.
  @Test func everyFlagInHelpIsInTheGuides() {
    let help = InProcess.main(["help", "answer"])
    #expect(help.status == 0)
    let flags = GuidesTests.flags(inHelp: help.output)
    #expect(flags.contains("--profile"))
    for flag in flags {
      #expect(GuidesTests.guides.contains("`\(flag)"), "`answer \(flag)` is in --help but in no guide")
    }
  }
}

// MARK: - Argument and file errors

extension AnswerTests {
  static let errors: [(arguments: [String], status: Int32, message: String)] = [
    ([], 64, "missing RUN.csv"),
    ([run, run], 64, "unexpected argument"),
    ([run, "--sections", "decision,nope"], 64, "--sections: \"nope\" is not a known section"),
    ([run, "--sections", ""], 64, "--sections"),
    ([run, "--format", "csv"], 64, "--format: \"csv\" is not one of table, markdown"),
    ([run, "--size", "10k"], 64, "--size: \"10k\" is not a whole number"),
    ([run, "--distribution", "zipf"], 64, "--distribution: \"zipf\" is not one of"),
    ([profile], 64, "is a profile; pass a run CSV"),
    ([run, "--profile", run], 64, "--profile: \(run) is not a profile CSV"),
    (["/nonexistent.csv"], 65, "/nonexistent.csv"),
    ([run, "--edit-cost", "/nonexistent.csv"], 65, "--edit-cost: cannot read /nonexistent.csv"),
    ([run, "--compile-time", editCost], 65, "--compile-time: \(editCost): line 1: missing column \"median_seconds\""),
    ([run, "--sections", "counts"], 65, "the counts section needs --profile"),
    ([run, "--sections", "modes", "--size", "1000"], 65, "has no share or feed rows at 1,000 uniform elements"),
    ([Fixtures.runs + "/run-v4.csv", "--sections", "kinds"], 65, "has no synthetic rows"),
  ]

  /// `--section`, the one list option named in the singular, is now
  /// `--sections`; the former name still prints the same.
  @Test func theFormerNameSectionStillPrintsTheSections() throws {
    let former = InProcess.main(["answer", Self.run, "--format", "markdown", "--section", "kinds"])
    #expect(former.status == 0, "\(former.errors)")
    #expect(former.output == (try Self.expected("kinds.md")))
    let refused = InProcess.main(["answer", Self.run, "--section", "kinds", "--sections", "modes"])
    #expect(refused.status == 64 && refused.errors.contains("--sections is given more than once"))
  }

  @Test(arguments: errors.indices)
  func aBadArgumentOrFileIsRefused(index: Int) {
    let (arguments, status, message) = Self.errors[index]
    let result = InProcess.main(["answer"] + arguments)
    #expect(result.status == status, "answer \(arguments): \(result.errors)")
    #expect(result.errors.contains(message), "answer \(arguments): \(result.errors)")
    #expect(result.output.isEmpty)
  }
}
