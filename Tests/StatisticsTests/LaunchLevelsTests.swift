import BenchmarkResults
import Foundation
import Statistics
import Testing

/// Where a ratio varies, at the edges: too few launches, estimates that are
/// NaN or infinite, and launches that agree exactly.
@Suite struct LaunchLevelsTests {
  static func launches(_ medians: [Double], halfWidth: Double = 0.01) throws -> [SampleStatistics] {
    try PairedRatioTests.launches(medians).map { launch in
      var launch = launch
      launch.intervalLow = launch.median - halfWidth
      launch.intervalHigh = launch.median + halfWidth
      return launch
    }
  }

  @Test func fewerThanThreeLaunchesSayNothing() throws {
    #expect(LaunchLevels(try Self.launches([0.1, 0.2])) == nil)
    #expect(LaunchLevels([]) == nil)
  }

  @Test func aNaNEstimateIsNoAnswer() throws {
    var launches = try Self.launches([0.1, 0.2, 0.3])
    launches[2].median = .nan
    #expect(LaunchLevels(launches) == nil)
    launches = try Self.launches([0.1, 0.2, 0.3])
    launches[0].intervalLow = .nan
    #expect(LaunchLevels(launches) == nil)
  }

  @Test func anInfiniteEstimateIsNoAnswer() throws {
    var launches = try Self.launches([0.1, 0.2, 0.3])
    launches[1].median = .infinity
    #expect(LaunchLevels(launches) == nil)
    launches = try Self.launches([0.1, 0.2, 0.3])
    launches[1].intervalHigh = .infinity
    #expect(LaunchLevels(launches) == nil)
  }

  /// Launches that agree exactly, rounds and all: nothing varies, so no
  /// share of it lies between launches, and there are no two groups.
  @Test func launchesThatAgreeExactlyShareNothingAndAreOneGroup() throws {
    let levels = try #require(LaunchLevels(try Self.launches(Array(repeating: 0.2, count: 6), halfWidth: 0)))
    #expect(levels.launchShare == 0)
    #expect(!levels.bimodal)
  }

  // MARK: Two groups

  @Test func noEstimatesAreNotTwoGroups() {
    #expect(LaunchLevels.isBimodal([], within: 0) == false)
  }

  @Test func aNaNEstimateIsNotToldApart() {
    #expect(LaunchLevels.isBimodal([0, 0, 0, .nan, 0.5, 0.5], within: 0) == nil)
    #expect(LaunchLevels.isBimodal([0, 0, 0, 0.5, 0.5, 0.5], within: .nan) == nil)
  }

  @Test func anInfiniteEstimateIsNotToldApart() {
    #expect(LaunchLevels.isBimodal([0, 0, 0, 0.5, 0.5, .infinity], within: 0) == nil)
    #expect(LaunchLevels.isBimodal([0, 0, 0, 0.5, 0.5, 0.5], within: .infinity) == nil)
  }

  @Test func equalEstimatesAreOneGroup() {
    #expect(LaunchLevels.isBimodal(Array(repeating: 0.2, count: 8), within: 0) == false)
  }

  /// Two groups 0.5 apart with no spread within: two groups, for certain.
  @Test func twoGroupsOfEqualEstimatesAreTwoGroups() {
    #expect(LaunchLevels.isBimodal([0, 0, 0, 0.5, 0.5, 0.5], within: 0) == true)
  }

  // MARK: Between layouts

  @Test func fewerThanTwoLayoutsOfTwoLaunchesSayNothing() {
    #expect(LaunchLevels.layoutShare([]) == nil)
    #expect(LaunchLevels.layoutShare([[0.1, 0.2]]) == nil)
    #expect(LaunchLevels.layoutShare([[0.1, 0.2], [0.3]]) == nil)
  }

  @Test func aNaNLayoutEstimateIsNoAnswer() {
    #expect(LaunchLevels.layoutShare([[0.1, .nan], [0.3, 0.4]]) == nil)
  }

  @Test func anInfiniteLayoutEstimateIsNoAnswer() {
    #expect(LaunchLevels.layoutShare([[0.1, 0.2], [.infinity, 0.4]]) == nil)
  }

  /// Layouts whose launches agree exactly: nothing varies between them.
  @Test func layoutsThatAgreeShareNothing() {
    #expect(LaunchLevels.layoutShare([[0.2, 0.2], [0.2, 0.2]]) == 0)
  }

  /// Layouts apart, launches within each agreeing: all of it between.
  @Test func layoutsApartWithAgreeingLaunchesShareAll() {
    #expect(LaunchLevels.layoutShare([[0.1, 0.1], [0.3, 0.3]]) == 1)
  }
}
