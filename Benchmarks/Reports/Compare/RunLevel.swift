import BenchmarkResults
import BenchmarkEngine
import BinaryInspection
import Statistics

/// How much more two separate runs' rows differ than their launches allow.
///
/// A row's interval is over its launches, as if they were independent draws
/// of everything that moves its ratio. On the reference machine they are
/// not: part of what moves a row holds for a whole run, and two runs
/// minutes apart differ by more than either run's intervals say
/// (Guides/Reproducibility.md, "Launches of one run are
/// not independent": in an A/A pair, z-scores with a standard deviation of
/// 1.44, 15% of them beyond ±2). No run can measure that alone, but two
/// runs of several hundred rows can, from the rows themselves: Efron's
/// empirical null ("Large-Scale Simultaneous Hypothesis Testing: The Choice
/// of a Null Hypothesis", JASA 2004) takes the spread of the bulk of the
/// rows' z-scores as the spread of no change, since most rows did not
/// change. Here only its width is taken, never its centre (a change to the
/// baseline moves every ratio to it, and must stay a change), and it never
/// narrows an interval. One run's builds (`--alternate-with`, `Comparison.
/// oneRun(_:_:)`), whose launches alternated through the same machine
/// states, are not widened.
package enum RunLevel {
  /// Rows below this many give no estimate: the intervals stay the launches'.
  package static let minimumRows = 40

  /// The factor every tracked row's standard error is multiplied by: the
  /// z-scores' spread (1.4826 × their median absolute deviation from their
  /// median), at least 1; 1 with fewer than `minimumRows` rows that have
  /// `Comparison.minimumLaunches` launches in both runs.
  package static func widening(_ base: MeasuredFile, _ new: MeasuredFile) -> Double {
    let z = scores(base, new)
    guard z.count >= minimumRows else { return 1 }
    return max(1, Summary.robustSpread(z))
  }

  /// Each strategy row's change of its tracked ratio over its standard
  /// error, where both runs track it against the same reference with
  /// enough launches. The floor and the null are left out: their moves are
  /// the machine's.
  package static func scores(_ base: MeasuredFile, _ new: MeasuredFile) -> [Double] {
    let baseRows = base.byKey
    return new.rows.compactMap { row -> Double? in
      guard !row.key.strategy.isReference, let a = baseRows[row.key]?.tracked, let b = row.tracked,
        min(a.launches, b.launches) >= Comparison.minimumLaunches, let (change, error) = Comparison.logChange(a, b),
        error > 0
      else { return nil }
      return change / error
    }
  }
}
