@testable import BenchmarkEngine
@testable import BinaryInspection
import BenchmarkResults
import CommandLineSupport
import DispatchModel
import EnumSwitch
import Foundation
import StrategyRegistry
import TestSupport
import Testing

@Suite struct CallgrindOutputTests {
  static func fixture() throws -> String {
    try String(contentsOfFile: Fixtures.directory + "/callgrind/sample.callgrind", encoding: .utf8)
  }

  @Test func readsTotalsAndCallsFromTheFixture() throws {
    let output = try CallgrindOutput.parse(try Self.fixture())
    #expect(output.totals == ["Ir": 1000, "Bc": 100, "Bcm": 10, "Bi": 20, "Bim": 2])
    // Direct retains, and the ones a bridged retain makes.
    #expect(output.calls(to: ValgrindRunner.retainFunctions) == 8)
    // Recursion levels (swift_release'2) count as the function.
    #expect(output.calls(to: ValgrindRunner.releaseFunctions) == 6)
    // The interposer's malloc, in the binary, and glibc's, which it calls.
    let binary = "/tmp/bench/dispatch-bench"
    #expect(output.calls(to: ValgrindRunner.allocationFunctions, in: { $0 == binary }) == 7)
    #expect(output.calls(to: ValgrindRunner.allocationFunctions) == 14)
    #expect(output.calls(to: ["free"], in: { $0 == binary }) == 6)
    #expect(
      output.calls[
        .init(object: "/opt/swift/usr/lib/swift/linux/libswiftCore.so", function: "swift_bridgeObjectRetain")] == 3)
  }

  /// What `run` follows to find the code an operation ran: each function's
  /// callees, in the object they live in, from any root, transitively.
  @Test func followsCallsFromARoot() throws {
    let text = """
      events: Ir
      ob=(1) /tmp/b
      fn=(1) loop
      0 5
      cfn=(2) accept
      calls=6 0
      0 60
      cob=(2) /lib/libswiftCore.so
      cfn=(3) swift_retain
      calls=6 0
      0 30
      fn=(2)
      0 12
      cfn=(4) visit'2
      calls=6 0
      0 18
      fn=(5) setup
      0 40
      cfn=(6) unrelated
      calls=1 0
      0 4
      totals: 109
      """
    let output = try CallgrindOutput.parse(text)
    let reached = output.reached { $0.function == "loop" }
    #expect(
      Set(reached.map(\.function)) == ["loop", "accept", "swift_retain", "visit"],
      "the setup and what only it called are not reached; a recursion level is its function")
    #expect(reached.contains(.init(object: "/lib/libswiftCore.so", function: "swift_retain")))
    #expect(reached.contains(.init(object: "/tmp/b", function: "visit")))
    #expect(output.reached { $0.function == "absent" }.isEmpty)
  }

  @Test func readsCRLFLineEnds() throws {
    let text = try Self.fixture().split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    #expect(try CallgrindOutput.parse(text).calls(to: ValgrindRunner.retainFunctions) == 8)
  }

  /// A child that switches instrumentation on itself (`--instr-atstart=no`)
  /// gets a summary wrapped below zero from callgrind; its totals line holds.
  @Test func takesTheTotalsLineOverAWrappedSummary() throws {
    let text = "events: Ir\nsummary: 18446744073709465467\nfn=(1) f\n0 5\ntotals: 1335869\n"
    #expect(try CallgrindOutput.parse(text).totals == ["Ir": 1_335_869])
    #expect(try CallgrindOutput.parse("events: Ir\nsummary: 42\nfn=(1) f\n0 5\n").totals == ["Ir": 42])
    // A repeated event name is read, not a crash.
    #expect(try CallgrindOutput.parse("events: Ir Ir\nsummary: 1 2\n").totals == ["Ir": 1])
  }

  @Test(arguments: [
    ("events: Ir\nfn=(1) f\ncfn=(9)\ncalls=1 0\ntotals: 5\n", "line 3: undefined name (9)"),
    ("events: Ir\nfn=(1) f\ncalls=1 0\ntotals: 5\n", "line 3: calls= without cfn="),
    ("fn=(1) f\n0 5\n", "no events: and totals: lines"),
    ("events: Ir\ntotals: x\n", "line 2: \"x\" is not a count"),
    ("events: Ir\nsummary: 18446744073709465467\nfn=(1) f\n0 5\n", "no totals: line, and no summary: line of counts"),
  ])
  func refusesMalformedOutput(text: String, message: String) {
    #expect {
      try CallgrindOutput.parse(text)
    } throws: { error in
      (error as? CallgrindOutput.ParseError)?.description.contains(message) == true
    }
  }
}

