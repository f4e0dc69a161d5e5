@testable import Reports
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// The guides are the reference: every flag a command's `--help` lists is
/// documented in `Guides/`, and every guide the README links to exists.
/// What the README and the guides cite is there: every file they link to,
/// every `results/` path they quote (or the commit that holds it), and the
/// samples beside each committed run belong to it.
@Suite struct GuidesTests {
  static let subcommands = ["run", "compare", "report", "profile", "dump", "answer", "export", "new-strategy"]

  /// Every Markdown file in Guides/, as one text.
  static let guides: String = {
    let directory = Fixtures.packageRoot + "/Guides"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
      .compactMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
      .joined(separator: "\n")
  }()

  /// The flags a help text lists: `--name` at the start of an option line.
  static func flags(inHelp help: String) -> [String] {
    help.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("--"), line.hasPrefix("  ") else { return nil }
      return String(trimmed.prefix { $0 != " " && $0 != "=" && $0 != "," })
    }
  }

  @Test(arguments: subcommands)
  func everyFlagInHelpIsInTheGuides(subcommand: String) throws {
    let result = try Subprocess.run(["help", subcommand])
    #expect(result.status == 0)
    let flags = Self.flags(inHelp: result.standardOutput)
    #expect(!flags.isEmpty, "no flags found in `help \(subcommand)`")
    try #require(!Self.guides.isEmpty, "no guide read from Guides/")
    for flag in flags {
      #expect(try Self.mentions(Self.guides, flag), "`\(subcommand) \(flag)` is in --help but in no guide")
    }
  }

  /// Whether `text` names `flag` as a whole word: `--out` is not named by
  /// `--output`, nor `--show` by `--show-all`.
  static func mentions(_ text: String, _ flag: String) throws -> Bool {
    text.contains(try Regex("(^|[^A-Za-z0-9-])" + flag + "(?![A-Za-z0-9-])"))
  }

  @Test func aFlagIsNamedOnlyAsAWholeWord() throws {
    #expect(try !Self.mentions("write with `--output FILE`", "--out"))
    #expect(try !Self.mentions("--show-all", "--show"))
    #expect(try Self.mentions("`--out`", "--out"))
    #expect(try Self.mentions("--out FILE, or", "--out"))
    #expect(try Self.mentions("run --out=x", "--out"))
  }

  @Test func theFlagReaderFindsOptionLines() {
    let help = """
      OPTIONS:
        --quick                      A smoke run.
        --sizes LIST                 Feed sizes.
      Some prose mentioning --not-a-flag in passing.
      """
    #expect(Self.flags(inHelp: help) == ["--quick", "--sizes"])
  }

  /// The README and every guide, by name.
  static func documents() throws -> [(name: String, text: String)] {
    let directory = Fixtures.packageRoot + "/Guides"
    let guides = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".md") }.sorted()
    return try [("README.md", String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8))]
      + guides.map { ("Guides/\($0)", try String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) }
  }

  /// Runs git in the package; nil when git cannot run or fails.
  static func git(_ arguments: [String]) -> Int32? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", Fixtures.packageRoot] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The README's and the guides' commands write a user's files under
  /// results/local/ (git ignores it) or /tmp, never into the repository.
  @Test func theDocumentedCommandsWriteUnderResultsLocal() throws {
    var outputs = 0
    for (name, text) in try Self.documents() {
      let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      // A command's lines: those naming it, and its continuations.
      let lines = blocks.flatMap { $0.split(separator: "\n") }.filter {
        $0.contains("dispatch-bench") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("--")
      }
      for line in lines {
        let command = line.split(separator: "#", maxSplits: 1).first ?? line
        // `run --samples` writes its samples; compare's and export's read them.
        let readsSamples = command.contains("compare") || command.contains("export")
        for match in command.matches(
          of: /(?:\s>|--output|--output-dir|--out|--samples-csv|--samples|--alternate-output)[ =]+(?<path>[^ ]+)/)
        {
          if readsSamples && match.output.0.hasPrefix("--samples") && !match.output.0.hasPrefix("--samples-csv") {
            continue
          }
          outputs += 1
          let path = match.output.path
          #expect(
            path.hasPrefix("results/local/") || path.hasPrefix("/tmp/"),
            "\(name): `\(command.trimmingCharacters(in: .whitespaces))` writes \(path), outside results/local/")
        }
      }
    }
    #expect(outputs > 0)
  }

  @Test func everyGuideTheReadmeLinksToExists() throws {
    let readme = try String(contentsOfFile: Fixtures.packageRoot + "/README.md", encoding: .utf8)
    let links = readme.components(separatedBy: "](Guides/").dropFirst()
      .map { String($0.prefix { $0 != ")" && $0 != "#" }) }
    #expect(!links.isEmpty)
    for link in links {
      #expect(
        FileManager.default.fileExists(atPath: Fixtures.packageRoot + "/Guides/" + link),
        "README links to Guides/\(link), which does not exist")
    }
  }
}

