@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing

@Suite struct RunOptionsTests {
  func options(_ arguments: [String]) throws(CommandError) -> RunOptions {
    try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec))
  }

  func plan(_ arguments: [String]) throws -> RunPlan {
    try options(arguments).matrix.plan()
  }

  // MARK: The default suite, --quick and --full

  @Test func theDefaultSuiteTimesEveryOperationThenSweepsOnePerDomain() throws {
    let plan = try plan([])
    let primary = plan.feeds.filter { $0.feed.size == 100_000 && $0.feed.distribution == "uniform" }
    #expect(Set(primary.flatMap { $0.operations.map(\.operation) }) == Set(SpecOperation.allCases))
    for operation in RunMatrix.sweepOperations {
      let feeds = plan.feeds.filter { $0.operations.contains { $0.operation == operation } }
      let sizes = Set(feeds.filter { $0.feed.distribution == "uniform" }.map(\.feed.size))
      #expect(sizes == Set(RunMatrix.sweepSizes), "\(operation)")
      let distributions = Set(feeds.filter { $0.feed.size == 100_000 }.map(\.feed.distribution))
      #expect(distributions == Set(KindDistribution.allCases.map(\.rawValue)), "\(operation)")
    }
    // Every operation is timed for every strategy in both modes, and every
    // benchmark case has its floor and its null.
    #expect(plan.modes == [.boundary, .app])
    for feed in plan.feeds {
      #expect(feed.operations.allSatisfy { $0.strategies == Registry.names })
      let keys = feed.keys(in: plan.modes)
      let cases = Set(keys.map(\.benchmarkCase))
      #expect(cases.count == feed.operations.count * 2)
      for benchmarkCase in cases {
        let strategies = keys.filter { $0.benchmarkCase == benchmarkCase }.map(\.strategy)
        #expect(strategies == Registry.names.map { StrategyID($0) } + [.floor, .null])
      }
    }
    #expect(plan.feeds.count == 12)
    // And a kinds sweep of one synthetic operation, every number of kinds.
    #expect(plan.synthetic.map(\.kinds) == [2, 4, 8, 16, 32, 64])
    #expect(plan.synthetic.allSatisfy { $0.operations == ["synthetic.constant"] && $0.size == 100_000 })
    #expect(plan.synthetic.allSatisfy { $0.strategies == Registry.names })
  }

  @Test func domainsAndKindsSelectTheSyntheticFeeds() throws {
    let only = try plan(["--domains", "synthetic", "--sizes", "1000", "--kinds", "8,64"])
    #expect(only.feeds.isEmpty)
    #expect(only.synthetic.map(\.kinds) == [8, 64])
    #expect(only.synthetic.allSatisfy { $0.operations.count == 3 })
    let none = try plan(["--domains", "share,feed", "--sizes", "1000"])
    #expect(none.synthetic.isEmpty && !none.feeds.isEmpty)
    let operation = try plan(["--operations", "synthetic.compute", "--sizes", "1000"])
    #expect(operation.feeds.isEmpty)
    #expect(operation.synthetic.count == 6 && operation.synthetic.allSatisfy { $0.operations == ["synthetic.compute"] })
  }

  @Test func quickTimesEveryOperationOnOneSmallUniformFeed() throws {
    let options = try options(["--quick"])
    let plan = options.matrix.plan()
    #expect(plan.feeds.map(\.feed.size) == [1_000, 1_000])
    #expect(Set(plan.feeds.flatMap { $0.operations.map(\.operation) }) == Set(SpecOperation.allCases))
    #expect(options.sampling.sampleTime == RunOptions.quickSampleTime)
    #expect(options.launches == 1)
  }

  @Test func fullIsTheWholeCrossProduct() throws {
    let plan = try plan(["--full"])
    // 2 domains × 3 sizes × 4 distributions, each with its domain's operations.
    #expect(plan.feeds.count == 24)
    let strategies = Registry.names.count
    // Each case in both modes, with its floor and null; and the synthetic
    // domain's 3 operations × 3 sizes × 6 numbers of kinds, with floors.
    #expect(plan.rowCount == 2 * 3 * 4 * (5 + 6) * (strategies + 2) + 3 * 3 * 6 * (strategies + 1))
    #expect(plan.caseCount == 2 * 11 * 3 * 4 + 3 * 3 * 6)
  }

  @Test func givenDimensionsMakeACrossProduct() throws {
    let plan = try plan([
      "--operations", "feed.height", "--sizes", "10,20", "--distributions", "clustered,single",
      "--kinds", "3",
    ])
    #expect(plan.feeds.map(\.feed.size) == [10, 10, 20, 20])
    #expect(plan.feeds.map(\.feed.distribution) == ["clustered", "single", "clustered", "single"])
    // single holds one kind whatever is in play.
    #expect(plan.feeds.map(\.feed.kinds) == [3, 1, 3, 1])
  }

  @Test func shareUsesAtMostThreeKinds() throws {
    let plan = try plan(["--operations", "share.line", "--sizes", "10", "--kinds", "2,6"])
    #expect(plan.feeds.map(\.feed.kinds) == [2, 3])
  }

  @Test func strategiesAndFiltersSelectCells() throws {
    let plan = try plan([
      "--quick", "--strategies", "naive,enum-switch", "--filter", "*/feed.render/*,share/*/naive/*",
    ])
    let keys = plan.feedKeys.map(\.path)
    #expect(keys.contains("feed/feed.render/naive/uniform/1000"))
    #expect(keys.contains("feed/feed.render/enum-switch/uniform/1000"))
    #expect(keys.contains("share/share.line/naive/uniform/1000"))
    #expect(!keys.contains("share/share.line/enum-switch/uniform/1000"))
    #expect(!keys.contains { $0.contains("protocol-getter") || $0.contains("feed.height") })
    #expect(keys.contains("share/share.line/floor/uniform/1000"))
    #expect(keys.contains("share/share.line/null/uniform/1000/app"))
  }

  @Test(arguments: [
    ("*", "feed/feed.height/naive/uniform/1000", true),
    ("feed/*/naive/*", "feed/feed.height/naive/uniform/1000", true),
    ("feed/*/naive/*", "feed/feed.height/enum-switch/uniform/1000", false),
    ("*/1000", "share/share.line/naive/uniform/1000", true),
    ("*/100", "share/share.line/naive/uniform/1000", false),
    ("share/share.???e/*", "share/share.line/naive/uniform/1000", true),
    ("", "x", false),
  ])
  func globs(pattern: String, text: String, matches: Bool) {
    #expect(GlobPattern(pattern: pattern).matches(text) == matches)
  }

  // MARK: Every flag

  /// Each of `run`'s options given on its own (with what it needs beside
  /// it), and whether the options it parses to hold the value given: a
  /// value no default has, so that a flag read as absent fails.
  static let everyFlag: [String: (arguments: [String], parsed: @Sendable (RunOptions, ParsedArguments) -> Bool)] = [
    "--quick": (["--quick"], { options, _ in options.sampling.sampleTime == RunOptions.quickSampleTime }),
    "--full": (["--full"], { options, _ in options.matrix.distributions == KindDistribution.allCases }),
    "--sizes": (["--sizes", "1_000,5000"], { options, _ in options.matrix.sizes == [1_000, 5_000] }),
    "--distributions": (["--distributions", "skewed"], { options, _ in options.matrix.distributions == [.skewed] }),
    "--kinds": (["--kinds", "4"], { options, _ in options.matrix.kinds == [4] }),
    "--domains": (
      ["--domains", "share"],
      { options, _ in
        options.matrix.operations.allSatisfy { $0.domain == .share } && options.matrix.syntheticOperations.isEmpty
      }
    ),
    "--seed": (["--seed", "18446744073709551615"], { options, _ in options.matrix.seed == .max }),
    "--feed": (["--feed", Fixtures.exampleFeed], { options, _ in options.matrix.file?.path == Fixtures.exampleFeed }),
    "--strategies": (["--strategies", "enum-switch"], { options, _ in options.matrix.strategies == ["enum-switch"] }),
    "--operations": (["--operations", "feed.color"], { options, _ in options.matrix.operations == [.feedColor] }),
    "--filter": (
      ["--filter", "share/*"], { options, _ in options.matrix.filters == [GlobPattern(pattern: "share/*")] }
    ),
    "--modes": (["--modes", "app"], { options, _ in options.matrix.modes == [.app] }),
    "--max-time-per-case": (["--max-time-per-case", "0.5"], { options, _ in options.sampling.sampleTime == 0.5 }),
    "--launches": (["--launches", "3"], { options, _ in options.design == .fixed(3) }),
    "--target-resolution": (
      ["--target-resolution", "3"], { options, _ in options.design.adaptive?.targetResolution == 0.03 }
    ),
    "--max-time": (["--max-time", "600"], { options, _ in options.design.adaptive?.maxTime == 600 }),
    "--min-launches": (["--min-launches", "6"], { options, _ in options.design.adaptive?.initialLaunches == 6 }),
    "--max-launches": (["--max-launches", "60"], { options, _ in options.design.adaptive?.maxLaunches == 60 }),
    "--output": (["--output", "out.csv"], { options, _ in options.csvPath == "out.csv" }),
    "--force": (["--force"], { options, _ in options.force }),
    "--format": (["--format", "json"], { options, _ in options.format == .json && options.export == nil }),
    "--wide": (["--wide"], { _, parsed in !parsed.fitsTables }),
    "--quiet": (["--quiet"], { options, _ in options.quiet }),
    "--list": (["--list"], { options, _ in options.listOnly }),
    "--allow-debug-build": (["--allow-debug-build"], { options, _ in options.allowDebugBuild }),
    "--samples": (["--samples", "samples.csv"], { options, _ in options.samplesPath == "samples.csv" }),
    "--alternate-with": (
      ["--alternate-with", "/bin/sh", "--alternate-output", "base.csv"],
      { options, _ in
        options.alternate == AlternateBuild(binary: RunOptions.resolvedPath("/bin/sh") ?? "", output: "base.csv")
      }
    ),
    "--alternate-output": (
      ["--alternate-output", "base.csv", "--alternate-with", "/bin/sh"],
      { options, _ in options.alternate?.output == "base.csv" }
    ),
    "--builds": (
      ["--builds", "a=/bin/sh,b=/bin/ls"],
      { options, _ in
        options.builds.named?.map(\.name) == ["a", "b"]
          && options.builds.named?.map(\.binary) == ["/bin/sh", "/bin/ls"].map { RunOptions.resolvedPath($0) ?? "" }
      }
    ),
    "--layouts": (["--layouts", "4"], { options, _ in options.builds == .layouts(LayoutSeeds(count: 4, first: 1)) }),
    "--first-layout-seed": (
      ["--layouts", "4", "--first-layout-seed", "5"],
      { options, _ in options.builds == .layouts(LayoutSeeds(count: 4, first: 5)) }
    ),
  ]

  /// Every option `run` declares is parsed and its value checked: the list
  /// is the command's own, so an option added to it without a line in
  /// `everyFlag` fails here.
  @Test(arguments: RunOptions.spec.options.map(\.name))
  func parsesEveryFlag(option: String) throws {
    let given = try #require(
      Self.everyFlag[option], "run declares \(option): give it a value in everyFlag, and check it")
    #expect(given.arguments.contains(option))
    let parsed = try ParsedArguments(given.arguments, spec: RunOptions.spec)
    let holds = given.parsed(try RunOptions(parsed), parsed)
    #expect(holds, "\(given.arguments.joined(separator: " ")) does not parse to its value")
    // Without it, the check fails: the value is the option's, not a default.
    let defaults = try ParsedArguments([], spec: RunOptions.spec)
    let holdsWithout = given.parsed(try RunOptions(defaults), defaults)
    #expect(!holdsWithout, "\(option)'s check holds without it")
  }

  /// And no line for an option `run` no longer declares.
  @Test func everyFlagNamesOnlyRunsOptions() {
    #expect(Set(Self.everyFlag.keys) == Set(RunOptions.spec.options.map(\.name)))
  }

  /// Options that can go together parse together, each to its value.
  @Test func compatibleFlagsParseTogether() throws {
    let arguments = [
      "--sizes", "--distributions", "--kinds", "--seed", "--strategies", "--operations", "--filter", "--modes",
      "--max-time-per-case", "--launches", "--output", "--force", "--samples", "--format", "--wide", "--quiet",
      "--list",
      "--allow-debug-build",
    ]
    let combined = try arguments.flatMap { try #require(Self.everyFlag[$0]).arguments }
    let parsed = try ParsedArguments(combined, spec: RunOptions.spec)
    let options = try RunOptions(parsed)
    for option in arguments {
      let holds = try #require(Self.everyFlag[option]).parsed(options, parsed)
      #expect(holds, "\(option) among \(combined.joined(separator: " "))")
    }
  }

  @Test func readsAFeedFileToTile() throws {
    let options = try options(["--feed", Fixtures.exampleFeed, "--sizes", "100"])
    let plan = options.matrix.plan()
    #expect(plan.feeds.allSatisfy { $0.feed.distribution == "file" && $0.feed.source == Fixtures.exampleFeed })
    #expect(plan.feeds.map(\.feed.kinds) == [3, 6])
  }

  @Test(arguments: [
    (["--sizes", "10k"], #"--sizes: "10k" is not a whole number (example: --sizes 1000,100000)"#),
    (["--sizes", "0"], #"--sizes: "0" is too small: the allowed range is 1 or more elements"#),
    (["--sizes", "-3"], #"--sizes: "-3" is negative: the allowed range is 1 or more elements"#),
    (
      ["--kinds", "7"],
      #"--kinds: "7" is not a number of kinds any domain has: 2…6 for share and feed, 2, 4, 8, 16, 32, 64 for synthetic"#
    ),
    (["--kinds", "65"], #"--kinds: "65" is too large: the allowed range is 2…64"#),
    (["--kinds", "1"], #"--kinds: "1" is too small: the allowed range is 2…64"#),
    (["--domains", "foo"], #"--domains: "foo" is not a known domain; valid: share, feed, synthetic"#),
    (
      ["--distributions", "zipf"],
      #"--distributions: "zipf" is not a known distribution; valid: uniform, clustered, skewed, single"#
    ),
    (["--strategies", "visitor"], #"--strategies: "visitor" is not a known strategy"#),
    (
      ["--operations", "feed.colour"],
      #"--operations: "feed.colour" is not a known operation (did you mean 'feed.color'?)"#
    ),
    (["--seed", "-1"], #"--seed: "-1" is not a whole number from 0 to 18446744073709551615 (example: --seed 42)"#),
    (["--max-time-per-cell", "soon"], #"--max-time-per-case: "soon" is not a number of seconds"#),
    (["--max-time-per-case", "0"], #"--max-time-per-case: "0" is outside"#),
    (
      ["--format", "xml"],
      #"--format: "xml" is not one of table, csv, markdown, json, gbench (example: --format markdown)"#
    ),
    (["--filter", "a,,b"], #"--filter: "a,,b" has an empty pattern"#),
    (["--quick", "--full"], "--quick and --full cannot be used together"),
    (["--feed", "x.json", "--distributions", "uniform"], "--distributions applies to generated feeds"),
    (["--output", "a.csv", "--samples", "a.csv"], "--output and --samples name the same file"),
    // The former name is the option: refused under its name today.
    (["--output", "a.csv", "--samples-csv", "a.csv"], "--output and --samples name the same file"),
    (["--samples-csv", "a.csv", "--samples", "b.csv"], "--samples is given more than once"),
  ])
  func refusesBadValues(arguments: [String], message: String) {
    expectCommandError(message, usageOf: "run") { try options(arguments) }
  }

  @Test func aFeedFileThatCannotBeLoadedExitsWith65() {
    expectCommandError("/nonexistent.json", anywhere: true, status: 65) {
      try options(["--feed", "/nonexistent.json"])
    }
  }

  @Test func aFeedFileWithoutShareItemsCannotTileShareOperations() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-only-\(UUID()).json").path
    try #"{"feed": [{"kind": "plainText", "id": "1", "author": "a", "text": "t"}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Set(try options(["--feed", path]).matrix.plan().feeds.map(\.feed.domain)) == [.feed])
    #expect {
      try options(["--feed", path, "--operations", "share.line"])
    } throws: { error in
      (error as? CommandError)?.message.contains("has no share items to tile for share.line") == true
    }
  }
}
