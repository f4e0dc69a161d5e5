@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
import Testing
import RunContract

/// What a run hands its children: typed plans, encoded once as JSON and
/// read back unchanged, never options parsed again.
@Suite struct LaunchPlanTests {
  func launchPlan(_ arguments: [String]) throws -> LaunchPlan {
    let options = try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec))
    let plan = options.matrix.plan()
    var memory = MemoryPlan(budget: 123_456_789)
    for (index, planned) in plan.feeds.enumerated() {
      memory.schedules[planned.feed] = index % 2 == 0 ? .sequential : .interleaved
      memory.bytes[planned.feed.id] = Double(1_000 * (index + 1)) + 0.25
    }
    for (index, planned) in plan.synthetic.enumerated() { memory.bytes[planned.feed] = Double(7 * (index + 1)) }
    return LaunchPlan(plan, memory: memory, options: options)
  }

  /// The plan a launch reads is the plan the run made: its feeds, modes,
  /// strategies and synthetic feeds, the memory plan, the sampling
  /// settings, a seed past `Int.max`, the launches and --quiet.
  @Test(arguments: [
    ["--sizes", "1000,2000"],
    ["--quick", "--modes", "app", "--strategies", "naive,enum-switch", "--max-time-per-case", "0.003"],
    ["--kinds", "2,64", "--domains", "synthetic,feed", "--quiet", "--launches", "3"],
    ["--seed", "18446744073709551615", "--distributions", "single,skewed", "--operations", "feed.render"],
  ])
  func aLaunchPlanReadsBackAsItWasWritten(arguments: [String]) throws {
    let plan = try launchPlan(arguments)
    let text = try plan.encoded()
    #expect(try LaunchPlan.decoded(text) == plan, "\(arguments): \(text.prefix(400))")
  }

  /// A tiled feed file travels as its path, and a launch loads it again.
  @Test func aFeedFilesFeedsAreLoadedAgainFromTheirPath() throws {
    let plan = try launchPlan(["--feed", Fixtures.exampleFeed, "--sizes", "500,2000"])
    #expect(plan.plan.feeds.allSatisfy { $0.feed.source == Fixtures.exampleFeed })
    let text = try plan.encoded()
    #expect(!text.contains("\"share\":["), "the file's items are not in the plan")
    #expect(try LaunchPlan.decoded(text) == plan)
  }

  @Test func aPlanThatIsNotOneSaysWhatIsWrong() throws {
    let text = try launchPlan(["--quick"]).encoded()
    #expect(throws: PlanCodingError.self) { try LaunchPlan.decoded("{") }
    do {
      _ = try LaunchPlan.decoded(text.replacingOccurrences(of: "\"launches\"", with: "\"runs\""))
      Issue.record("decoded a plan without launches")
    } catch {
      #expect(error.description.contains("no \"launches\""), "\(error)")
    }
  }

  @Test func aCodeSizeChildsPlanIsOneArgument() throws {
    let plan = CodeSizeCase.Plan(strategy: "classic-visitor", modes: BuildMode.all, seed: .max)
    let arguments = try CodeSizeCase.arguments(plan)
    #expect(arguments.count == 2 && arguments[0] == CodeSizeCase.name)
    #expect(try PlanCoding.decode(CodeSizeCase.Plan.self, from: arguments[1]) == plan)
  }

  /// A child refuses arguments that are not its plan, as a build from
  /// before typed plans does, rather than timing something else.
  @Test func childrenRefuseArgumentsThatAreNotAPlan() {
    let silent = InProcess.silent
    #expect(LaunchChild.main(["0", "2", "/tmp", "--quick"], console: silent) == ExitStatus.usage)
    #expect(LaunchChild.main(["0", "/nonexistent/plan.json"], console: silent) == ExitStatus.usage)
    #expect(CodeSizeCase.main(["--strategy", "naive", "--modes", "app", "--seed", "1"]) == ExitStatus.usage)
    #expect(CodeSizeCase.main([#"{"strategy":"naive","modes":["inline"],"seed":1}"#]) == ExitStatus.usage)
  }
}

/// Launches gathered into rows: the first launch's rows and machine line,
/// every launch's samples.
@Suite struct RunAggregateTests {
  @Test func theFirstLaunchsRowsAndEveryLaunchsSamplesMakeTheRun() {
    let rows = SampleRuns.results().rows
    var other = SampleRuns.machine
    other.cpuModel = "Another CPU"
    func samples(_ launch: Int) -> [RawSample] {
      rows.map {
        RawSample(key: $0.key, index: 0, launch: launch, round: 0, elementsPerSample: 1_000, nanosecondsPerElement: 2)
      }
    }
    var aggregate = RunAggregate(info: SampleRuns.info)
    aggregate.add(LaunchOutput(rows: rows, samples: samples(0), machine: other), launch: 0)
    aggregate.add(
      LaunchOutput(rows: Array(rows.prefix(1)), samples: samples(1), machine: SampleRuns.machine), launch: 1)
    let results = aggregate.rows(code: nil)
    #expect(results.rows.map(\.key) == rows.map(\.key))
    #expect(results.info.machine.cpuModel == "Another CPU")
    #expect(results.samples.count == 2 * rows.count)
    #expect(results.rows.allSatisfy { $0.launches == 2 })
    #expect(aggregate.partialRows().info.complete == false)
  }

  /// What adaptive launches read after each launch, from the samples the
  /// aggregate indexed as they came, is what computing the same rows'
  /// ratios from their samples alone gives: statistics, launches, ratios
  /// and resolution alike, for a subset of cases and for all.
  @Test func theRatiosOfTheIndexedSamplesAreThoseOfTheSamplesAlone() throws {
    let rows = SampleRuns.results().rows
    var generator = SplitMix64(seed: 7)
    func samples(_ launch: Int) -> [RawSample] {
      rows.flatMap { row in
        (0..<5).map { round in
          RawSample(
            key: row.key, index: round, launch: launch, round: round, elementsPerSample: 1_000,
            nanosecondsPerElement: 2 + Double(generator.next() % 1_000) / 1_000)
        }
      }
    }
    var aggregate = RunAggregate(info: SampleRuns.info)
    var all: [RawSample] = []
    for launch in 0..<4 {
      let launched = samples(launch)
      all += launched
      aggregate.add(LaunchOutput(rows: rows, samples: launched, machine: SampleRuns.machine), launch: launch)
    }
    let cases = Set(rows.prefix(3).map(\.key.benchmarkCase))
    for chosen in [cases, nil] {
      var alone = MeasuredRun(info: SampleRuns.info, rows: rows, samples: all)
      if let chosen {
        alone.rows = rows.filter { chosen.contains($0.key.benchmarkCase) }
        alone.samples = all.filter { chosen.contains($0.key.benchmarkCase) }
      }
      alone.computeRatios()
      let indexed = aggregate.ratios(of: chosen)
      try #require(indexed.count == alone.rows.count && !indexed.isEmpty)
      #expect(indexed.map(\.key) == alone.rows.map(\.key))
      #expect(indexed.map(\.launches) == alone.rows.map(\.launches))
      #expect(indexed.map(\.median) == alone.rows.map(\.median))
      #expect(indexed.map(\.ratioToBaseline) == alone.rows.map(\.ratioToBaseline))
      #expect(indexed.map(\.resolution) == alone.rows.map(\.resolution))
      #expect(indexed.contains { $0.resolution != nil })
    }
  }
}
