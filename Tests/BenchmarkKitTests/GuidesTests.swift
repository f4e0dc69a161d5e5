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
