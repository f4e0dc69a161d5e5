@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import Testing
import RunContract

/// Each row's launch variance is moderated toward its own domain's typical
/// variance, not the run's: a domain whose launches vary little keeps
/// narrow intervals beside one whose launches vary a lot, and a domain
/// with too few rows to pool is moderated toward the run's.
@Suite struct ModerationTests {
  /// A run of `cases` benchmark cases per domain (at sizes 1,000, 1,001, …),
  /// each timing the enum (10 ns) and the protocol getter in 4 launches of
  /// 5 rounds; the getter's launches sit at 20 ns × e^(±spread), so its
  /// log-ratio's variance between launches is spread² × 4/3.
  static func run(_ domains: [(domain: Domain, cases: Int, spread: Double)]) -> MeasuredRun {
    var rows: [TimingRow] = []
    var samples: [RawSample] = []
    for (domain, cases, spread) in domains {
      for index in 0..<cases {
        let feed = SampleRuns.feed(domain, size: 1_000 + index)
        let operation = domain == .share ? "share.facebook" : "feed.color"
        for (strategy, base) in [("enum-switch", 10.0), ("protocol-getter", 20.0)] {
          let key = feed.key(operation, StrategyID(strategy))
          var values: [Double] = []
          for launch in 0..<4 {
            let value = strategy == "enum-switch" ? base : base * exp(launch % 2 == 0 ? spread : -spread)
            for round in 0..<5 {
              samples.append(
                RawSample(
                  key: key, index: launch * 5 + round, launch: launch, round: round, elementsPerSample: 1_000,
                  nanosecondsPerElement: value))
              values.append(value)
            }
          }
          rows.append(SampleRuns.row(StrategyID(strategy), operation, samples: values, feed: feed))
        }
      }
    }
    var results = MeasuredRun(info: SampleRuns.info, rows: rows, samples: samples)
    results.computeRatios()
    return results
  }

  /// The standard error of the getter's log-ratio to the enum in `domain`.
  static func error(_ run: MeasuredRun, _ domain: Domain) throws -> Double {
    let row = try #require(
      run.rows.first { $0.key.feed.domain == domain.rawValue && $0.key.strategy == "protocol-getter" })
    return try #require(row.trackedLogError, "\(domain)")
  }

  /// Share's launches vary by 1%, feed's by 10%, and feed has more rows:
  /// moderated toward the run's median (feed's variance), share's
  /// intervals were about 1.3 times narrower than feed's, not 10.
  @Test func aCalmDomainKeepsItsNarrowIntervalsBesideANoisyOne() throws {
    let run = Self.run([(.share, 10, 0.01), (.feed, 12, 0.10)])
    let share = try Self.error(run, .share)
    let feed = try Self.error(run, .feed)
    // Own variance and pool alike: spread × √(4/3) / √4 launches.
    #expect(abs(share - 0.01 * (4.0 / 3).squareRoot() / 2) < 0.0005, "share: \(share)")
    #expect(abs(feed - 0.10 * (4.0 / 3).squareRoot() / 2) < 0.005, "feed: \(feed)")
    #expect(feed / share > 8, "feed \(feed), share \(share)")
  }

  /// With fewer rows than `domainPoolMinimum`, a domain's rows are
  /// moderated toward the run's typical variance, as before.
  @Test func aDomainWithTooFewRowsIsModeratedTowardTheRun() throws {
    let few = MeasuredRun.domainPoolMinimum - 1
    let run = Self.run([(.share, few, 0.01), (.feed, 12, 0.10)])
    let share = try Self.error(run, .share)
    // Own variance 3 degrees, the run's pool (feed's) 4: (3 × 0.01² + 4 × 0.1²) / 7, each × 4/3.
    let moderated = ((3 * 0.0001 + 4 * 0.01) / 7 * 4 / 3).squareRoot() / 2
    #expect(abs(share - moderated) < 0.002, "share: \(share), moderated toward the run: \(moderated)")
  }
}
