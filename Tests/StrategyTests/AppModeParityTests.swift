import AppModeRegistry
import BenchmarkSupport
import DispatchModel
import StrategyRegistry
import TestSupport
import Testing

/// Every strategy's app-mode module gives, element for element, the outputs
/// of its boundary mode, from the per-element code its loops time; and its
/// loops run over any slice of the feed.
@Suite struct AppModeParityTests {
  static let seeds: [UInt64] = [1, 0xDEAD_BEEF]
  static let sizes = [0, 1, 1_000]

  @Test func everyStrategyHasAnAppModeUnderTheSameName() {
    #expect(AppModeRegistry.workloads.map(\.name) == Registry.names)
  }

  @Test(arguments: Registry.names, KindDistribution.allCases)
  func generatedFeedsAgree(strategyName: String, distribution: KindDistribution) throws {
    let strategy = try #require(Registry.strategy(named: strategyName))
    let app = try #require(AppModeRegistry.workload(named: strategyName))
    for seed in Self.seeds {
      for size in Self.sizes {
        for domain in Domain.allCases {
          let kinds = domain == .share ? ShareKind.allCases.count : FeedKind.allCases.count
          let (boundary, workload) = Self.bothModes(
            strategy, app, domain: domain, size: size,
            source: .generated(seed: seed, distribution: distribution, kinds: kinds))
          let context = "\(strategyName), \(distribution.rawValue), seed \(seed), size \(size)"
          // Outputs after the loops have run: running leaves nothing behind
          // that changes them.
          Self.runLoops(workload, domain: domain)
          Self.expectSameOutputs(workload, boundary, context: context)
        }
      }
    }
  }

  @Test(arguments: Registry.names)
  func exampleFileAgreesAndReproducesTheGoldenOutputs(strategyName: String) throws {
    let strategy = try #require(Registry.strategy(named: strategyName))
    let app = try #require(AppModeRegistry.workload(named: strategyName))
    let file = try FeedFile.load(path: Fixtures.exampleFeed)
    let seed: UInt64 = 7
    var outputs: [SpecOperation: [String]] = [:]
    for domain in Domain.allCases {
      let size = domain == .share ? file.share.count : file.feed.count
      let (boundary, workload) = Self.bothModes(
        strategy, app, domain: domain, size: size, source: .tiled(file, seed: seed))
      let context = "\(strategyName), example file, seed \(seed), size \(size)"
      Self.runLoops(workload, domain: domain)
      Self.expectSameOutputs(workload, boundary, context: context)
      for operation in Self.operations(of: domain) {
        outputs[operation] = (0..<workload.count).map { workload.output(operation.rawValue, at: $0) }
      }
    }
    for line in try GoldenTests.expectedLines() {
      #expect(
        outputs[line.operation]?[line.index] == line.output,
        "\(strategyName) app mode: \(line.operation.rawValue) of item \(line.index)")
    }
  }

  /// A feed larger than the file, tiled, as `run --file` makes it.
  @Test(arguments: Registry.names)
  func tiledFileAgrees(strategyName: String) throws {
    let strategy = try #require(Registry.strategy(named: strategyName))
    let app = try #require(AppModeRegistry.workload(named: strategyName))
    let file = try FeedFile.load(path: Fixtures.exampleFeed)
    let (seed, size): (UInt64, Int) = (3, 50)
    for domain in Domain.allCases {
      let (boundary, workload) = Self.bothModes(
        strategy, app, domain: domain, size: size, source: .tiled(file, seed: seed))
      Self.expectSameOutputs(
        workload, boundary, context: "\(strategyName), example file tiled, seed \(seed), size \(size)")
    }
  }

  // MARK: Helpers

  static func operations(of domain: Domain) -> [SpecOperation] {
    SpecOperation.allCases.filter { $0.domain == domain }
  }

  /// The boundary mode's prepared feed and the app mode's workload, built
  /// from the same source as `run` builds them (a tiled source is the
  /// example file's).
  static func bothModes(
    _ strategy: RegisteredStrategy, _ app: any AppModeWorkload.Type, domain: Domain, size: Int,
    source: ElementSource
  ) -> (boundary: PreparedWorkload, app: any AppModeWorkload) {
    let boundary =
      domain == .share
      ? strategy.prepare(ShareItemSequence(source: source, count: size))
      : strategy.prepare(FeedItemSequence(source: source, count: size))
    switch source {
    case .generated(let seed, let distribution, let kinds):
      return (
        boundary,
        app.init(
          domain: domain.rawValue, size: size, seed: seed, distribution: distribution.rawValue,
          kinds: kinds, feedFile: nil)
      )
    case .tiled(_, let seed):
      return (
        boundary,
        app.init(
          domain: domain.rawValue, size: size, seed: seed, distribution: "file", kinds: 0,
          feedFile: Fixtures.exampleFeed)
      )
    }
  }

  /// Expects every operation's outputs to equal the boundary mode's, naming
  /// the first element that differs.
  static func expectSameOutputs(
    _ app: any AppModeWorkload, _ boundary: PreparedWorkload, context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(app.count == boundary.count, "\(context): count", sourceLocation: sourceLocation)
    guard app.count == boundary.count else { return }
    for operation in operations(of: boundary.domain) {
      let expected = boundary.outputs(operation)
      let index = expected.indices.first { app.output(operation.rawValue, at: $0) != expected[$0] }
      #expect(
        index == nil,
        """
        \(context), \(operation.rawValue), index \(index ?? -1): app mode gave \
        \(index.map { app.output(operation.rawValue, at: $0).debugDescription } ?? ""), \
        boundary mode \(index.map { expected[$0].debugDescription } ?? "")
        """,
        sourceLocation: sourceLocation)
    }
  }

  /// Runs every operation's loop over the whole feed, a slice of it and an
  /// empty slice, as the harness's samples do; a loop that traps fails the
  /// whole test run.
  static func runLoops(_ app: any AppModeWorkload, domain: Domain) {
    let count = app.count
    for operation in operations(of: domain) {
      app.run(operation.rawValue, range: 0..<count, repetitions: 2)
      app.run(operation.rawValue, range: count / 3..<(2 * count) / 3, repetitions: 1)
      app.run(operation.rawValue, range: count..<count, repetitions: 1)
    }
  }
}
