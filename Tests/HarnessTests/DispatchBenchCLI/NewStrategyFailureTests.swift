import Foundation
import TestSupport
import Testing

/// `new-strategy`'s exit statuses past bad usage (64), each from a real
/// failure in a copy of the package: 65 for a package it cannot read its
/// lists in, 73 for a module it cannot create, 70 for a synthetic generator
/// that fails; and `generate()` running the package's own generator.
@Suite struct NewStrategyFailureTests {
  /// A copy of what `new-strategy` reads and writes: the manifest, the
  /// sources, the guides and the synthetic generator.
  static func packageCopy() throws -> String {
    let copy = try RunCommandTests.temporaryDirectory()
    let root = Fixtures.packageRoot
    for path in ["Package.swift", "Sources", "Guides"] {
      try FileManager.default.copyItem(atPath: root + "/" + path, toPath: copy + "/" + path)
    }
    try FileManager.default.createDirectory(atPath: copy + "/Benchmarks/Scripts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: root + "/Benchmarks/Scripts/generate-synthetic.swift",
      toPath: copy + "/Benchmarks/Scripts/generate-synthetic.swift")
    return copy
  }

  /// A directory holding one program, `swift`, a shell script of `body`:
  /// the PATH a test gives `new-strategy` in place of the toolchain's.
  static func fakeSwift(in directory: String, _ body: String) throws -> [String: String] {
    let bin = directory + "/fake-bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/swift", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swift")
    return ["PATH": bin + ":/usr/bin:/bin"]
  }

  @Test func aGeneratorWithoutThePatternListExitsWith65() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try "// no SyntheticPattern here\n".write(
      toFile: copy + "/Benchmarks/Scripts/generate-synthetic.swift", atomically: true, encoding: .utf8)
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.standardError.contains("generate-synthetic.swift"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: copy + "/Sources/MyPattern"), "nothing written")
  }

  /// A name the file system refuses (over 255 bytes): planned, then the
  /// module directory cannot be created.
  @Test func aModuleThatCannotBeCreatedExitsWith73() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let name = "My" + String(repeating: "Pattern", count: 40)
    let result = try Subprocess.run(["new-strategy", name, "--package-path", copy])
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("cannot write"), "\(result.standardError)")
  }

  @Test func aFailingGeneratorExitsWith70AndSaysHowToRerunIt() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let environment = try Self.fakeSwift(in: copy, "exit 3")
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy], environment: environment)
    #expect(result.status == 70, "\(result.standardError)")
    #expect(result.standardError.contains("the synthetic generator exited with status 3"), "\(result.standardError)")
    #expect(result.standardError.contains("swift Benchmarks/Scripts/generate-synthetic.swift"))
    // The rest of the scaffold was written, as the message says.
    #expect(FileManager.default.fileExists(atPath: copy + "/Sources/MyPattern/Strategy.swift"))
  }

  /// `generate()` runs the copy's own generator with `swift`, once, after
  /// the edits: the fake toolchain writes down what it was given and where.
  @Test func theGeneratorIsTheCopysOwnRunAfterTheEdits() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let log = copy + "/swift-calls"
    let generator = copy + "/Benchmarks/Scripts/generate-synthetic.swift"
    let environment = try Self.fakeSwift(
      in: copy, "echo \"$@\" >> '\(log)'; grep -c 'case myPattern' '\(generator)' >> '\(log)'")
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy], environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    // One call, naming the generator (by its resolved path), which already
    // held the new pattern when it ran.
    #expect(calls.count == 2, "\(calls)")
    #expect(calls.first?.hasSuffix("/Benchmarks/Scripts/generate-synthetic.swift") == true, "\(calls)")
    #expect(calls.last == "1", "\(calls)")
    #expect(result.standardOutput.contains("and the synthetic generator wrote"))
  }
}
