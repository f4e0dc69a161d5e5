import BenchmarkSupport

/// `concrete`: the guide's first alternative, a concrete type: the loops
/// are `Generic`'s as overloads for `[InlineValue]`, so the two rows differ
/// only in whether the compiler specialised the code or was given it.
///
/// **How one element is dispatched:** not at all: the getter is
/// `InlineValue.value`, inlined. **Wrapping:** none; the value is handed
/// through `opaque` as it is.
public final class Concrete: SyntheticWorkload {
  public static let name = "concrete"
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
    case "existential.getter": String(Self.value(at: index, in: values))
    case "existential.wrap": String(Self.wrapped(at: index, in: values))
    default: preconditionFailure("no existential operation \(operation)")
    }
  }

  // MARK: One element, as the contender writes it

  static func value(at index: Int, in values: [InlineValue]) -> Int {
    values[index].value
  }

  static func wrapped(at index: Int, in values: [InlineValue]) -> Int {
    opaque(values[index]).value
  }

  // MARK: The loops

  @inline(never)
  static func getterLoop(_ values: [InlineValue], _ range: Range<Int>, repetitions: Int) {
    let values = opaque(values)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(value(at: index, in: values))
      }
    }
  }

  @inline(never)
  static func wrapLoop(_ values: [InlineValue], _ range: Range<Int>, repetitions: Int) {
    let values = opaque(values)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(wrapped(at: index, in: values))
      }
    }
  }
}
