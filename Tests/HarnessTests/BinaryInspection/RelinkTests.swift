@testable import BinaryInspection
import Foundation
import TestSupport
import Testing

/// `Relink`: the link command read from a manifest, the command for a seed,
/// each refusal's message, and (on a release build) two seeds giving two
/// function orders of the same functions, as relink-layouts.sh gives them.
@Suite struct RelinkTests {
  static let key = "C.dispatch-bench-x86_64-unknown-linux-gnu-release.exe"
  static let example = "/work/example"
  static let products = example + "/.build/x86_64-unknown-linux-gnu/release"

  static func fixture() throws -> String {
    try String(contentsOfFile: Fixtures.relinkManifest, encoding: .utf8)
  }

  @Test func readsTheLinkCommandAmongOtherCommands() throws {
    let arguments = try Relink.linkArguments(inManifest: Self.fixture(), key: Self.key, manifest: "m")
    #expect(arguments.first == Self.example + "/toolchain/usr/bin/swiftc")
    #expect(arguments.count == 20)
    #expect(arguments[try #require(arguments.firstIndex(of: "-o")) + 1] == Self.products + "/dispatch-bench")
    #expect(arguments.contains("-rpath=$ORIGIN"))
    #expect(arguments.contains("@\(Self.products)/dispatch-bench.product/Objects.LinkFileList"))
  }

  @Test func findsTheManifestTwoDirectoriesAboveTheExecutable() {
    let paths = Relink.buildPaths(of: "/nonexistent/p/.build/x86_64-unknown-linux-gnu/release/dispatch-bench")
    #expect(paths.manifest == "/nonexistent/p/.build/release.yaml")
    #expect(paths.key == Self.key)
    #expect(paths.product == "dispatch-bench")
    #expect(paths.productsDirectory == "/nonexistent/p/.build/x86_64-unknown-linux-gnu/release")
  }

  @Test func readsQuotedLinesOfAResponseFile() {
    #expect(Relink.unquoted("\"/a b/c\\\"d.o\"") == "/a b/c\"d.o")
    #expect(Relink.unquoted("/a/b.o") == "/a/b.o")
  }

