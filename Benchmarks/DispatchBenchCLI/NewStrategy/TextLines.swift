import CommandLineSupport

/// A file's lines, for edits that add or replace whole lines; `text` joins
/// them back as they were, a final newline included.
package struct TextLines {
  package var lines: [String]

  package init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  package var text: String { lines.joined(separator: "\n") }

  package func contains(_ trimmedLine: String) -> Bool {
    lines.contains { $0.trimmingSpaces == trimmedLine }
  }

  /// The line opening a multi-line list (`opener` after its indentation,
  /// the line ending in `[`) and the `]` closing it at the same indentation.
  package func list(openedBy opener: String, file: String) throws(ScaffoldError) -> (open: Int, close: Int) {
    guard let open = lines.firstIndex(where: { $0.trimmingSpaces == opener }) else {
      throw .badPackage(file, "no line \"\(opener)\" opening the list to add to")
    }
    let indent = String(lines[open].prefix { $0 == " " })
    guard let close = lines[(open + 1)...].firstIndex(of: indent + "]") else {
      throw .badPackage(file, "the list \"\(opener)\" has no \"]\" of its own indentation")
    }
    return (open, close)
  }

  /// Adds `item` as the list's last line, indented as its last item.
  package mutating func append(_ item: String, toListOpenedBy opener: String, file: String) throws(ScaffoldError) {
    let list = try list(openedBy: opener, file: file)
    let indent =
      list.close > list.open + 1
      ? String(lines[list.close - 1].prefix { $0 == " " }) : String(lines[list.open].prefix { $0 == " " }) + "  "
    lines.insert(indent + item, at: list.close)
  }

  /// The `case` lines that directly follow the line `declaration`.
  package func caseLines(of declaration: String, file: String) throws(ScaffoldError) -> ArraySlice<String> {
    guard let open = lines.firstIndex(where: { $0.trimmingSpaces == declaration }) else {
      throw .badPackage(file, "no \"\(declaration)\"")
    }
    let cases = lines[(open + 1)...].prefix { $0.trimmingSpaces.hasPrefix("case ") }
    guard !cases.isEmpty else { throw .badPackage(file, "no cases after \"\(declaration)\"") }
    return cases
  }
}
