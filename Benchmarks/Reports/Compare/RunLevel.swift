#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport
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
  /// `Comparison.minimumLaunches` launches in both runs, or where the
  /// z-scores have no spread to measure (`Summary.robustSpread`).
  package static func widening(_ base: MeasuredFile, _ new: MeasuredFile) -> Double {
    let z = scores(base, new)
    guard z.count >= minimumRows else { return 1 }
    return max(1, Summary.robustSpread(z) ?? 1)
  }

  /// Each strategy row's change of its tracked ratio over its standard
  /// error, where both runs track it against the same reference with
  /// enough launches. The floor and the null are left out: their moves are
  /// the machine's.
  package static func scores(_ base: MeasuredFile, _ new: MeasuredFile) -> [Double] {
    scoredRows(base, new).map(\.z)
  }

  /// `scores`, each with its row, its change of the tracked ratio's
  /// logarithm and both runs' launches.
  package static func scoredRows(_ base: MeasuredFile, _ new: MeasuredFile)
    -> [(key: ResultKey, z: Double, change: Double, launches: (base: Int, new: Int))]
  {
    let baseRows = base.byKey
    return new.rows.compactMap { row in
      guard !row.key.strategy.isReference, let a = baseRows[row.key]?.tracked, let b = row.tracked,
        min(a.launches, b.launches) >= Comparison.minimumLaunches, let (change, error) = Comparison.logChange(a, b),
        error > 0
      else { return nil }
      return (row.key, change / error, change, (a.launches, b.launches))
    }
  }

  /// `compare --show run-level`: the z-scores' spread (were the launches
  /// independent, a standard deviation of about 1 and about 5% beyond ±2),
  /// the widening `compare` applies, and the rows with the largest.
  package static func report(_ base: MeasuredFile, _ new: MeasuredFile) -> CheckReport {
    let rows = scoredRows(base, new)
    guard !rows.isEmpty else {
      return .cannotCheck(
        "no strategy row has \(Comparison.minimumLaunches) launches in both runs against the same reference")
    }
    let z = rows.map(\.z)
    let beyond = Double(z.filter { abs($0) > 2 }.count) / Double(z.count)
    let deviation = Summary.standardDeviation(z).map { DecimalText.fixed($0, 2) } ?? missingFigure
    let share = DecimalText.fixed(beyond * 100, 1)
    let widened = DecimalText.fixed(widening(base, new), 2)
    var text = "rows: \(z.count); z-scores of the difference between the runs: standard deviation \(deviation) "
    text += "(1 if launches were independent), beyond ±2: \(share)% (about 5%)\n"
    text += "compare widens every interval by \(widened)× (the z-scores' robust spread, at least 1; "
    text += "1 below \(minimumRows) rows)\n"
    let largest = rows.sorted {
      abs($0.z) != abs($1.z)
        ? abs($0.z) > abs($1.z) : $0.key.columnFields.lexicographicallyPrecedes($1.key.columnFields)
    }
    for row in largest.prefix(10) {
      let score = signed(row.z, width: 5), change = signed(expm1(row.change) * 100, width: 6)
      let name = row.key.columnFields.joined(separator: "/")
      text += "  z \(score)  \(change)%  \(name)  (\(row.launches.base) and \(row.launches.new) launches)\n"
    }
    return CheckReport(text: text)
  }

  /// `value` to one decimal with its sign, right-aligned in `width`.
  private static func signed(_ value: Double, width: Int) -> String {
    let text = (value >= 0 ? "+" : "") + DecimalText.fixed(value, 1)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
