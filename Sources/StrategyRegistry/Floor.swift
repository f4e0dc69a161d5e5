import BenchmarkSupport
import DispatchModel

/// The physical floor of a feed: a loop over the elements' kinds stored as
/// bytes, adding a per-kind constant from a table, each running total handed
/// to the black hole like every strategy's output.
///
/// It is the cheapest visit that still depends on each element's kind: no
/// call, no branch on the kind, one byte of memory traffic per element. A
/// strategy measured faster than its feed's floor is a measuring error (the
/// optimiser deleted work) and is flagged, not reported as a win.
public struct PreparedFloor {
  public static let name = "floor"

  public let count: Int
  private let kinds: [UInt8]

  public init(kinds: [UInt8]) {
    self.kinds = kinds
    count = kinds.count
  }

  /// One pass over every element, `repetitions` times.
  public func run(repetitions: Int) {
    run(range: 0..<count, repetitions: repetitions)
  }

  /// One pass over the elements of `range`, `repetitions` times.
  public func run(range: Range<Int>, repetitions: Int) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "\(range) is not within 0..<\(count)")
    Kernels.floor(kinds, range: range, repetitions: repetitions)
  }

  /// The digest of the running totals, as strategies' outputs are digested.
  public var checksum: UInt64 {
    var checksum = Checksum()
    var total = 0
    for kind in kinds {
      total &+= Kernels.floorConstants[Int(kind)]
      checksum.combine(UInt64(bitPattern: Int64(total)))
    }
    return checksum.value
  }
}

extension Kernels {
  /// One constant per kind (up to the synthetic domain's 64), so the loop's
  /// work depends on every kind.
  static let floorConstants = [3, 5, 7, 11, 13, 17] + (6..<64).map { 2 * $0 + 7 }

  @inline(never)
  static func floor(_ kinds: [UInt8], range: Range<Int>, repetitions: Int) {
    let kinds = opaque(kinds)
    let constants = opaque(floorConstants)
    for _ in 0..<repetitions {
      var total = 0
      for index in range {
        total &+= constants[Int(kinds[index])]
        blackHole(total)
      }
    }
  }
}
