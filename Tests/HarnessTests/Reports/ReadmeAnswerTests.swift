import Foundation
import TestSupport
import Testing

/// The README's answer is what `dispatch-bench answer` prints: the command
/// is read from the README itself ("Printed by `dispatch-bench answer …`"),
/// so a new reference run and its regenerated tables keep being checked
/// without this test naming any file.
@Suite struct ReadmeAnswerTests {
  /// The README's section `## The answer`, up to the next section.
  static func answerSection() throws -> String {
    let readme = try String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: "\n## The answer\n"), "README.md has no section \"## The answer\"")
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  /// The arguments of the `dispatch-bench answer …` command the section
  /// cites in a code span (which may be broken across lines).
  static func citedCommand(in section: String) -> [String]? {
    citations(in: section).first?.arguments
  }

  /// Each `dispatch-bench answer …` command the section cites, with the
  /// text before it back to the previous one: the tables it printed.
  static func citations(in section: String) -> [(arguments: [String], quoted: String)] {
    var citations: [(arguments: [String], quoted: String)] = []
    var start = section.startIndex
    for match in section.matches(of: /`([^`]+)`/) {
      let words = match.1.split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.starts(with: ["dispatch-bench", "answer"]) else { continue }
      citations.append((Array(words.dropFirst()), String(section[start..<match.range.lowerBound])))
      start = match.range.upperBound
    }
    return citations
  }

  /// Whether `quoted` is `printed` with some rows left out: the same lines
  /// in the same order, every header and separator kept.
  static func isQuote(_ quoted: [String], of printed: [String]) -> Bool {
    // A header is the line above a separator; neither may be left out.
    let kept = Set(printed.indices.filter { index in
      printed[index].hasPrefix("|---") || (index + 1 < printed.count && printed[index + 1].hasPrefix("|---"))
    })
    var remaining = quoted[...]
    for (index, line) in printed.enumerated() {
      if remaining.first == line {
        remaining.removeFirst()
      } else if kept.contains(index) {
        return false
      }
    }
    return remaining.isEmpty
  }

  /// The Markdown table lines of a text, in order.
  static func tableLines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
  }

  @Test func theReadersFindTheCommandAndTheTables() {
    let section = """
      Intro.

      | a | b |
      |---|---:|
      | 1 | 2 |

      Printed by `dispatch-bench answer results/x.csv
      --sections decision --format markdown` from the run.
      """
    #expect(Self.citedCommand(in: section) == ["answer", "results/x.csv", "--sections", "decision", "--format", "markdown"])
    #expect(Self.tableLines(section) == ["| a | b |", "|---|---:|", "| 1 | 2 |"])
    #expect(Self.citedCommand(in: "Printed by `python3 answer-table.py`") == nil)
  }

  /// Every table of the README's answer is printed by the command cited
  /// after it: the whole table, or its rows the text names (a table's
  /// header and separator always kept); the first command's tables whole.
  @Test func theReadmesAnswerIsWhatTheCommandItCitesPrints() throws {
    let section = try Self.answerSection()
    let citations = Self.citations(in: section)
    #expect(!citations.isEmpty, "the README's answer cites no `dispatch-bench answer …` command")
    for (index, citation) in citations.enumerated() {
      let arguments = citation.arguments
      #expect(arguments.contains("--format") && arguments.contains("markdown"), "\(arguments): the README quotes Markdown")
      let result = try Subprocess.run(arguments, currentDirectory: Fixtures.packageRoot)
      #expect(result.status == 0, "dispatch-bench \(arguments.joined(separator: " ")): \(result.standardError)")
      let printed = Self.tableLines(result.standardOutput)
      let quoted = Self.tableLines(citation.quoted)
      #expect(!printed.isEmpty && !quoted.isEmpty, "\(arguments): no table")
      let matches = index == 0 ? quoted == printed : Self.isQuote(quoted, of: printed)
      #expect(
        matches,
        "the README's table differs from `dispatch-bench \(arguments.joined(separator: " "))`: first differing line \(zip(quoted, printed).first { $0 != $1 }.map { "\($0)\n  printed: \($1)" } ?? "(one is longer)")")
    }
  }

  /// The figures a section's sentences quote, outside its tables and code
  /// spans: a number or a range of numbers with a unit (×, ns, µs, %).
  static func proseFigures(in section: String) -> [String] {
    let prose = section.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("|") }.joined(separator: " ")
      .replacing(/`[^`]*`/, with: "")
    let spaced = prose.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return spaced.matches(of: /\d[\d.,]*(?:–\d[\d.,]*)?(?:×| ns| µs|%)/).map { String($0.0) }
  }

  @Test func theProseReaderFindsFiguresOutsideTablesAndCode() {
    let section = """
      - getter 2.42–3.05× the enum, 12.8
        ns, 0.06% of a frame, 5.4 µs; 4 layouts and `--max-time 170` are no figures.

      | a | 1.5× |
      """
    #expect(Self.proseFigures(in: section) == ["2.42–3.05×", "12.8 ns", "0.06%", "5.4 µs"])
  }

  /// Every ratio, time and share the answer's sentences quote is printed,
  /// as written, by a command the section cites: a new reference run that
  /// moves a figure fails here until the sentence says what it prints.
  @Test func everyFigureTheAnswersSentencesQuoteIsPrinted() throws {
    let section = try Self.answerSection()
    var printed = ""
    for citation in Self.citations(in: section) {
      let result = try Subprocess.run(citation.arguments, currentDirectory: Fixtures.packageRoot)
      #expect(result.status == 0, "dispatch-bench \(citation.arguments.joined(separator: " ")): \(result.standardError)")
      printed += result.standardOutput
    }
    let figures = Self.proseFigures(in: section)
    #expect(!figures.isEmpty, "the README's answer quotes no figure in its sentences")
    for figure in figures {
      #expect(printed.contains(figure), "the README's answer says \(figure), which no `dispatch-bench answer` it cites prints")
    }
  }

  @Test func aQuoteKeepsOrderAndHeaders() {
    let printed = ["| operation | x |", "|---|---|", "| a | 1 |", "| b | 2 |", "| c | 3 |"]
    #expect(Self.isQuote(["| operation | x |", "|---|---|", "| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| operation | x |", "|---|---|", "| c | 3 |", "| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| operation | x |", "|---|---|", "| d | 4 |"], of: printed))
    // Any header, not only one the README happens to use.
    #expect(!Self.isQuote(["|---|", "| 1 |"], of: ["| pattern |", "|---|", "| 1 |"]))
  }
}