// MARK: - What the README and the guides cite

extension GuidesTests {
  /// The README, results/README.md and every guide: path from the package
  /// root, and text.
  static func citingDocuments() throws -> [(path: String, text: String)] {
    let root = Fixtures.packageRoot
    let guides = try FileManager.default.contentsOfDirectory(atPath: root + "/Guides")
      .filter { $0.hasSuffix(".md") }.sorted().map { "Guides/" + $0 }
    return try (["README.md", "results/README.md"] + guides).map {
      (path: $0, text: try String(contentsOfFile: root + "/" + $0, encoding: .utf8))
    }
  }

  /// A document's blocks, split at blank lines (a paragraph, a list, a
  /// table), without fenced code: a citation names its commit in the block
  /// that quotes the path.
  static func blocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring] = []
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { fenced.toggle() }
      if fenced || line.hasPrefix("```") || line.allSatisfy(\.isWhitespace) {
        if !current.isEmpty { blocks.append(current.joined(separator: "\n")) }
        current = []
      } else {
        current.append(line)
      }
    }
    if !current.isEmpty { blocks.append(current.joined(separator: "\n")) }
    return blocks
  }

  /// The inline code spans of a block, a line break in one read as a space.
  static func codeSpans(_ block: String) -> [String] {
    block.matches(of: /`([^`]+)`/).map {
      $0.1.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
    }
  }

  /// The relative targets of a block's Markdown links, without anchors.
  static func linkTargets(_ block: String) -> [String] {
    block.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }
      .filter { !$0.hasPrefix("#") && !$0.contains("://") && !$0.hasPrefix("mailto:") }
      .map { String($0.prefix { $0 != "#" }) }
  }

  /// A code span that is one path under results/, other than a user's own
  /// runs (`results/local/`) and patterns (`<UTC time>`).
  static func isResultsPath(_ span: String) -> Bool {
    span.hasPrefix("results/") && !span.hasPrefix("results/local/") && !span.contains(" ")
      && !span.contains("<")
  }

  /// The commits a block cites files at: "at commit abc1234" and
  /// `git show abc1234:PATH`.
  static func citedCommits(_ block: String) -> Set<String> {
    let text = block.replacingOccurrences(of: "\n", with: " ")
    let atCommit = text.matches(of: /at commit ([0-9a-f]{7,40})\b/).map { String($0.1) }
    return Set(atCommit + gitShows(text).map(\.commit))
  }

  /// Every `git show COMMIT:PATH` in a text.
  static func gitShows(_ text: String) -> [(commit: String, path: String)] {
    text.replacingOccurrences(of: "\n", with: " ").matches(of: /git show ([0-9a-f]{7,40}):([^\s)`;,]+)/)
      .map { (String($0.1), String($0.2)) }
  }

  /// Whether the package's git history holds `path` at `commit`.
  /// - Throws: Where the package is not a git checkout (an unpacked
  ///   archive), which cannot tell; the tests that call this say so in a
  ///   trait instead.
  static func inHistory(_ path: String, at commit: String) throws -> Bool {
    guard Fixtures.isGitCheckout else { throw CheckoutError("\(Fixtures.packageRoot) is not a git checkout") }
    let root = Fixtures.packageRoot
    let object = "\(commit):" + (path.hasSuffix("/") ? String(path.dropLast()) : path)
    return try Subprocess.run(["cat-file", "-e", object], currentDirectory: root, program: "/usr/bin/git").status == 0
  }

  @Test func theCitationReaderFindsBlocksSpansLinksAndCommits() {
    #expect(Self.blocks("").isEmpty)
    let text = """
      One `results/a.csv` at commit abc1234, and
      [a guide](Guides/Run.md#options).

      - `results/local/x.csv`; `git show def5678:results/b/`
      ```sh
      `results/in-code.csv`
      ```
      | `results/reference/run.csv` | [x](https://example.com) |
      """
    let blocks = Self.blocks(text)
    #expect(blocks.count == 3, "\(blocks)")
    #expect(Self.codeSpans(blocks[0]) == ["results/a.csv"])
    #expect(Self.linkTargets(blocks[0]) == ["Guides/Run.md"])
    #expect(Self.citedCommits(blocks[0]) == ["abc1234"])
    #expect(Self.citedCommits(blocks[1]) == ["def5678"])
    #expect(Self.codeSpans(blocks[1]).filter(Self.isResultsPath).isEmpty)
    #expect(Self.codeSpans(blocks[2]).filter(Self.isResultsPath) == ["results/reference/run.csv"])
    #expect(Self.linkTargets(blocks[2]).isEmpty)
  }

  /// Every relative link in the README, results/README.md and the guides
  /// leads to a file or folder in the tree.
  @Test func everyLinkedFileExists() throws {
    for document in try Self.citingDocuments() {
      let directory = (document.path as NSString).deletingLastPathComponent
      for target in Self.blocks(document.text).flatMap(Self.linkTargets) {
        let path = URL(fileURLWithPath: Fixtures.packageRoot + "/" + directory + "/" + target).standardizedFileURL.path
        #expect(
          FileManager.default.fileExists(atPath: path), "\(document.path) links to \(target), which is not in the tree")
      }
    }
  }

  /// Every `results/` path quoted in backticks is in the tree, or its block
  /// cites it by commit (`results/aa/` at commit ac58ea3) and it is there
  /// at that commit; and every `git show COMMIT:PATH` given shows a file.
  @Test(
    .enabled(
      if: Fixtures.hasHistory, "needs the git history (not a shallow clone) to read what the guides cite at a commit"))
  func everyQuotedResultsPathIsInTheTreeOrAtTheCommitCited() throws {
    var checkedInHistory = 0
    for document in try Self.citingDocuments() {
      for block in Self.blocks(document.text) {
        let commits = Self.citedCommits(block).sorted()
        for path in Self.codeSpans(block).filter(Self.isResultsPath) where !Self.inTree(path) {
          #expect(
            !commits.isEmpty, "\(document.path) quotes \(path), which is not in the tree, and cites no commit for it")
          let found = try commits.map { try Self.inHistory(path, at: $0) }
          checkedInHistory += 1
          #expect(
            found.isEmpty || found.contains(true),
            "\(document.path) quotes \(path), which is neither in the tree nor at commit \(commits.joined(separator: " or "))"
          )
        }
        for (commit, path) in Self.gitShows(block) {
          checkedInHistory += 1
          #expect(try Self.inHistory(path, at: commit), "\(document.path): `git show \(commit):\(path)` shows nothing")
        }
      }
    }
    // The guides cite results at commits (results/README.md, Reproducibility):
    // a reader that found none has stopped reading them.
    #expect(checkedInHistory > 0, "no results path cited at a commit was found in the guides")
  }

  static func inTree(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: Fixtures.packageRoot + "/" + path)
  }

  /// results/README.md names every file under results/ that git tracks in
  /// backticks, so none is there without its command; a report's folder
  /// stands for its charts. A user's own runs (results/local/, which git
  /// ignores, or `run --output results/x.csv`, untracked) are not the tree's.
  @Test(.enabled(if: Fixtures.isGitCheckout, "needs a git checkout to tell the tree's files from a user's"))
  func theResultsReadmeNamesEveryResultsFile() throws {
    let readme = try String(contentsOfFile: Fixtures.packageRoot + "/results/README.md", encoding: .utf8)
    let named = Set(Self.blocks(readme).flatMap(Self.codeSpans).filter(Self.isResultsPath))
    let paths = try Fixtures.trackedFiles(under: "results")
    try #require(paths.contains("results/README.md"))
    for path in paths where path != "results/README.md" {
      let folder = (path as NSString).deletingLastPathComponent + "/"
      #expect(
        named.contains(path) || (folder.hasSuffix("-report/") && named.contains(folder)),
        "results/README.md does not name \(path)")
    }
  }

  /// results/ commits no raw samples file, as its README says ("No samples
  /// file": a default run's are about 24 MB), naming instead the command
  /// that writes one. A samples file someone does commit is caught here;
  /// whether one belongs to its run is `export`'s and `compare --samples`'s
  /// own check (GoogleBenchmarkExportTests).
  @Test(.enabled(if: Fixtures.isGitCheckout, "needs a git checkout to tell the tree's files from a user's"))
  func resultsCommitsNoSamplesFile() throws {
    let samples = try Fixtures.trackedFiles(under: "results").filter {
      $0.hasSuffix("-samples.csv") || $0.hasSuffix("-samples.csv.gz")
    }
    #expect(samples.isEmpty, "results/README.md says samples files are not committed; these are: \(samples)")
    let readme = try String(contentsOfFile: Fixtures.packageRoot + "/results/README.md", encoding: .utf8)
    #expect(readme.contains("**No samples file.**"))
  }
}
