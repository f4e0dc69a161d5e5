import BenchmarkSupport

/// `opaque`: the guide's opaque type, "the compiler knows the concrete
/// type": the elements come from `InlineFactory.makeShape(words:) -> some
/// Shape` (the guide's `func instantiateBestEditor() -> some Editor`),
/// declared in this module, beside the loops.
///
/// **How one element is dispatched:** statically: within its own module the
/// compiler replaces the opaque type with `InlineValue`, so the getter is
/// `InlineValue.value`, inlined. **Wrapping:** the factory makes the value
/// from its words, handed through `opaque`; no allocation.
public final class Opaque: SyntheticWorkload {
  public static let name = "opaque"
  public static let kinds = 1
  /// The factory's results, of its opaque type (`ShapeFactory` says how
  /// that is named).
  let items: [InlineFactory.Made]
  let values: [InlineValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: InlineValue.init(payload:))
    items = values.map { InlineFactory.makeShape(words: $0.words) }
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

  static func value(at index: Int, in items: [some Shape]) -> Int {
    items[index].value
  }

  /// The value made by the factory, handed through `opaque` so the
  /// optimiser cannot fold it, then read.
  static func wrapped(at index: Int, in values: [InlineValue]) -> Int {
    opaque(InlineFactory.makeShape(words: values[index].words)).value
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

/// The guide's factory, in this module: an element whose type the caller
/// knows only as `some Shape`.
enum InlineFactory: ShapeFactory {
  static func makeShape(words: (a: UInt64, b: UInt64, c: UInt64)) -> some Shape {
    InlineValue(words: words)
  }
}
