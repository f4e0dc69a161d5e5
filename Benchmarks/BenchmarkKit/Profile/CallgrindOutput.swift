/// What callgrind wrote: event totals, how often each function was called,
/// by the object it lives in, and which functions called which.
///
/// Reads the callgrind format (valgrind's docs, "Callgrind Format
/// Specification"): name compression (`fn=(12) name`, then `fn=(12)`),
/// `ob=` / `cob=` objects, `cfn=` and `calls=` arcs, and the `events:` and
/// `totals:` lines (or, without one, the `summary:` line). Recursion levels (`swift_release'2`)
/// count as the function itself.
struct CallgrindOutput: Equatable {
  /// Each event's total over the whole run, by name (`Ir`, `Bc`, `Bcm`,
  /// `Bi`, `Bim`).
  var totals: [String: Int]
  /// Calls to each function, by (object, function).
  var calls: [Callee: Int]
  /// The functions each function called (tail calls included: callgrind
  /// records a jump into another function as a call).
  var callees: [Callee: Set<Callee>] = [:]
  /// Every function with a block of its own (it ran, or called something).
  var functions: Set<Callee> = []

  struct Callee: Hashable {
    var object: String
    var function: String
  }

  struct ParseError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  static func parse(_ text: String) throws(ParseError) -> CallgrindOutput {
    var objects: [String: String] = [:]
    var functions: [String: String] = [:]
    var events: [String] = []
    var totals: [String: Int] = [:]
    var summary: [String: Int] = [:]
    var calls: [Callee: Int] = [:]
    var callees: [Callee: Set<Callee>] = [:]
    var seen: Set<Callee> = []
    var object = ""
    var caller: Callee?
    var calleeObject: String?
    var callee: String?

    /// Resolves `(id) name` (defining) or `(id)` (referring) or a bare name.
    func resolve(_ value: Substring, in table: inout [String: String], line: Int) throws(ParseError)
      -> String
    {
      guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else {
        return String(value)
      }
      let id = String(value[value.index(after: value.startIndex)..<close])
      let rest = value[value.index(after: close)...].drop { $0 == " " }
      if !rest.isEmpty {
        table[id] = String(rest)
        return String(rest)
      }
      guard let name = table[id] else { throw ParseError(line: line, message: "undefined name (\(id))") }
      return name
    }

    var lineNumber = 0
    // isNewline, not "\n": a CRLF is one Character in Swift.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      guard let equals = line.firstIndex(of: "="), let first = line.first, first.isLetter else {
        if let colon = line.firstIndex(of: ":"), line.first?.isLetter == true {
          let key = line[..<colon]
          let value = line[line.index(after: colon)...].split(separator: " ")
          if key == "events" {
            events = value.map(String.init)
          } else if key == "totals" {
            guard value.count <= events.count else {
              throw ParseError(line: lineNumber, message: "more totals than events")
            }
            totals = [:]
            for (name, number) in zip(events, value) {
              guard let count = Int(number) else {
                throw ParseError(line: lineNumber, message: "\"\(number)\" is not a count")
              }
              totals[name] = count
            }
          } else if key == "summary" {
            // Only a fallback for a missing totals: line. A child that
            // switched instrumentation on itself writes a summary callgrind
            // wrapped below zero, and a correct totals: line after it.
            let counts = value.prefix(events.count).map { Int($0) }
            if !counts.contains(nil) {
              summary = Dictionary(zip(events, counts.map { $0! })) { first, _ in first }
            }
          }
        }
        continue
      }
      let key = line[..<equals]
      let value = line[line.index(after: equals)...]
      switch key {
      case "ob":
        object = try resolve(value, in: &objects, line: lineNumber)
      case "cob":
        calleeObject = try resolve(value, in: &objects, line: lineNumber)
      case "fn":
        let name = try resolve(value, in: &functions, line: lineNumber)
        caller = Callee(object: object, function: Self.withoutRecursion(name))
        seen.insert(caller!)
        calleeObject = nil
        callee = nil
      case "cfn":
        callee = try resolve(value, in: &functions, line: lineNumber)
      case "calls":
        guard let callee else { throw ParseError(line: lineNumber, message: "calls= without cfn=") }
        guard let count = value.split(separator: " ").first.flatMap({ Int($0) }) else {
          throw ParseError(line: lineNumber, message: "calls= without a count")
        }
        let called = Callee(object: calleeObject ?? object, function: Self.withoutRecursion(callee))
        calls[called, default: 0] += count
        if let caller { callees[caller, default: []].insert(called) }
        calleeObject = nil
      default:
        continue
      }
    }
    if totals.isEmpty { totals = summary }
    if !events.isEmpty && totals.isEmpty {
      throw ParseError(line: lineNumber, message: "no totals: line, and no summary: line of counts")
    }
    guard !events.isEmpty, !totals.isEmpty else {
      throw ParseError(line: lineNumber, message: "no events: and totals: lines; is this callgrind output?")
    }
    return CallgrindOutput(totals: totals, calls: calls, callees: callees, functions: seen)
  }

  /// A function's name without its recursion level: `swift_release'2` is
  /// `swift_release`.
  private static func withoutRecursion(_ name: String) -> String {
    name.split(separator: "'").first.map(String.init) ?? name
  }

  /// `roots` (the recorded functions that satisfy it) and every function
  /// they called, transitively.
  func reached(from roots: (Callee) -> Bool) -> Set<Callee> {
    var reached = Set(functions.filter(roots))
    var queue = Array(reached)
    while let function = queue.popLast() {
      for callee in callees[function] ?? [] where reached.insert(callee).inserted { queue.append(callee) }
    }
    return reached
  }

  /// Calls to any of `functions`, in any object, or only in `object`.
  func calls(to functions: Set<String>, in object: ((String) -> Bool)? = nil) -> Int {
    calls.reduce(0) { sum, entry in
      functions.contains(entry.key.function) && (object?(entry.key.object) ?? true) ? sum + entry.value : sum
    }
  }
}
