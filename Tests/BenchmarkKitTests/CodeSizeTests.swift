@testable import BenchmarkKit
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import SyntheticRegistry
import TestSupport
import Testing

/// `code_bytes`, read from the release binary's symbols. Needs the release
/// build, which CI makes before the tests; skipped where it is absent.
@Suite struct CodeSizeTests {
  static let releaseBinary = Fixtures.packageRoot + "/.build/release/dispatch-bench"
  static let hasRelease = FileManager.default.fileExists(atPath: releaseBinary)

  static func load() throws -> CodeSize {
    try #require(CodeSize(elf: [UInt8](try Data(contentsOf: URL(fileURLWithPath: releaseBinary)))))
  }

  @Test(.enabled(if: hasRelease)) func everyStrategyRowHasPositiveCodeBytesInEveryModeAndAtEveryN() throws {
    let code = try Self.load()
    let feed = FeedID(domain: "feed", size: 1_000, layout: "uniform", kinds: 6)
    let share = FeedID(domain: "share", size: 1_000, layout: "uniform", kinds: 3)
    for strategy in Registry.names {
      for operation in SpecOperation.allCases {
        for mode in BuildMode.all {
          let key = ResultKey(
            BenchmarkCase(feed: operation.domain == .share ? share : feed, operation: operation.rawValue, mode: mode),
            StrategyID(strategy))
          let bytes = try #require(code.bytes(of: key), "\(key)")
          #expect(bytes > 0, "\(key)")
        }
      }
      for kinds in SyntheticRegistry.kindCounts {
        let key = ResultKey(
          BenchmarkCase(
            feed: FeedID(domain: "synthetic", size: 1_000, layout: "uniform", kinds: kinds),
            operation: "synthetic.constant", mode: .app), StrategyID(strategy))
        #expect((code.bytes(of: key) ?? 0) > 0, "\(key)")
      }
    }
    // The reference loops have no code of a pattern.
    #expect(code.bytes(of: ResultKey(BenchmarkCase(feed: feed, operation: "feed.color"), .floor)) == nil)
  }

  @Test(.enabled(if: hasRelease)) func theSameBinaryGivesTheSameCounts() throws {
    let (a, b) = (try Self.load(), try Self.load())
    let key = ResultKey(
      BenchmarkCase(
        feed: FeedID(domain: "synthetic", size: 1_000, layout: "uniform", kinds: 64), operation: "synthetic.constant",
        mode: .app), "enum-switch")
    #expect(a.bytes(of: key) == b.bytes(of: key))
    // And more kinds never take less code.
    let small = ResultKey(
      BenchmarkCase(feed: FeedID(domain: "synthetic", size: 1_000, layout: "uniform", kinds: 2), operation: "synthetic.constant", mode: .app),
      "enum-switch")
    #expect(a.bytes(of: small)! < a.bytes(of: key)!)
  }

  @Test func notAnELFFileHasNoCounts() {
    #expect(CodeSize(elf: Array("not an executable".utf8)) == nil)
    #expect(CodeSize(elf: []) == nil)
  }
}
