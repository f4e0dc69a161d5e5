import BenchmarkSupport
import DispatchModel

/// The physical floor of a feed: a loop over the elements' kinds stored as
/// bytes, computing a per-kind constant from the kind (`2 × kind + 7`),
/// each constant handed to the black hole like every strategy's output.
///
/// It is the cheapest visit that still depends on each element's kind: no
/// call but the sink's, no branch on the kind, no bounds check (the range is
/// checked once), no table, one byte of memory traffic per element, and the
/// same generic `blackHole` the strategies' `synthetic.constant` loops call.
/// Everything it does, a correct strategy does too, so a strategy measured
/// faster than its feed's floor is a measuring error (the optimiser deleted
/// work) and is flagged, not reported as a win.
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

  /// The digest of the constants the loop sinks, as strategies' outputs are
  /// digested.
  public var checksum: UInt64 {
    var checksum = Checksum()
    for kind in kinds {
      checksum.combine(UInt64(bitPattern: Int64(Kernels.floorConstant(kind))))
    }
    return checksum.value
  }
}

extension Kernels {
  /// The constant of a kind: computed, as the enum's exhaustive `switch`
  /// over constants compiles to arithmetic on its tag, not read from a
  /// table, which would be a load a correct strategy skips.
  @inline(__always)
  static func floorConstant(_ kind: UInt8) -> Int {
    Int(kind) &* 2 &+ 7
  }

  /// The loop reads the kinds through a buffer pointer, whose subscript
  /// checks bounds only in debug builds; the caller checked `range` once.
  /// The former loop (an array subscript of a constants table,
  /// bounds-checked per element) was dearer than an exhaustive `switch`,
  /// and enum rows measured below it on one CPU.
  @inline(never)
  static func floor(_ kinds: [UInt8], range: Range<Int>, repetitions: Int) {
    let kinds = opaque(kinds)
    kinds.withUnsafeBufferPointer { kinds in
      for _ in 0..<repetitions {
        for index in range {
          blackHole(floorConstant(kinds[index]))
        }
      }
    }
  }
}
