@testable import BenchmarkEngine
@testable import CommandLineSupport
@testable import DispatchBenchCLI
import BenchmarkResults
import DispatchModel
import EnumSwitch
import StrategyRegistry
import TestSupport
import Testing
import RunContract

/// enum-switch, except that row 7 gets the wrong reuse identifier.
enum BrokenStrategy: DispatchStrategy {
  static let name = "broken"
  static let mechanism = "enum-switch with a bug at row 7"
  typealias Base = EnumSwitchStrategy

  static func makeShareElement(_ item: ShareItem) -> Base.ShareElement { Base.makeShareElement(item) }
  static func makeShareTarget(_ platform: Platform) -> Platform { Base.makeShareTarget(platform) }
  static func makeFeedElement(_ item: FeedItem) -> Base.FeedElement { Base.makeFeedElement(item) }
  static func makeFeedController() -> Base.FeedController { Base.makeFeedController() }
  static func makeCell(reuseIdentifier: String) -> FeedCell? { Base.makeCell(reuseIdentifier: reuseIdentifier) }

  static func share(
    _ elements: [Base.ShareElement], at index: Int, to targets: [Platform], at targetIndex: Int
  ) -> String {
    Base.share(elements, at: index, to: targets, at: targetIndex)
  }

  static func identifier(of rows: [Base.FeedElement], at index: Int, using controller: Base.FeedController)
    -> String
  {
    index == 7 ? "WrongCell" : Base.identifier(of: rows, at: index, using: controller)
  }

  static func height(of rows: [Base.FeedElement], at index: Int, using controller: Base.FeedController)
    -> Double
  {
    Base.height(of: rows, at: index, using: controller)
  }

  static func configure(
    _ cells: [FeedCell], at cellIndex: Int, with rows: [Base.FeedElement], at index: Int,
    using controller: Base.FeedController
  ) {
    Base.configure(cells, at: cellIndex, with: rows, at: index, using: controller)
  }

  static func shownCell(
    _ cell: FeedCell, showing rows: [Base.FeedElement], at index: Int, using controller: Base.FeedController
  ) -> Base.ShownCell {
    Base.shownCell(cell, showing: rows, at: index, using: controller)
  }

  static func color(of cells: [Base.ShownCell], at index: Int, using controller: Base.FeedController)
    -> String
  {
    Base.color(of: cells, at: index, using: controller)
  }

  static func applyBackground(
    to cells: [Base.ShownCell], at index: Int, using controller: Base.FeedController
  ) {
    Base.applyBackground(to: cells, at: index, using: controller)
  }
}

@Suite struct ChecksumMismatchTests {
  func runner(_ strategies: [RegisteredStrategy]) -> ElementsRunner {
    var settings = SamplingSettings()
    settings.sampleTime = 0.01
    settings.minimumSampleDuration = 0.0001
    let silent = InProcess.silent
    return ElementsRunner(
      sampler: Sampler(settings: settings), progress: Progress(console: silent, total: 1, enabled: false),
      strategies: strategies)
  }

  func planned(_ operation: SpecOperation, strategies: [String]) -> PlannedFeed {
    PlannedFeed(feed: SampleRuns.feed(.feed, size: 50), operations: [PlannedOperation(operation, strategies)])
  }

  @Test(arguments: [Schedule.interleaved, .sequential])
  func aStrategyThatDisagreesStopsTheRunBeforeTiming(schedule: Schedule) throws {
    let strategies = [try #require(Registry.strategy(named: "enum-switch")), RegisteredStrategy(BrokenStrategy.self)]
    let runner = runner(strategies)
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    #expect {
      try runner.run(
        planned(.feedIdentifier, strategies: ["enum-switch", "broken"]), schedule: schedule, into: &results)
    } throws: { error in
      guard case .mismatch(let mismatch) = error as? RunFailure else { return false }
      #expect(mismatch.strategy == "broken")
      #expect(mismatch.reference == "enum-switch")
      #expect(mismatch.operation == "feed.identifier")
      #expect(mismatch.index == 7)
      #expect(mismatch.actual == "WrongCell")
      let message = mismatch.description
      for part in ["broken", "enum-switch", "feed.identifier", "seed 1", "element 7", "No timings were written"] {
        #expect(message.contains(part), "\(part)")
      }
      return true
    }
    // No timing was kept: the check comes before any case is timed.
    #expect(results.rows.isEmpty)
  }

  @Test func strategiesThatAgreeAreTimedWithTheirChecksum() throws {
    let strategies = [try #require(Registry.strategy(named: "enum-switch")), RegisteredStrategy(BrokenStrategy.self)]
    // feed.height is not broken: both agree, both get a row and a checksum.
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    try runner(strategies).run(
      planned(.feedHeight, strategies: ["enum-switch", "broken"]), schedule: .interleaved, into: &results)
    #expect(results.rows.map(\.key.strategy) == ["enum-switch", "broken", .floor, .null])
    #expect(results.rows[0].checksum == results.rows[1].checksum)
    #expect(results.rows.allSatisfy { $0.statistics.count >= SamplingSettings().minimumRounds })
  }
}

/// `dump` with a strategy that disagrees: the agreed lines on standard
/// output, the disagreement on standard error, exit status 1.
@Suite struct DumpDisagreementTests {
  @Test func dumpReportsEachStrategysOutputAndExits1() throws {
    var command = try DumpCommand(
      ParsedArguments(["--feed", Fixtures.exampleFeed, "--operations", "feed.identifier"], spec: DumpCommand.spec))
    command.strategies = [
      try #require(Registry.strategy(named: "enum-switch")), RegisteredStrategy(BrokenStrategy.self),
    ]
    nonisolated(unsafe) var output = ""
    nonisolated(unsafe) var errors = ""
    let console = Console(write: { output += $0 }, writeError: { errors += $0 })
    #expect(try command.run(console: console) == 1)
    // The example feed has 9 rows; row 7 is where the broken one differs.
    #expect(output.split(separator: "\n").count == 8)
    #expect(!output.contains(#""index": 7,"#))
    #expect(errors.contains("disagreement: feed[7] feed.identifier"))
    #expect(errors.contains(#"enum-switch: "MediaCell""#))
    #expect(errors.contains(#"broken: "WrongCell""#))
    #expect(errors.contains("the strategies disagree on 1 output(s)"))
  }
}
