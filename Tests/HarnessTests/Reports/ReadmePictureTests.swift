import Foundation
import TestSupport
import Testing

/// The README's picture is what `dispatch-bench report` draws from the
/// committed reference run: the command is read from the README itself (the
/// `dispatch-bench report … --output-dir FOLDER` it cites beside the chart), run
/// into a temporary folder, and each chart the README embeds from FOLDER
/// must be, byte for byte, what the command writes now. A chart is
/// regenerated with that command, never edited by hand.
@Suite struct ReadmePictureTests {
  static func readme() throws -> String {
    try String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8)
  }

  /// The SVG charts a text embeds (`![alt](path.svg)`), by relative path.
  static func embeddedCharts(in text: String) -> [String] {
    text.matches(of: /!\[[^\]]*\]\(([^)\s]+\.svg)\)/).map { String($0.1) }
  }

  /// The arguments of each `dispatch-bench report …` a text cites in a code
  /// span (which may be broken across lines), without `dispatch-bench`.
  /// Fenced code blocks are left out: their fences are not spans.
  static func reportCommands(in text: String) -> [[String]] {
    let prose = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      .joined(separator: "\n")
    return prose.matches(of: /`([^`]+)`/).compactMap { match in
      let words = match.1.split(whereSeparator: \.isWhitespace).map(String.init)
      return words.starts(with: ["dispatch-bench", "report"]) ? Array(words.dropFirst()) : nil
    }
  }

  /// Where a report command writes: the value of `--output-dir` (or its
  /// former name, `--out`), and the index of that value.
  static func output(of arguments: [String]) -> (index: Int, folder: String)? {
    guard let flag = arguments.firstIndex(where: { $0 == "--output-dir" || $0 == "--out" }),
      flag + 1 < arguments.count
    else { return nil }
    return (flag + 1, arguments[flag + 1])
  }

  /// A text with every run of whitespace read as one space.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func theReadersFindTheChartAndTheCommand() {
    let text = """
      ![A chart](results/r/chart.svg) and ![a photo](photo.png)

      ```sh
      dispatch-bench report results/local/A.csv   # `a` comment
      ```

      Drawn by `dispatch-bench report results/x.csv
      --out results/r`; `dispatch-bench answer results/x.csv`.
      """
    #expect(Self.embeddedCharts(in: text) == ["results/r/chart.svg"])
    let commands = Self.reportCommands(in: text)
    #expect(commands == [["report", "results/x.csv", "--out", "results/r"]])
    #expect(Self.output(of: commands[0])?.folder == "results/r")
    #expect(Self.output(of: commands[0])?.index == 3)
    #expect(Self.output(of: ["report", "x.csv", "--output-dir", "dir"])?.folder == "dir")
    #expect(Self.output(of: ["report", "x.csv"]) == nil)
    #expect(Self.output(of: ["report", "x.csv", "--out"]) == nil)
  }

  /// The README shows a picture; each chart it embeds is cited beside the
  /// report command that wrote its folder, results/README.md records that
  /// same command for the folder, and the command writes that chart now.
  @Test func theReadmesPictureIsWhatReportWritesNow() throws {
    let readme = try Self.readme()
    let charts = Self.embeddedCharts(in: readme)
    #expect(!charts.isEmpty, "the README shows no chart")
    let commands = Self.reportCommands(in: readme)
    let results = try String(contentsOfFile: Fixtures.packageRoot + "/results/README.md", encoding: .utf8)
    for chart in charts {
      let folder = (chart as NSString).deletingLastPathComponent
      let arguments = try #require(
        commands.first { Self.output(of: $0)?.folder == folder },
        "README.md shows \(chart) but cites no `dispatch-bench report … --output-dir \(folder)` that wrote it")
      let cited = "dispatch-bench " + arguments.joined(separator: " ")
      #expect(
        Self.normalized(results).contains("`\(cited)`"),
        "results/README.md does not record `\(cited)` as the command that wrote \(folder)")

      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-picture-\(UUID())").path
      defer { try? FileManager.default.removeItem(atPath: directory) }
      var rerun = arguments
      rerun[try #require(Self.output(of: arguments)).index] = directory
      let result = try Subprocess.run(rerun, currentDirectory: Fixtures.packageRoot)
      try #require(result.status == 0, "\(cited): \(result.standardError)")
      // The chart, and any other file of its folder the README links to
      // (the report's tables it quotes).
      for file in Self.linkedFiles(in: readme, under: folder) + [chart] {
        let name = String(file.dropFirst(folder.count + 1))
        let written = try #require(
          FileManager.default.contents(atPath: directory + "/" + name), "\(cited) no longer writes \(name)")
        let committed = try #require(
          FileManager.default.contents(atPath: Fixtures.packageRoot + "/" + file), "\(file) is not in the tree")
        #expect(
          written == committed,
          "\(file) is not what `\(cited)` writes now: regenerate it with that command (never edit it by hand)")
      }
    }
  }

  /// The files under `folder` a text links to (`[text](folder/file)`),
  /// without anchors, each once.
  static func linkedFiles(in text: String, under folder: String) -> [String] {
    let targets = text.matches(of: /[^!]\[[^\]]*\]\(([^)\s#]+)(?:#[^)\s]*)?\)/).map { String($0.1) }
    var seen: Set<String> = []
    return targets.filter { $0.hasPrefix(folder + "/") && seen.insert($0).inserted }
  }

  @Test func theLinkReaderFindsEachLinkedFileOnce() {
    let text = "![c](r/a.svg) the [why tables](r/report.md#why), [again](r/report.md), [other](s/x.md)"
    #expect(Self.linkedFiles(in: text, under: "r") == ["r/report.md"])
  }
}
