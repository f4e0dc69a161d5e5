import Foundation

/// Files and directories the tests write outside the package.
package enum Scratch {
  /// Removes each path, file or directory, whether or not it exists: a
  /// test's cleanup, which must not fail.
  package static func remove(_ paths: String...) {
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
  }
}
