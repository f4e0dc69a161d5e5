/// What callgrind wrote: event totals, how often each function was called,
/// by the object it lives in, and which functions called which.
///
/// Reads the callgrind format (valgrind's docs, "Callgrind Format
/// Specification"): name compression (`fn=(12) name`, then `fn=(12)`),
/// `ob=` / `cob=` objects, `cfn=` and `calls=` arcs, and the `events:` and
/// `totals:` lines (or, without one, the `summary:` line). Recursion levels (`swift_release'2`)
/// count as the function itself.
package struct CallgrindOutput: Equatable {
  /// Each event's total over the whole run, by name (`Ir`, `Bc`, `Bcm`,
  /// `Bi`, `Bim`).
  package var totals: [String: Int]
  /// Calls to each function, by (object, function).
  package var calls: [Callee: Int]
  /// The functions each function called (tail calls included: callgrind
  /// records a jump into another function as a call).
  package var callees: [Callee: Set<Callee>] = [:]
  /// Every function with a block of its own (it ran, or called something).
  package var functions: Set<Callee> = []

  package struct Callee: Hashable {
    package var object: String
    package var function: String
  }

  package struct ParseError: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { "line \(line): \(message)" }
  }

  /// `roots` (the recorded functions that satisfy it) and every function
  /// they called, transitively.
  package func reached(from roots: (Callee) -> Bool) -> Set<Callee> {
    var reached = Set(functions.filter(roots))
    var queue = Array(reached)
    while let function = queue.popLast() {
      for callee in callees[function] ?? [] where reached.insert(callee).inserted { queue.append(callee) }
    }
    return reached
  }

  /// Calls to any of `functions`, in any object, or only in `object`.
  package func calls(to functions: Set<String>, in object: ((String) -> Bool)? = nil) -> Int {
    calls.reduce(0) { sum, entry in
      functions.contains(entry.key.function) && (object?(entry.key.object) ?? true) ? sum + entry.value : sum
    }
  }
}
