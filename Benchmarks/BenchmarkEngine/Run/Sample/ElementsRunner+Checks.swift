import DispatchModel

extension ElementsRunner {
  /// The outputs each operation is checked against: those of the first
  /// strategy checked on it, which every other strategy's, in every mode,
  /// must equal.
  package typealias References = [SpecOperation: (name: String, digests: [UInt64])]

  /// Checks every strategy of `prepared` on each operation `planned` times it
  /// on, in the order given, and returns their checksums; throws at the
  /// first disagreement.
  package func verify(_ prepared: [Prepared], _ planned: PlannedFeed, against references: inout References)
    throws(RunFailure) -> CaseRows.Checksums
  {
    guard let clock else { return try verified(prepared, planned, against: &references) }
    return try clock.time(.checking) { () throws(RunFailure) in try verified(prepared, planned, against: &references) }
  }

  private func verified(_ prepared: [Prepared], _ planned: PlannedFeed, against references: inout References)
    throws(RunFailure) -> CaseRows.Checksums
  {
    var checksums: CaseRows.Checksums = [:]
    for participant in prepared {
      for entry in planned.operations where entry.strategies.contains(participant.name) {
        checksums[participant.name, default: [:]][entry.operation] = try verify(
          participant, entry.operation, feed: planned.feed, against: &references)
      }
    }
    return checksums
  }

  /// Checks a strategy's outputs against the first strategy's for the same
  /// operation (which becomes the reference), and returns its checksum.
  private func verify(
    _ participant: Prepared, _ operation: SpecOperation, feed: ElementsSpec,
    against references: inout References
  ) throws(RunFailure) -> UInt64 {
    if sampler.shouldStop() { throw .interrupted }
    let digests = participant.digests(operation)
    guard let reference = references[operation] else {
      references[operation] = (participant.name, digests)
      return Self.fold(digests)
    }
    if let position = Self.firstDifference(reference.digests, digests) {
      let index = Self.checkedElements(participant.count)[position]
      // The reference may be released: build it again to show its output.
      let referenceFeed = prepare(named: reference.name, feed, .boundary, counting: false)
      throw .mismatch(
        Mismatch(
          strategy: participant.name, reference: reference.name, operation: operation.rawValue,
          feed: "seed \(feed.seed), \(feed.title)",
          index: index, expected: referenceFeed.output(operation, index),
          actual: participant.output(operation, index)))
    }
    return Self.fold(digests)
  }

  /// Where two lists of digests first differ, or `nil` when they do not.
  package static func firstDifference(_ a: [UInt64], _ b: [UInt64]) -> Int? {
    if a.count != b.count { return min(a.count, b.count) }
    return a.indices.first { a[$0] != b[$0] }
  }

  /// One checksum of a strategy's digests, in order.
  package static func fold(_ digests: [UInt64]) -> UInt64 {
    var checksum = Checksum()
    for digest in digests { checksum.combine(digest) }
    return checksum.value
  }
}
