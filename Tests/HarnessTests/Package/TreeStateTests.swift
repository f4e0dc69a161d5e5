import Foundation
import TestSupport
import Testing

/// What the tree's tests take from outside the test, checked on a small git
/// repository of their own: a shallow clone is not taken for the history,
/// a user's untracked run is not taken for the tree's, and a release binary
/// older than a plugin is not taken for current.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git at /usr/bin/git"))
struct TreeStateTests {
  static func git(_ arguments: [String], in directory: String) throws {
    let result = try Subprocess.run(
      ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "protocol.file.allow=always"]
        + arguments, currentDirectory: directory, program: "/usr/bin/git")
    try #require(result.status == 0, "git \(arguments): \(result.standardError)")
  }

  /// A repository of two commits, `results/README.md` tracked.
  static func repository() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tree-state-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory + "/results", withIntermediateDirectories: true)
    try git(["init", "-q"], in: directory)
    for text in ["one", "two"] {
      try text.write(toFile: directory + "/results/README.md", atomically: true, encoding: .utf8)
      try git(["add", "results/README.md"], in: directory)
      try git(["commit", "-q", "-m", text], in: directory)
    }
    return directory
  }

  @Test func aShallowCloneHasNoHistory() throws {
    let directory = try Self.repository()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(!Fixtures.isShallow(directory))
    try Self.git(["clone", "-q", "--depth", "1", "file://" + directory, directory + "/shallow"], in: directory)
    #expect(Fixtures.isShallow(directory + "/shallow"))
  }

  @Test func aUsersUntrackedRunIsNotTheTrees() throws {
    let directory = try Self.repository()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "a,b\n".write(toFile: directory + "/results/x.csv", atomically: true, encoding: .utf8)
    #expect(try Fixtures.trackedFiles(under: "results", root: directory) == ["results/README.md"])
  }

  @Test(arguments: BuildUnderTest.sourceFolders)
  func aReleaseOlderThanASourceIsNotCurrent(folder: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tree-state-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/" + folder + "/X", withIntermediateDirectories: true)
    let executable = directory + "/dispatch-bench"
    let source = directory + "/" + folder + "/X/X.swift"
    for path in [directory + "/Package.swift", source, executable] {
      try "".write(toFile: path, atomically: true, encoding: .utf8)
    }
    let past = Date(timeIntervalSinceNow: -60)
    for path in [directory + "/Package.swift", source] {
      try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
    }
    #expect(BuildUnderTest.isCurrent(executable, root: directory))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: source)
    #expect(!BuildUnderTest.isCurrent(executable, root: directory), "\(folder)/X/X.swift is newer")
  }

  /// The plugins are among the folders: StrategyList writes the registry.
  @Test func thePluginsAreASourceOfTheBuild() throws {
    #expect(BuildUnderTest.sourceFolders.contains("Plugins"))
    let plugins = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot + "/Plugins")
    #expect(!plugins.isEmpty)
  }
}
