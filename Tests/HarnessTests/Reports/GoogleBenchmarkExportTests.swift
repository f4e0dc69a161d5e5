@testable import BenchmarkEngine
@testable import DispatchBenchCLI
import BenchmarkResults
import Foundation
import TestSupport
import Testing
import RunContract

/// `export` and `run --format gbench` write what Google Benchmark's
/// tools/compare.py reads: its field names, and its types.
@Suite struct GoogleBenchmarkExportTests {
  static let run = Fixtures.pairA

  /// The document's context and benchmarks, checked field by field.
  @discardableResult
  func checkDocument(_ text: String, rows: Int? = nil) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let document = try #require(object as? [String: Any])
    let context = try #require(document["context"] as? [String: Any])
    #expect(context["date"] is String)
    #expect(context["host_name"] is String)
    #expect(context["executable"] is String)
    #expect(context["num_cpus"] is Int)
    #expect(context["mhz_per_cpu"] is Int)
    #expect(context["cpu_scaling_enabled"] is Bool)
    #expect(context["caches"] is [Any])
    #expect(context["load_avg"] is [Any])
    #expect(["release", "debug"].contains(context["library_build_type"] as? String))
    let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
    #expect(!benchmarks.isEmpty)
    for benchmark in benchmarks {
      let name = try #require(benchmark["name"] as? String)
      let runName = try #require(benchmark["run_name"] as? String)
      #expect(benchmark["family_index"] is Int, "\(name)")
      #expect(benchmark["per_family_instance_index"] is Int, "\(name)")
      #expect(benchmark["repetitions"] is Int, "\(name)")
      #expect(benchmark["threads"] as? Int == 1, "\(name)")
      #expect(benchmark["iterations"] is Int, "\(name)")
      #expect(benchmark["real_time"] is Double, "\(name)")
      // Runs time wall clock only: cpu_time repeats real_time, as export's
      // help says, so compare.py's CPU columns read the same figures.
      #expect(benchmark["cpu_time"] is Double, "\(name)")
      #expect(benchmark["cpu_time"] as? Double == benchmark["real_time"] as? Double, "\(name)")
      #expect(benchmark["time_unit"] as? String == "ns", "\(name)")
      switch benchmark["run_type"] as? String {
      case "iteration":
        #expect(name == runName)
        #expect(benchmark["repetition_index"] is Int, "\(name)")
      case "aggregate":
        let aggregate = try #require(benchmark["aggregate_name"] as? String)
        #expect(["mean", "median", "stddev"].contains(aggregate))
        #expect(name == runName + "_" + aggregate)
      default:
        Issue.record("\(name): run_type \(String(describing: benchmark["run_type"]))")
      }
    }
    // compare.py matches aggregates by name, and a benchmark's repetitions
    // by run_name and repetition_index: both unique.
    let aggregates = benchmarks.filter { $0["run_type"] as? String == "aggregate" }.compactMap { $0["name"] as? String }
    #expect(Set(aggregates).count == aggregates.count)
    let repetitions = benchmarks.filter { $0["run_type"] as? String == "iteration" }.map {
      "\($0["run_name"] as? String ?? "")#\($0["repetition_index"] as? Int ?? -1)"
    }
    #expect(Set(repetitions).count == repetitions.count)
    if let rows {
      #expect(benchmarks.filter { $0["run_type"] as? String == "aggregate" }.count == rows * 3)
    }
    return benchmarks
  }

  @Test func exportOfARunCSVIsGoogleBenchmarkJSON() throws {
    let result = try Subprocess.run(["export", Self.run])
    #expect(result.status == 0, "\(result.standardError)")
    guard case .run(let file) = try Schema.load(Self.run) else {
      Issue.record("not a run")
      return
    }
    let benchmarks = try checkDocument(result.standardOutput, rows: file.rows.count)
    let median = try #require(
      benchmarks.first { $0["name"] as? String == "share.instagram/enum-switch/boundary/100000/uniform/kinds:3_median" }
    )
    let row = try #require(
      file.rows.first {
        $0.key.operation == "share.instagram" && $0.key.strategy.rawValue == "enum-switch" && $0.key.mode == .boundary
          && $0.key.feed.size == 100_000 && $0.key.feed.distribution == "uniform"
      })
    #expect((median["real_time"] as? Double).map { abs($0 - row.median) < 1e-9 } == true)
    #expect((median["cpu_time"] as? Double).map { abs($0 - row.median) < 1e-9 } == true)
    #expect(median["repetitions"] as? Int == row.statistics.count)
  }

  @Test func samplesBecomeRepetitions() throws {
    let key = ResultKey(
      BenchmarkCase(
        feed: FeedID(domain: "share", size: 1000, distribution: "uniform", kinds: 3), operation: "share.line"),
      StrategyID("naive"))
    let values = [10.0, 12.0, 11.0]
    let samples = values.enumerated().map { index, value in
      RawSample(
        key: key, index: index, launch: 0, round: index, position: 0, elementsPerSample: 500,
        nanosecondsPerElement: value)
    }
    var row = TimingRow.empty
    row.key = key
    row.statistics = try SampleStatistics(values)
    let info = RunInfo(
      schemaVersion: Schema.runVersion, runID: "test", timestamp: "2026-11-23T00:00:00Z",
      machine: Machine(
        swiftVersion: "6.3", buildConfiguration: "release", buildFlags: "-O", operatingSystem: "Linux",
        cpuModel: "test", cores: 2),
      seed: 1, command: "dispatch-bench", baseline: StrategyID("enum-switch"))
    let text = GoogleBenchmarkJSON.document(info: info, rows: [row], samples: [key: samples])
    let benchmarks = try checkDocument(text, rows: 1)
    let iterations = benchmarks.filter { $0["run_type"] as? String == "iteration" }
    #expect(iterations.map { $0["real_time"] as? Double } == values)
    #expect(iterations.map { $0["repetition_index"] as? Int } == [0, 1, 2])
    #expect(iterations.allSatisfy { $0["iterations"] as? Int == 500 && $0["repetitions"] as? Int == 3 })
    let mean = benchmarks.first { $0["aggregate_name"] as? String == "mean" }
    #expect(mean?["real_time"] as? Double == 11.0)
  }

  @Test func runWritesGoogleBenchmarkJSONOnRequest() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("gbench-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--domains", "share", "--operations", "share.instagram", "--sizes", "100",
      "--modes", "boundary", "--launches", "1", "--max-time-per-case", "0.001", "--format", "gbench",
      "--output", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let benchmarks = try checkDocument(result.standardOutput)
    // In-process samples: every row has its iterations.
    #expect(benchmarks.contains { $0["run_type"] as? String == "iteration" })
  }

  @Test(.enabled(if: ExternalTools.hasPython, "needs /usr/bin/python3, which CI has"))
  func pythonReadsTheExport() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("gbench-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let export = try Subprocess.run(["export", Self.run, "--output", path])
    #expect(export.status == 0, "\(export.standardError)")
    let python = try Subprocess.run(
      ["-c", "import json, sys; d = json.load(open(sys.argv[1])); print(len(d['benchmarks']))", path],
      program: "/usr/bin/python3")
    #expect(python.status == 0, "\(python.standardError)")
    #expect((Int(python.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0)
  }

  @Test func exportRefusesAProfileAndNamesTheFix() throws {
    let result = try Subprocess.run(["export", Fixtures.profile])
    #expect(result.status == 65)
    #expect(result.standardError.contains("is a profile, not a run"))
  }

  /// `--format gbench`, the one format, writes what the default writes; any
  /// other is refused by name, with the formats there are.
  @Test func theFormatOptionNamesGoogleBenchmarksJSON() {
    let named = InProcess.main(["export", Self.run, "--format", "gbench"])
    #expect(named.status == 0, "\(named.errors)")
    #expect(named.output.hasPrefix("{") && named.output.contains("\"benchmarks\""))
    #expect(named.output == InProcess.main(["export", Self.run]).output)
    let other = InProcess.main(["export", Self.run, "--format", "json"])
    #expect(other.status == 64)
    #expect(other.output.isEmpty)
    #expect(
      other.errors.contains(#"--format: "json" is not one of gbench (example: --format gbench)"#), "\(other.errors)")
  }

  @Test func exportIsInTheOverviewAndItsFlagsInHelp() throws {
    #expect(DispatchBench.overview.contains("export"))
    let help = try #require(DispatchBench.commands["export"]).help
    for flag in ["--format FORMAT", "--samples SAMPLES.csv", "--output PATH", "--force", "--help"] {
      #expect(help.contains(flag), "\(flag)")
    }
    #expect(RunOptions.spec.help.contains("gbench"))
  }

  /// A samples file for `run`: three samples a row, in three rounds that
  /// pair, at 0.9, 1 and 1.1 times the row's median.
  static func writeSamples(of file: RunFile, to path: String) throws {
    let samples = file.rows.flatMap { row in
      [0.9, 1, 1.1].enumerated().map { round, factor in
        RawSample(
          key: row.key, index: round, launch: 0, round: round, elementsPerSample: 100,
          nanosecondsPerElement: row.median * factor)
      }
    }
    try SamplesFile.document(runID: file.info.runID, samples: samples).write(
      toFile: path, atomically: true, encoding: .utf8)
  }

  /// With --samples, every raw sample is a repetition of its benchmark,
  /// its time the sample's.
  @Test func exportWithSamplesWritesEverySampleAsARepetition() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    guard case .run(let file) = try Schema.load(Self.run) else { throw ResultsError("\(Self.run) is not a run") }
    try Self.writeSamples(of: file, to: directory + "/samples.csv")
    let result = try Subprocess.run(["export", Self.run, "--samples", directory + "/samples.csv"])
    #expect(result.status == 0, "\(result.standardError)")
    let benchmarks = try checkDocument(result.standardOutput, rows: file.rows.count)
    let iterations = benchmarks.filter { $0["run_type"] as? String == "iteration" }
    #expect(iterations.count == file.rows.count * 3)
    let name = "share.instagram/enum-switch/boundary/100000/uniform/kinds:3"
    let row = try #require(
      file.rows.first {
        $0.key.operation == "share.instagram" && $0.key.strategy == "enum-switch"
          && $0.key.mode == .boundary && $0.key.feed.size == 100_000 && $0.key.feed.distribution == "uniform"
      })
    let times = iterations.filter { $0["run_name"] as? String == name }.compactMap { $0["real_time"] as? Double }
    try #require(times.count == 3, "\(name): \(times)")
    for (time, factor) in zip(times.sorted(), [0.9, 1, 1.1]) {
      // The samples file keeps four decimals of a nanosecond.
      #expect(abs(time - row.median * factor) <= 1e-4, "\(name): \(time)")
    }
    // Another run's samples are refused, not exported beside this run.
    let samples = try SamplesFile.load(directory + "/samples.csv").samples.values.flatMap { $0 }
    try SamplesFile.document(runID: "2026-01-01T00-00-00Z-another", samples: samples).write(
      toFile: directory + "/other.csv", atomically: true, encoding: .utf8)
    let other = try Subprocess.run(["export", Self.run, "--samples", directory + "/other.csv"])
    #expect(other.status == 65, "\(other.standardError)")
    #expect(
      other.standardError.contains("holds the samples of run 2026-01-01T00-00-00Z-another"), "\(other.standardError)")
  }

  /// --output refuses an existing file, leaving it as it was, unless
  /// --force is given.
  @Test func exportRefusesAnExistingFileWithoutForce() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/base.json"
    try "earlier\n".write(toFile: output, atomically: true, encoding: .utf8)
    let refused = try Subprocess.run(["export", Self.run, "--output", output])
    #expect(refused.status == 73, "\(refused.standardError)")
    #expect(refused.standardError.contains("already exists; pass --force"), "\(refused.standardError)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "earlier\n")
    let forced = try Subprocess.run(["export", Self.run, "--output", output, "--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    try checkDocument(try String(contentsOfFile: output, encoding: .utf8))
    #expect(forced.standardOutput.isEmpty)
  }
}
