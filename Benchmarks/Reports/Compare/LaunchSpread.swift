#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import Statistics
import CommandLineSupport

/// How much a row's ratio varies from launch to launch, against what one
/// launch alone would claim: `compare RUN.csv --samples RUN-samples.csv
/// --show launch-spread`.
///
/// For every strategy row, in each launch, the median of its per-round
/// log-ratios to its reference (the baseline; the baseline's own to the
/// floor), as the run takes it; then over the rows, the standard deviation
/// of those per-launch values across launches (what a run's interval is made
/// of) against each launch's own standard error. When the first is much the
/// larger, one process's samples are not independent of each other: only
/// more launches narrow the interval.
package enum LaunchSpread {
  /// Rows listed, widest spread first.
  package static let listed = 10

  package struct Row {
    package var key: ResultKey
    /// The standard deviation of the per-launch medians of the log-ratio.
    package var betweenLaunches: Double
    /// The median over launches of each launch's standard error.
    package var withinLaunch: Double
    package var launches: Int
  }

  package static func report(_ samples: SamplesFile, baseline: StrategyID) -> CheckReport {
    let rows = samples.samples.keys.filter { !$0.strategy.isReference }.compactMap { key in
      row(key, samples: samples, reference: key.strategy == baseline ? .floor : baseline)
    }
    guard !rows.isEmpty else { return .cannotCheck("no strategy row has two launches with paired rounds") }
    let percent = { (value: Double?) in value.map { DecimalText.fixed($0 * 100, 2) + "%" } ?? missingFigure }
    let between = rows.map(\.betweenLaunches)
    let within = rows.map(\.withinLaunch)
    var text = "\(rows.count) strategy rows, \(rows.map(\.launches).max()!) launches\n"
    text +=
      "launch-to-launch sd of the log-ratio: median \(percent(Summary.median(between))), "
      + "p90 \(percent(Summary.nearestRank(between, 0.9)))\n"
    text +=
      "within-launch standard error:        median \(percent(Summary.median(within))), "
      + "p90 \(percent(Summary.nearestRank(within, 0.9)))\n"
    let widest = rows.sorted {
      ($0.betweenLaunches, $0.withinLaunch) != ($1.betweenLaunches, $1.withinLaunch)
        ? ($0.betweenLaunches, $0.withinLaunch) > ($1.betweenLaunches, $1.withinLaunch)
        : $1.key.columnFields.lexicographicallyPrecedes($0.key.columnFields)
    }
    for row in widest.prefix(listed) {
      text +=
        "  \(DecimalText.fixed(row.betweenLaunches * 100, 1, width: 5))% "
        + "(within \(DecimalText.fixed(row.withinLaunch * 100, 1, width: 4))%)  "
        + row.key.columnFields.joined(separator: "/") + "\n"
    }
    return CheckReport(text: text)
  }

  /// A row's spread; `nil` without two launches of at least three rounds
  /// paired with its reference (whose log-ratios have a median and a
  /// spread).
  private static func row(_ key: ResultKey, samples: SamplesFile, reference: StrategyID) -> Row? {
    let theirs = samples.samples[ResultKey(key.benchmarkCase, reference)] ?? []
    var referenceByRound: [[Int]: Double] = [:]
    for sample in theirs { referenceByRound[[sample.launch, sample.round]] = sample.nanosecondsPerElement }
    var perLaunch: [Double] = []
    var errors: [Double] = []
    for (_, launch) in Dictionary(grouping: samples.samples[key] ?? [], by: \.launch).sorted(by: { $0.key < $1.key }) {
      var byRound: [Int: Double] = [:]
      for sample in launch { byRound[sample.round] = sample.nanosecondsPerElement }
      let paired = byRound.compactMap { round, value -> Double? in
        guard let other = referenceByRound[[launch[0].launch, round]], value > 0, other > 0 else { return nil }
        return log(value / other)
      }
      guard paired.count >= 3, let median = Summary.median(paired), let spread = Summary.robustSpread(paired) else {
        continue
      }
      perLaunch.append(median)
      errors.append(1.2533 * spread / Double(paired.count).squareRoot())
    }
    guard let between = Summary.standardDeviation(perLaunch), let within = Summary.median(errors) else { return nil }
    return Row(key: key, betweenLaunches: between, withinLaunch: within, launches: perLaunch.count)
  }
}
