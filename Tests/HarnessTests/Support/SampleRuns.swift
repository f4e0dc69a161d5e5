@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import RunContract
import Testing

/// Synthetic run results, for tests that need rows without timing anything.
enum SampleRuns {
  static let machine = Machine(
    swiftVersion: "6.3.1", buildConfiguration: "release", buildFlags: "-O", operatingSystem: "Test OS",
    cpuModel: "Test CPU, \"quoted\", with commas", cores: 2)

  static func feed(_ domain: Domain = .feed, size: Int = 1_000, distribution: KindDistribution = .uniform)
    -> ElementsSpec
  {
    ElementsSpec(
      domain: domain, size: size, distribution: distribution.rawValue,
      kinds: domain == .share ? 3 : 6, seed: 1, source: "generated",
      elementSource: .generated(seed: 1, distribution: distribution, kinds: domain == .share ? 3 : 6))
  }

  static func row(_ strategy: StrategyID, _ operation: String, samples: [Double], feed: ElementsSpec = feed())
    -> TimingRow
  {
    var row = TimingRow(
      key: feed.key(operation, strategy), schedule: "interleaved", statistics: .of(samples),
      elementsPerSample: feed.size, checksum: CSVNumber.hex(0xDEAD_BEEF))
    row.elementStride = 8
    row.footprintBytesPerElement = 40.5
    return row
  }

  static let info = RunInfo(
    schemaVersion: Schema.runVersion, runID: "test-run", timestamp: "2026-11-22T00:00:00Z", machine: machine,
    seed: 1, command: "dispatch-bench run --quick", baseline: "enum-switch")

  /// A small run: the floor, and two strategies on two operations.
  static func results(scale: [String: Double] = [:]) -> MeasuredRun {
    var rows = [row(.floor, "floor", samples: [1, 1.1, 0.9, 1, 1, 1, 1, 1, 1, 1])]
    for operation in ["feed.identifier", "feed.height"] {
      for (strategy, base) in [("protocol-getter", 20.0), ("enum-switch", 10.0)] {
        let factor = scale["\(operation)/\(strategy)"] ?? 1
        rows.append(
          row(StrategyID(strategy), operation, samples: (0..<10).map { base * factor + Double($0 % 3) * 0.01 }))
      }
    }
    var results = MeasuredRun(info: info, rows: rows)
    results.computeRatios()
    return results
  }
}
