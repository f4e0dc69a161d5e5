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
    let spans = section.matches(of: /`([^`]+)`/).map {
      $0.1.split(whereSeparator: \.isWhitespace).map(String.init)
    }
    return spans.first { $0.starts(with: ["dispatch-bench", "answer"]) }.map { Array($0.dropFirst()) }
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
      --section decision --format markdown` from the run.
      """
    #expect(Self.citedCommand(in: section) == ["answer", "results/x.csv", "--section", "decision", "--format", "markdown"])
    #expect(Self.tableLines(section) == ["| a | b |", "|---|---:|", "| 1 | 2 |"])
    #expect(Self.citedCommand(in: "Printed by `python3 answer-table.py`") == nil)
  }

  /// Every table of the README's answer, in order, is a table the command
  /// it cites prints from the package's root, and the command prints no
  /// other table.
  @Test func theReadmesAnswerIsWhatTheCommandItCitesPrints() throws {
    let section = try Self.answerSection()
    let arguments = try #require(
      Self.citedCommand(in: section), "the README's answer cites no `dispatch-bench answer …` command")
    #expect(arguments.contains("--format") && arguments.contains("markdown"), "\(arguments): the README quotes Markdown")
    let result = try Subprocess.run(arguments, currentDirectory: Fixtures.packageRoot)
    #expect(result.status == 0, "dispatch-bench \(arguments.joined(separator: " ")): \(result.standardError)")
    let printed = Self.tableLines(result.standardOutput)
    #expect(!printed.isEmpty)
    let quoted = Self.tableLines(section)
    #expect(
      quoted == printed,
      "the README's answer differs from `dispatch-bench \(arguments.joined(separator: " "))`: first differing line \(zip(quoted, printed).first { $0 != $1 }.map { "\($0)\n  printed: \($1)" } ?? "(one is longer)")")
  }
}
