extension CallgrindOutput {
  /// Reads callgrind's output, line by line.
  package static func parse(_ text: String) throws(ParseError) -> CallgrindOutput {
    var parser = Parser()
    // isNewline, not "\n": a CRLF is one Character in Swift.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      try parser.read(line)
    }
    return try parser.output()
  }

  /// What the lines read so far say: the compressed names, the events and
  /// their counts, the calls, and where the file is (the object and
  /// function whose lines follow, and the call being described).
  private struct Parser {
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
    var lineNumber = 0

    /// Reads one line: a position (`key=value`), a header (`key: values`),
    /// or anything else (costs, comments, blank lines), which it skips.
    mutating func read(_ line: Substring) throws(ParseError) {
      lineNumber += 1
      if let equals = line.firstIndex(of: "="), let first = line.first, first.isLetter {
        try readPosition(line[..<equals], line[line.index(after: equals)...])
      } else if let colon = line.firstIndex(of: ":"), line.first?.isLetter == true {
        try readHeader(line[..<colon], line[line.index(after: colon)...].split(separator: " "))
      }
    }

    /// `events:`, `totals:` and `summary:`; other headers say nothing counted.
    private mutating func readHeader(_ key: Substring, _ values: [Substring]) throws(ParseError) {
      switch key {
      case "events":
        events = values.map(String.init)
      case "totals":
        guard values.count <= events.count else {
          throw ParseError(line: lineNumber, message: "more totals than events")
        }
        totals = [:]
        for (name, number) in zip(events, values) {
          guard let count = Int(number) else {
            throw ParseError(line: lineNumber, message: "\"\(number)\" is not a count")
          }
          totals[name] = count
        }
      case "summary":
        // Only a fallback for a missing totals: line. A child that
        // switched instrumentation on itself writes a summary callgrind
        // wrapped below zero, and a correct totals: line after it.
        let counts = values.prefix(events.count).map { Int($0) }
        if !counts.contains(nil) {
          summary = Dictionary(zip(events, counts.map { $0! })) { first, _ in first }
        }
      default:
        break
      }
    }

    /// `ob=`, `cob=`, `fn=`, `cfn=` and `calls=`; other positions (files,
    /// lines) do not matter to what is counted.
    private mutating func readPosition(_ key: Substring, _ value: Substring) throws(ParseError) {
      switch key {
      case "ob":
        object = try Self.resolve(value, in: &objects, line: lineNumber)
      case "cob":
        calleeObject = try Self.resolve(value, in: &objects, line: lineNumber)
      case "fn":
        let name = try Self.resolve(value, in: &functions, line: lineNumber)
        let function = Callee(object: object, function: Self.withoutRecursion(name))
        caller = function
        seen.insert(function)
        calleeObject = nil
        callee = nil
      case "cfn":
        callee = try Self.resolve(value, in: &functions, line: lineNumber)
      case "calls":
        try readCalls(value)
      default:
        break
      }
    }

    /// `calls=count target`: `count` calls from the current function to the
    /// one `cfn=` (and `cob=`, if given) named.
    private mutating func readCalls(_ value: Substring) throws(ParseError) {
      guard let callee else { throw ParseError(line: lineNumber, message: "calls= without cfn=") }
      guard let count = value.split(separator: " ").first.flatMap({ Int($0) }) else {
        throw ParseError(line: lineNumber, message: "calls= without a count")
      }
      let called = Callee(object: calleeObject ?? object, function: Self.withoutRecursion(callee))
      calls[called, default: 0] += count
      if let caller { callees[caller, default: []].insert(called) }
      calleeObject = nil
    }

    /// The whole file's counts: the totals, or without a `totals:` line the
    /// summary.
    func output() throws(ParseError) -> CallgrindOutput {
      let totals = self.totals.isEmpty ? summary : self.totals
      if !events.isEmpty && totals.isEmpty {
        throw ParseError(line: lineNumber, message: "no totals: line, and no summary: line of counts")
      }
      guard !events.isEmpty, !totals.isEmpty else {
        throw ParseError(line: lineNumber, message: "no events: and totals: lines; is this callgrind output?")
      }
      return CallgrindOutput(totals: totals, calls: calls, callees: callees, functions: seen)
    }

    /// Resolves `(id) name` (defining) or `(id)` (referring) or a bare name.
    static func resolve(_ value: Substring, in table: inout [String: String], line: Int) throws(ParseError)
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

    /// A function's name without its recursion level: `swift_release'2` is
    /// `swift_release`.
    static func withoutRecursion(_ name: String) -> String {
      name.split(separator: "'").first.map(String.init) ?? name
    }
  }
}
