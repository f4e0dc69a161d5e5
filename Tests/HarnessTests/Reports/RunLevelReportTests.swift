@testable import Reports
import Foundation
import TestSupport
import Testing

/// `compare A.csv B.csv --show run-level`: the z-scores of the rows'
/// changes over their launches' standard errors, on runs made with and
/// without an error common to a whole run (`CompareCommandPathTests.write`).
@Suite struct RunLevelReportTests {
  /// Two runs of seeds 1 and 2 written to a temporary directory, and what
  /// `compare` prints for `arguments` after them.
  static func report(runLevel: Double = 0, launches: Int = 7, _ arguments: [String] = ["--show", "run-level"]) throws
    -> (status: Int32, output: String, errors: String, widening: Double?)
  {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try CompareCommandPathTests.write(directory, "a", seed: 1, launches: launches, runLevel: runLevel)
    let b = try CompareCommandPathTests.write(directory, "b", seed: 2, launches: launches, runLevel: runLevel)
    let result = InProcess.main(["compare", a, b] + arguments)
    // What the verdicts widen by, from compare's JSON (runs of one launch have none).
    var widening: Double?
    if launches > 1 { widening = try CompareCommandPathTests.compare([a, b]).json["interval_widening"] as? Double }
    return (result.status, result.output, result.errors, widening)
  }

  /// The figure after `label` in `text`.
  static func figure(_ text: String, after label: String) throws -> Double {
    let rest = try #require(text.range(of: label), "no \"\(label)\" in:\n\(text)").upperBound
    let digits = text[rest...].prefix { $0.isNumber || $0 == "." }
    return try #require(Double(digits), "\(label) \(text[rest...].prefix(20))")
  }

  @Test func aRunLevelErrorShowsAsAWiderSpreadAndTheWideningCompareApplies() throws {
    // Twice the launches' own error, common to each run.
    let result = try Self.report(runLevel: 0.023)
    #expect(result.status == 0, "\(result.errors)")
    let spread = try Self.figure(result.output, after: "standard deviation ")
    #expect(spread > 1.5, "seeds 1 and 2, run-level error 0.023:\n\(result.output)")
    // The widening it names is the one the verdicts apply.
    let widening = try #require(result.widening)
    #expect(widening > 1.5)
    #expect(abs(try Self.figure(result.output, after: "compare widens every interval by ") - widening) < 0.006)
    // The ten largest, largest first.
    let scores = try result.output.split(separator: "\n").filter { $0.hasPrefix("  z ") }.map { line in
      try #require(Double(line.dropFirst(4).split(separator: " ")[0]), "\(line)")
    }
    #expect(scores.count == 10)
    #expect(zip(scores, scores.dropFirst()).allSatisfy { abs($0) >= abs($1) }, "\(scores)")
  }

  @Test func runsWithoutARunLevelErrorSpreadAboutOne() throws {
    let result = try Self.report()
    #expect(result.status == 0, "\(result.errors)")
    let spread = try Self.figure(result.output, after: "standard deviation ")
    #expect(spread > 0.6 && spread < 1.4, "seeds 1 and 2, no run-level error:\n\(result.output)")
  }

  @Test func runsOfOneLaunchHaveNoScoresAndOneRunIsRefused() throws {
    let none = try Self.report(launches: 1)
    #expect(none.status == 65, "\(none.output)")
    #expect(none.errors.contains("launches in both runs"), "\(none.errors)")
    let one = InProcess.main(["compare", Fixtures.pairA, "--show", "run-level"])
    #expect(one.status == 64)
    #expect(one.errors.contains("--show run-level reads two runs"), "\(one.errors)")
  }
}
