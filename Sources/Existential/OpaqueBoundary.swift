import BenchmarkSupport
import ExistentialBoundary

/// `opaque-boundary`: the guide's caveat on opaque types: `opaque`'s
/// factory, `BoundaryFactory.makeShape(words:) -> some BoundaryShape`, in another
/// module (`ExistentialBoundary`, built with `-disable-cmo`, its concrete
/// type internal), with the loops here.
///
/// **How one element is dispatched:** the compiler here cannot replace the
/// opaque type with the type behind it, so the elements' type is known at
/// run time only: its metadata and its conformance come from the runtime
/// (a demangling cache, `swift_getOpaqueTypeConformance2`), each element is
/// copied out of the array and destroyed by the metadata's value witnesses,
/// and the getter is a witness-table call. **Wrapping:** a call into the other
/// module for each element, whose result's size is read from the type's
/// metadata.
public final class OpaqueBoundary: SyntheticWorkload {
  public static let name = "opaque-boundary"
  public static let kinds = 1
  /// The factory's results, of its opaque type (`ShapeFactory` says how
  /// that is named).
  let items: [BoundaryFactory.Made]
  let values: [InlineValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: InlineValue.init(payload:))
    items = values.map { BoundaryFactory.makeShape(words: $0.words) }
  }

  public var count: Int { items.count }

  public func run(_ operation: String, range: Range<Int>, repetitions: Int) {
    switch operation {
    case "existential.getter": getterLoop(range, repetitions: repetitions)
    case "existential.wrap": wrapLoop(range, repetitions: repetitions)
    default: preconditionFailure("no existential operation \(operation)")
    }
  }

  public func output(_ operation: String, at index: Int) -> String {
    switch operation {
    case "existential.getter": String(Self.value(at: index, in: items))
    case "existential.wrap": String(Self.wrapped(at: index, in: values))
    default: preconditionFailure("no existential operation \(operation)")
    }
  }

  // MARK: One element, as the contender writes it

  static func value(at index: Int, in items: [some BoundaryShape]) -> Int {
    items[index].value
  }

  /// The value made by the other module's factory, handed through `opaque`
  /// so the optimiser cannot fold it, then read.
  static func wrapped(at index: Int, in values: [InlineValue]) -> Int {
    opaque(BoundaryFactory.makeShape(words: values[index].words)).value
  }

  // MARK: The loops

  @inline(never)
  func getterLoop(_ range: Range<Int>, repetitions: Int) {
    let items = opaque(self.items)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.value(at: index, in: items))
      }
    }
  }

  @inline(never)
  func wrapLoop(_ range: Range<Int>, repetitions: Int) {
    let values = opaque(self.values)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.wrapped(at: index, in: values))
      }
    }
  }
}

/// The other module's factory, its opaque result type named `Made` here.
extension BoundaryFactory: ShapeFactory {}
