import BenchmarkSupport

// The guide's generic constraint, `func …<T: Shape>(_ rows: [T])`, as a
// library offers it to an app: public, not `@inlinable`, in this module
// built with `-disable-cmo`, so a caller in another module cannot
// specialise it and calls the one unspecialised body, handing it the row
// type's metadata and its conformance's witness table.

/// Row `index`'s getter: `Generic.value(at:in:)`, across the boundary.
public func boundaryValue<Row: BoundaryShape>(at index: Int, in rows: [Row]) -> Int {
  rows[index].value
}

/// Row `index` handed through `opaque` and read: `Generic.wrapped(at:in:)`,
/// across the boundary.
public func boundaryWrapped<Row: BoundaryShape>(at index: Int, in rows: [Row]) -> Int {
  opaque(rows[index]).value
}
