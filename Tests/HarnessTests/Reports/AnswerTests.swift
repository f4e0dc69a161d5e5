@testable import Statistics
@testable import Reports
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
    #expect(
      result.output == (try Self.expected(expected)),
      "answer \(arguments.joined(separator: " ")) differs from \(expected)")
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
    // Then the machines section: this run among the committed machines
    // (MachinePlacementTests checks what it says).
    guard case .run(let run) = try Schema.load(Self.run) else { throw ResultsError("not a run") }
    let placement = MachinePlacement(AnswerRows(run: run, size: 100_000, layout: "uniform")).table().render(.markdown)
    #expect(result.output == (try order.map(Self.expected).joined(separator: "\n")) + "\n" + placement)
  }

  /// Without a profile, edit costs or compile times, the sections that need
  /// them are left out or print `–`, and standard error says what to pass.
  @Test func withoutTheFilesBesideTheRun() throws {
    let result = InProcess.main(["answer", Self.run, "--format", "markdown"])
    #expect(result.status == 0)
    #expect(!result.output.contains("| strategy | time ratio"))
    #expect(
      result.output.contains(
        "| dozens of kinds | never an `is`/`as?` chain | `cast-chain` 117 ns at 8 kinds, 784 ns at 64 (linear); handler table 30 ns at 2 kinds, 36 at 64 | – |"
      ))
    #expect(result.errors.contains("--edit-cost"))
  }

  /// The terminal table holds the Markdown's figures, fitted to the width.
  @Test func theTerminalTableFitsItsWidth() throws {
    let result = InProcess.main(
      ["answer", Self.run, "--edit-cost", Self.editCost, "--profile", Self.profile], width: 80)
    #expect(result.status == 0)
    for figure in [
      "enum 12.4 ns per identifier and 11.9 ns per colour (app)", "0.93–1.10×", "42.6 (classic-visitor)", "8.21×",
    ] {
      #expect(result.output.contains(figure), "\(figure)")
    }
    let wide = result.output.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  /// `--wide`: at 80 columns, the tables at their full width, as with no
  /// width to fit, where without it they fit 80.
  @Test func wideTablesKeepTheirFullWidth() throws {
    let arguments = ["answer", Self.run, "--edit-cost", Self.editCost, "--profile", Self.profile]
    let wide = InProcess.main(arguments + ["--wide"], width: 80)
    #expect(wide.status == 0, "\(wide.errors)")
    #expect(wide.output == InProcess.main(arguments).output)
    #expect(wide.output.split(separator: "\n").contains { $0.count > 80 }, "no line wider than 80: nothing to keep")
    let fitted = InProcess.main(arguments, width: 80)
    #expect(fitted.output != wide.output)
    #expect(fitted.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  /// Every flag `help answer` lists is documented in a guide.
  @Test func everyFlagInHelpIsInTheGuides() throws {
    let help = InProcess.main(["help", "answer"])
    #expect(help.status == 0)
    let flags = GuidesTests.flags(inHelp: help.output)
    #expect(flags.contains("--profile"))
    for flag in flags {
      #expect(try GuidesTests.mentions(GuidesTests.guides, flag), "`answer \(flag)` is in --help but in no guide")
    }
  }

  /// Beside the snapshot (counts.md, which `answer` printed), the counts
  /// section's figures recomputed from the two CSVs, read as plain tables:
  /// the time ratio and its interval from the run, the instructions ratio to
  /// the enum, branches and mispredicts (conditional plus indirect) from the
  /// profile.
  @Test func theCountsSectionIsTheRunsAndTheProfilesFigures() throws {
    let result = InProcess.main([
      "answer", Self.run, "--profile", Self.profile, "--section", "counts", "--format", "markdown",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let run = try CSVReader.parse(try String(contentsOfFile: Self.run, encoding: .utf8))
    let profile = try CSVReader.parse(try String(contentsOfFile: Self.profile, encoding: .utf8))
    func records(_ table: CSVTable, _ match: [String: String]) throws -> [String: String] {
      let rows = table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
        .filter { row in match.allSatisfy { row[$0.key] == $0.value } }
      try #require(rows.count == 1, "\(match): \(rows.count) rows")
      return rows[0]
    }
    func number(_ row: [String: String], _ column: String) throws -> Double {
      try #require(row[column].flatMap(Double.init), "\(column)")
    }
    func fixed(_ value: Double) -> String { String(format: "%.2f", value) }
    let lines = result.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("| feed.") || $0.hasPrefix("| share.")
    }
    try #require(lines.count > 10, "\(result.output)")
    for line in lines {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let (operation, mode, strategy) = (cells[0], cells[1], cells[2])
      let key = ["operation": operation, "mode": mode, "strategy": strategy, "distribution": "uniform"]
      let timed = try records(run, key.merging(["size": "100000"]) { $1 })
      let counted = try records(profile, key)
      let enumCounted = try records(profile, key.merging(["strategy": "enum-switch"]) { $1 })
      if strategy != "enum-switch" {
        let expected =
          "\(fixed(try number(timed, "ratio_to_baseline")))× (\(fixed(try number(timed, "ratio_to_baseline_low")))–\(fixed(try number(timed, "ratio_to_baseline_high"))))"
        #expect(cells[3] == expected, "\(line)")
        let instructions =
          try number(counted, "instructions_per_element") / number(enumCounted, "instructions_per_element")
        #expect(cells[4] == fixed(instructions) + "×", "\(line)")
      }
      let branches =
        try number(counted, "conditional_branches_per_element") + number(counted, "indirect_branches_per_element")
      let mispredicts =
        try number(counted, "conditional_mispredicts_per_element") + number(counted, "indirect_mispredicts_per_element")
      #expect(cells[5] == fixed(branches), "\(line)")
      #expect(cells[6] == fixed(mispredicts), "\(line)")
    }
  }

  /// Beside the snapshot (answer.md), the stakes table recomputed from the
  /// run read as a plain table: per operation in app mode at 100,000
  /// elements, the enum's median and the slowest of the getter and visitors
  /// at the enum's pace.
  @Test func theStakesTableIsTheRunsMedians() throws {
    let result = InProcess.main(["answer", Self.run, "--section", "stakes", "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    let run = try CSVReader.parse(try String(contentsOfFile: Self.run, encoding: .utf8))
    let all: [[String: String]] = run.records.map { Dictionary(uniqueKeysWithValues: zip(run.header, $0.fields)) }
    let rows = all.filter { (row: [String: String]) -> Bool in
      row["mode"] == "app" && row["size"] == "100000" && row["distribution"] == "uniform"
    }
    // The enum's median, and each other pattern's time at the enum's pace
    // (its ratio × the enum's median), which agrees with its ratio.
    func median(_ operation: String, _ strategy: String) throws -> Double {
      func row(_ strategy: String) throws -> [String: String] {
        try #require(
          rows.first { $0["operation"] == operation && $0["strategy"] == strategy }, "\(operation) \(strategy)")
      }
      let base = try #require(try row("enum-switch")["median_ns"].flatMap(Double.init))
      guard strategy != "enum-switch" else { return base }
      return base * (try #require(try row(strategy)["ratio_to_baseline"].flatMap(Double.init)))
    }
    let lines = result.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("| feed.") || $0.hasPrefix("| share.")
    }
    try #require(!lines.isEmpty, "\(result.output)")
    for line in lines {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let operation = cells[0]
      #expect(cells[1] == String(format: "%.1f", try median(operation, "enum-switch")), "\(line)")
      let contenders = try ["protocol-getter", "classic-visitor", "generic-visitor"].map {
        ($0, try median(operation, $0))
      }
      let slowest = try #require(contenders.max { $0.1 < $1.1 })
      #expect(cells[2] == String(format: "%.1f", slowest.1) + " (\(slowest.0))", "\(line)")
    }
  }
}

// MARK: - Argument and file errors

extension AnswerTests {
  static let errors: [(arguments: [String], status: Int32, message: String)] = [
    ([], 64, "missing RUN.csv"),
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
