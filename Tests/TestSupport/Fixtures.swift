/// Paths of the shared fixtures in Tests/Fixtures, and of the package.
package enum Fixtures {
  /// The package's root directory.
  package static let packageRoot: String = {
    // #filePath is Tests/TestSupport/Fixtures.swift.
    let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return components.dropLast(3).joined(separator: "/")
  }()

  package static let directory = packageRoot + "/Tests/Fixtures"

  package static let exampleFeed = directory + "/example-feed.json"
  package static let exampleExpected = directory + "/example-expected.jsonl"

  /// Feeds of adversarial strings and numbers (`AdversarialFeeds`, 12
  /// items, seeds 1 to 3), committed so that a script can run `dump` on
  /// them: Benchmarks/Scripts/sanitize.sh, under AddressSanitizer.
  package static let adversarialSeeds: [UInt64] = [1, 2, 3]
  package static let adversarialItems = 12

  package static func adversarialFeed(seed: UInt64) -> String {
    directory + "/adversarial-feed-\(seed).json"
  }
}
