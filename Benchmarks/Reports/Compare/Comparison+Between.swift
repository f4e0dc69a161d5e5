#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import Statistics

/// Two runs, row by row.
extension Comparison {
  /// Every row of `new` matched with the same row of `base`.
  ///
  /// A row is compared on its tracked ratio (`trackedChange`); a row that
  /// has none in both runs (a reference row whose ratio could not be paired,
  /// or a run of one launch) regressed (or improved) when it is slower (or
  /// faster) by more than `threshold` and the two medians' 95% intervals do
  /// not overlap.
  ///
  /// `widening` multiplies every tracked row's standard error
  /// (`RunLevel.widening(_:_:)`). Two separate runs (`oneRun` false) hold
  /// a regression of a row its launches decide only with corroboration
  /// (`markRegressionsThatHold(_:threshold:separateRuns:)`).
  package static func between(
    _ base: MeasuredFile, _ new: MeasuredFile, threshold: Double, baseSamples: [ResultKey: [Double]]?,
    newSamples: [ResultKey: [Double]]?, widening: Double = 1, oneRun: Bool = false
  ) -> (changes: [RowChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey]) {
    let baseRows = base.byKey
    let newRows = new.byKey
    var changes: [RowChange] = []
    for newRow in new.rows {
      guard let baseRow = baseRows[newRow.key], baseRow.value > 0 else { continue }
      // A row with a tracked ratio in both runs is compared on it; any other
      // on its medians' intervals.
      if let change = trackedChange(baseRow, newRow, threshold: threshold, widening: widening) {
        changes.append(change)
        continue
      }
      let ratio = newRow.value / baseRow.value
      let interval = ratioInterval(newRow, baseRow, samples: newSamples, otherSamples: baseSamples)
      let significant =
        newRow.interval.lowerBound > baseRow.interval.upperBound
        || newRow.interval.upperBound < baseRow.interval.lowerBound
      let verdict: Verdict =
        !significant
        ? .unchanged
        : ratio > 1 + threshold
          ? .regressed
          : ratio < 1 - threshold ? .improved : .unchanged
      changes.append(
        RowChange(
          key: newRow.key, baseMedian: baseRow.value, newMedian: newRow.value, ratio: ratio,
          interval: interval, method: "intervals", pValue: nil,
          significant: significant, verdict: verdict))
    }
    if changes.contains(where: { $0.method == "launches" }) {
      markRegressionsThatHold(&changes, threshold: threshold, separateRuns: !oneRun)
      markMovesTheCorrectionDoesNotCarry(&changes)
    }
    let onlyInBase = base.rows.map(\.key).filter { newRows[$0] == nil }
    let onlyInNew = new.rows.map(\.key).filter { baseRows[$0] == nil }
    return (changes, onlyInBase, onlyInNew)
  }

  /// A row's tracked ratio in two runs: the change of its logarithm, with a
  /// t interval on the two runs' launch-level standard errors (Welch's
  /// degrees of freedom). The verdict is Criterion's rule: a change counts
  /// when its whole 95% interval lies beyond the noise band (±`threshold`);
  /// it is `unchanged` when the whole interval lies within the band, and
  /// `within resolution` otherwise: the runs cannot tell.
  package static func trackedChange(_ base: Measured, _ new: Measured, threshold: Double, widening: Double = 1)
    -> RowChange?
  {
    guard let a = base.tracked, let b = new.tracked, let (change, unwidened) = logChange(a, b) else { return nil }
    let error = widening * unwidened
    var degrees = Double.infinity
    let (va, vb) = (a.logError * a.logError, b.logError * b.logError)
    // Without variance Welch's degrees are 0 ÷ 0; the interval has no width
    // whatever they are.
    if let da = a.degrees, let db = b.degrees, va + vb > 0 {
      degrees = (va + vb) * (va + vb) / (va * va / da + vb * vb / db)
    }
    guard let t = StudentT.quantile(degrees: degrees) else { return nil }
    // A change with no p-value (a NaN t) is never significant.
    let pValue =
      error > 0
      ? (degrees.isFinite
        ? StudentT.twoSidedPValue(change / error, degrees: degrees) : NormalDistribution.twoSidedPValue(change / error))
      : (change == 0 ? 1 : 0)
    let low = change - t * error
    let high = change + t * error
    let band = log(1 + threshold)
    var verdict: Verdict =
      low > band ? .regressed : high < -band ? .improved : low >= -band && high <= band ? .unchanged : .withinResolution
    // With fewer launches than `minimumLaunches`, the interval has no
    // launch-to-launch variation in it, only one process's: a move beyond
    // the band may be the layout a launch drew, so the runs cannot tell.
    if min(a.launches, b.launches) < minimumLaunches && (verdict == .regressed || verdict == .improved) {
      verdict = .withinResolution
    }
    return RowChange(
      key: new.key, baseMedian: a.ratio, newMedian: b.ratio, ratio: exp(change), interval: exp(low)...exp(high),
      method: "launches", pValue: pValue, significant: pValue.map { $0 < 0.05 } ?? false, verdict: verdict,
      trackedAgainstFloor: a.reference == .floor,
      launchesDecide: max(a.launchShare ?? 0, b.launchShare ?? 0) >= launchesDecide)
  }

