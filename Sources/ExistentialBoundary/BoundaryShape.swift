// What the existential domain's boundary contenders (`opaque-boundary`,
// `generic-boundary`) reach across a module boundary: a public protocol, an
// opaque-returning factory and the guide's generic functions, in a module
// built without cross-module optimisation (`-disable-cmo`, Package.swift's
// `libraryPolicy`) and without `@inlinable`, so that no body here is seen
// by the caller. This is the guide's caveat on opaque types: dispatch is
// static "unless the opaque type is used across module boundaries and
// cross-module optimization is disabled or the function cannot be inlined"
// (swiftlang/swift, userdocs/diagnostics/existential-type.md).
//
// Only what the boundary needs lives here: the domain's own protocol and
// values stay internal to `Existential`, whose other contenders read them
// as an app reads its own types (Guides/Existentials.md, "The contenders").

/// What a boundary contender reads of an element: one getter, as
/// `Existential`'s `Shape`, public so that another module can conform to it
/// and call it.
public protocol BoundaryShape {
  var value: Int { get }
}

/// The element behind `BoundaryFactory.makeShape(words:)`'s opaque result: `InlineValue`'s
/// three words and getter, written again here because this module cannot
/// see that one (it is internal to `Existential`, which depends on this
/// module). Internal, as a type hidden behind `some` is: the caller knows
/// only that it is a `BoundaryShape`.
struct HiddenValue: BoundaryShape {
  let a: UInt64
  let b: UInt64
  let c: UInt64

  var value: Int { Int(truncatingIfNeeded: a ^ b ^ c) }
}

/// The guide's `func instantiateBestEditor() -> some Editor`, as a library
/// offers it: public, not `@inlinable`.
public enum BoundaryFactory {
  /// An element made from its three words, its type hidden behind
  /// `some BoundaryShape`.
  ///
  /// - Parameter words: the element's `a`, `b` and `c` (`InlineValue`'s).
  /// - Returns: the element, as an opaque `BoundaryShape`.
  public static func makeShape(words: (a: UInt64, b: UInt64, c: UInt64)) -> some BoundaryShape {
    HiddenValue(a: words.a, b: words.b, c: words.c)
  }
}
