/// A rough estimate of a run's duration, before it starts: per case and
/// launch, its sampling time and what building contenders and calibrating
/// cost (about 0.03 s, and 4 µs per element), and the first launch's
/// checks and, in a release build, the code-size probe; twice over with
/// `--alternate-with`. On the development machine it is within 10% for the
/// default suite; progress revises it as cases finish.
struct RunEstimate {
  /// Seconds each launch samples for.
  var perLaunch: Double
  /// Seconds the first launch spends checking outputs, besides.
  var checks: Double

  init(_ plan: RunPlan, sampling: SamplingSettings) {
    perLaunch = plan.caseSizes.reduce(0.0) { $0 + sampling.sampleTime + 0.03 + Double($1) * 4e-6 }
    checks = plan.caseSizes.reduce(0.0) { $0 + 0.02 + Double(min($1, FeedRunner.checkedLimit)) * 1e-5 }
  }

  /// The whole run: every launch, in each of `builds` builds, then finding
  /// each of `probed` strategies' code under callgrind, about 3.5 s each
  /// on one of `cores` (none when `probing` is false).
  func total(launches: Int, builds: Int, probed: Int, probing: Bool, cores: Int) -> Double {
    Double(builds) * (Double(launches) * perLaunch + checks) + probe(probed: probed, probing: probing, cores: cores)
  }

  /// The code-size count after the launches.
  func probe(probed: Int, probing: Bool, cores: Int) -> Double {
    probed == 0 || !probing ? 0 : 3.5 * Double(probed) / Double(max(1, cores))
  }
}
