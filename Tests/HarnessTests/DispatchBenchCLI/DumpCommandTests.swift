@testable import DispatchBenchCLI
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
import Testing

/// `dispatch-bench dump`, run as a subprocess.
@Suite struct DumpCommandTests {
  @Test func printsTheExpectedLinesForTheExampleFeed() throws {
    let result = try Subprocess.run(["dump", "--feed", Fixtures.exampleFeed])
    #expect(result.status == 0, "\(result.standardError)")
    let expected = try String(contentsOfFile: Fixtures.exampleExpected, encoding: .utf8)
    #expect(result.standardOutput == expected)
    #expect(result.standardError.isEmpty)
  }

  @Test func selectsStrategiesAndOperations() throws {
    let result = try Subprocess.run([
      "dump", "--feed", Fixtures.exampleFeed, "--strategies", "naive,enum-switch",
      "--operations", "feed.height,share.line",
    ])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 4 + 9)
    #expect(
      lines.first
        == #"{"index": 0, "operation": "share.line", "output": "[Hi, I want to share an amazing artist with you, Avicii.](https://music.example/user/1)"}"#
    )
    #expect(lines.last == #"{"index": 8, "operation": "feed.height", "output": "150"}"#)
  }

  /// The two operations SPEC §3 does not print, asked for by name, against
  /// the SPEC oracle: `share.mixed` pairs item *i* with the platform the
  /// oracle draws for *i* from seed 0; `feed.apply-background` prints the
  /// cell's state after it.
  @Test(arguments: [Fixtures.exampleFeed] + Fixtures.adversarialSeeds.map(Fixtures.adversarialFeed))
  func printsTheMixedShareAndTheAppliedBackground(feed: String) throws {
    let result = try Subprocess.run(["dump", "--feed", feed, "--operations", "share.mixed,feed.apply-background"])
    #expect(result.status == 0, "\(result.standardError)")
    let file = try FeedFile.load(path: feed)
    let expected =
      file.share.indices.map {
        ($0, "share.mixed", SpecOracle.share(file.share[$0], SpecOracle.mixedPlatform(index: $0, seed: 0)))
      }
      + file.feed.indices.map { ($0, "feed.apply-background", SpecOracle.appliedBackground(file.feed[$0])) }
    let lines = try result.standardOutput.split(separator: "\n").map { line -> (Int, String, String) in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      return (
        try #require(object["index"] as? Int), try #require(object["operation"] as? String),
        try #require(object["output"] as? String)
      )
    }
    try #require(lines.count == expected.count, "\(feed): \(lines.count) lines, \(expected.count) expected")
    for (line, wanted) in zip(lines, expected) {
      #expect(line == wanted, "\(feed)")
    }
  }

  @Test func aBadFeedFileExitsWith65AndNamesTheItemAndField() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json").path
    try #"{"feed": [{"kind": "plainText", "id": "1", "author": "a", "text": 3}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["dump", "--feed", path])
    #expect(result.status == 65)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains(path))
    #expect(result.standardError.contains("feed[0]"))
    #expect(result.standardError.contains("\"text\""))
    #expect(result.standardError.contains("expected a string, found a number"))
  }

  @Test func aMissingFeedFileExitsWith65() throws {
    let result = try Subprocess.run(["dump", "--feed", "/nonexistent/feed.json"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("/nonexistent/feed.json: cannot open"))
  }

  @Test(arguments: [
    (["dump", "--feeed", "x.json"], "unknown option '--feeed'", "did you mean '--feed'?"),
    (["dump"], "missing --feed FILE", "USAGE: dispatch-bench dump"),
    (["dump", "--feed", "x", "--strategies", "visitor"], "\"visitor\" is not a known strategy", "valid: naive"),
    (["dump", "--feed", "x", "--operations", "feed.colour"], "did you mean 'feed.color'?", "USAGE"),
    (["dmup"], "unknown subcommand 'dmup'", "did you mean 'dump'?"),
  ])
  func usageErrorsExitWith64AndShowTheUsage(arguments: [String], message: String, hint: String)
    throws
  {
    let result = try Subprocess.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains(hint), "\(result.standardError)")
  }

  /// The examples in dump's help work as written, from the package root.
  @Test func theHelpsExamplesWork() throws {
    let arguments =
      ["dump"]
      + DumpCommand.spec.options.compactMap(\.example).flatMap {
        $0.split(separator: " ").map(String.init)
      }
    let result = try Subprocess.run(arguments, currentDirectory: Fixtures.packageRoot)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    #expect(!result.standardOutput.isEmpty)
  }

  @Test func helpDocumentsEveryFlagWithAnExample() throws {
    for arguments in [["dump", "--help"], ["help", "dump"]] {
      let result = try Subprocess.run(arguments)
      #expect(result.status == 0)
      for flag in ["--feed FILE", "--strategies LIST", "--operations LIST", "--help"] {
        #expect(result.standardOutput.contains(flag), "\(arguments): \(flag)")
      }
      #expect(result.standardOutput.contains("(example: --strategies naive,enum-switch)"))
      #expect(result.standardOutput.contains("EXAMPLES:"))
    }
  }
}
