@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// `dispatch-bench run` as a subprocess. These tests check what a run
/// writes and how it fails, never how fast anything was.
@Suite struct RunCommandTests {
  static func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dispatch-bench-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func aQuickRunWritesEveryStrategyAndTheFloor() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/quick.csv"
    let samples = directory + "/samples.csv"
    let result = try Subprocess.run([
      "run", "--quick", "--allow-debug-build", "--output", output, "--samples", samples,
      "--format", "csv",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    // Standard output got the same CSV.
    #expect(result.standardOutput == text)
    let table = try CSVReader.parse(text)
    // A header or record that is not the schema's fails here, not as a crash below.
    try #require(table.header == Schema.run.names)
    try #require(table.records.allSatisfy { $0.fields.count == table.header.count })
    let rows = table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
    let patterns = Set(Registry.names)
    for operation in SpecOperation.allCases {
      for mode in ["boundary", "app"] {
        let caseRows = rows.filter { $0["operation"] == operation.rawValue && $0["mode"] == mode }
        let strategies = caseRows.map { $0["strategy"] ?? "" }
        #expect(strategies == Registry.names + ["floor", "null"], "\(operation.rawValue) \(mode)")
        // The strategies' checksums agree in both modes, as the run checked
        // before timing.
        let checksums = Set(caseRows.filter { patterns.contains($0["strategy"] ?? "") }.map { $0["checksum"] })
        #expect(checksums.count == 1, "\(operation.rawValue) \(mode)")
        // Every row of a case shares its shuffle seed, and is paired.
        #expect(Set(caseRows.map { $0["shuffle_seed"] }).count == 1)
        #expect(caseRows.allSatisfy { $0["ratio_to_baseline"]?.isEmpty == false && $0["launches"] == "1" })
      }
    }
    var total = 0
    for row in rows {
      #expect(row["build_configuration"] == (BuildUnderTest.isDebug ? "debug" : "release"))
      #expect(row["size"] == "1000")
      let samples = try #require(row["samples"].flatMap(Int.init), "samples: \(row["samples"] ?? "")")
      total += samples
      #expect(samples >= SamplingSettings().minimumRounds)
      #expect(row["command"]?.hasPrefix("dispatch-bench run --quick") == true)
      let low = try #require(row["ci95_low_ns"].flatMap(Double.init))
      let median = try #require(row["median_ns"].flatMap(Double.init))
      let high = try #require(row["ci95_high_ns"].flatMap(Double.init))
      #expect(low <= median && median <= high)
      #expect(row["baseline"] == "enum-switch")
      if row["strategy"] == "enum-switch" { #expect(row["ratio_to_baseline"] == "1") }
    }
    let sampleTable = try CSVReader.parse(try String(contentsOfFile: samples, encoding: .utf8))
    #expect(sampleTable.records.count == total)
  }

  @Test(.enabled(if: BuildUnderTest.isDebug, Comment(rawValue: BuildUnderTest.needsDebug)))
  func aDebugBuildIsRefusedUnlessAllowed() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run(["run", "--quick", "--output", directory + "/x.csv"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("debug build"))
    #expect(result.standardError.contains("--allow-debug-build"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/x.csv"))
  }

  @Test func anExistingOutputIsNeverOverwrittenWithoutForce() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/kept.csv"
    try "precious\n".write(toFile: output, atomically: true, encoding: .utf8)
    let result = try Subprocess.run([
      "run", "--quick", "--allow-debug-build", "--operations", "feed.color", "--output", output,
    ])
    #expect(result.status == 73)
    #expect(result.standardError.contains("already exists"))
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious\n")
  }

  @Test func listPrintsTheCellsWithoutRunning() throws {
    let result = try Subprocess.run(["run", "--quick", "--operations", "feed.color", "--list"])
    #expect(result.status == 0)
    let keys = result.standardOutput.split(separator: "\n").map(String.init)
    let names = Registry.names + ["floor", "null"]
    #expect(
      keys
        == names.map { "feed/feed.color/\($0)/uniform/1000" } + names.map { "feed/feed.color/\($0)/uniform/1000/app" })
  }

  @Test func aSizeThatCannotFitIsRefusedUpFrontWithTheEstimate() throws {
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--operations", "feed.identifier", "--sizes", "100000000000",
      "--output", "/tmp/never-written-\(UUID()).csv",
    ])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--sizes 100000000000"))
    #expect(result.standardError.contains("would need about"))
    #expect(result.standardError.contains("GiB"))
  }

  @Test func helpDocumentsEveryFlag() throws {
    let result = try Subprocess.run(["run", "--help"])
    #expect(result.status == 0)
    // An option line of its own: `--launches` is not listed by `--min-launches`.
    let listed = GuidesTests.flags(inHelp: result.standardOutput)
    for option in RunOptions.spec.options {
      #expect(listed.contains(option.name), "\(option.name)")
      if let example = option.example { #expect(result.standardOutput.contains(example)) }
    }
  }

  /// Without --output, a run writes results/local/<UTC start>.csv under the
  /// directory it runs in (and its samples beside it), nothing else.
  @Test func withoutOutputARunWritesUnderResultsLocalOfItsDirectory() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run(
      [
        "run", "--allow-debug-build", "--quick", "--domains", "share", "--operations", "share.instagram",
        "--modes", "boundary",
      ], currentDirectory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["results"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/results") == ["local"])
    let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/results/local").sorted()
    let runs = files.filter { !$0.hasSuffix("-samples.csv") }
    try #require(runs.count == 1, "\(files)")
    #expect(runs[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv/) != nil, "\(runs[0])")
    #expect(files.allSatisfy { $0 == runs[0] || $0 == runs[0].dropLast(4) + "-samples.csv" }, "\(files)")
    guard case .run(let file) = try Schema.load(directory + "/results/local/" + runs[0]) else {
      throw ResultsError("results/local/\(runs[0]) is not a run")
    }
    #expect(file.rows.contains { $0.key.strategy == "enum-switch" && $0.key.operation == "share.instagram" })
    #expect(result.standardError.contains("results/local/" + runs[0]), "the run names where it wrote")
  }
}
