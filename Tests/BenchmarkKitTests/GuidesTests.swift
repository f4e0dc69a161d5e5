import Foundation
import TestSupport
import Testing

/// The guides are the reference: every flag a command's `--help` lists is
/// documented in `Guides/`, and every guide the README links to exists.
@Suite struct GuidesTests {
  static let subcommands = ["run", "compare", "report", "profile", "dump"]

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
    for flag in flags {
      #expect(
        Self.guides.contains("`\(flag)") || Self.guides.contains("\(flag) "),
        "`\(subcommand) \(flag)` is in --help but in no guide")
    }
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

  /// Every committed results file the README or a guide cites is in the
  /// repository, or is cited as `git show COMMIT:PATH` from a commit that
  /// holds it. A user's own outputs (results/local/) are not committed.
  @Test func everyResultsFileTheDocumentsCiteExists() throws {
    var cited = 0
    for (name, text) in try Self.documents() {
      for match in text.matches(of: /(?<commit>[0-9a-f]{7,40}:)?(?:\.\.\/)?(?<path>results\/[A-Za-z0-9_.\-\/]*)/) {
        var path = String(match.output.path)
        while path.hasSuffix(".") { path.removeLast() }
        guard !path.hasPrefix("results/local/") else { continue }
        cited += 1
        if let commit = match.output.commit?.dropLast() {
          // Checked where the clone has the commit (not in a shallow one).
          guard Self.git(["cat-file", "-e", "\(commit)^{commit}"]) == 0 else { continue }
          #expect(Self.git(["cat-file", "-e", "\(commit):\(path)"]) == 0, "\(name) cites \(commit):\(path), which that commit lacks")
        } else {
          #expect(
            FileManager.default.fileExists(atPath: Fixtures.packageRoot + "/" + path),
            "\(name) cites \(path), which is not in the repository (cite it as `git show COMMIT:\(path)`)")
        }
      }
    }
    #expect(cited > 10)
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
        for match in command.matches(of: /(?:\s>|--output|--out|--samples-csv|--alternate-output)[ =]+(?<path>[^ ]+)/) {
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