@Suite struct FootprintTests {
  /// A feed of one invitation row repeated, all of whose strings fit inline.
  static let rows = FeedItemSequence(
    source: .tiled(
      FeedFile(feed: [.invitation(InvitationViewObject(id: "1", inviter: "Ann", eventTitle: "Gig", isEmpty: false))]),
      seed: 1),
    count: 10_000)

  func footprint(_ strategy: String) throws -> Double {
    let registered = try #require(Registry.strategy(named: strategy), "no strategy \(strategy)")
    // Built once uncounted first: the runtime's one-time caches (type
    // metadata, conformances) are allocated by whichever test reaches them
    // first, and about 7,800 bytes of them in the counted window made this
    // 73.78 bytes an element in one run of many suites in parallel.
    withExtendedLifetime(registered.prepare(Self.rows)) {}
    let (prepared, counts) = HeapCounter.count { registered.prepare(Self.rows) }
    withExtendedLifetime(prepared) {}
    return Double(counts.liveBytes) / Double(Self.rows.count)
  }

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func anEnumRowIsItsStrideAndNothingMore() throws {
    let stride = Double(MemoryLayout<EnumSwitch.FeedRow>.stride)
    #expect(stride == 72)
    let perElement = try footprint("enum-switch")
    // The array's elements, plus the controller and pool, spread thin.
    #expect(perElement >= stride && perElement < stride + 1, "\(perElement)")
  }

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func anExistentialRowIsItsContainerPlusABox() throws {
    let perElement = try footprint("protocol-getter")
    // A 40-byte existential container, and a heap box holding the 49-byte view
    // object behind a 16-byte object header.
    let box = Double(16 + MemoryLayout<InvitationViewObject>.size)
    #expect(perElement >= 40 + box && perElement < 40 + box + 32, "\(perElement)")
  }
}

/// `dispatch-bench profile` as a subprocess. Needs valgrind, which CI installs.
@Suite(.serialized) struct ProfileCommandTests {
  static let hasValgrind = ExternalTools.hasValgrind

