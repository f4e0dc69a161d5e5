@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing
import RunContract

@Suite struct BuildsAndLayoutsTests {
  func builds(_ arguments: [String]) throws(CommandError) -> BuildSet {
    try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec)).builds
  }

  // MARK: Which builds a command line names

  @Test func aRunTimesThisBuildUnlessToldOtherwise() throws {
    #expect(try builds([]) == .this)
    #expect(try builds(["--layouts", "4"]) == .layouts(LayoutSeeds(count: 4)))
    let second = try builds(["--layouts", "4", "--first-layout-seed", "5"])
    #expect(second == .layouts(LayoutSeeds(count: 4, first: 5)))
    if case .layouts(let seeds) = second { #expect(seeds.seeds == 5...8 && seeds.text == "seeds 5 to 8") }
    let named = try builds(["--builds", "release=/bin/sh,debug=/bin/true"])
    #expect(named.named?.map(\.name) == ["release", "debug"])
    #expect(named.count == 2)
  }

  @Test(arguments: [
    (["--builds", "release=/bin/sh"], "--builds needs two builds or more"),
    (["--builds", "release=/bin/sh,release=/bin/true"], "repeats the name release"),
    (["--builds", "/bin/sh,/bin/true"], "is not NAME=BINARY"),
    (["--builds", "a b=/bin/sh,c=/bin/true"], "is not NAME=BINARY"),
    (["--builds", "a=/nonexistent,b=/bin/true"], "names /nonexistent, which is not an executable file"),
    (["--layouts", "1"], "--layouts"),
    (["--layouts", "4", "--builds", "a=/bin/sh,b=/bin/true"], "--builds and --layouts cannot be used together"),
    (
      ["--layouts", "4", "--alternate-with", "/bin/sh", "--alternate-output", "/tmp/x.csv"],
      "--alternate-with and --layouts cannot be used together"
    ),
    (["--layouts", "2", "--alternate-output", "/tmp/x.csv"], "--alternate-output needs --alternate-with BINARY"),
    (["--first-layout-seed", "5"], "--first-layout-seed needs --layouts K"),
    (["--layouts", "2", "--first-layout-seed", "0"], "--first-layout-seed"),
    (["--layouts", "2", "--first-layout-seed", "x"], "--first-layout-seed"),
  ])
  func badBuildsAreRefusedByName(arguments: [String], message: String) {
    expectCommandError(message, anywhere: true) { try builds(arguments) }
  }

  @Test func eachNamedBuildWritesBesideTheOutput() {
    let build = NamedBuild(name: "osize", binary: "/x")
    #expect(build.output("results/run.csv") == "results/run.osize.csv")
    #expect(build.output("run") == "run.osize")
    #expect(build.output("a.b/run") == "a.b/run.osize")
    #expect(build.output("/tmp/x.y/run.final.csv") == "/tmp/x.y/run.final.osize.csv")
  }

  @Test func layoutsShareOneAggregateWithTheirLaunchesNumberedApart() {
    let timed = BuildSet.layouts(LayoutSeeds(count: 3)).timedBuilds(this: "/this", layouts: ["/l1", "/l2", "/l3"])
    #expect(timed.map(\.aggregate) == [0, 0, 0])
    #expect(timed.map(\.launchOffset) == [0, LayoutBuilds.launchStride, 2 * LayoutBuilds.launchStride])
    #expect(timed.allSatisfy { !$0.isOther })
    let named = BuildSet.named([NamedBuild(name: "a", binary: "/a"), NamedBuild(name: "b", binary: "/b")])
      .timedBuilds(this: "/this", layouts: [])
    #expect(named.map(\.aggregate) == [0, 1] && named.map(\.binary) == ["/a", "/b"])
    #expect(named.allSatisfy { $0.isOther })
  }

  // MARK: Intervals over layouts

  /// Samples of one case: the enum at 10 ns and the getter at `getter(layout,
  /// launch)`, in `layouts` layouts of `launches` launches of 8 rounds.
  private func results(layouts: Int, launches: Int, getter: (Int, Int) -> Double) -> MeasuredRun {
    let rows = SampleRuns.results().rows.filter { $0.key.operation == "feed.identifier" }
    var results = MeasuredRun(info: SampleRuns.info, rows: rows)
    results.layouts = layouts
    for layout in 0..<layouts {
      for launch in 0..<launches {
        for round in 0..<8 {
          let wobble = 1 + 0.001 * Double(round % 3)
          for row in rows {
            let value = row.key.strategy == "enum-switch" ? 10 * wobble : getter(layout, launch) * wobble
            results.samples.append(
              RawSample(
                key: row.key, index: round, launch: layout * LayoutBuilds.launchStride + launch, round: round,
                position: 0, elementsPerSample: 100, nanosecondsPerElement: value))
          }
        }
      }
    }
    results.computeRatios()
    return results
  }

  @Test func layoutsThatDisagreeWidenTheIntervalAndTheirShareSaysWhy() throws {
    // Every launch of a layout agrees; the layouts give 1.8×, 2× and 2.2×.
    let results = results(layouts: 3, launches: 4) { layout, launch in 18 + 2 * Double(layout) + 0.01 * Double(launch) }
    let getter = try #require(results.rows.first { $0.key.strategy == "protocol-getter" })
    #expect(getter.layouts == 3)
    #expect(getter.launches == 12)
    #expect(abs(try #require(getter.ratioToBaseline) - 2.0) < 0.01)
    // The interval is over three layouts' means, not twelve launches.
    #expect(try #require(getter.ratioToBaselineLow) < 1.9)
    #expect(try #require(getter.ratioToBaselineHigh) > 2.1)
    #expect(try #require(getter.layoutVarianceShare) > 0.9)
  }

  @Test func aCaseWhoseLayoutsDisagreeIsBoundByThemOnceEachHasFourLaunches() throws {
    let disagree = results(layouts: 3, launches: 4) { layout, launch in 18 + 2 * Double(layout) + 0.01 * Double(launch)
    }
    #expect(AdaptiveLaunches.states([disagree]).values.allSatisfy { $0.layoutBound })
    let fewLaunches = results(layouts: 3, launches: 2) { layout, launch in
      18 + 2 * Double(layout) + 0.01 * Double(launch)
    }
    #expect(AdaptiveLaunches.states([fewLaunches]).values.allSatisfy { !$0.layoutBound })
    let agree = results(layouts: 3, launches: 4) { _, launch in 20 + 0.2 * Double(launch % 2) }
    #expect(AdaptiveLaunches.states([agree]).values.allSatisfy { !$0.layoutBound })
  }

  @Test func layoutsThatAgreeGiveANarrowIntervalAndNoLayoutShare() throws {
    let results = results(layouts: 3, launches: 4) { _, launch in 20 + 0.2 * Double(launch % 2) }
    let getter = try #require(results.rows.first { $0.key.strategy == "protocol-getter" })
    #expect(try #require(getter.ratioToBaselineHigh) - (try #require(getter.ratioToBaselineLow)) < 0.05)
    #expect(try #require(getter.layoutVarianceShare) < 0.1)
  }

  @Test func aLayoutRunsSpeedSpreadComparesLaunchesOfOneLayout() throws {
    // The floor runs 1.5× slower in the second layout, in every launch:
    // that is the layout, not the machine.
    var samples: [RawSample] = []
    let floor = ResultKey(SampleRuns.results().rows[0].key.benchmarkCase, .floor)
    for layout in 0..<2 {
      for launch in 0..<4 {
        for round in 0..<8 {
          samples.append(
            RawSample(
              key: floor, index: round, launch: layout * LayoutBuilds.launchStride + launch, round: round,
              position: 0, elementsPerSample: 100, nanosecondsPerElement: layout == 0 ? 1 : 1.5))
        }
      }
    }
    let disturbance = try #require(MachineDisturbance(samples))
    #expect(disturbance.launchSpeedSpread < 1.01)
  }

  // MARK: End to end

  /// Two copies of this build, named: each writes its own file, with its
  /// name in the build column; compare reads them.
  @Test func namedBuildsEachWriteTheirOwnFile() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for name in ["first", "second"] {
      try FileManager.default.copyItem(atPath: Subprocess.executable, toPath: directory + "/" + name)
    }
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--quick", "--operations", "feed.identifier", "--modes", "boundary",
      "--launches", "2", "--builds", "a=\(directory)/first,b=\(directory)/second", "--output", directory + "/run.csv",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("in 2 builds, their launches alternating, each to its own file:"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/run.csv"))
    for name in ["a", "b"] {
      guard case .run(let file) = try Schema.load(directory + "/run.\(name).csv") else {
        Issue.record("no run file for build \(name)")
        continue
      }
      #expect(file.rows.allSatisfy { $0.build == name && $0.launches == 2 })
    }
    let compared = try Subprocess.run(["compare", directory + "/run.a.csv", directory + "/run.b.csv"])
    #expect(compared.status == 0, "\(compared.standardError)")
  }

  /// A debug build has no relinkable objects: --layouts says why, and what
  /// to do, before timing anything.
  @Test(.enabled(if: BuildUnderTest.isDebug, Comment(rawValue: BuildUnderTest.needsDebug)))
  func layoutsOfABuildWithoutFunctionSectionsAreRefusedClearly() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--quick", "--operations", "feed.identifier", "--layouts", "2", "--output",
      directory + "/run.csv",
    ])
    #expect(result.status == 69, "\(result.standardError)")
    #expect(result.standardError.contains("error: --layouts: "))
    #expect(!FileManager.default.fileExists(atPath: directory + "/run.csv"))
  }
}
