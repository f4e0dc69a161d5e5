/// Plain-text and Markdown tables with aligned columns.
///
/// A plain table fits the console: when its natural width is over
/// `TextTable.width` (80 columns, or `COLUMNS`; `nil` with `--wide`), long
/// cells of the first column wrap onto more lines, headers wrap at their
/// dashes, and the other columns are split into panels printed one under
/// another, each repeating the first column. Nothing is dropped, so a
/// reader loses no number; Markdown is never fitted (a renderer wraps it).
package enum TextTable {
  /// The width plain tables and prose fit in, for the command being run:
  /// `nil` for no limit. Set by `DispatchBench` around a subcommand that
  /// prints to the console; files (`report`) are written at full width.
  @TaskLocal package static var width: Int?

  /// Columns between two cells.
  package static let gap = 2

  package static func render(
    header: [String], rows: [[String]], markdown: Bool, rightAligned: Set<Int>, width: Int? = TextTable.width
  ) -> String {
    if markdown {
      return Self.markdown(
        header: header, separators: header.indices.map { rightAligned.contains($0) ? "---:" : ":---" }, rows: rows)
    }
    let table = Layout(header: header, rows: rows, rightAligned: rightAligned)
    guard let width, table.naturalWidth > width, header.count > 0 else {
      return table.text(columns: Array(header.indices))
    }
    return table.fitted(to: width)
  }

  /// A Markdown table: the package's one writer of them. `separators` holds
  /// each column's separator cell (`---`, `:---` or `---:`).
  package static func markdown(header: [String], separators: [String], rows: [[String]]) -> String {
    var text = "| " + header.joined(separator: " | ") + " |\n|" + separators.map { $0 + "|" }.joined() + "\n"
    for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
    return text
  }

  /// `text` as lines of at most `width` columns, broken at spaces (a word
  /// longer than a line is left whole); unchanged when `width` is `nil`.
  /// Lines after the first are indented by `indent` spaces.
  package static func wrap(_ text: String, width: Int? = TextTable.width, indent: Int = 0) -> String {
    guard let width else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.count > width else { return String(line) }
      var lines: [String] = []
      var current = ""
      for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        let prefix = lines.isEmpty ? "" : String(repeating: " ", count: indent)
        if current.isEmpty {
          current = prefix + word
        } else if current.count + 1 + word.count <= width {
          current += " " + word
        } else {
          lines.append(current)
          current = String(repeating: " ", count: indent) + word
        }
      }
      lines.append(current)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `text` wrapped as `wrap` does, every line after a left margin of
  /// `margin` spaces (which leading spaces would not keep on a wrapped line).
  package static func wrap(_ text: String, margin: Int, indent: Int) -> String {
    let padding = String(repeating: " ", count: margin)
    return wrap(text, width: width.map { max($0 - margin, 1) }, indent: indent).split(separator: "\n")
      .map { padding + $0 }.joined(separator: "\n")
  }

  /// Splits `text` into pieces of at most `width` characters, breaking
  /// after a `/`, `-`, `·` or space where it can and anywhere where it must.
  package static func breakCell(_ text: String, width: Int) -> [String] {
    guard width > 0, text.count > width else { return [text] }
    var pieces: [String] = []
    var rest = Substring(text)
    while rest.count > width {
      let window = rest.prefix(width)
      var cut = window.endIndex
      if let breakAt = window.lastIndex(where: { "/-· ".contains($0) }), breakAt > window.startIndex {
        cut = window.index(after: breakAt)
      }
      pieces.append(String(rest[..<cut]).trimmingTrailingSpaces)
      rest = rest[cut...].drop { $0 == " " }
    }
    if !rest.isEmpty { pieces.append(String(rest)) }
    return pieces
  }

  /// Splits a header after its dashes into lines as close to `width` as
  /// its parts allow (`protocol-` / `getter`); a header without dashes
  /// stays whole.
  package static func breakAtDashes(_ text: String, width: Int) -> [String] {
    var parts: [String] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == "-" {
        parts.append(current)
        current = ""
      }
    }
    if !current.isEmpty { parts.append(current) }
    let width = max(width, parts.map(\.count).max() ?? 0)
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, last.count + part.count <= width {
        lines[lines.count - 1] = last + part
      } else {
        lines.append(part)
      }
    }
    return lines
  }

  /// A table's cells, each a list of lines, and how to lay them out.
  private struct Layout {
    var header: [[String]]
    var rows: [[[String]]]
    var rightAligned: Set<Int>

    init(header: [String], rows: [[String]], rightAligned: Set<Int>) {
      self.header = header.map { [$0] }
      self.rows = rows.map { row in header.indices.map { [$0 < row.count ? row[$0] : ""] } }
      self.rightAligned = rightAligned
    }

    func columnWidth(_ column: Int) -> Int {
      ([header[column]] + rows.map { $0[column] }).flatMap { $0 }.map(\.count).max() ?? 0
    }

    var naturalWidth: Int {
      header.indices.reduce(0) { $0 + columnWidth($1) } + TextTable.gap * max(0, header.count - 1)
    }

    /// The table fitted to `width`: headers wrapped at dashes; then, as
    /// the first that fits, the first column's cells wrapped beside the
    /// others, each row's first cell on a line above the others, or the
    /// other columns in panels.
    func fitted(to width: Int) -> String {
      var table = self
      // A header wider than its column's values wraps at its dashes.
      for column in header.indices {
        let values = rows.flatMap { $0[column] }.map(\.count).max() ?? 0
        if header[column][0].count > values {
          table.header[column] = TextTable.breakAtDashes(header[column][0], width: values)
        }
      }
      let others = Array(header.indices.dropFirst())
      let othersWidth = others.reduce(0) { $0 + TextTable.gap + table.columnWidth($1) }
      // The others fit beside a first column wrapped to a useful width.
      if table.naturalWidth <= width || width - othersWidth >= max(width / 3, 12) {
        return table.wrappingFirst(to: width - othersWidth).text(columns: Array(header.indices))
      }
      // The others fit on a line of their own, under each row's first cell.
      if othersWidth <= width {
        return table.stacked(width: width)
      }
      // Panels: as many of the other columns as fit beside the first, which
      // gets what the widest other column leaves, and at least a third.
      let widest = others.map(table.columnWidth).max() ?? 0
      table = table.wrappingFirst(to: max(width / 3, width - TextTable.gap - widest))
      var panels: [[Int]] = []
      var used = table.columnWidth(0)
      for column in others {
        let needed = TextTable.gap + table.columnWidth(column)
        if panels.isEmpty || used + needed > width {
          panels.append([column])
          used = table.columnWidth(0) + needed
        } else {
          panels[panels.count - 1].append(column)
          used += needed
        }
      }
      if panels.isEmpty { panels = [[]] }
      return panels.map { table.text(columns: [0] + $0) }.joined(separator: "\n")
    }

    /// The table with its first column's cells broken to at most `width`.
    func wrappingFirst(to width: Int) -> Layout {
      var table = self
      guard columnWidth(0) > width else { return table }
      table.header[0] = header[0].flatMap { TextTable.breakCell($0, width: width) }
      for index in rows.indices {
        table.rows[index][0] = rows[index][0].flatMap { TextTable.breakCell($0, width: width) }
      }
      return table
    }

    /// Each row as its first cell on a line of its own (wrapped to `width`),
    /// then the other columns aligned under it, after an indent of the gap.
    func stacked(width: Int) -> String {
      var table = self
      let firsts = [header[0]] + rows.map { $0[0] }
      table.header[0] = [""]
      for index in table.rows.indices { table.rows[index][0] = [""] }
      let lines = table.text(columns: Array(header.indices)).split(separator: "\n")
      let heights = [table.header.map(\.count).max() ?? 1] + table.rows.map { $0.map(\.count).max() ?? 1 }
      var text = ""
      var line = 0
      for (first, height) in zip(firsts, heights) {
        text += first.flatMap { TextTable.breakCell($0, width: width) }.joined(separator: "\n") + "\n"
        for _ in 0..<height {
          text += (line < lines.count ? lines[line] : "") + "\n"
          line += 1
        }
      }
      return text
    }

    /// The columns given, aligned, one table line per line of the tallest
    /// cell, trailing spaces trimmed.
    func text(columns: [Int]) -> String {
      let widths = Dictionary(uniqueKeysWithValues: columns.map { ($0, columnWidth($0)) })
      func lines(_ cells: [[String]], bottomAligned: Bool) -> [String] {
        let height = columns.map { cells[$0].count }.max() ?? 1
        return (0..<height).map { line in
          // A wrapped header sits on its column; a wrapped cell hangs from its row's top.
          let text = columns.map { column in
            let index = bottomAligned ? line - (height - cells[column].count) : line
            let value = (0..<cells[column].count).contains(index) ? cells[column][index] : ""
            let padding = String(repeating: " ", count: widths[column]! - value.count)
            return rightAligned.contains(column) ? padding + value : value + padding
          }.joined(separator: String(repeating: " ", count: TextTable.gap))
          return text.trimmingTrailingSpaces
        }
      }
      let all = lines(header, bottomAligned: true) + rows.flatMap { lines($0, bottomAligned: false) }
      return all.joined(separator: "\n") + "\n"
    }
  }
}

extension String {
  /// The string without spaces at its end.
  package var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
