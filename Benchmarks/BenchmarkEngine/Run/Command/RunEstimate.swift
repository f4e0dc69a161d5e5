/// A rough estimate of a run's duration, before it starts: per case and
/// launch, its sampling time and what building contenders and calibrating
/// cost (about 0.03 s, and 4 µs per element), and the first launch's
/// checks and, in a release build, the code-size probe; twice over with
/// `--alternate-with`. On the development machine it is within 10% for the
/// default suite; progress revises it as cases finish.
package struct RunEstimate {
  /// Seconds each launch samples for.
  package var perLaunch: Double
  /// Seconds the first launch spends checking outputs, besides.
  package var checks: Double

  package init(_ plan: RunPlan, sampling: SamplingSettings) {
    perLaunch = plan.caseShapes.reduce(0.0) { total, shape in
      total + (shape.rounds.map { sampling.sampling(rounds: $0) } ?? sampling).sampleTime
        + Self.building(size: shape.size)
    }
    checks = plan.caseSizes.reduce(0.0) { $0 + 0.02 + Double(min($1, ElementsRunner.checkedLimit)) * 1e-5 }
  }

  /// Seconds building a case's contenders and calibrating them cost, in
  /// the model: about 0.03 s, and 4 µs per element.
  package static func building(size: Int) -> Double { 0.03 + Double(size) * 4e-6 }

  /// The whole run: every launch, in each of `builds` builds, then finding
  /// each of `probed` strategies' code under callgrind (`probeSeconds` each)
  /// on one of `cores` (none when `probing` is false).
  package func total(launches: Int, builds: Int, probed: Int, probing: Bool, cores: Int) -> Double {
    Double(builds) * (Double(launches) * perLaunch + checks) + probe(probed: probed, probing: probing, cores: cores)
  }

  /// Seconds of callgrind per probed strategy, on one core: 9 strategies
  /// took 4.9 s on the 2-core reference machine (about 1.1 s each), and
  /// a run must not overrun its `--max-time` on a slower one.
  package static let probeSeconds = 1.6

  /// The code-size count after the launches.
  package func probe(probed: Int, probing: Bool, cores: Int) -> Double {
    probed == 0 || !probing ? 0 : Self.probeSeconds * Double(probed) / Double(max(1, cores))
  }
}
