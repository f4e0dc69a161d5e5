@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import Foundation
import TestSupport
import Testing
import RunContract

/// A run ends with its answer: the decision table from this
/// run, where this machine sits among the committed ones, how
/// precise it was, and where its rows are, in the last 40 lines (a
/// terminal's screen), none wider than the terminal.
@Suite struct RunAnswerTests {
  @Test func aRunInTheTableFormatEndsWithItsAnswer() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/quick.csv"
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    let result = try Subprocess.run(
      ["run", "--quick", "--allow-debug-build", "--output", output], environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let last = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).suffix(41)
    let text = last.joined(separator: "\n")
    #expect(text.contains("This run's answer. Which pattern, when"), "\(text)")
    #expect(text.contains("- dispatch is the work (a row's identifier, a cell's colour) in a hot loop"))
    #expect(text.contains("\nThis machine ("), "\(text)")
    #expect(text.contains("Precision: "))
    #expect(text.contains("Rows: \(output)"))
    for line in last { #expect(line.count <= 80, "wider than 80 columns: \(line)") }
  }

  // Another format on standard output is that format alone: RunCommandTests'
  // aQuickRunWritesEveryStrategyAndTheFloor checks --format csv's output is
  // the CSV file's text.

  /// The sentence counts, from the rows, what met the target: worked by
  /// hand on a run whose strategy rows have resolutions 1%, 3%, 5% and 9%
  /// against a 4% target.
  @Test func thePrecisionSentenceCountsTheRowsThatMetTheTarget() throws {
    var results = SampleRuns.results()
    var resolutions = [0.01, 0.03, 0.05, 0.09].makeIterator()
    for index in results.rows.indices where !results.rows[index].key.strategy.isReference {
      results.rows[index].resolution = resolutions.next()
      results.rows[index].targetResolution = 0.04
    }
    let path = try RunFileTests.write(results.document)
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .run(let run) = try Schema.load(path) else { throw CheckoutError("not a run") }
    let sentence = RunAnswer.precision(run)
    #expect(sentence.contains("2 of 4 strategy rows resolved to the 4% target"), "\(sentence)")
    #expect(sentence.contains("the median resolution is 5%, the widest 9%"), "\(sentence)")
    #expect(sentence.contains("--max-time"), "a row short of the target says what a longer run buys")
  }

  @Test func aRunOfOneLaunchSaysItHasNoIntervals() throws {
    let path = try RunFileTests.write(SampleRuns.results().document)
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .run(let run) = try Schema.load(path) else { throw CheckoutError("not a run") }
    #expect(RunAnswer.precision(run).contains("no interval over launches"))
  }
}

/// A scaffolded pattern's synthetic rows time its template's code until it
/// has an idiom of its own: the CSV's `written_as` says
/// so, and `answer` and the run's closing lines name it.
@Suite struct SyntheticBorrowingTests {
  @Test func theNoteNamesEachPatternAndWhoseCodeItTimes() throws {
    let note = SyntheticBorrowing.note(["my-pattern": "protocol-getter", "another": "enum-switch"])
    #expect(note.contains("another times enum-switch's code; my-pattern times protocol-getter's code"), "\(note)")
    var rows = SampleRuns.results().rows
    try #require(rows.count > 1)
    rows[0].writtenAs = "protocol-getter"
    #expect(SyntheticBorrowing.borrowed(in: rows) == [rows[0].key.strategy.rawValue: "protocol-getter"])
  }

  /// The answer fixture with `naive`'s synthetic rows marked as another's
  /// code: the column reads back, and `answer` says so.
  @Test func answerSaysWhichRowsTimeAnotherPatternsCode() throws {
    let table = try CSVReader.parse(try String(contentsOfFile: AnswerTests.run, encoding: .utf8))
    let domain = try #require(table.header.firstIndex(of: "domain"))
    let strategy = try #require(table.header.firstIndex(of: "strategy"))
    var text = CSVWriter.record(table.header + ["written_as"])
    var marked = 0
    for record in table.records {
      let borrowed = record.fields[domain] == "synthetic" && record.fields[strategy] == "naive"
      if borrowed { marked += 1 }
      text += CSVWriter.record(record.fields + [borrowed ? "protocol-getter" : ""])
    }
    try #require(marked > 0)
    let path = try RunFileTests.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .run(let run) = try Schema.load(path) else { throw CheckoutError("not a run") }
    #expect(run.rows.filter { $0.writtenAs == "protocol-getter" }.count == marked)
    #expect(run.rows.filter { $0.writtenAs != nil }.allSatisfy { $0.key.strategy == "naive" })
    let result = InProcess.main(["answer", path, "--sections", "kinds"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.contains("naive times protocol-getter's code"), "\(result.errors)")
  }
}
