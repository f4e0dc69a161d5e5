/// A table the README or a guide quotes (a section of `answer`, `compare
/// --show ratios`): a table, a list, or both, written once and rendered as
/// Markdown, with the column separators the documents use, or as a
/// terminal table.
package struct QuotedTable {
  /// How a Markdown column is aligned; its separator cell as the README's
  /// tables write it.
  package enum Alignment {
    /// `---`: the renderer's default.
    case plain
    /// `:---`.
    case left
    /// `---:`.
    case right

    package var separator: String {
      switch self {
      case .plain: "---"
      case .left: ":---"
      case .right: "---:"
      }
    }
  }

  package struct Column {
    package var title: String
    package var alignment: Alignment
    /// A shorter title for a terminal, where a long one takes a column of
    /// its own width.
    package var terminalTitle: String

    package init(_ title: String, _ alignment: Alignment = .plain, terminal: String? = nil) {
      self.title = title
      self.alignment = alignment
      terminalTitle = terminal ?? title
    }
  }

  /// The heading a terminal table is printed under (Markdown leaves it to
  /// the document that quotes the table).
  package var title: String
  package var columns: [Column] = []
  package var rows: [[String]] = []
  /// Lines printed as a Markdown list (`- `) after the table.
  package var items: [String] = []
  /// Whether a terminal prints each row as a record (its first cell, then
  /// each other cell under it, titled), for tables of prose that no
  /// terminal is wide enough to hold side by side.
  package var asRecords = false

  package func render(_ format: QuotedFormat) -> String {
    switch format {
    case .markdown: markdown
    case .table: text
    }
  }

  package var markdown: String {
    var text = ""
    if !columns.isEmpty {
      text += TextTable.markdown(
        header: columns.map(\.title), separators: columns.map(\.alignment.separator), rows: rows)
    }
    if !columns.isEmpty && !items.isEmpty { text += "\n" }
    return text + items.map { "- \($0)\n" }.joined()
  }

  package var text: String {
    var text = TextTable.wrap(title) + "\n"
    if asRecords {
      text += records
    } else if !columns.isEmpty {
      let rightAligned = Set(columns.indices.filter { columns[$0].alignment == .right })
      text += TextTable.render(
        header: columns.map(\.terminalTitle), rows: rows, markdown: false, rightAligned: rightAligned)
    }
    if !columns.isEmpty && !items.isEmpty { text += "\n" }
    return text + items.map { TextTable.wrap("- \($0)", indent: 2) + "\n" }.joined()
  }

  package init(
    title: String, columns: [Column] = [], rows: [[String]] = [], items: [String] = [], asRecords: Bool = false
  ) {
    self.title = title
    self.columns = columns
    self.rows = rows
    self.items = items
    self.asRecords = asRecords
  }
}

extension QuotedTable {
  /// Each row as its first cell, then `title: cell` for the others,
  /// indented, every line wrapped to the terminal.
  fileprivate var records: String {
    rows.map { row in
      let first = TextTable.wrap(row.first ?? "", indent: 2) + "\n"
      let others = zip(columns.dropFirst(), row.dropFirst()).map { column, cell in
        TextTable.wrap("\(column.terminalTitle): \(cell)", margin: 2, indent: 2) + "\n"
      }
      return first + others.joined()
    }.joined(separator: "\n")
  }
}

/// How a quoted table prints: on a terminal, or as the documents quote it.
package enum QuotedFormat: String, CaseIterable {
  case table, markdown
}
