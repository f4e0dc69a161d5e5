/// Paths of the shared fixtures in Tests/Fixtures.
enum Fixtures {
  static let directory: String = {
    // #filePath is Tests/StrategyTests/Fixtures.swift.
    let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return components.dropLast(2).joined(separator: "/") + "/Fixtures"
  }()

  static let exampleFeed = directory + "/example-feed.json"
  static let exampleExpected = directory + "/example-expected.jsonl"
}
