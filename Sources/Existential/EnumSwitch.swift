import BenchmarkSupport

/// `enum-switch`: the guide's enum, "optimized to a jump table":
/// `[ShapeEnum]`, every element `.inline` (the enum's two cases are the
/// protocol's two shapes; `ShapeEnum` says why not one). Named as the
/// run's baseline pattern, so this domain's ratios are taken against it.
///
/// **How one element is dispatched:** a `switch` on the enum's tag, then
/// `InlineValue.value`, inlined. **Wrapping:** the value is stored in the
/// enum's payload, beside the tag; no allocation.
public final class EnumSwitch: SyntheticWorkload {
  public static let name = "enum-switch"
  public static let kinds = 1
  let items: [ShapeEnum]
  let values: [InlineValue]

  public init(size: Int, seed: UInt64) {
    values = ExistentialFeed.values(count: size, seed: seed, as: InlineValue.init(payload:))
    items = values.map { ShapeEnum.inline($0) }
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

  static func value(at index: Int, in items: [ShapeEnum]) -> Int {
    items[index].value
  }

  static func wrapped(at index: Int, in values: [InlineValue]) -> Int {
    opaque(ShapeEnum.inline(values[index])).value
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
