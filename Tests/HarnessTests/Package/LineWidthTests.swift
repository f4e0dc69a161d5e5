import Foundation
import TestSupport
import Testing

/// No line of the hand-written code under Benchmarks/ and Sources/ runs past
/// 120 columns, the line length swift-format is given for this package: a
/// line reads without scrolling, and two files fit side by side in a diff.
/// Generated files (in `generated/` folders, as `GeneratedFilesTests`
/// places them) are their generator's to shape, and data files (the
/// fuzzer's corpus, the fixtures) are inputs, kept byte for byte.
@Suite struct LineWidthTests {
  static let limit = 120
  /// The folders held to the limit, from the package root.
  static let folders = ["Benchmarks", "Sources"]
  /// What is written by hand there: Swift, and the shell and Python scripts.
  static let suffixes = [".swift", ".sh", ".py"]

  /// Whether the file at `path` (from the package root) is held to the limit.
  static func isChecked(_ path: String) -> Bool {
    suffixes.contains(where: path.hasSuffix) && !GeneratedFilesTests.isInGeneratedFolder(path)
  }

  /// Each line of `text` over `limit` columns, as `path:line: N columns`. A
  /// column is a character as a reader sees it (`×` is one, not two bytes).
  static func longLines(path: String, text: String, limit: Int = limit) -> [String] {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    return lines.enumerated().compactMap { index, line in
      line.count > limit ? "\(path):\(index + 1): \(line.count) columns" : nil
    }
  }

  @Test func noLineIsOverTheLimit() throws {
    let root = Fixtures.packageRoot + "/"
    let paths = try Self.folders.flatMap { try Fixtures.files(under: root + $0) }
      .map { String($0.dropFirst(root.count)) }.filter(Self.isChecked)
    // The harness, the strategies and the scripts at least: a scan that
    // found none would pass.
    #expect(paths.count > 200 && paths.contains { $0.hasSuffix(".sh") } && paths.contains { $0.hasSuffix(".py") })
    let long = try paths.flatMap { path in
      Self.longLines(path: path, text: try String(contentsOfFile: root + path, encoding: .utf8))
    }
    #expect(
      long.isEmpty,
      """
      \(long.count) lines over \(Self.limit) columns; wrap them (a long string as "..." + "...", \
      the same text):
      \(long.joined(separator: "\n"))
      """)
  }

  // MARK: The scan itself

  @Test func findsTheLinesOverTheLimitByNumber() {
    let text = "let a = 1\n" + String(repeating: "x", count: 11) + "\n" + String(repeating: "y", count: 10)
    #expect(Self.longLines(path: "A.swift", text: text, limit: 10) == ["A.swift:2: 11 columns"])
    let both = ["A.swift:2: 11 columns", "A.swift:3: 11 columns"]
    #expect(Self.longLines(path: "A.swift", text: text + "z", limit: 10) == both)
    #expect(Self.longLines(path: "A.swift", text: "", limit: 10).isEmpty)
  }

  @Test func countsCharactersNotBytes() {
    let line = "// " + String(repeating: "×", count: 7)
    #expect(line.utf8.count > 10 && line.count == 10)
    #expect(Self.longLines(path: "A.swift", text: line, limit: 10).isEmpty)
    #expect(Self.longLines(path: "A.swift", text: line + "\r\n" + line + "!", limit: 10) == ["A.swift:2: 11 columns"])
  }

  @Test(arguments: [
    ("Benchmarks/Reports/Answer/AnswerCommand.swift", true), ("Benchmarks/Scripts/build-matrix.sh", true),
    ("Benchmarks/Scripts/layouts-check.py", true), ("Sources/EnumSwitch/Share.swift", true),
    ("Sources/Synthetic/EnumSwitch/generated/Kinds8.swift", false), ("Benchmarks/Fuzz/Corpus/run.csv", false),
    ("Benchmarks/Scripts/frozen-attributes.txt", false),
  ])
  func checksWhatIsWrittenByHand(path: String, checked: Bool) {
    #expect(Self.isChecked(path) == checked, "\(path)")
  }
}
