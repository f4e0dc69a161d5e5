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
