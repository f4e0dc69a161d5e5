import BenchmarkSupport
import ExistentialBoundary

/// `generic-boundary`: the guide's generic constraint under the caveat it
/// gives for opaque types: `generic`'s per-element functions,
/// `func …<Row: BoundaryShape>(at:in rows: [Row])`, declared public and not
/// `@inlinable` in another module (`ExistentialBoundary`, built with
/// `-disable-cmo`), called with `[InlineValue]` from the loops here.
///
/// **How one element is dispatched:** a call into the other module's one
/// unspecialised body, given `InlineValue`'s metadata and its
/// `BoundaryShape` witness table; there, the row is read through the
/// metadata's value witnesses and the getter is a witness-table call.
/// **Wrapping:** none; the other module hands the value through `opaque`.
public final class GenericBoundary: SyntheticWorkload {
  public static let name = "generic-boundary"
  public static let kinds = 1
  let values: [InlineValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: InlineValue.init(payload:))
  }

  public var count: Int { values.count }

  public func run(_ operation: String, range: Range<Int>, repetitions: Int) {
    switch operation {
    case "existential.getter": Self.getterLoop(values, range, repetitions: repetitions)
    case "existential.wrap": Self.wrapLoop(values, range, repetitions: repetitions)
    default: preconditionFailure("no existential operation \(operation)")
    }
  }

  public func output(_ operation: String, at index: Int) -> String {
    switch operation {
    case "existential.getter": String(boundaryValue(at: index, in: values))
    case "existential.wrap": String(boundaryWrapped(at: index, in: values))
    default: preconditionFailure("no existential operation \(operation)")
    }
  }

  // MARK: One element, as the contender writes it: in ExistentialBoundary

  // MARK: The loops

  @inline(never)
  static func getterLoop(_ values: [InlineValue], _ range: Range<Int>, repetitions: Int) {
    let values = opaque(values)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(boundaryValue(at: index, in: values))
      }
    }
  }

  @inline(never)
  static func wrapLoop(_ values: [InlineValue], _ range: Range<Int>, repetitions: Int) {
    let values = opaque(values)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(boundaryWrapped(at: index, in: values))
      }
    }
  }
}

/// The element as the other module's generic functions take it: the
/// protocol's one requirement is `Shape`'s, which `InlineValue` meets.
extension InlineValue: BoundaryShape {}
