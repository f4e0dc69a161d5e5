#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport
import RunContract
import Statistics

/// Whether a run's rounds or its launches decide its rows' ratios, by
/// domain: whether more rounds in a launch, or more launches, would narrow
/// them. `compare RUN.csv --samples RUN-samples.csv --show
/// rounds-or-launches` (Guides/Reproducibility.md).
///
/// Each launch's estimate of a strategy row's log-ratio to the baseline is
/// the median of its rounds' log-ratios, as the run takes it. Each launch is
/// estimated twice more, from alternate rounds alone (the first, third, …
/// of the rounds both rows took, then the second, fourth, …). Over a row's
/// launches, the variance of the half-round estimates over the variance of
/// the whole-round ones is about 2 where the rounds decide (halving them
/// doubles each launch's sampling error, the only error there is) and about
/// 1 where the launches do (each launch's own draw, which more rounds do not
/// narrow). It reports, it does not judge.
package enum RoundsOrLaunches {
  /// A launch's estimate counts when it pairs this many rounds or more.
  package static let minimumRounds = 20
  /// A row counts when this many of its launches do.
  package static let minimumLaunches = 4

  /// Each domain's rows: the variance ratio of every row that counts.
  package static func ratios(_ samples: SamplesFile, baseline: StrategyID) -> [String: [Double]] {
    var byDomain: [String: [Double]] = [:]
    for key in samples.samples.keys where key.strategy != baseline && !key.strategy.isReference {
      let reference = samples.samples[ResultKey(key.benchmarkCase, baseline)] ?? []
      if let ratio = ratio(samples.samples[key] ?? [], baseline: reference) {
        byDomain[key.feed.domain, default: []].append(ratio)
      }
    }
    return byDomain
  }

  package static func report(_ samples: SamplesFile, baseline: StrategyID) -> CheckReport {
    let byDomain = ratios(samples, baseline: baseline)
    guard !byDomain.isEmpty else {
      return .cannotCheck(
        "\(samples.path): no row has \(minimumLaunches) launches of \(minimumRounds) rounds paired with "
          + "\(baseline.rawValue) (time the run with \(AdvisedRunOptions.launches.name) \(minimumLaunches) or more)")
    }
    var text = "variance of a launch's estimate from half its rounds over from all of them\n"
    text += "(about 2: the rounds decide; about 1: the launches do)\n"
    for (domain, ratios) in byDomain.sorted(by: { $0.key < $1.key }) {
      let median = Summary.median(ratios).map { DecimalText.fixed($0, 2) } ?? missingFigure
      text += "  \(domain): \(ratios.count.counted("row")), median \(median)\n"
    }
    return CheckReport(text: text)
  }

  /// One row's variance of its half-round estimates over its whole-round
  /// ones; `nil` for fewer launches that count than `minimumLaunches`, or
  /// whole-round estimates that do not vary.
  static func ratio(_ row: [RawSample], baseline: [RawSample]) -> Double? {
    let baselineLaunches = launches(baseline)
    var whole: [Double] = []
    var even: [Double] = []
    var odd: [Double] = []
    for (launch, rounds) in launches(row) {
      guard let base = baselineLaunches[launch] else { continue }
      let logs = rounds.keys.sorted().compactMap { round -> Double? in
        guard let value = rounds[round], let other = base[round], value > 0, other > 0 else { return nil }
        return log(value) - log(other)
      }
      let halves = [0, 1].map { half in logs.enumerated().filter { $0.offset % 2 == half }.map(\.element) }
      guard logs.count >= minimumRounds, let all = Summary.median(logs), let first = Summary.median(halves[0]),
        let second = Summary.median(halves[1])
      else { continue }
      whole.append(all)
      even.append(first)
      odd.append(second)
    }
    guard whole.count >= minimumLaunches, let wholeSpread = Summary.standardDeviation(whole), wholeSpread > 0,
      let evenSpread = Summary.standardDeviation(even), let oddSpread = Summary.standardDeviation(odd)
    else { return nil }
    return (evenSpread * evenSpread + oddSpread * oddSpread) / 2 / (wholeSpread * wholeSpread)
  }

  /// Each launch's rounds: round → nanoseconds per element (a round taken
  /// twice, its last).
  private static func launches(_ samples: [RawSample]) -> [Int: [Int: Double]] {
    var launches: [Int: [Int: Double]] = [:]
    for sample in samples { launches[sample.launch, default: [:]][sample.round] = sample.nanosecondsPerElement }
    return launches
  }
}
