import Foundation
import TestSupport
import Testing

/// `new-strategy`'s exit statuses past bad usage (64), each from a real
/// failure in a copy of the package: 65 for a package it cannot read its
/// lists in, 73 for a module it cannot create, 70 for a synthetic generator
/// that fails to compile or to run; and `generate()` compiling and running
/// the package's own generator.
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
    for path in [
      "Benchmarks/generate-synthetic", "Benchmarks/Scripts/frozen-attributes.txt",
      "Benchmarks/Scripts/frozen-sources.py",
    ] {
      try FileManager.default.copyItem(atPath: root + "/" + path, toPath: copy + "/" + path)
    }
    return copy
  }

  /// A directory holding one program, `swiftc`, a shell script of `body`:
  /// the PATH a test gives `new-strategy` in place of the toolchain's.
  static func fakeCompiler(in directory: String, _ body: String) throws -> [String: String] {
    let bin = directory + "/fake-bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/swiftc", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swiftc")
    return ["PATH": bin + ":/usr/bin:/bin"]
  }

  /// A fake compiler's body that writes down its arguments in `log` and
  /// writes, as the program it was asked for (`-o PATH`), a shell script of
  /// `program`.
  static func compiling(log: String, program: String) -> String {
    """
    echo "$@" >> '\(log)'
    previous=""; for argument in "$@"; do [ "$previous" = -o ] && out=$argument; previous=$argument; done
    printf '#!/bin/sh\\n%s\\n' "\(program)" > "$out"; chmod +x "$out"
    """
  }

  @Test func aGeneratorWithoutThePatternListExitsWith65() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try "// no SyntheticPattern here\n".write(
      toFile: copy + "/Benchmarks/generate-synthetic/SyntheticPattern.swift", atomically: true, encoding: .utf8)
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(
      result.standardError.contains("Benchmarks/generate-synthetic/SyntheticPattern.swift"), "\(result.standardError)")
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

  /// The generator fails to compile, or compiles and fails: either way the
  /// rest of the scaffold is written, and the message says how to run it.
  @Test(arguments: [
    ("exit 3", "swiftc exited with status 3"),
    (compiling(log: "/dev/null", program: "exit 3"), "the synthetic generator exited with status 3"),
  ])
  func aFailingGeneratorExitsWith70AndSaysHowToRerunIt(compiler: String, message: String) throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let environment = try Self.fakeCompiler(in: copy, compiler)
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy], environment: environment)
    #expect(result.status == 70, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains("Benchmarks/generate-synthetic/*.swift && /tmp/generate-synthetic`"))
    #expect(FileManager.default.fileExists(atPath: copy + "/Sources/MyPattern/Strategy.swift"))
  }

  /// `generate()` compiles the copy's own generator, every file of it,
  /// once, after the edits, and runs what it compiled: the fake compiler
  /// writes down what it was given, and its program what it found.
  @Test func theGeneratorIsTheCopysOwnCompiledAndRunAfterTheEdits() throws {
    let copy = try Self.packageCopy()
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let log = copy + "/calls"
    let generator = copy + "/Benchmarks/generate-synthetic"
    let program = "grep -c 'case myPattern' '\(generator)/SyntheticPattern.swift' >> '\(log)'"
    let environment = try Self.fakeCompiler(in: copy, Self.compiling(log: log, program: program))
    let result = try Subprocess.run(["new-strategy", "MyPattern", "--package-path", copy], environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    // One compile, of every file of the generator (by its resolved path);
    // then its program, which found the new pattern.
    #expect(calls.count == 2, "\(calls)")
    let files = try FileManager.default.contentsOfDirectory(atPath: generator).filter { $0.hasSuffix(".swift") }
    let compiled = calls.first?.split(separator: " ").filter { $0.hasSuffix(".swift") } ?? []
    #expect(compiled.allSatisfy { $0.hasPrefix("/") && $0.contains("/Benchmarks/generate-synthetic/") }, "\(calls)")
    let names = try compiled.map { String(try #require($0.split(separator: "/").last)) }
    #expect(!files.isEmpty && Set(names) == Set(files), "\(calls)")
    #expect(calls.last == "1", "\(calls)")
    #expect(result.standardOutput.contains("and the synthetic generator wrote"))
  }
}
