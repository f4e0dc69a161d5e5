import BenchmarkSupport

/// `eraser`: the guide's type erasure: `[AnyShape]`, a struct holding the
/// value's getter as a closure.
///
/// **How one element is dispatched:** one closure call: load the function
/// and its context, call it; the closure reads the captured value.
/// **Wrapping:** a closure context is allocated to capture the value, once
/// per element, whatever the value's size.
public final class Eraser: SyntheticWorkload {
  public static let name = "eraser"
  public static let kinds = 1
  let items: [AnyShape]
  let values: [InlineValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: InlineValue.init(payload:))
    items = values.map { AnyShape($0) }
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

  static func value(at index: Int, in items: [AnyShape]) -> Int {
    items[index].value
  }

  static func wrapped(at index: Int, in values: [InlineValue]) -> Int {
    opaque(AnyShape(values[index])).value
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
