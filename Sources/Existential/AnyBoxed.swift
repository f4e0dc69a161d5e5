import BenchmarkSupport

/// `any-boxed`: `[any Shape]` of a 32-byte value, one word past the
/// existential's inline buffer, so each is a heap box.
///
/// **How one element is dispatched:** a witness-table call on the
/// existential: open it (its buffer holds a pointer to the box, which the
/// type's value-witness flags say), load the conformance's witness for
/// `value`, call it on the boxed value. **Wrapping:** a heap box is
/// allocated for the value (and freed when the wrapped value is), once per
/// element.
public final class AnyBoxed: SyntheticWorkload {
  public static let name = "any-boxed"
  public static let kinds = 1
  let items: [any Shape]
  let values: [BoxedValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: BoxedValue.init(payload:))
    items = values.map { $0 as any Shape }
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

  static func value(at index: Int, in items: [any Shape]) -> Int {
    items[index].value
  }

  /// The value wrapped, handed through `opaque` so the optimiser cannot
  /// unwrap it again, then read.
  static func wrapped(at index: Int, in values: [BoxedValue]) -> Int {
    let shape: any Shape = values[index]
    return opaque(shape).value
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
