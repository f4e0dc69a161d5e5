import BenchmarkSupport

/// `generic`: the guide's generic constraint, "especially useful for
/// homogeneous collections": the loops are `func …<Row: Shape>(_ rows: [Row])`,
/// called with `[InlineValue]` and so specialised for it in this module.
///
/// **How one element is dispatched:** not at all once specialised: the
/// getter is `InlineValue.value`, known at compile time and inlined.
/// **Wrapping:** none; the value is handed through `opaque` as it is.
public final class Generic: SyntheticWorkload {
  public static let name = "generic"
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

  static func value<Row: Shape>(at index: Int, in rows: [Row]) -> Int {
    rows[index].value
  }

  static func wrapped<Row: Shape>(at index: Int, in rows: [Row]) -> Int {
    opaque(rows[index]).value
  }

  // MARK: The loops

  @inline(never)
  static func getterLoop<Row: Shape>(_ rows: [Row], _ range: Range<Int>, repetitions: Int) {
    let rows = opaque(rows)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(value(at: index, in: rows))
      }
    }
  }

  @inline(never)
  static func wrapLoop<Row: Shape>(_ rows: [Row], _ range: Range<Int>, repetitions: Int) {
    let rows = opaque(rows)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(wrapped(at: index, in: rows))
      }
    }
  }
}
