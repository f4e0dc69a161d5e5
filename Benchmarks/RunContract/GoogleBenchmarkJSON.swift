import BenchmarkResults
import CommandLineSupport

/// A run in Google Benchmark's JSON format (`--benchmark_format=json`), so
/// that its `tools/compare.py` and the dashboards that read it read our runs.
///
/// Each row is a benchmark named `operation/strategy/mode/size/distribution`
/// with `/kinds:N` (`share.instagram/enum-switch/boundary/100000/uniform/kinds:3`),
/// one family per operation, strategy and mode. With raw samples, each sample
/// is an `iteration` entry (a repetition: `iterations` elements timed,
/// `real_time` nanoseconds per element); then come the `mean`, `median` and
/// `stddev` aggregates of every sample, over every launch. Without samples,
/// only the aggregates, from the run CSV's columns. We time wall-clock time
/// only: `cpu_time` repeats `real_time`.
package enum GoogleBenchmarkJSON {
  /// The version of Google Benchmark's JSON layout this follows.
  package static let schemaVersion = 1

  /// The document, for a run's rows and, when there are any, its raw samples.
  package static func document(info: RunInfo, rows: [TimingRow], samples: [ResultKey: [RawSample]] = [:]) -> String {
    var families: [String: Int] = [:]
    var instances: [Int: Int] = [:]
    var entries: [String] = []
    for row in rows {
      let familyName = "\(row.key.operation)/\(row.key.strategy)/\(row.key.mode)"
      let family = families[familyName] ?? families.count
      families[familyName] = family
      let instance = instances[family, default: 0]
      instances[family] = instance + 1
      let name = runName(row.key)
      let rowSamples = samples[row.key] ?? []
      let repetitions = rowSamples.isEmpty ? row.statistics.count : rowSamples.count
      let common: [(String, String)] = [
        ("family_index", String(family)), ("per_family_instance_index", String(instance)),
        ("run_name", JSONText.quoted(name)),
      ]
      for (index, sample) in rowSamples.enumerated() {
        entries.append(
          object(
            [("name", JSONText.quoted(name))] + common + [
              ("run_type", "\"iteration\""), ("repetitions", String(repetitions)),
              ("repetition_index", String(index)), ("threads", "1"),
              ("iterations", String(sample.elementsPerSample)),
              ("real_time", time(sample.nanosecondsPerElement)), ("cpu_time", time(sample.nanosecondsPerElement)),
              ("time_unit", "\"ns\""),
            ]))
      }
      let statistics = (try? SampleStatistics(rowSamples.map(\.nanosecondsPerElement))) ?? row.statistics
      for (aggregate, value) in [
        ("mean", statistics.mean), ("median", statistics.median), ("stddev", statistics.standardDeviation),
      ] {
        entries.append(
          object(
            [("name", JSONText.quoted("\(name)_\(aggregate)"))] + common + [
              ("run_type", "\"aggregate\""), ("repetitions", String(repetitions)), ("threads", "1"),
              ("aggregate_name", JSONText.quoted(aggregate)), ("aggregate_unit", "\"time\""),
              ("iterations", String(repetitions)), ("real_time", time(value)), ("cpu_time", time(value)),
              ("time_unit", "\"ns\""),
            ]))
      }
    }
    return "{\n  \"context\": \(context(info)),\n  \"benchmarks\": [\n    "
      + entries.joined(separator: ",\n    ") + "\n  ]\n}\n"
  }

  /// `share.instagram/enum-switch/boundary/100000/uniform/kinds:3`
  package static func runName(_ key: ResultKey) -> String {
    "\(key.operation)/\(key.strategy)/\(key.mode)/\(key.feed.size)/\(key.feed.distribution)/kinds:\(key.feed.kinds)"
  }

  /// What Google Benchmark records of the machine, as far as a run CSV
  /// knows it (the clock rate, caches and load are not recorded: 0 and
  /// empty), and the run's own identity as custom context.
  private static func context(_ info: RunInfo) -> String {
    object([
      ("date", JSONText.quoted(info.timestamp)), ("host_name", "\"\""), ("executable", "\"dispatch-bench\""),
      ("num_cpus", String(info.machine.cores)), ("mhz_per_cpu", "0"), ("cpu_scaling_enabled", "false"),
      ("caches", "[]"), ("load_avg", "[]"),
      ("library_version", JSONText.quoted("dispatch-bench \(ToolVersion.current)")),
      ("library_build_type", JSONText.quoted(info.machine.buildConfiguration)),
      ("json_schema_version", String(schemaVersion)),
      ("dispatch_bench_run_id", JSONText.quoted(info.runID)), ("command", JSONText.quoted(info.command)),
      ("cpu_model", JSONText.quoted(info.machine.cpuModel)), ("os", JSONText.quoted(info.machine.operatingSystem)),
      ("swift_version", JSONText.quoted(info.machine.swiftVersion)),
      ("build_flags", JSONText.quoted(info.machine.buildFlags)), ("seed", JSONText.quoted(String(info.seed))),
      ("complete", info.complete ? "true" : "false"),
    ])
  }

  private static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A time as a JSON number with a fraction, as Google Benchmark writes
  /// it (`null` when not finite).
  private static func time(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "null"
  }
}
