/// Paths of the shared fixtures in Tests/Fixtures.
enum Fixtures {
  static let directory: String = {
    // #filePath is Tests/BenchmarkKitTests/Support/Fixtures.swift.
    let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return components.dropLast(3).joined(separator: "/") + "/Fixtures"
  }()

  static let exampleFeed = directory + "/example-feed.json"
  static let exampleExpected = directory + "/example-expected.jsonl"
}

extension Fixtures {
  /// The package's root directory.
  static let packageRoot: String = {
    let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return components.dropLast(4).joined(separator: "/")
  }()
}
