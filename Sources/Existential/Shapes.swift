import SyntheticModel

// The existential domain's values: one kind of element, held five ways
// (the boundary contenders' protocol and hidden value are ExistentialBoundary's).
// Guides/Existentials.md says what each contender tests of the compiler's
// advice on `any P` (swiftlang/swift, userdocs/diagnostics/existential-type.md).

/// What every contender reads of an element: one getter.
///
/// Internal, as an app's own protocol would be, and with more than one
/// conformer, so the optimiser cannot assume which type an `any Shape` holds.
protocol Shape {
  var value: Int { get }
}

/// The element, in 24 bytes: three words, which fit an existential's inline
/// buffer ("values up to 24 bytes are inlined"), so `any Shape` holds it
/// without allocating.
struct InlineValue: Shape {
  let a: UInt64
  let b: UInt64
  let c: UInt64

  /// Element `payload`'s three words, every contender's alike.
  init(payload: UInt64) {
    a = payload
    b = payload &* 0x9E37_79B9_7F4A_7C15
    c = payload >> 17
  }

  /// The element from its three words, as the opaque contenders' factory
  /// makes it.
  init(words: (a: UInt64, b: UInt64, c: UInt64)) {
    (a, b, c) = words
  }

  /// The three words, as the opaque contenders' factories take them.
  var words: (a: UInt64, b: UInt64, c: UInt64) { (a, b, c) }

  var value: Int { Int(truncatingIfNeeded: a ^ b ^ c) }
}

/// The same element in 32 bytes: the same three words and a fourth the
/// getter does not read, one word past the inline buffer, so `any Shape`
/// holds it in a heap box of its own, allocated when the value is wrapped.
struct BoxedValue: Shape {
  let a: UInt64
  let b: UInt64
  let c: UInt64
  /// Only there to make the value 32 bytes.
  let padding: UInt64

  init(payload: UInt64) {
    let words = InlineValue(payload: payload)
    (a, b, c, padding) = (words.a, words.b, words.c, payload)
  }

  var value: Int { Int(truncatingIfNeeded: a ^ b ^ c) }
}

/// The guide's enum: one case per shape an app has. Two cases, not one: a
/// one-case enum has no tag and its switch compiles to nothing, the
/// concrete contender under another name. Every element is `.inline`, so
/// the switch is the one branch the guide says costs nothing.
enum ShapeEnum {
  case inline(InlineValue)
  case boxed(BoxedValue)

  var value: Int {
    switch self {
    case .inline(let shape): shape.value
    case .boxed(let shape): shape.value
    }
  }
}

/// The guide's type eraser: a struct holding the erased value's getter as a
/// closure, which captures the value (a heap context per eraser, whatever
/// the value's size).
struct AnyShape: Shape {
  private let getValue: () -> Int

  init<Erased: Shape>(_ shape: Erased) {
    getValue = { shape.value }
  }

  var value: Int { getValue() }
}

/// A maker of elements whose type it hides behind `some`: the opaque
/// contenders' factories. A stored property cannot be typed by a function's
/// opaque result, and no declaration can name it, but an associated type
/// can, inferred from the witness, as SwiftUI's `View.Body` names the type
/// of `var body: some View`.
protocol ShapeFactory {
  associatedtype Made
  static func makeShape(words: (a: UInt64, b: UInt64, c: UInt64)) -> Made
}

/// The domain's feed: element `i` is the synthetic domain's element `i` for
/// one kind (`SyntheticFeed`), its payload spread into `InlineValue`'s words.
enum ExistentialFeed {
  static func values<Element>(count: Int, seed: UInt64, as make: (UInt64) -> Element) -> [Element] {
    SyntheticFeed.elements(count: count, seed: seed, kinds: 1) { make($0.payload) }
  }
}
