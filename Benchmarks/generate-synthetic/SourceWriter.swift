/// Lines of Swift at an indentation, two spaces a level.
struct SourceWriter {
  private(set) var lines: [String] = []
  private var depth = 0

  mutating func line(_ text: String) {
    lines.append(text.isEmpty ? "" : String(repeating: "  ", count: depth) + text)
  }

  mutating func blank() {
    lines.append("")
  }

  /// `header {`, the body one level in, `}`.
  mutating func block(_ header: String, _ body: (inout SourceWriter) -> Void) {
    line(header + " {")
    depth += 1
    body(&self)
    depth -= 1
    line("}")
  }

  /// `header {`, `lines` one level in, `}`.
  mutating func block(_ header: String, lines: [String]) {
    block(header) { writer in
      for line in lines { writer.line(line) }
    }
  }

  /// `switch subject {`, the cases at the `switch`'s own indentation, `}`.
  mutating func switchBlock(_ subject: String, _ body: (inout SourceWriter) -> Void) {
    line("switch \(subject) {")
    body(&self)
    line("}")
  }

  /// The columns a line may take, as swift-format's default.
  static let width = 100

  private func fits(_ text: String) -> Bool {
    2 * depth + text.count <= Self.width
  }

  /// A function's header and body: on one line when it fits, else its
  /// parameters on a line of their own, as swift-format breaks it.
  mutating func function(
    _ head: String, parameters: String, result: String = "",
    _ body: (inout SourceWriter) -> Void
  ) {
    let tail = result.isEmpty ? "" : " -> " + result
    if fits("\(head)(\(parameters))\(tail) {") {
      block("\(head)(\(parameters))\(tail)", body)
    } else {
      line(head + "(")
      line("  " + parameters)
      block(")" + tail, body)
    }
  }

  /// A call: on one line when it fits, else its arguments on the next.
  mutating func call(_ callee: String, arguments: [String]) {
    let joined = arguments.joined(separator: ", ")
    if fits("\(callee)(\(joined))") {
      line("\(callee)(\(joined))")
    } else {
      line(callee + "(")
      line("  " + joined + ")")
    }
  }

  /// `case label: body` on one line when it fits, else the body on the next.
  mutating func switchCase(_ label: String, _ body: String) {
    if fits("case \(label): \(body)") {
      line("case \(label): \(body)")
    } else {
      line("case \(label):")
      line("  " + body)
    }
  }

  /// The doc comment `text`, wrapped at 80 columns.
  mutating func doc(_ text: String) {
    var current = "///"
    for word in text.split(separator: " ") {
      if current.count + 1 + word.count > 80 - 2 * depth, current != "///" {
        line(current)
        current = "///"
      }
      current += " " + word
    }
    line(current)
  }
}
