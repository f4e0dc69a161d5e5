import BenchmarkSupport
import Existential
import Testing

/// Every contender of the existential domain gives, for every element and
/// both operations, what the domain's definition says, from the code its
/// loops time; its loops run over any slice; and its values are the sizes
/// the claims need (Guides/Existentials.md).
@Suite struct ExistentialParityTests {
  static let seeds: [UInt64] = [1, 0xDEAD_BEEF]
  static let sizes = [0, 1, 3_000]

  /// The element's getter, written again from Guides/Existentials.md: the
  /// synthetic domain's payload for one kind (SyntheticParityTests.Oracle)
  /// spread into three words, XORed.
  static func oracle(_ index: Int, seed: UInt64) -> String {
    let payload = SyntheticParityTests.Oracle.element(index, seed: seed, kinds: 1).payload
    return String(Int(truncatingIfNeeded: payload ^ (payload &* 0x9E37_79B9_7F4A_7C15) ^ (payload >> 17)))
  }

  @Test func theContendersAndOperationsAreTheGuides() {
    #expect(
      ExistentialDomain.names == [
        "any-inline", "any-boxed", "generic", "concrete", "enum-switch", "eraser", "opaque", "opaque-boundary",
        "generic-boundary",
      ])
    #expect(ExistentialDomain.operations == ["existential.getter", "existential.wrap"])
    #expect(ExistentialDomain.workloads.allSatisfy { $0.kinds == 1 && $0.writtenAs == nil })
    for name in ExistentialDomain.names {
      #expect(ExistentialDomain.workload(named: name)?.name == name)
    }
    #expect(ExistentialDomain.workload(named: "protocol-getter") == nil)
  }

  /// The claim under test: a value of up to 24 bytes sits in the
  /// existential's inline buffer, a larger one in a box. `any-inline`'s is
  /// at the limit, `any-boxed`'s one word past it.
  @Test func thePayloadsLieEitherSideOfTheInlineBuffer() {
    #expect(ExistentialDomain.payloadBytes.inline == 24)
    #expect(ExistentialDomain.payloadBytes.boxed == 32)
    // Three words of buffer, the type's metadata, one witness table.
    #expect(ExistentialDomain.existentialBytes == 5 * MemoryLayout<Int>.size)
  }

  @Test(arguments: ExistentialDomain.names)
  func outputsAreTheOracles(name: String) throws {
    let type = try #require(ExistentialDomain.workload(named: name))
    for seed in Self.seeds {
      for size in Self.sizes {
        let workload = type.init(size: size, seed: seed)
        #expect(workload.count == size)
        for operation in ExistentialDomain.operations {
          workload.run(operation, range: 0..<size, repetitions: 2)
          workload.run(operation, range: size / 2..<size, repetitions: 1)
          workload.run(operation, range: 0..<0, repetitions: 1)
        }
        check: for index in 0..<size {
          let expected = Self.oracle(index, seed: seed)
          for operation in ExistentialDomain.operations where workload.output(operation, at: index) != expected {
            Issue.record(
              "\(name), seed \(seed), size \(size): \(operation) of element \(index) gave \(workload.output(operation, at: index)), the oracle \(expected)"
            )
            break check
          }
        }
      }
    }
  }
}
