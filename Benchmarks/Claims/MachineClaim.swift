import BenchmarkResults
import DispatchModel
import BenchmarkEngine
import CommandLineSupport

/// A claim of the answer that one machine's run can be read for, so that
/// the runs of several machines say whether it holds on each: a span of
/// ratios to the enum the README quotes, or a decision that names a
/// pattern.
package struct MachineClaim {
  /// What a claim says on one machine's run.
  package enum Reading: Equatable {
    /// The span of the rows' 95% intervals of the ratio to the enum.
    case span(ClosedRange<Double>)
    /// The one pattern whose interval lies wholly below every other's.
    case pattern(StrategyID)
    /// The patterns the run cannot tell apart at the top: the likeliest
    /// first, then each whose interval reaches its.
    case untold([StrategyID])
    /// The run lacks the rows.
    case missing

    /// The cell of one machine's column.
    package var text: String {
      switch self {
      case .span(let span): AnswerRows.spanText(span)
      case .pattern(let pattern): pattern.rawValue
      case .untold(let patterns): patterns.map(\.rawValue).joined(separator: " or ")
      case .missing: missingFigure
      }
    }
  }

  /// How the claim reads in the table's first column.
  package var name: String
  package var read: (AnswerRows) -> Reading

  /// The answer's claims a run can be read for: the README's spans (as the
  /// ranges section lists them, and the visitors at 64 kinds), then the
  /// pattern fastest where dispatch is the work and at 64 kinds.
  package static var all: [MachineClaim] { spans + decisions }

  private static var spans: [MachineClaim] {
    typealias N = AnswerNames
    var claims = [
      span("getter and visitors on real work, both modes", N.articles, N.heavy.map(\.rawValue)),
      span("class hierarchy and type eraser on real work", N.alternatives, N.heavy.map(\.rawValue)),
      span("naive, cast-chain, handler-table on real work", N.costly, N.heavy.map(\.rawValue)),
    ]
    for mode in BuildMode.all {
      for operation in N.light {
        claims.append(
          span("getter and visitors, \(operation.rawValue), \(mode)", N.articles, [operation.rawValue], modes: [mode]))
      }
    }
    claims.append(span("visitors, \(N.kindsOperation) at 64 kinds, app", N.visitors, [N.kindsOperation], modes: [.app], kinds: 64))
    return claims
  }

  private static var decisions: [MachineClaim] {
    var claims: [MachineClaim] = []
    for mode in BuildMode.all {
      for operation in AnswerNames.light {
        claims.append(
          MachineClaim(name: "fastest, \(operation.rawValue), \(mode)") { fastest($0.strategyRows(operation.rawValue, mode)) })
      }
    }
    claims.append(
      MachineClaim(name: "fastest, \(AnswerNames.kindsOperation) at 64 kinds, app") {
        fastest($0.strategyRows(AnswerNames.kindsOperation, .app, kinds: 64))
      })
    return claims
  }

  private static func span(
    _ name: String, _ strategies: [StrategyID], _ operations: [String], modes: [BuildMode] = BuildMode.all,
    kinds: Int? = nil
  ) -> MachineClaim {
    MachineClaim(name: name) { rows in
      rows.ratioSpan(strategies, operations, modes: modes, kinds: kinds).map(Reading.span) ?? .missing
    }
  }

  /// The pattern whose interval of the ratio to the enum lies wholly below
  /// every other's; else the likeliest (lowest upper end) and each whose
  /// interval reaches it. Fewer than two rows with intervals decide nothing.
  package static func fastest(_ rows: [TimingRow]) -> Reading {
    let intervals = rows.compactMap { row -> (StrategyID, ClosedRange<Double>)? in
      guard let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh, low <= high else { return nil }
      return (row.key.strategy, low...high)
    }
    guard intervals.count >= 2, let best = intervals.min(by: { $0.1.upperBound < $1.1.upperBound }) else {
      return .missing
    }
    let close = intervals.filter { $0.0 != best.0 && $0.1.lowerBound <= best.1.upperBound }.map(\.0)
    return close.isEmpty ? .pattern(best.0) : .untold([best.0] + close)
  }
}
