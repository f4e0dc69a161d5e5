import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// Property-based parity: random feeds of adversarial strings and extreme
/// numbers, through every strategy and through `dump`, against an oracle
/// written from the SPEC alone.
///
/// A failure names its seed; `DISPATCH_BENCH_PROPERTY_SEED=<seed> swift
/// test --filter AdversarialTests` runs that seed beside the forty (never in
/// their place: no seed is dropped in silence).
@Suite struct AdversarialTests {
  static let seeds: [UInt64] = {
    let forty = Array(UInt64(1)...40)
    guard let seed = ProcessInfo.processInfo.environment["DISPATCH_BENCH_PROPERTY_SEED"].flatMap(UInt64.init),
      !forty.contains(seed)
    else { return forty }
    return forty + [seed]
  }()

  static let operations = SpecOperation.allCases

  @Test(arguments: seeds)
  func everyStrategyAgreesWithTheSpec(seed: UInt64) throws {
    try Self.agreesWithTheSpec(seed: seed)
  }

  static func agreesWithTheSpec(seed: UInt64) throws {
    var feeds = AdversarialFeeds(seed: seed)
    let file = feeds.file(items: 24)
    let replay = "seed \(seed) (replay: DISPATCH_BENCH_PROPERTY_SEED=\(seed) swift test --filter AdversarialTests)"
    let outputs = Registry.strategies.map { ($0.name, $0.outputs(for: file, operations: Self.operations, seed: seed)) }
    // All strategies agree on all eleven operations, share.mixed and the
    // cell state after feed.apply-background included.
    let mismatch = ExpectedStrategies.mismatch(outputs.map(\.0))
    try #require(mismatch == nil, "\(mismatch ?? "")")
    for operation in Self.operations {
      let reference = try #require(outputs[0].1[operation], "\(replay): \(outputs[0].0) has no \(operation.rawValue)")
      for (name, all) in outputs.dropFirst() {
        // A strategy with more or fewer outputs is a failure, not an index
        // out of range that takes the test process down.
        let output = try #require(all[operation], "\(replay): \(name) has no \(operation.rawValue)")
        #expect(
          output.count == reference.count,
          "\(replay): \(name) and \(outputs[0].0) give \(output.count) and \(reference.count) outputs of \(operation.rawValue)"
        )
        if let index = reference.indices.first(where: { $0 < output.count && reference[$0] != output[$0] }) {
          Issue.record(
            "\(replay): \(name) and \(outputs[0].0) disagree on \(operation.rawValue) of item \(index): \(output[index].debugDescription) vs \(reference[index].debugDescription)"
          )
        }
      }
    }
    // And what they agree on is what the SPEC says: share.mixed pairs item
    // i with the platform the oracle draws for i from the seed;
    // feed.apply-background leaves the configured cell with its colour.
    let mixed = try #require(outputs[0].1[.shareMixed])
    #expect(
      mixed
        == file.share.indices.map { SpecOracle.share(file.share[$0], SpecOracle.mixedPlatform(index: $0, seed: seed)) },
      "\(replay): share.mixed")
    #expect(
      outputs[0].1[.feedApplyBackground] == file.feed.map(SpecOracle.appliedBackground),
      "\(replay): feed.apply-background")
    let lines = SpecOracle.dumpLines(file)
    try #require(!lines.isEmpty, "\(replay): the oracle gives no lines")
    for line in lines {
      let operation = try #require(SpecOperation(rawValue: line.operation), "\(line.operation)")
      let actual = try #require(outputs[0].1[operation], "\(replay): no \(line.operation)")
      try #require(
        actual.indices.contains(line.index), "\(replay): no output for item \(line.index) of \(line.operation)")
      #expect(actual[line.index] == line.output, "\(replay): \(line.operation) of item \(line.index)")
    }
  }

  /// The adversarial feeds committed in Tests/Fixtures (which sanitize.sh
  /// runs `dump` on) are what the generator writes for their seeds, the
  /// feeds `dumpPrintsTheSpecsOutputs` checks.
  @Test(arguments: Fixtures.adversarialSeeds)
  func theCommittedFeedsAreTheGenerators(seed: UInt64) throws {
    var feeds = AdversarialFeeds(seed: seed)
    let file = feeds.file(items: Fixtures.adversarialItems)
    let path = Fixtures.adversarialFeed(seed: seed)
    if ProcessInfo.processInfo.environment["DISPATCH_BENCH_RECORD_FIXTURES"] == "1" {
      // Recording is not checking: the run that writes the fixture fails,
      // so that only a run that did not write it can pass.
      try AdversarialFeeds.json(file).write(to: URL(fileURLWithPath: path))
      Issue.record("seed \(seed): recorded \(path); run again without DISPATCH_BENCH_RECORD_FIXTURES to check it")
      return
    }
    // Beside the snapshot, what the file must hold whatever the generator
    // does: its items, each strategy's reading of it agreeing with the SPEC's.
    let committed = try FeedFile.load(path: path)
    #expect(committed.share.count + committed.feed.count >= Fixtures.adversarialItems, "seed \(seed)")
    #expect(
      committed == file,
      "seed \(seed): \(path) is not what the generator writes; after changing AdversarialFeeds, rewrite it with DISPATCH_BENCH_RECORD_FIXTURES=1 swift test --filter AdversarialTests"
    )
  }

  /// `dump` on the same feeds written as JSON: the loader takes every string
  /// back, and every line is JSON whose output is the SPEC's.
  @Test(arguments: seeds.prefix(3))
  func dumpPrintsTheSpecsOutputs(seed: UInt64) throws {
    var feeds = AdversarialFeeds(seed: seed)
    let file = feeds.file(items: Fixtures.adversarialItems)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("adversarial-\(seed)-\(UUID()).json").path
    try AdversarialFeeds.json(file).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try FeedFile.load(path: path) == file, "seed \(seed): the file does not load back as written")
    let result = try Subprocess.run(["dump", "--feed", path])
    #expect(result.status == 0, "seed \(seed): \(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let expected = SpecOracle.dumpLines(file)
    #expect(lines.count == expected.count, "seed \(seed)")
    for (line, want) in zip(lines, expected) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["index"] as? Int == want.index, "seed \(seed)")
      #expect(object?["operation"] as? String == want.operation, "seed \(seed)")
      #expect(object?["output"] as? String == want.output, "seed \(seed): \(want.operation) of item \(want.index)")
    }
  }
}
