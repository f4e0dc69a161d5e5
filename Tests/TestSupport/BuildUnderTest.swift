import Foundation

/// Which build the tests run, and whether the release build they read is
/// this tree's: for the traits of tests that need one or the other, so that
/// they skip with a reason instead of failing (or reading a stale binary).
package enum BuildUnderTest {
  /// Whether the tests, and the `dispatch-bench` beside them that
  /// `Subprocess` runs, are a debug build (`swift test`) rather than a
  /// release one (`swift test -c release`).
  package static let isDebug: Bool = {
    #if DEBUG
    return true
    #else
    return false
    #endif
  }()

  /// What the tests that need a debug build say when they skip.
  package static let needsDebug = "runs the debug build's dispatch-bench; swift test -c release runs a release one"

  /// The release build's executable, which the code-size and relink tests read.
  package static let releaseExecutable = Fixtures.packageRoot + "/.build/release/dispatch-bench"

  /// Whether `.build/release/dispatch-bench` exists and is newer than every
  /// source it is built from: a binary left from an older tree would check
  /// that tree's code, not this one's.
  package static let hasCurrentRelease = isCurrent(releaseExecutable, root: Fixtures.packageRoot)

  /// The folders, beside Package.swift, whose sources a build compiles:
  /// the plugins too, which write the registry's list of strategies.
  package static let sourceFolders = ["Sources", "Benchmarks", "Plugins"]

  /// Whether `executable` exists and is newer than Package.swift and every
  /// Swift or C source under `root`'s `sourceFolders`.
  package static func isCurrent(_ executable: String, root: String) -> Bool {
    guard let built = modified(executable) else { return false }
    var sources = [root + "/Package.swift"]
    for directory in sourceFolders {
      let paths = FileManager.default.enumerator(atPath: root + "/" + directory)?.allObjects as? [String] ?? []
      sources += paths.filter { path in [".swift", ".c", ".h"].contains { path.hasSuffix($0) } }
        .map { root + "/" + directory + "/" + $0 }
    }
    return sources.allSatisfy { (modified($0) ?? .distantFuture) <= built }
  }

  /// What the tests that need the release build say when they skip.
  package static let needsRelease =
    "needs .build/release/dispatch-bench built from this tree: swift build -c release (CI builds it first)"

  private static func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }
}
