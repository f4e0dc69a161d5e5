/// Consumes a value so the optimiser must compute it.
///
/// `@_optimize(none)` and `@inline(never)`, as in package-benchmark and
/// swift-numerics' test support: the call cannot be removed, and it costs the
/// same for every strategy.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimiser cannot see into, so a
/// loop over the result cannot be folded or hoisted.
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T {
  value
}

/// Consumes a string, the result of the cheap feed operations, in two
/// registers: the generic `blackHole` would store it to the stack and pass
/// its address and type. The same sink for every strategy of an operation.
///
/// Its body must stay out of the callers' sight (this module is built
/// without cross-module optimisation): an empty sink the caller can see
/// loses its argument, and with it the computation of the string.
@inline(never) @_optimize(none)
public func blackHole(_ value: String) {}
