@testable import Statistics
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `compare RUN.csv --profile PROFILE.csv`: the counts beside each row's
/// time that `answer`'s counts section prints, in every format.
@Suite struct CompareProfileTests {
  static let run = AnswerTests.run
  static let profile = AnswerTests.profile

  @Test func theTableSetsCountsBesideEachProfiledRow() throws {
    let result = InProcess.main(["compare", Self.run, "--profile", Self.profile, "--format", "markdown"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.contains(
        "| rank | strategy | ns | ratio | 95% interval | instructions ratio | branches | mispredicts | explained by |"))
    // The same counts as answer's counts section (counts.md).
    #expect(result.output.contains("| 1 | enum-switch | 13.8 | 1.0× |  | 1 (55.2) | 7.00 | 0.84 |  |"))
    #expect(
      result.output.contains(
        "| 9 | cast-chain | 176 | 12.7× | 12.6× – 12.8× | 33.74× | 241.53 | 7.31 | retains and releases |"))
    #expect(
      result.output.contains("- cast-chain: time 12.71× the enum-switch's, instructions 33.74×: retains and releases"))
    // A case the profile does not hold has empty count cells.
    #expect(result.output.contains("| 2 | enum-switch | 639 | 1.0× |  |  |  |  |  |"))
  }

  @Test func csvAndJSONCarryTheCountColumns() throws {
    let csv = InProcess.main(["compare", Self.run, "--profile", Self.profile, "--format", "csv"])
    #expect(csv.status == 0)
    let header = try #require(csv.output.split(separator: "\n").first)
    #expect(header.hasSuffix("baseline,instructions_ratio,branches_per_element,mispredicts_per_element,explained_by"))
    let json = InProcess.main(["compare", Self.run, "--profile", Self.profile, "--format", "json"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"instructions_ratio\": 33.7"))
    #expect(json.output.contains("\"explained_by\": \"time 12.71× the enum-switch's"))
  }

  @Test func withoutAProfileTheColumnsAreNotThere() {
    let result = InProcess.main(["compare", Self.run, "--format", "csv"])
    #expect(result.status == 0)
    #expect(!result.output.contains("instructions_ratio"))
  }

  static let refusals: [(arguments: [String], message: String)] = [
    ([run, run, "--profile", profile], "--profile sets counts beside one run's times; give one run"),
    ([profile, "--profile", profile], "is a profile"),
    ([run, "--profile", run], "--profile: \(run) is not a profile CSV"),
  ]

  @Test(arguments: refusals.indices)
  func aProfileWhereItCannotGoIsAUsageError(index: Int) {
    let (arguments, message) = Self.refusals[index]
    let result = InProcess.main(["compare"] + arguments)
    #expect(result.status == 64, "\(arguments): \(result.errors)")
    #expect(result.errors.contains(message), "\(result.errors)")
  }
}