  /// The change of a tracked ratio's logarithm between two runs, and its
  /// standard error from both runs' launches; `nil` when the runs track it
  /// against different references.
  package static func logChange(_ a: Tracked, _ b: Tracked) -> (change: Double, error: Double)? {
    guard a.reference == b.reference, a.ratio > 0, b.ratio > 0 else { return nil }
    return (log(b.ratio) - log(a.ratio), (a.logError * a.logError + b.logError * b.logError).squareRoot())
  }

  /// Marks the regressions that stay significant at 5% with every compared
  /// row counted, by Holm's step-down correction: with a hundred rows,
  /// about five are "significant" at 5% by chance alone, and a build must not
  /// fail on them.
  ///
  /// The baseline's own row is tracked against the floor, a loop of a
  /// nanosecond or two whose time moves with the process's layout, so its
  /// regression holds only when its case corroborates it: a baseline that
  /// really slowed down makes every other strategy's ratio to it fall, so
  /// the median of the case's other rows must have improved beyond the
  /// noise band. Otherwise it is the floor that moved, as the floor's own
  /// row would show; the row is still listed as regressed, without `!`.
  ///
  /// Between two separate runs, a row its launches decide (a cheap,
  /// layout-sensitive row: `launchesDecide`) moves with what each run's
  /// launches drew and with the machine over the run, which neither run's
  /// interval holds: in the ten A/A pairs of Guides/Reproducibility.md,
  /// such rows made 98 of the 113 moves beyond 3.5 standard errors. Its
  /// regression holds only when a row of the same strategy and operation
  /// that its launches do not decide regressed too, as a change to the
  /// pattern's code would make it; else it is listed as regressed, without
  /// `!`. Runs whose launches alternated (`--alternate-with`) are judged
  /// without this.
  /// A row is called regressed or improved only where Holm's correction,
  /// with every compared row counted, carries its move, and a strategy's row
  /// regressed only where it fails the run; a move beyond the band on the
  /// row's own interval alone is a `perRowMove`, and a carried regression
  /// that `markRegressionsThatHold` did not hold is `uncorroborated`, so that
  /// two runs where nothing changed read so. Rows without a p-value
  /// (compared on their medians' intervals) keep their verdict.
  package static func markMovesTheCorrectionDoesNotCarry(_ changes: inout [RowChange]) {
    guard let rejected = Holm.rejected(changes.map(\.pValue), level: 0.05) else { return }
    for index in changes.indices where changes[index].pValue != nil {
      let verdict = changes[index].verdict
      guard verdict == .regressed || verdict == .improved else { continue }
      if !rejected[index] {
        changes[index].verdict = .perRowMove
      } else if verdict == .regressed && !changes[index].holdsForTheRun && !changes[index].key.strategy.isReference {
        changes[index].verdict = .uncorroborated
      }
    }
  }

  package static func markRegressionsThatHold(
    _ changes: inout [RowChange], threshold: Double, separateRuns: Bool = false
  ) {
    guard let rejected = Holm.rejected(changes.map(\.pValue), level: 0.05) else { return }
    for index in changes.indices where rejected[index] {
      // The floor and the null are the harness's reference loops, not code a
      // change touches: their moves are the machine's, shown but never failing.
      guard changes[index].verdict == .regressed && !changes[index].key.strategy.isReference else { continue }
      if changes[index].trackedAgainstFloor
        && !baselineMoveIsCorroborated(changes[index], in: changes, threshold: threshold)
      {
        continue
      }
      if separateRuns && changes[index].launchesDecide && !calmRowCorroborates(changes[index], in: changes) {
        changes[index].heldBackAsLaunchDecided = true
        continue
      }
      changes[index].holdsForTheRun = true
    }
  }

  /// Whether the other strategies of a baseline row's case moved the other
  /// way: the median of their changes is an improvement beyond the noise
  /// band.
  package static func baselineMoveIsCorroborated(_ change: RowChange, in changes: [RowChange], threshold: Double)
    -> Bool
  {
    let others = changes.filter {
      $0.key.benchmarkCase == change.key.benchmarkCase && !$0.trackedAgainstFloor && !$0.key.strategy.isReference
    }.map(\.ratio)
    // No other rows (or no median of them): nothing to gainsay the move.
    guard let median = Summary.median(others) else { return true }
    return median < 1 / (1 + threshold)
  }

  /// Whether a row of the same strategy and operation (another size,
  /// distribution, kinds or mode), which its launches decide in neither
  /// run, regressed too.
  package static func calmRowCorroborates(_ change: RowChange, in changes: [RowChange]) -> Bool {
    changes.contains {
      $0.key != change.key && $0.key.strategy == change.key.strategy
        && $0.key.benchmarkCase.operation == change.key.benchmarkCase.operation
        && $0.key.feed.domain == change.key.feed.domain && !$0.launchesDecide && $0.verdict == .regressed
    }
  }

  /// Differences in what two runs were measured on, worth a warning.
  package static func warnings(_ base: RunInfo, _ new: RunInfo) -> [String] {
    let compared: [(String, (RunInfo) -> String)] = [
      ("cpu_model", { $0.machine.cpuModel }), ("cores", { String($0.machine.cores) }),
      ("os", { $0.machine.operatingSystem }), ("swift_version", { $0.machine.swiftVersion }),
      ("build_configuration", { $0.machine.buildConfiguration }),
      ("build_flags", { $0.machine.buildFlags }), ("seed", { String($0.seed) }),
    ]
    return compared.compactMap { column, value in
      let (a, b) = (value(base), value(new))
      return a == b ? nil : "the runs differ in \(column): \(JSONText.quoted(a)) and \(JSONText.quoted(b))"
    }
  }
}
