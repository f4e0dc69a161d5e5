import BenchmarkSupport
import DispatchModel
import StrategyRegistry
import SyntheticModel
import SyntheticRegistry
import Testing

/// Every pattern, at every number of kinds, gives for every element what an
/// oracle written from the synthetic domain's definition says, from the code
/// its loops time; and its loops run over any slice of the feed.
@Suite struct SyntheticParityTests {
  static let seeds: [UInt64] = [1, 0xDEAD_BEEF]
  static let sizes = [0, 1, 3_000]

  /// The domain's definition, written again from Guides/Scaling.md, on
  /// DispatchModel's SplitMix64 rather than SyntheticModel's copy of it.
  enum Oracle {
    static func element(_ index: Int, seed: UInt64, kinds: Int) -> (kind: Int, payload: UInt64) {
      var generator = SplitMix64.forElement(index, seed: seed)
      let kind = generator.below(kinds)
      return (kind, generator.next())
    }

    static func output(_ operation: String, kind: Int, payload: UInt64) -> String? {
      switch operation {
      case "synthetic.constant":
        return String(kind * 7 + 3)
      case "synthetic.compute":
        let multiplier = (UInt32(0x9E37_79B9) &* UInt32(kind + 1)) | 1
        return String(payload &* UInt64(multiplier) &+ UInt64(kind))
      case "synthetic.label":
        return "kind\(kind)"
      default:
        return nil
      }
    }
  }

  static var workloadCases: [String] {
    SyntheticRegistry.workloads.map { "\($0.name)/\($0.kinds)" }
  }

  @Test func everyPatternHasEveryNumberOfKindsUnderTheStrategiesNames() {
    let expected = Registry.names.flatMap { name in
      SyntheticRegistry.kindCounts.map { "\(name)/\($0)" }
    }
    #expect(Self.workloadCases == expected)
    #expect(SyntheticRegistry.kindCounts == [2, 4, 8, 16, 32, 64])
    for entry in SyntheticRegistry.workloads {
      #expect(entry.type.name == entry.name && entry.type.kinds == entry.kinds)
    }
  }

  @Test func theOperationsAreTheDomains() {
    #expect(SyntheticRegistry.operations == ["synthetic.constant", "synthetic.compute", "synthetic.label"])
    for operation in SyntheticRegistry.operations {
      #expect(Oracle.output(operation, kind: 0, payload: 1) != nil, "no oracle for \(operation)")
    }
  }

  /// The model's feed is the oracle's: SyntheticModel's copy of SplitMix64
  /// draws what DispatchModel's does, and every kind turns up.
  @Test(arguments: SyntheticRegistry.kindCounts)
  func theFeedDrawsUniformKindsFromTheSeed(kinds: Int) {
    for seed in Self.seeds {
      let elements = SyntheticFeed.elements(count: 3_000, seed: seed, kinds: kinds)
      for (index, element) in elements.enumerated() {
        let expected = Oracle.element(index, seed: seed, kinds: kinds)
        #expect(
          element.kind == expected.kind && element.payload == expected.payload,
          "seed \(seed), kinds \(kinds): element \(index)")
      }
      #expect(Set(elements.map(\.kind)) == Set(0..<kinds), "seed \(seed), kinds \(kinds)")
    }
    #expect(SyntheticFeed.elements(count: 0, seed: 1, kinds: kinds).isEmpty)
  }

  @Test(arguments: workloadCases)
  func outputsAreTheOracles(workloadCase: String) throws {
    let entry = try #require(SyntheticRegistry.workloads.first { "\($0.name)/\($0.kinds)" == workloadCase })
    for seed in Self.seeds {
      for size in Self.sizes {
        let workload = entry.type.init(size: size, seed: seed)
        #expect(workload.count == size)
        // Outputs after the loops have run: running leaves nothing behind
        // that changes them (a classic visitor keeps its last result).
        for operation in SyntheticRegistry.operations {
          workload.run(operation, range: 0..<size, repetitions: 2)
          workload.run(operation, range: size / 2..<size, repetitions: 1)
          workload.run(operation, range: 0..<0, repetitions: 1)
        }
        if let failure = Self.firstDeparture(workload, kinds: entry.kinds, seed: seed) {
          Issue.record("\(entry.name), \(entry.kinds) kinds, seed \(seed), size \(size): \(failure)")
        }
      }
    }
  }

  /// The first output that differs from the oracle's, as a message.
  static func firstDeparture(_ workload: any SyntheticWorkload, kinds: Int, seed: UInt64) -> String? {
    for index in 0..<workload.count {
      let element = Oracle.element(index, seed: seed, kinds: kinds)
      for operation in SyntheticRegistry.operations {
        let expected = Oracle.output(operation, kind: element.kind, payload: element.payload)
        let output = workload.output(operation, at: index)
        if output != expected {
          return
            "\(operation) of element \(index) (kind \(element.kind)) gave \(output), the oracle \(expected ?? "nothing")"
        }
      }
    }
    return nil
  }
}