  /// The output replaced, lld once, the build directory as a run path, the
  /// shuffle last.
  @Test(arguments: [["-use-ld=lld"], []])
  func theCommandForASeed(extra: [String]) {
    let paths = Relink.buildPaths(of: Self.products + "/dispatch-bench")
    let relink = Relink(arguments: ["swiftc", "-o", "old", "x.o"] + extra, paths: paths)
    #expect(
      relink.arguments(seed: 7, output: "/tmp/new") == [
        "swiftc", "-o", "/tmp/new", "x.o", "-use-ld=lld", "-Xlinker", "-rpath=\(Self.products)", "-Xlinker",
        "--shuffle-sections=.text.*=7",
      ])
  }

  /// The static link (`static-binary-check.sh --relink`): the output
  /// replaced and `-static-stdlib` once, right after the driver; no shuffle.
  @Test(arguments: [["-static-stdlib"], []])
  func theCommandWithTheRuntimeInside(extra: [String]) {
    let paths = Relink.buildPaths(of: Self.products + "/dispatch-bench")
    let relink = Relink(arguments: ["swiftc"] + extra + ["-o", "old", "x.o"], paths: paths)
    #expect(relink.staticArguments(output: "/tmp/new") == ["swiftc", "-static-stdlib", "-o", "/tmp/new", "x.o"])
  }

  // MARK: Refusals, each on a tree made for it

  /// A package root in a temporary directory holding the fixture's manifest
  /// (its paths moved there), and `objects` of its link command.
  struct Tree {
    let root = NSTemporaryDirectory() + "relink-\(UUID().uuidString)"
    var products: String { root + "/.build/x86_64-unknown-linux-gnu/release" }
    var executable: String { products + "/dispatch-bench" }
    var objects: [String] { [products + "/A.build/a.swift.o", products + "/B.build/b.swift.o"] }

    init(manifest: Bool = true, objects made: Int = 0, lld: Bool = false) throws {
      let manager = FileManager.default
      try manager.createDirectory(atPath: products + "/dispatch-bench.product", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: root + "/toolchain/usr/bin", withIntermediateDirectories: true)
      if manifest {
        try RelinkTests.fixture().replacingOccurrences(of: RelinkTests.example, with: root)
          .write(toFile: root + "/.build/release.yaml", atomically: true, encoding: .utf8)
      }
      try objects.joined(separator: "\n").write(
        toFile: products + "/dispatch-bench.product/Objects.LinkFileList", atomically: true, encoding: .utf8)
      for object in objects.prefix(made) {
        try manager.createDirectory(
          atPath: (object as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        manager.createFile(atPath: object, contents: Data())
      }
      if lld { try Self.script("exit 0", at: root + "/toolchain/usr/bin/ld.lld") }
    }

    static func script(_ body: String, at path: String) throws {
      try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
  }

  static func refusal(_ make: () throws(RelinkError) -> Void) -> RelinkError? {
    do { try make() } catch { return error }
    return nil
  }

  @Test func refusesWithoutAManifest() throws {
    let tree = try Tree(manifest: false)
    defer { tree.remove() }
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: tree.executable) }
    #expect(error == .noManifest(tree.root + "/.build/release.yaml"))
    #expect(
      error?.description == "no SwiftPM build manifest at \(tree.root)/.build/release.yaml, so this "
        + "dispatch-bench is not in the build directory that made it: relinking needs that build's objects "
        + "and its toolchain's ld.lld (a copy, such as a --static-swift-stdlib binary on a machine without "
        + "Swift, cannot make layouts); build with `swift build -c release` first, and run that build's "
        + "dispatch-bench")
  }

  /// A copy one directory below the root (a static binary put in a fresh
  /// directory on a machine without Swift): the manifest looked for is
  /// named without a doubled slash, and the message says why a copy fails.
  @Test func aCopyOutsideItsBuildSaysWhatRelinkingNeeds() {
    let copy = "/nonexistent-copy-\(UUID().uuidString)"
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: copy + "/dispatch-bench") }
    #expect(error == .noManifest(copy + ".yaml"))
    #expect(error?.description.hasPrefix("no SwiftPM build manifest at \(copy).yaml, so this dispatch-bench") == true)
    #expect(error?.description.contains("needs that build's objects and its toolchain's ld.lld") == true)
  }

  @Test func refusesAManifestWithoutTheLinkCommand() throws {
    let tree = try Tree()
    defer { tree.remove() }
    let other = tree.root + "/.build/aarch64-unknown-linux-gnu/release/dispatch-bench"
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: other) }
    let key = "C.dispatch-bench-aarch64-unknown-linux-gnu-release.exe"
    #expect(error == .noLinkCommand(key: key, manifest: tree.root + "/.build/release.yaml"))
    #expect(error?.description.contains("has no link command \"\(key)\": build with `swift build -c release`") == true)
  }

  @Test func refusesAMissingObject() throws {
    let tree = try Tree(objects: 1)
    defer { tree.remove() }
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: tree.executable) }
    #expect(error == .missingObject(tree.objects[1]))
    #expect(error?.description.hasPrefix("\(tree.objects[1]), an object of the link command, is missing") == true)
  }

  @Test func refusesAToolchainWithoutLLD() throws {
    let tree = try Tree(objects: 2)
    defer { tree.remove() }
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: tree.executable) }
    let swiftc = tree.root + "/toolchain/usr/bin/swiftc"
    #expect(error == .noLLD(swiftc: swiftc))
    #expect(error?.description.hasPrefix("no ld.lld beside \(swiftc): relinking needs the lld") == true)
  }

  /// With lld there, the objects are looked at: these are empty files.
  @Test func refusesObjectsThatAreNotELF() throws {
    let tree = try Tree(objects: 2, lld: true)
    defer { tree.remove() }
    let error = Self.refusal { () throws(RelinkError) in _ = try Relink(executable: tree.executable) }
    #expect(error == .notAnObject(tree.objects[0]))
  }

  @Test func tellsFunctionSectionsFromRetainedOnes() {
    let own = ELFSections.Section(name: ".text.$s4Main1fyyF", size: 16)
    #expect(ELFSections.haveFunctionSections([.init(name: ".text", size: 0), own]))
    #expect(!ELFSections.haveFunctionSections([.init(name: ".text", size: 300), own]))
    #expect(!ELFSections.haveFunctionSections([.init(name: ".text", size: 0)]))
    #expect(
      RelinkError.noFunctionSections("a.o").description.contains("remove the build directory (`swift package clean`)"))
  }

  @Test(arguments: [0, UInt64(UInt32.max), UInt64(UInt32.max) + 1])
  func refusesASeedLLDTakesForSomethingElse(seed: UInt64) {
    let relink = Relink(arguments: ["/bin/false", "-o", "x"], paths: Relink.buildPaths(of: "/x/y/z/dispatch-bench"))
    let error = Self.refusal { () throws(RelinkError) in try relink.relink(seed: seed, to: "/tmp/never") }
    #expect(error == .invalidSeed(seed))
  }

  /// A failing link names its status and its first error, and keeps the
  /// log; a link of no layout (the static one, seed 0 here) says "linking".
  @Test(arguments: [2, 0] as [UInt64])
  func aFailedLinkSaysWhatTheLinkerSaid(seed: UInt64) throws {
    let tree = try Tree()
    defer { tree.remove() }
    let swiftc = tree.root + "/toolchain/usr/bin/swiftc"
    try Tree.script("echo 'warning: w' >&2; echo 'ld.lld: error: undefined symbol: f' >&2; exit 3", at: swiftc)
    let relink = Relink(arguments: [swiftc, "-o", "x"], paths: Relink.buildPaths(of: tree.executable))
    let output = tree.root + "/layout"
    let error = Self.refusal { () throws(RelinkError) in
      if seed == 0 {
        try relink.link(relink.staticArguments(output: output), output: output)
      } else {
        try relink.relink(seed: seed, to: output)
      }
    }
    let link = seed == 0 ? "linking" : "relinking with seed \(seed)"
    #expect(
      error?.description == "\(link) failed (linker exit status 3): ld.lld: error: undefined symbol: f; "
        + "all it said is in \(output).log")
  }

  // MARK: On the release build

  static let release = BuildUnderTest.releaseExecutable
  static let hasRelease =
    BuildUnderTest.hasCurrentRelease
    && FileManager.default.fileExists(atPath: Fixtures.packageRoot + "/.build/release.yaml")

  /// Seeds 1 and 2: the same functions, each the same size, in two orders;
  /// the first layout runs from another directory; and relink-layouts.sh
  /// (which CI uses) gives the same two link commands.
  @Test(.enabled(if: hasRelease, "needs a release build of this tree and its manifest: swift build -c release"))
  func twoSeedsGiveTwoOrdersOfTheSameFunctions() throws {
    let directory = NSTemporaryDirectory() + "layouts-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let relink = try Relink(executable: Self.release)
    let binaries = try relink.layouts(seeds: 1...2, in: directory)
    #expect(binaries == [1, 2].map { "\(directory)/layout-\($0)/dispatch-bench" })

    let layouts = try binaries.map { binary in
      let functions = try #require(ELFFunctions.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: binary)))))
      // Names given once: a few local symbols share a name across objects.
      return Dictionary(grouping: functions, by: \.name).compactMapValues { $0.count == 1 ? $0[0] : nil }
    }
    #expect(layouts[0].count > 10_000, "\(layouts[0].count) functions")
    #expect(Set(layouts[0].keys) == Set(layouts[1].keys))
    let names = layouts[0].keys.filter { layouts[1][$0] != nil }
    #expect(names.allSatisfy { layouts[0][$0]?.size == layouts[1][$0]?.size })
    let orders = try layouts.map { layout in
      try names.sorted { try #require(layout[$0]).address < #require(layout[$1]).address }
    }
    #expect(orders[0] != orders[1], "seeds 1 and 2 placed the functions in one order")

    let run = try Subprocess.run(
      [
        "run", "--quick", "--quiet", "--domains", "share", "--operations", "share.mixed", "--output",
        directory + "/run.csv",
      ],
      currentDirectory: "/", program: binaries[0])
    #expect(run.status == 0, "\(run.standardError)")

    let script = try Subprocess.run(
      [
        Fixtures.packageRoot + "/Benchmarks/Scripts/relink-layouts.sh", "--dry-run", "--executable", Self.release, "2",
        directory,
      ], program: "/bin/bash")
    #expect(script.status == 0, "\(script.standardError)")
    let commands = try script.standardOutput.split(separator: "\n").map {
      try JSONDecoder().decode([String].self, from: Data($0.utf8))
    }
    #expect(commands == [1, 2].map { relink.arguments(seed: UInt64($0), output: binaries[$0 - 1]) })

    // --first-seed 5, as run --first-layout-seed 5: seeds 5 and 6, each in
    // its own layout-SEED directory.
    let later = try Subprocess.run(
      [
        Fixtures.packageRoot + "/Benchmarks/Scripts/relink-layouts.sh", "--dry-run", "--executable", Self.release,
        "--first-seed", "5", "2", directory,
      ], program: "/bin/bash")
    #expect(later.status == 0, "\(later.standardError)")
    let laterCommands = try later.standardOutput.split(separator: "\n").map {
      try JSONDecoder().decode([String].self, from: Data($0.utf8))
    }
    #expect(
      laterCommands
        == [5, 6].map {
          relink.arguments(seed: UInt64($0), output: "\(directory)/layout-\($0)/dispatch-bench")
        })
  }
}
