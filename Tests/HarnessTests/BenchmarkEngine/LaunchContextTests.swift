@testable import BenchmarkEngine
import Testing

/// What progress calls a launch: how many are planned, and, with adaptive
/// launches, that more may follow ("launch 13/13" then "launch
/// 14/14" said neither).
@Suite struct LaunchContextTests {
  @Test func aFixedNumberOfLaunchesCountsToItsEnd() {
    #expect(LaunchContext(index: 1, count: 4, seed: 1).name == "launch 2/4")
    #expect(LaunchContext(index: 3, count: 4, seed: 1).name == "launch 4/4")
  }

  @Test func adaptiveLaunchesSayMoreMayFollow() {
    #expect(LaunchContext(index: 1, count: 4, seed: 1, adaptiveAfter: 4).name == "launch 2 of 4 (then adaptive)")
    #expect(LaunchContext(index: 13, count: 14, seed: 1, adaptiveAfter: 4).name == "launch 14 (adaptive)")
  }

  /// The plan a launch child decodes keeps the design, so a later launch
  /// knows it is adaptive.
  @Test func aPlanSaysWhetherItsLaunchesAreAdaptive() throws {
    let adaptive = try LaunchPlan.decoded(try LaunchPlanTests().launchPlan(["--sizes", "1000"]).encoded())
    let first = try #require(adaptive.adaptiveAfter, "the default design is adaptive")
    #expect(adaptive.launch(first + 1).name == "launch \(first + 2) (adaptive)")
    let fixed = try LaunchPlan.decoded(
      try LaunchPlanTests().launchPlan(["--sizes", "1000", "--launches", "3"]).encoded())
    #expect(fixed.adaptiveAfter == nil)
    #expect(fixed.launch(1).name == "launch 2/3")
  }
}
