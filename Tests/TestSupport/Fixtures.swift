import Foundation

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

  /// Small results files cut from real runs for the tests (runs/README.md
  /// says from which), one at least for every schema version the reader
  /// accepts.
  package static let runs = directory + "/runs"
  /// A run of schema 4, the oldest this build reads.
  package static let runVersion4 = runs + "/run-v4.csv"
  /// Two default runs of one binary at the current schema, 8 launches each:
  /// an A/A pair, for `compare` and `export`.
  package static let pairA = runs + "/aa-a.csv"
  package static let pairB = runs + "/aa-b.csv"
  /// A profile at the current profile schema.
  package static let profile = runs + "/profile-v2.csv"
  /// A directory as `report --scaling` reads it: compile times and edit costs.
  package static let scaling = runs + "/scaling"

  /// An llbuild manifest cut from a release build's, for `Relink`
  /// (relink/README.md says how).
  package static let relinkManifest = directory + "/relink/release.yaml"

  /// Every file under `directory`, at any depth, by full path, in order.
  package static func files(under directory: String) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }.filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
  }

  /// Every file git tracks under the package's `directory` (relative, such
  /// as "results"), by path relative to the package root, in order. What
  /// git does not track (a user's own runs, in results/local/ or given to
  /// `run --output results/x.csv`; a report of an interrupted run) is not
  /// the tree's, so no test reads it: a test that did would fail after the
  /// user's own runs.
  /// - Throws: Where the package is not a git checkout, or git fails.
  package static func trackedFiles(under directory: String, root: String = packageRoot) throws -> [String] {
    let result = try Subprocess.run(
      ["ls-files", "-z", "--cached", "--", directory], currentDirectory: root, program: "/usr/bin/git")
    guard result.status == 0 else {
      throw CheckoutError("git ls-files \(directory) exited \(result.status): \(result.standardError)")
    }
    let paths = result.standardOutput.split(separator: "\0").map(String.init)
    // A tracked file deleted in the work tree is not there to read.
    return Set(paths).sorted().filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
  }

  /// Whether the package is a git checkout with git at /usr/bin/git, which
  /// `trackedFiles(under:)` needs.
  package static let isGitCheckout: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return false }
    return (try? Subprocess.run(["rev-parse", "--git-dir"], currentDirectory: packageRoot, program: "/usr/bin/git"))?
      .status == 0
  }()

  /// Whether the package is a git checkout with its whole history, which
  /// the commits the guides cite need: a shallow clone (`git clone
  /// --depth 1`, as some CI services make) is a checkout without them.
  package static let hasHistory = isGitCheckout && !isShallow(packageRoot)

  /// Whether the git checkout at `directory` is shallow.
  package static func isShallow(_ directory: String) -> Bool {
    let result = try? Subprocess.run(
      ["rev-parse", "--is-shallow-repository"], currentDirectory: directory, program: "/usr/bin/git")
    return result?.status != 0 || result?.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) != "false"
  }

  /// Feeds of adversarial strings and numbers (`AdversarialFeeds`, 12
  /// items, seeds 1 to 3), committed so that a script can run `dump` on
  /// them: Benchmarks/Scripts/sanitize.sh, under AddressSanitizer.
  package static let adversarialSeeds: [UInt64] = [1, 2, 3]
  package static let adversarialItems = 12

  package static func adversarialFeed(seed: UInt64) -> String {
    directory + "/adversarial-feed-\(seed).json"
  }
}

/// The package checkout could not be read, with what went wrong.
package struct CheckoutError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
