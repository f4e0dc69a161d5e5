import DispatchModel
import StrategyRegistry
import TestSupport
import Testing

/// All strategies agree on every operation over generated feeds, and, kind
/// by kind, what they agree on is what the SPEC oracle says.
@Suite struct ParityTests {
  static let seeds: [UInt64] = [1, 42, 0xDEAD_BEEF]
  static let sizes = [0, 1, 1_000]

  /// The first element where a strategy's outputs differ from the first
  /// strategy's, as a failure message, or `nil` when all agree; a failure
  /// too when the strategies are not the expected ones (none, or one, agree
  /// trivially).
  static func firstDisagreement(
    _ outputs: [(strategy: String, outputs: [String])], operation: SpecOperation, context: String
  ) -> String? {
    if let mismatch = ExpectedStrategies.mismatch(outputs.map(\.strategy)) { return "\(context) \(mismatch)" }
    guard let reference = outputs.first else { return nil }
    for other in outputs.dropFirst() {
      guard other.outputs.count == reference.outputs.count else {
        return
          "\(context) \(operation.rawValue): \(other.strategy) gave \(other.outputs.count) outputs, \(reference.strategy) \(reference.outputs.count)"
      }
      if let index = reference.outputs.indices.first(where: { reference.outputs[$0] != other.outputs[$0] }) {
        return
          "\(context) \(operation.rawValue) index \(index): \(reference.strategy) gave \(reference.outputs[index].debugDescription), \(other.strategy) gave \(other.outputs[index].debugDescription)"
      }
    }
    return nil
  }

  /// The first output of a SPEC §3 dumped operation where `outputs` (one
  /// strategy's, for `file`) differ from the oracle's, as a failure message.
  static func firstDepartureFromSpec(
    _ outputs: [SpecOperation: [String]], file: FeedFile, context: String
  ) throws -> String? {
    for line in SpecOracle.dumpLines(file) {
      let operation = try #require(SpecOperation(rawValue: line.operation), "the oracle's operation \(line.operation)")
      let output = outputs[operation]?[line.index]
      if output != line.output {
        return
          "\(context) \(line.operation) index \(line.index): gave \(output?.debugDescription ?? "nothing"), the SPEC says \(line.output.debugDescription)"
      }
    }
    return nil
  }

  /// Expects every strategy's outputs for each of `domain`'s operations to
  /// be `size` long and to agree.
  static func expectAgreement(
    _ prepared: [PreparedWorkload], domain: Domain, size: Int, context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for operation in SpecOperation.allCases where operation.domain == domain {
      let outputs = prepared.map { ($0.strategy, $0.outputs(operation)) }
      #expect(
        outputs.allSatisfy { $0.1.count == size }, "\(context) \(operation.rawValue)", sourceLocation: sourceLocation)
      let failure = firstDisagreement(outputs, operation: operation, context: context)
      #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
    }
  }

  /// Expects every strategy's outputs for `file`'s `domain` operations to
  /// agree with each other and with the SPEC oracle.
  static func expectAgreementWithSpec(
    _ file: FeedFile, domain: Domain, context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let operations = SpecOperation.allCases.filter { $0.domain == domain }
    let outputs = Registry.strategies.map {
      ($0.name, $0.outputs(for: file, operations: operations))
    }
    for operation in operations {
      let failure = firstDisagreement(
        try outputs.map {
          ($0.0, try #require($0.1[operation], "\($0.0) \(operation.rawValue)", sourceLocation: sourceLocation))
        },
        operation: operation, context: context)
      #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
    }
    let departure = try firstDepartureFromSpec(outputs[0].1, file: file, context: context)
    #expect(departure == nil, "\(departure ?? "")", sourceLocation: sourceLocation)
  }

  @Test(arguments: seeds, sizes)
  func shareOperationsAgree(seed: UInt64, size: Int) {
    let elements = ShareItemSequence(
      source: .generated(seed: seed, distribution: .uniform, kinds: 3), count: size)
    if size >= 1_000 {
      #expect(Set(elements.map(\.item.kind)) == Set(ShareKind.allCases))
      #expect(Set(elements.map(\.platform)) == Set(Platform.allCases))
    }
    Self.expectAgreement(
      Registry.strategies.map { $0.prepare(elements) }, domain: .share, size: size,
      context: "seed \(seed), size \(size):")
  }

  @Test(arguments: seeds, sizes)
  func feedOperationsAgree(seed: UInt64, size: Int) {
    let elements = FeedItemSequence(
      source: .generated(seed: seed, distribution: .uniform, kinds: 6), count: size)
    if size >= 1_000 {
      #expect(Set(elements.map(\.kind)) == Set(FeedKind.allCases))
    }
    // feed.apply-background's output is the whole cell state after it runs.
    Self.expectAgreement(
      Registry.strategies.map { $0.prepare(elements) }, domain: .feed, size: size,
      context: "seed \(seed), size \(size):")
  }

  /// Every kind alone, so a kind can't hide behind the others.
  @Test(arguments: FeedKind.allCases.indices)
  func eachFeedKindAloneAgrees(kindIndex: Int) throws {
    let kind = FeedKind.allCases[kindIndex]
    let rows = FeedItemSequence(
      source: .generated(seed: 7, distribution: .clustered, kinds: 6), count: 600
    ).filter { $0.kind == kind }
    #expect(rows.count > 10)
    try Self.expectAgreementWithSpec(FeedFile(feed: rows), domain: .feed, context: "\(kind.rawValue) only:")
  }

  @Test(arguments: ShareKind.allCases.indices)
  func eachShareKindAloneAgrees(kindIndex: Int) throws {
    let kind = ShareKind.allCases[kindIndex]
    let items = ShareItemSequence(
      source: .generated(seed: 7, distribution: .clustered, kinds: 3), count: 300
    ).map(\.item).filter { $0.kind == kind }
    #expect(items.count > 10)
    try Self.expectAgreementWithSpec(FeedFile(share: items), domain: .share, context: "\(kind.rawValue) only:")
  }
}