  /// One mode only: each cell is two valgrind runs of the debug build
  /// (about 5 s each here), and this suite is CI's longest path. Which rows
  /// both modes give is `listNeedsNoValgrind`'s to check.
  func profile(_ output: String) throws -> [[String: String]] {
    let result = try Subprocess.run([
      "profile", "--allow-debug-build", "--operations", "feed.color", "--strategies",
      "classic-visitor,enum-switch", "--modes", "boundary", "--sizes", "200", "--output", output, "--force", "--quiet",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let table = try CSVReader.parse(try String(contentsOfFile: output, encoding: .utf8))
    return table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
  }

  @Test(.enabled(if: hasValgrind, "needs valgrind, which CI installs")) func countsAreTheSameOnEveryRun() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try profile(directory + "/first.csv")
    let second = try profile(directory + "/second.csv")
    let rows = ["classic-visitor", "enum-switch", "floor", "null"]
    #expect(first.map { $0["strategy"] } == rows)
    #expect(first.map { $0["mode"] } == Array(repeating: "boundary", count: 4))
    #expect(second.map { $0["strategy"] } == first.map { $0["strategy"] })
    let metrics = ProfileMetric.all.map(\.column)
    for (a, b) in zip(first, second) {
      let strategy = try #require(a["strategy"])
      for metric in metrics { #expect(a[metric] == b[metric], "\(strategy) \(metric)") }
    }
    // The classic visitor's colour goes through two witness calls and a
    // stored result; the enum's through one switch: more instructions and
    // more retains, in a debug build (as here) as in a release one.
    // Found by name, not by place: the rows above are classic-visitor,
    // enum-switch, floor and null.
    let classic = try #require(first.first { $0["strategy"] == "classic-visitor" && $0["mode"] == "boundary" })
    let enumSwitch = try #require(first.first { $0["strategy"] == "enum-switch" && $0["mode"] == "boundary" })
    func value(_ row: [String: String], _ column: String) throws -> Double {
      try #require(row[column].flatMap(Double.init), "\(column)")
    }
    #expect(try value(classic, "instructions_per_element") > value(enumSwitch, "instructions_per_element"))
    #expect(try value(classic, "retains_per_element") > value(enumSwitch, "retains_per_element"))
    #expect(try value(enumSwitch, "allocations_per_element") == 0)
  }

  @Test func aMissingValgrindExitsWith69AndSaysHowToInstallIt() throws {
    let result = try Subprocess.run(
      ["profile", "--allow-debug-build", "--operations", "feed.color", "--output", "/tmp/never-\(UUID()).csv"],
      environment: ["PATH": "/nonexistent"])
    #expect(result.status == 69)
    #expect(result.standardError.contains("valgrind is not installed"))
    #expect(result.standardError.contains("apt-get install valgrind"))
  }

  /// `--wide`: where COLUMNS asks for 80, the counts' table at its full
  /// width, as with no width to fit; fitted, the same profile's table fits
  /// 80 columns.
  @Test(.enabled(if: hasValgrind, "needs valgrind, which CI installs"))
  func wideKeepsTheCountsTableAtItsFullWidth() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/wide.csv"
    let result = try Subprocess.run(
      [
        "profile", "--allow-debug-build", "--operations", "feed.color", "--strategies", "enum-switch", "--modes",
        "boundary", "--sizes", "100", "--output", output, "--quiet", "--wide",
      ], environment: ProcessInfo.processInfo.environment.merging(["COLUMNS": "80"]) { $1 })
    #expect(result.status == 0, "\(result.standardError)")
    guard case .profile(let profile) = try Schema.load(output) else { throw ResultsError("\(output) is not a profile") }
    let full = TextTable.$width.withValue(nil) { ProfileOutput.render(profile, format: .table) }
    #expect(result.standardOutput == full)
    #expect(full.split(separator: "\n").contains { $0.count > 80 }, "no line wider than 80: nothing to keep\n\(full)")
    let fitted = TextTable.$width.withValue(80) { ProfileOutput.render(profile, format: .table) }
    #expect(fitted.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(fitted)")
  }

  @Test func listNeedsNoValgrind() throws {
    let result = try Subprocess.run(
      ["profile", "--operations", "feed.color", "--strategies", "naive", "--list"],
      environment: ["PATH": "/nonexistent"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.split(separator: "\n")
        == [
          "feed/feed.color/naive/uniform/1000", "feed/feed.color/floor/uniform/1000",
          "feed/feed.color/null/uniform/1000", "feed/feed.color/naive/uniform/1000/app",
          "feed/feed.color/floor/uniform/1000/app", "feed/feed.color/null/uniform/1000/app",
        ])
  }

  /// The synthetic domain: profiled when asked for, at 8 and 64 kinds
  /// unless --kinds says otherwise; never in the default profile.
  @Test(arguments: [
    (["--domains", "synthetic"], 4),
    (["--operations", "synthetic.label,feed.color"], 4),
    (["--domains", "synthetic", "--kinds", "16"], 2),
    (["--domains", "share,feed"], 0),
    (["--operations", "feed.color"], 0),
  ])
  func profilesTheSyntheticDomainOnlyWhenAskedFor(options: [String], rows: Int) throws {
    let result = try Subprocess.run(
      ["profile", "--strategies", "enum-switch", "--list"] + options
        + (options.contains("--operations") ? [] : ["--operations", "synthetic.label,feed.color"]))
    #expect(result.status == 0, "\(options): \(result.standardError)")
    let synthetic = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("synthetic/") }
    #expect(synthetic.count == rows, "\(options): \(synthetic)")
    #expect(synthetic.allSatisfy { $0.hasPrefix("synthetic/synthetic.label/") && $0.hasSuffix("/app") }, "\(options)")
  }

  /// Without --output, a profile writes results/local/<UTC start>-profile.csv
  /// under the directory it runs in, nothing else.
  @Test(.enabled(if: hasValgrind, "needs valgrind, which CI installs"))
  func withoutOutputAProfileWritesUnderResultsLocalOfItsDirectory() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run(
      [
        "profile", "--allow-debug-build", "--operations", "feed.color", "--strategies", "enum-switch", "--modes", "app",
        "--sizes", "100", "--quiet",
      ], currentDirectory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["results"])
    let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/results/local")
    try #require(files.count == 1, "\(files)")
    #expect(files[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-profile\.csv/) != nil, "\(files[0])")
    guard case .profile(let file) = try Schema.load(directory + "/results/local/" + files[0]) else {
      throw ResultsError("results/local/\(files[0]) is not a profile")
    }
    #expect(file.rows.contains { $0.key.strategy == "enum-switch" })
  }
}
