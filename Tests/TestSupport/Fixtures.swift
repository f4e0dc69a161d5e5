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
}
