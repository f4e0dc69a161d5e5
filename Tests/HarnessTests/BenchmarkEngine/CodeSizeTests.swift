@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import SyntheticRegistry
import TestSupport
import Testing

/// `code_bytes`, read from the release binary's symbols. Needs the release
/// build of this tree, which CI makes before the tests; skipped, saying so,
/// where it is absent or older than the sources.
@Suite struct CodeSizeTests {
  static let releaseBinary = BuildUnderTest.releaseExecutable
  static let hasRelease = BuildUnderTest.hasCurrentRelease
  static let needsRelease = Comment(rawValue: BuildUnderTest.needsRelease)

  static func load() throws -> CodeSize {
    try #require(CodeSize(elf: [UInt8](try Data(contentsOf: URL(fileURLWithPath: releaseBinary)))))
  }

  @Test(.enabled(if: hasRelease, needsRelease)) func everyStrategyRowHasPositiveCodeBytesInEveryModeAndAtEveryN() throws
  {
    let code = try Self.load()
    let feed = FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6)
    let share = FeedID(domain: "share", size: 1_000, distribution: "uniform", kinds: 3)
    for strategy in Registry.names {
      for operation in SpecOperation.allCases {
        for mode in BuildMode.all {
          let key = ResultKey(
            BenchmarkCase(feed: operation.domain == .share ? share : feed, operation: operation.rawValue, mode: mode),
            StrategyID(strategy))
          let bytes = try #require(code.bytes(of: key), "\(key)")
          #expect(bytes > 0, "\(key)")
        }
      }
      for kinds in SyntheticRegistry.kindCounts {
        for operation in SyntheticRegistry.operations {
          let key = ResultKey(
            BenchmarkCase(
              feed: FeedID(domain: "synthetic", size: 1_000, distribution: "uniform", kinds: kinds),
              operation: operation, mode: .app), StrategyID(strategy))
          #expect((code.bytes(of: key) ?? 0) > 0, "\(key)")
        }
      }
    }
    // The reference loops have no code of a pattern.
    #expect(code.bytes(of: ResultKey(BenchmarkCase(feed: feed, operation: "feed.color"), .floor)) == nil)
  }

  /// A synthetic operation counts its own code, not its pattern's whole
  /// namespace: an operation's indirect targets (every kind's getter) are
  /// counted, another operation's are not.
  @Test(.enabled(if: hasRelease, needsRelease)) func aSyntheticOperationCountsItsOwnCode() throws {
    let code = try Self.load()
    func bytes(_ strategy: String, _ operation: String) throws -> Int {
      let key = ResultKey(
        BenchmarkCase(
          feed: FeedID(domain: "synthetic", size: 1_000, distribution: "uniform", kinds: 64),
          operation: operation, mode: .app), StrategyID(strategy))
      return try #require(code.bytes(of: key), "\(key)")
    }
    for strategy in ["protocol-getter", "class-hierarchy", "classic-visitor"] {
      let each = try SyntheticRegistry.operations.map { try bytes(strategy, $0) }
      // 64 kinds' implementations of one getter each: more than a loop.
      #expect(each.allSatisfy { $0 > 64 * 4 }, "\(strategy): \(each)")
      #expect(Set(each).count > 1, "\(strategy): the operations count the same code: \(each)")
    }
  }

  /// Equal counts for the release build and a relink of it are checked in
  /// CI (`compare --show code-bytes` on quick runs of both).
  @Test(.enabled(if: hasRelease, needsRelease)) func sixtyFourKindsTakeMoreCodeThanTwoForEveryPattern() throws {
    let code = try Self.load()
    func bytes(_ strategy: String, _ kinds: Int, _ operation: String) throws -> Int {
      try Self.syntheticBytes(code, strategy, kinds, operation)
    }
    for strategy in Registry.names {
      for operation in SyntheticRegistry.operations {
        let small = try bytes(strategy, 2, operation)
        let large = try bytes(strategy, 64, operation)
        #expect(small <= large, "\(strategy) \(operation): \(small) bytes at 2 kinds, \(large) at 64")
      }
      // The enum's switches compile to table lookups (data, whatever N).
      // Every other pattern's per-kind code is functions named by the
      // operation, or closures found by their type (the type eraser's, the
      // handler table's `computed`), so it grows with N.
      guard strategy != "enum-switch" else { continue }
      let small = try SyntheticRegistry.operations.reduce(0) { try $0 + bytes(strategy, 2, $1) }
      let large = try SyntheticRegistry.operations.reduce(0) { try $0 + bytes(strategy, 64, $1) }
      #expect(small < large, "\(strategy): \(small) bytes at 2 kinds, \(large) at 64")
    }
  }

  /// The closure-dispatched patterns' per-kind code is found: the type
  /// eraser's closures for every operation, the handler table's for
  /// `computed`, its only per-kind closure.
  @Test(.enabled(if: hasRelease, needsRelease)) func closuresCountForTheOperationThatCallsThem() throws {
    let code = try Self.load()
    func bytes(_ strategy: String, _ kinds: Int, _ operation: String) throws -> Int {
      try Self.syntheticBytes(code, strategy, kinds, operation)
    }
    for operation in SyntheticRegistry.operations {
      #expect(try bytes("type-eraser", 2, operation) < bytes("type-eraser", 64, operation), "\(operation)")
    }
    #expect(try bytes("handler-table", 2, "synthetic.compute") < bytes("handler-table", 64, "synthetic.compute"))
    #expect(try bytes("handler-table", 2, "synthetic.constant") == bytes("handler-table", 64, "synthetic.constant"))
  }

  /// The code bytes of a synthetic row at 1,000 elements in app mode.
  static func syntheticBytes(_ code: CodeSize, _ strategy: String, _ kinds: Int, _ operation: String) throws -> Int {
    let key = ResultKey(
      BenchmarkCase(
        feed: FeedID(domain: "synthetic", size: 1_000, distribution: "uniform", kinds: kinds),
        operation: operation, mode: .app), StrategyID(strategy))
    return try #require(code.bytes(of: key), "\(key)")
  }

  static let hasValgrindAndObjcopy = ExternalTools.hasValgrind && ExternalTools.hasObjcopy

  /// Runs the release binary's `run --quick` on `feed.color`,
  /// `share.facebook` and `share.instagram`, with `PATH` as given (`prefix`
  /// before it), and returns its rows of real strategies and what it said.
  static func releaseRun(path: String? = nil, prefix: String? = nil) throws -> (rows: [TimingRow], errors: String) {
    let output = NSTemporaryDirectory() + "code-size-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: output) }
    var environment = ProcessInfo.processInfo.environment
    if let path { environment["PATH"] = path }
    if let prefix { environment["PATH"] = prefix + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
    let result = try Subprocess.run(
      [
        "run", "--quick", "--domains", "share,feed", "--operations", "feed.color,share.facebook,share.instagram",
        "--strategies", "classic-visitor,generic-visitor,protocol-getter,class-hierarchy,enum-switch",
        "--output", output,
      ], environment: environment, program: releaseBinary)
    try #require(result.status == 0, "\(result.standardError)")
    guard case .run(let file) = try Schema.load(output) else { throw ResultsError("\(output) is a profile") }
    return (file.rows.filter { !$0.key.strategy.isReference }, result.standardError)
  }

  /// With valgrind, a share or feed row's count follows the calls the loop
  /// made when it ran: for a visitor, the six cells' `accept` and the
  /// visitor's six `visit` methods, which the loop reaches only through
  /// witness tables, so more than its direct calls; never less for any.
  @Test(
    .enabled(if: hasRelease, needsRelease),
    .enabled(if: hasValgrindAndObjcopy, "needs valgrind and objcopy (CI installs both)"))
  func runningTheLoopFindsCodeBehindIndirectCalls() throws {
    let code = try Self.load()
    let rows = try Self.releaseRun().rows
    try #require(rows.count == 30, "5 strategies, 3 operations, 2 modes")
    for row in rows {
      let direct = try #require(code.bytes(of: row.key), "\(row.key)")
      let traced = try #require(row.codeBytes, "\(row.key)")
      #expect(row.codeBytesMethod == .callgrind, "\(row.key)")
      #expect(traced >= direct, "\(row.key)")
      if row.key.operation == "feed.color" && row.key.strategy != "enum-switch" {
        #expect(traced > direct, "\(row.key): \(traced) bytes traced, \(direct) by direct calls")
      }
    }
    // The share platforms share one loop: each row's count is its own
    // platform's part. A class hierarchy's Instagram share (an image and a
    // caption) runs less code than its Facebook share.
    for mode in BuildMode.all {
      func bytes(_ operation: String) -> Int? {
        rows.first { $0.key.strategy == "class-hierarchy" && $0.key.operation == operation && $0.key.mode == mode }?
          .codeBytes
      }
      #expect((bytes("share.instagram") ?? .max) < (bytes("share.facebook") ?? 0), "\(mode)")
    }
  }

  /// Without valgrind the run still counts, by direct calls, and says so.
  @Test(.enabled(if: hasRelease, needsRelease)) func withoutValgrindTheCountIsDirectCallsAndSaysSo() throws {
    let run = try Self.releaseRun(path: "/nonexistent")
    let code = try Self.load()
    try #require(!run.rows.isEmpty, "the run wrote no strategy rows: \(run.errors)")
    for row in run.rows {
      #expect(row.codeBytesMethod == .directCalls, "\(row.key)")
      #expect(row.codeBytes == code.bytes(of: row.key), "\(row.key)")
    }
    #expect(run.errors.contains("valgrind is not installed"))
    // Beside that snapshot of CodeSize against itself, an independent
    // bound: an app-mode row's code holds at least its own timed
    // loop, whose size nm reads from the symbol table.
    let sizes = try Self.symbolSizes()
    let appRows = run.rows.filter { $0.key.mode == .app }
    try #require(!appRows.isEmpty)
    for row in appRows {
      let loop = row.key.operation == "feed.color" ? "colorLoop" : "shareLoop"
      let module = "App" + row.key.strategy.moduleName
      let prefix = "$s\(module.utf8.count)\(module)0A5LoopsC\(loop.utf8.count)\(loop)_"
      let loopBytes = try #require(
        sizes.first { $0.key.hasPrefix(prefix) && $0.key.hasSuffix("F") }?.value, "no \(prefix)… in nm")
      #expect(
        try #require(row.codeBytes) >= loopBytes, "\(row.key): \(row.codeBytes ?? 0) bytes, its loop alone \(loopBytes)"
      )
    }
  }

  /// Every defined symbol's size, as `nm -S` prints it, by mangled name.
  static func symbolSizes() throws -> [String: Int] {
    let result = try Subprocess.run(["-S", "--defined-only", releaseBinary], program: "/usr/bin/nm")
    try #require(result.status == 0, "\(result.standardError)")
    var sizes: [String: Int] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 3)
      guard fields.count == 4, let size = Int(fields[1], radix: 16) else { continue }
      sizes[String(fields[3])] = max(size, sizes[String(fields[3])] ?? 0)
    }
    return sizes
  }

  /// A valgrind that fails, or that writes none of the parts the run reads,
  /// does not cost the run its timings: the results are written, counted by
  /// direct calls, with a warning naming what went wrong.
  @Test(.enabled(if: hasRelease, needsRelease), arguments: [("exit 3", "exit status 3"), ("exit 0", "No such file")])
  func aFailingValgrindKeepsTheTimings(script: String, message: String) throws {
    let directory = NSTemporaryDirectory() + "failing-valgrind-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fake = directory + "/valgrind"
    try "#!/bin/sh\n\(script)\n".write(toFile: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    let run = try Self.releaseRun(prefix: directory)
    try #require(!run.rows.isEmpty, "the run wrote no strategy rows: \(run.errors)")
    #expect(run.rows.allSatisfy { $0.codeBytesMethod == .directCalls && ($0.codeBytes ?? 0) > 0 })
    #expect(run.errors.contains("warning: "), "\(run.errors)")
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  /// `swift test -c release` builds `.build/release` with `-enable-testing`,
  /// which keeps every app module's `AppModeLoops` witness thunks of its
  /// eight loops (10 bytes: `push rbp; mov rbp, rsp; pop rbp; jmp` the
  /// loop), which other builds delete. No run calls one, so it is not a
  /// loop: counted as one, the enum-switch app rows of `share.instagram` and
  /// `feed.color` had 10 bytes more by direct calls than callgrind found
  /// them to run (13065 and 603 against 13055 and 593), and
  /// `runningTheLoopFindsCodeBehindIndirectCalls` failed.
  @Test func aLoopsWitnessThunkIsNotTheLoop() throws {
    let loop = "$s13AppEnumSwitch0A5LoopsC9colorLoop_11repetitionsySnySiG_SitF"
    let thunk = "$s13AppEnumSwitch0A5LoopsCAA0a4ModeD0A2aDP9colorLoop_11repetitionsySnySiG_SitFTW"
    let code = try #require(CodeSize(elf: Self.elf(functions: [loop, thunk])))
    let feed = FeedID(domain: "feed", size: 1_000, distribution: "uniform", kinds: 6)
    let key = ResultKey(BenchmarkCase(feed: feed, operation: "feed.color", mode: .app), StrategyID("enum-switch"))
    let (loopIsLoop, thunkIsLoop) = (
      code.isLoop(loop, strategy: key.strategy, mode: .app, operation: "feed.color"),
      code.isLoop(thunk, strategy: key.strategy, mode: .app, operation: "feed.color")
    )
    #expect(loopIsLoop && !thunkIsLoop)
    #expect(code.bytes(of: key) == 8, "the loop's 8 bytes, not the thunk's too")
  }

  /// Calls are read an instruction at a time, not byte by byte: `a`'s
  /// `movabs rax, imm64` holds E8 09 00 00 00 in its immediate, which a
  /// byte-wise scan took for a call to `b`'s first byte (at ddd9c7f, 74
  /// bytes more for protocol-getter's app share rows in the build than in a
  /// relink of it); `c` calls `b`, and `d` tail-calls it on a condition
  /// (`jne rel32`), and `e` jumps to it (`jmp rel8`), which the byte-wise
  /// scan did not follow.
  @Test func callsAreReadAnInstructionAtATime() throws {
    let file = TinyELF.file(functions: [
      ("a", [0x48, 0xB8, 0xE8, 0x09, 0, 0, 0, 0, 0, 0, 0xC3] + [UInt8](repeating: 0xCC, count: 5)),
      ("b", [UInt8](repeating: 0xC3, count: 8)),
      ("c", [0xE8, 0xF3, 0xFF, 0xFF, 0xFF, 0xC3, 0xCC, 0xCC]),  // call b (0x1010 from 0x101D)
      ("d", [0x0F, 0x85, 0xEA, 0xFF, 0xFF, 0xFF, 0xC3, 0xCC]),  // jne b (0x1010 from 0x1026)
      ("e", [0xEB, 0xE6] + [UInt8](repeating: 0xCC, count: 6)),  // jmp b (0x1010 from 0x102A), rel8
    ])
    let code = try #require(CodeSize(elf: file))
    #expect(code.bytes(ofFunctionsNamed: ["a"]) == 16, "a's 16 bytes alone: its immediate is not a call")
    #expect(code.bytes(ofFunctionsNamed: ["c"]) == 16, "c's 8 and b's 8")
    #expect(code.bytes(ofFunctionsNamed: ["d"]) == 16, "d's 8 and b's 8")
    #expect(code.bytes(ofFunctionsNamed: ["e"]) == 16, "e's 8 and b's 8")
  }

  @Test func notAnELFFileHasNoCounts() {
    #expect(CodeSize(elf: Array("not an executable".utf8)) == nil)
    #expect(CodeSize(elf: []) == nil)
  }

  /// A `--static-swift-stdlib` binary defines the runtime's `swift_retain`
  /// itself, and every loop's calls run on into the runtime: no counts.
  /// The same file with the runtime as a shared library (no `swift_retain`
  /// of its own, only another function) has them.
  @Test func aBinaryHoldingTheSwiftRuntimeHasNoCounts() {
    let loop = "$s16StrategyRegistry7KernelsO5color_"
    #expect(CodeSize(elf: Self.elf(functions: [loop, "swift_release"])) != nil)
    #expect(CodeSize(elf: Self.elf(functions: [loop, "swift_retain"])) == nil)
    #expect(CodeSize(elf: Self.elf(functions: ["swift_retain"])) == nil)
  }

  /// A minimal x86-64 ELF file of these functions, each 8 bytes of `ret`.
  static func elf(functions names: [String]) -> [UInt8] {
    TinyELF.file(functions: names.map { ($0, [UInt8](repeating: 0xC3, count: 8)) })
  }
}
