#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Whether a run's intervals settle a claim: its verdict is the same at
/// both ends of its intervals, to the resolution the run is asked for.
/// Guides/Answer.md, "When a claim is settled".
package struct ClaimSettling: Equatable {
  package enum State: Equatable {
    /// A span whose ends are each known to the resolution, or a fastest
    /// pattern whose interval lies wholly below every rival's.
    case settled
    /// The patterns at the top cannot be told apart, and every interval
    /// of theirs lies within the resolution of the others': the same
    /// cost, to the precision asked.
    case tie
    /// More launches would change what the claim reads.
    case open
    /// The run lacks the rows.
    case missing
  }

  package var state: State
  /// The rows whose intervals must narrow for it to settle (empty unless
  /// `open`).
  package var rows: [ResultKey] = []
  /// About how many times those rows' launches would settle it, intervals
  /// narrowing as one over the square root of the launches; `nil` unless
  /// `open`, or when no number of launches would (two patterns whose ratios
  /// are equal and whose intervals reach beyond the resolution).
  package var launchFactor: Double? = nil

  package init(state: State, rows: [ResultKey] = [], launchFactor: Double? = nil) {
    self.state = state
    self.rows = rows
    self.launchFactor = launchFactor
  }

  package var isSettled: Bool { state == .settled || state == .tie }
}

extension MachineClaim {
  /// Whether `rows` settle this claim at `resolution` (the run's target,
  /// a fraction: 0.04 for 4%).
  package func settling(_ rows: AnswerRows, resolution: Double) -> ClaimSettling {
    let intervals = self.rows(rows).compactMap(RatioInterval.init)
    switch form {
    case .span: return Self.spanSettling(intervals, resolution: resolution)
    case .fastest: return Self.fastestSettling(intervals, resolution: resolution)
    }
  }

  /// Each of `claims` that `rows` has rows for, with whether they settle
  /// it at `resolution`; a claim whose rows the run lacks (`missing`) is
  /// left out. The run's closing line counts these and adaptive launches
  /// aim at them, so that "settled" means one thing to both.
  package static func settlings(_ rows: AnswerRows, resolution: Double, of claims: [MachineClaim] = all)
    -> [(claim: MachineClaim, settling: ClaimSettling)]
  {
    claims.map { ($0, $0.settling(rows, resolution: resolution)) }.filter { $0.settling.state != .missing }
  }

  /// A span is settled when each of its ends is known to `resolution`.
  /// As launches narrow every row's interval towards its ratio, the lowest
  /// low can rise no further than the lowest ratio: the low end lies in
  /// [lowest low, lowest ratio], the high end in [highest ratio, highest
  /// high], and each must be no wider than `resolution` (relative). The
  /// rows that keep it open are those whose low is below the lowest ratio
  /// ÷ (1 + resolution), or whose high is above the highest ratio ×
  /// (1 + resolution).
  package static func spanSettling(_ intervals: [RatioInterval], resolution: Double) -> ClaimSettling {
    guard let lowest = intervals.map(\.ratio).min(), let highest = intervals.map(\.ratio).max() else {
      return ClaimSettling(state: .missing)
    }
    let allowed = log1p(resolution)
    var factor = 0.0
    var open: [ResultKey] = []
    for interval in intervals {
      // Each end of its interval, in logs, against how far it may reach.
      let below = narrowing(log(interval.ratio / interval.low), within: log(interval.ratio / lowest) + allowed)
      let above = narrowing(log(interval.high / interval.ratio), within: log(highest / interval.ratio) + allowed)
      if let worst = [below, above].compactMap({ $0 }).max() {
        open.append(interval.key)
        factor = max(factor, worst)
      }
    }
    return open.isEmpty ? ClaimSettling(state: .settled) : ClaimSettling(state: .open, rows: open, launchFactor: factor)
  }

  /// How many times its launches a half-width `reach` (in logs) needs to
  /// narrow within `allowed`, or `nil` when it is within already.
  private static func narrowing(_ reach: Double, within allowed: Double) -> Double? {
    reach > allowed ? (reach / allowed) * (reach / allowed) : nil
  }

  /// "Fastest" is settled when one pattern's interval lies wholly below
  /// every rival's (`fastest(_:)` names it), and a tie when it does not
  /// but the patterns at the top (the likeliest, and each whose interval
  /// reaches its) lie within `resolution` of one another, every interval
  /// of theirs included: highest high ÷ lowest low ≤ 1 + resolution.
  /// Either may follow from more launches of those rows: a split, when
  /// the likeliest's interval and each rival's narrow until they part; a
  /// tie, when their ratios lie within the resolution and their intervals
  /// narrow into it. The factor is the fewer launches of the two.
  package static func fastestSettling(_ intervals: [RatioInterval], resolution: Double) -> ClaimSettling {
    guard intervals.count >= 2, let best = intervals.min(by: { $0.high < $1.high }) else {
      return ClaimSettling(state: .missing)
    }
    let close = intervals.filter { $0.key != best.key && $0.low <= best.high }
    if close.isEmpty { return ClaimSettling(state: .settled) }
    let top = [best] + close
    let allowed = log1p(resolution)
    let width = log(top.map(\.high).max()! / top.map(\.low).min()!)
    if width <= allowed { return ClaimSettling(state: .tie) }
    // A split: the likeliest (lowest ratio) below every other, each pair's
    // facing half-widths narrowing to fit between their ratios.
    let likeliest = top.min { $0.ratio < $1.ratio }!
    let split = top.filter { $0.key != likeliest.key }.map { other -> Double in
      let apart = log(other.ratio / likeliest.ratio)
      let reach = log(likeliest.high / likeliest.ratio) + log(other.ratio / other.low)
      return apart > 0 ? (reach / apart) * (reach / apart) : .infinity
    }.max()!
    // A tie: the ratios' own spread, and what the intervals add to it.
    let spread = log(top.map(\.ratio).max()! / top.map(\.ratio).min()!)
    let tie = spread < allowed ? narrowing(width - spread, within: allowed - spread) ?? 1 : .infinity
    let factor = min(split, tie)
    return ClaimSettling(state: .open, rows: top.map(\.key), launchFactor: factor.isFinite ? factor : nil)
  }
}

/// A row's ratio to the enum and its 95% interval over launches.
package struct RatioInterval: Equatable {
  package var key: ResultKey
  package var ratio: Double
  package var low: Double
  package var high: Double
  /// The launches that timed the row.
  package var launches: Int

  package init(key: ResultKey, ratio: Double, low: Double, high: Double, launches: Int = 1) {
    self.key = key
    self.ratio = ratio
    self.low = low
    self.high = high
    self.launches = launches
  }

  /// The row's, when it has an interval around a positive ratio.
  package init?(_ row: TimingRow) {
    guard let ratio = row.ratioToBaseline, let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh,
      low > 0, low <= ratio, ratio <= high
    else { return nil }
    self.init(key: row.key, ratio: ratio, low: low, high: high, launches: row.launches)
  }
}
