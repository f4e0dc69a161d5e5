@testable import Reports
import Foundation
import TestSupport
import Testing

/// `compare A.csv B.csv --show run-level`: the z-scores of the rows'
/// changes over their launches' standard errors, on runs made with and
/// without an error common to a whole run (`CompareCommandPathTests.write`).
@Suite struct RunLevelReportTests {
  /// The figure after `label` on the report's first lines.
  static func figure(_ text: String, after label: String) throws -> Double {
    let rest = try #require(text.range(of: label), "no \"\(label)\" in:\n\(text)").upperBound
    let digits = text[rest...].prefix { $0.isNumber || $0 == "." }
    return try #require(Double(digits), "\(label) \(text[rest...].prefix(20))")
  }

  @Test func aRunLevelErrorShowsAsAWiderSpreadAndTheWideningCompareApplies() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Twice the launches' own error, common to each run: seeds 1 and 2.
    let a = try CompareCommandPathTests.write(directory, "a", seed: 1, runLevel: 0.023)
    let b = try CompareCommandPathTests.write(directory, "b", seed: 2, runLevel: 0.023)
    let result = InProcess.main(["compare", a, b, "--show", "run-level"])
    #expect(result.status == 0, "\(result.errors)")
    let spread = try Self.figure(result.output, after: "standard deviation ")
    #expect(spread > 1.5, "seeds 1 and 2, run-level error 0.023:\n\(result.output)")
    // The widening it names is the one the verdicts apply.
    let widened = try CompareCommandPathTests.compare([a, b])
    let widening = try #require(widened.json["interval_widening"] as? Double)
    #expect(abs(try Self.figure(result.output, after: "compare widens every interval by ") - widening) < 0.006)
    // The ten largest, largest first.
    let scores = try result.output.split(separator: "\n").filter { $0.hasPrefix("  z ") }.map { line in
      try #require(Double(line.dropFirst(4).split(separator: " ")[0]), "\(line)")
    }
    #expect(scores.count == 10)
    #expect(zip(scores, scores.dropFirst()).allSatisfy { abs($0) >= abs($1) }, "\(scores)")
  }

  @Test func runsWithoutARunLevelErrorSpreadAboutOne() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try CompareCommandPathTests.write(directory, "a", seed: 1)
    let b = try CompareCommandPathTests.write(directory, "b", seed: 2)
    let result = InProcess.main(["compare", a, b, "--show", "run-level"])
    #expect(result.status == 0, "\(result.errors)")
    let spread = try Self.figure(result.output, after: "standard deviation ")
    #expect(spread > 0.6 && spread < 1.4, "seeds 1 and 2, no run-level error:\n\(result.output)")
  }

  @Test func runsOfOneLaunchHaveNoScoresAndOneRunIsRefused() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try CompareCommandPathTests.write(directory, "a", seed: 1, launches: 1)
    let b = try CompareCommandPathTests.write(directory, "b", seed: 2, launches: 1)
    let none = InProcess.main(["compare", a, b, "--show", "run-level"])
    #expect(none.status == 65, "\(none.output)")
    #expect(none.errors.contains("launches in both runs"), "\(none.errors)")
    let one = InProcess.main(["compare", a, "--show", "run-level"])
    #expect(one.status == 64)
    #expect(one.errors.contains("--show run-level reads two runs"), "\(one.errors)")
  }
}
