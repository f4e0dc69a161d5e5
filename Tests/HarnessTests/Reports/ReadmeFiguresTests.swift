import Foundation
import TestSupport
import Testing

/// Every figure the README quotes beside a command is printed by that
/// command: each table, and each ratio, time, share, count and "N of M" of
/// the prose, found as a whole token (`0.89×` is not read inside `10.89×`) in
/// the output of a command the passage cites. A passage is the text of a
/// section from the last citation up to and including the next paragraph
/// that cites `dispatch-bench …` in a code span; the commands are read from
/// the README itself, so a new reference run and its regenerated figures
/// keep being checked without this test naming any file.
@Suite struct ReadmeFiguresTests {
  /// The text a set of commands vouches for.
  struct Passage {
    var section: String
    var commands: [[String]]
    var text: String
  }

  static func readme() throws -> String {
    try String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8)
  }

  /// The README's passages, section by section. Fenced code blocks are the
  /// reader's commands, not citations, and are left out.
  static func passages(in readme: String) -> [Passage] {
    let unfenced = readme.replacing(/```[\s\S]*?```/, with: "")
    var passages: [Passage] = []
    for section in unfenced.split(separator: "\n## ", omittingEmptySubsequences: false) {
      let title = String(section.prefix { $0 != "\n" })
      var pending = ""
      for block in section.split(separator: "\n\n") {
        pending += block + "\n\n"
        let commands = citations(in: String(block))
        guard !commands.isEmpty else { continue }
        passages.append(Passage(section: title, commands: commands, text: pending))
        pending = ""
      }
    }
    return passages
  }

  /// The `dispatch-bench SUBCOMMAND …` commands a block cites in code spans
  /// (which may be broken across lines), without the program's name. A
  /// span with a placeholder (`SUBCOMMAND`, `RUNS,PROFILES`) is a usage, not
  /// a citation.
  static func citations(in block: String) -> [[String]] {
    block.matches(of: /`([^`]+)`/).compactMap { match in
      let words = match.1.split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.count > 1, words[0] == "dispatch-bench", words[1].first?.isLetter == true,
        !words.contains(where: isPlaceholder)
      else { return nil }
      return Array(words.dropFirst())
    }
  }

  static func isPlaceholder(_ word: String) -> Bool {
    let letters = word.filter(\.isLetter)
    return letters.count >= 3 && letters.allSatisfy(\.isUppercase)
  }

  /// The figures a passage's prose quotes, outside its tables, code spans
  /// and link targets: a number or range with a unit, or `N of M`.
  static func proseFigures(in text: String) -> [String] {
    let prose = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("|") }.joined(separator: " ")
      .replacing(/`[^`]*`/, with: " ").replacing(/\]\([^)]*\)/, with: "] ")
    let spaced = prose.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let unit = /\d[\d.,]*(?:–\d[\d.,]*)?(?:×| ns| µs| ms|%| instructions| bytes)/
    let counted = /\d+ of \d+/
    return (spaced.matches(of: unit).map { String($0.0) } + spaced.matches(of: counted).map { String($0.0) })
      .map { $0.hasSuffix(",") || $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
  }

  /// Each Markdown table of a passage, as its lines.
  static func tables(in text: String) -> [[String]] {
    var tables: [[String]] = []
    var current: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("|") {
        current.append(String(line))
      } else if !current.isEmpty {
        tables.append(current)
        current = []
      }
    }
    if !current.isEmpty { tables.append(current) }
    return tables
  }

  /// Whether `text` holds `figure` as a whole token: not preceded by a digit,
  /// a point or a comma, nor followed by a digit.
  static func holdsToken(_ text: String, _ figure: String) -> Bool {
    var searchStart = text.startIndex
    while let found = text.range(of: figure, range: searchStart..<text.endIndex) {
      let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      let clearBefore = before.map { !($0.isNumber || $0 == "." || $0 == ",") } ?? true
      let clearAfter = after.map { !$0.isNumber } ?? true
      if clearBefore && clearAfter { return true }
      searchStart = text.index(after: found.lowerBound)
    }
    return false
  }

  /// Whether `quoted` is `printed` with some rows left out: the same lines
  /// in the same order, every header and separator kept.
  static func isQuote(_ quoted: [String], of printed: [String]) -> Bool {
    let kept = Set(
      printed.indices.filter { index in
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

  /// What each cited command printed: its standard output, and for
  /// `report` the report.md it wrote (into a scratch directory, never over
  /// the committed one). Run once per command.
  final class Outputs: @unchecked Sendable {
    private var cache: [[String]: (status: Int32, text: String)] = [:]

    func output(_ arguments: [String]) -> (status: Int32, text: String) {
      if let known = cache[arguments] { return known }
      var arguments = arguments
      var reportDirectory: String?
      if arguments.first == "report" {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("readme-report-\(UUID())").path
        if let flag = arguments.firstIndex(where: { $0 == "--out" || $0 == "--output-dir" }), flag + 1 < arguments.count
        {
          arguments[flag + 1] = scratch
        } else {
          arguments += ["--output-dir", scratch]
        }
        reportDirectory = scratch
      }
      let result = try? Subprocess.run(arguments, currentDirectory: Fixtures.packageRoot)
      var text = result?.standardOutput ?? ""
      if let reportDirectory {
        text += (try? String(contentsOfFile: reportDirectory + "/report.md", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: reportDirectory)
      }
      let answer = (result?.status ?? -1, text)
      cache[arguments] = answer
      return answer
    }
  }

  /// Everything in `readme` that its cited commands do not print, each
  /// named with its section.
  static func failures(readme: String, outputs: Outputs) -> [String] {
    var failures: [String] = []
    for passage in passages(in: readme) {
      let printed = passage.commands.map { command in
        let (status, text) = outputs.output(command)
        if status != 0 {
          failures.append("\(passage.section): `dispatch-bench \(command.joined(separator: " "))` exited \(status)")
        }
        return text
      }
      let spaced = printed.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
      for figure in proseFigures(in: passage.text) where !spaced.contains(where: { holdsToken($0, figure) }) {
        failures.append(
          "\(passage.section): \(figure) is not printed by \(passage.commands.map { $0.joined(separator: " ") })")
      }
      let printedTables = printed.map { $0.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") } }
      for table in tables(in: passage.text) where !printedTables.contains(where: { isQuote(table, of: $0) }) {
        failures.append("\(passage.section): the table headed \(table.first ?? "") is not printed as quoted")
      }
    }
    return failures
  }

  // MARK: The readers, on small texts

  @Test func passagesEndAtTheParagraphThatCitesTheirCommand() {
    let readme = """
      # t

      ## One

      Intro 1.5× and 3 of 4.

      | a | b |
      |---|---:|
      | 1 | 2 |

      Printed by `dispatch-bench answer results/x.csv
      --sections decision --format markdown` and `dispatch-bench compare a.csv`.

      Later, 2 ns, uncited; `dispatch-bench help SUBCOMMAND` is a usage.

      ```sh
      swift run -c release dispatch-bench answer `nothing`
      ```
      """
    let passages = Self.passages(in: readme)
    #expect(passages.count == 1)
    #expect(passages.first?.section == "One")
    #expect(
      passages.first?.commands == [
        ["answer", "results/x.csv", "--sections", "decision", "--format", "markdown"], ["compare", "a.csv"],
      ])
    #expect(passages.first.map { Self.proseFigures(in: $0.text) } == ["1.5×", "3 of 4"])
    #expect(passages.first.map { Self.tables(in: $0.text) } == [["| a | b |", "|---|---:|", "| 1 | 2 |"]])
  }

  @Test func theProseReaderFindsFiguresOutsideTablesCodeAndLinks() {
    let text = """
      - getter 2.42–3.05× the enum, 12.8
        ns, 0.06% of a frame, 5.4 µs, 397–487 instructions; 9 of 13 claims; `--max-time 170` and
        [a link](results/x-1.5×.md) are no figures.

      | a | 1.5× |
      """
    #expect(
      Self.proseFigures(in: text) == ["2.42–3.05×", "12.8 ns", "0.06%", "5.4 µs", "397–487 instructions", "9 of 13"])
  }

  @Test func aFigureIsAWholeToken() {
    #expect(Self.holdsToken("ratio 0.89× here", "0.89×"))
    #expect(!Self.holdsToken("ratio 10.89× here", "0.89×"))
    #expect(Self.holdsToken("10.89× then 0.89×", "0.89×"))
    #expect(!Self.holdsToken("9 of 130 claims", "9 of 13"))
    #expect(!Self.holdsToken("1,397–487 instructions", "397–487 instructions"))
  }

  @Test func aQuoteKeepsOrderAndHeaders() {
    let printed = ["| operation | x |", "|---|---|", "| a | 1 |", "| b | 2 |", "| c | 3 |"]
    #expect(Self.isQuote(["| operation | x |", "|---|---|", "| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| operation | x |", "|---|---|", "| c | 3 |", "| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| b | 2 |"], of: printed))
    #expect(!Self.isQuote(["| operation | x |", "|---|---|", "| d | 4 |"], of: printed))
    #expect(!Self.isQuote(["|---|", "| 1 |"], of: ["| pattern |", "|---|", "| 1 |"]))
  }

  // MARK: The README

  static let outputs = Outputs()

  @Test func everyFigureTheReadmeQuotesBesideACommandIsPrintedByIt() throws {
    let readme = try Self.readme()
    let passages = Self.passages(in: readme)
    #expect(passages.count >= 2, "the README cites fewer than two passages' commands")
    #expect(passages.contains { $0.section == "The answer" }, "the answer cites no command")
    let failures = Self.failures(readme: readme, outputs: Self.outputs)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  /// One digit changed in a quoted figure fails the check, in every passage
  /// that quotes one: the first and the last figure of its prose, and a
  /// number in each of its tables. The digit is changed to one that makes a
  /// figure no cited command prints.
  @Test func aOneDigitChangeInAnyQuotedFigureFails() throws {
    let readme = try Self.readme()
    var tried = 0
    for passage in Self.passages(in: readme) {
      let figures = Self.proseFigures(in: passage.text)
      var targets = [figures.first, figures.last].compactMap { $0 }
      for table in Self.tables(in: passage.text) {
        if let cell = table.dropFirst(2).first?.split(separator: "|").dropFirst().first(where: {
          $0.contains(where: \.isNumber)
        }) {
          targets.append(cell.trimmingCharacters(in: .whitespaces))
        }
      }
      for target in targets {
        guard let passageRange = readme.range(of: passage.text.prefix(200)),
          let at = readme.range(of: target, range: passageRange.lowerBound..<readme.endIndex),
          let digit = readme[at].lastIndex(where: \.isNumber)
        else { continue }
        let original = readme[digit]
        let replacement = "0123456789".first { candidate in
          guard candidate != original else { return false }
          var changed = readme
          changed.replaceSubrange(digit...digit, with: String(candidate))
          return !Self.failures(readme: changed, outputs: Self.outputs).isEmpty
        }
        tried += 1
        #expect(replacement != nil, "\(passage.section): changing a digit of \(target) never fails the check")
      }
    }
    #expect(tried >= 4, "only \(tried) figures tried")
  }
}
