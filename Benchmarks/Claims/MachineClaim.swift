import BenchmarkResults

/// A claim of the answer that one machine's run can be read for, so that
/// the runs of several machines say whether it holds on each: a span of
/// ratios to the enum the README quotes, or a decision that names a
/// pattern. Each names the rows it reads (`scope`), so that a run can
/// spend its launches on them first (`settling(_:resolution:)`).
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
    /// The run lacks the rows: it did not measure a pattern or an
    /// operation the claim reads (a run of a subset, or one made before a
    /// pattern was added).
    case missing

    /// The cell of one machine's column.
    package var text: String {
      switch self {
      case .span(let span): AnswerRows.spanText(span)
      case .pattern(let pattern): pattern.rawValue
      case .untold(let patterns): patterns.map(\.rawValue).joined(separator: " or ")
      case .missing: "not measured"
      }
    }

    /// One CPU model's reading over several runs of it: the union of
    /// their spans (the lowest low to the highest high), the pattern every
    /// run names, else every pattern any run names or cannot tell from
    /// the likeliest; a run that lacks the rows is left out, and a model
    /// none of whose runs has them reads `missing`.
    package static func pooled(_ readings: [Reading]) -> Reading {
      let measured = readings.filter { $0 != .missing }
      guard let first = measured.first else { return .missing }
      let spans = measured.compactMap(\.span)
      if spans.count == measured.count {
        return .span(spans.map(\.lowerBound).min()!...spans.map(\.upperBound).max()!)
      }
      if measured.allSatisfy({ $0 == first }) { return first }
      return .untold(inOrderOnce(measured.flatMap(\.patterns)))
    }

    /// The span, when the reading is one.
    package var span: ClosedRange<Double>? {
      if case .span(let span) = self { span } else { nil }
    }

    /// The patterns the reading names: its one, or those it cannot tell
    /// apart; none for a span or a missing reading.
    package var patterns: [StrategyID] {
      switch self {
      case .pattern(let pattern): [pattern]
      case .untold(let patterns): patterns
      case .span, .missing: []
      }
    }
  }

  /// What the claim says of its rows.
  package enum Form: Equatable {
    /// The span of its patterns' ratios to the enum, over its operations
    /// and modes.
    case span
    /// The pattern fastest on its one operation in its one mode, of every
    /// pattern the run timed.
    case fastest
  }

  /// The rows a claim reads, at the answer's size and layout: each of its
  /// patterns on each of its operations, in each of its modes, at `kinds`
  /// kinds (any when `nil`). Each row's ratio pairs with the enum's row of
  /// its case, which every launch of the case times.
  package struct Scope: Equatable {
    package var operations: [String]
    package var modes: [BuildMode]
    package var kinds: Int? = nil
    /// The patterns read; `nil`: every pattern the run timed.
    package var strategies: [StrategyID]?
  }

  /// How the claim reads in the table's first column.
  package var name: String
  package var form: Form
  package var scope: Scope

  /// Whether the claim picks among the patterns (`fastest`): read over the
  /// patterns every machine compared measured, so that a pattern one run
  /// lacks (added after it was made) neither wins nor loses there.
  package var picksAPattern: Bool { form == .fastest }

  /// What the claim says on one run's rows.
  package func read(_ rows: AnswerRows) -> Reading {
    switch form {
    case .span:
      // A span that leaves out a pattern the run never measured would be
      // another claim's: not measured there.
      rows.measuredEvery(scope.strategies ?? [], scope.operations, modes: scope.modes, kinds: scope.kinds)
        ? rows.ratioSpan(scope.strategies ?? [], scope.operations, modes: scope.modes, kinds: scope.kinds)
          .map(Reading.span) ?? .missing
        : .missing
    case .fastest: Self.fastest(self.rows(rows))
    }
  }

  /// The rows the claim reads from `rows`, in the run's order.
  package func rows(_ rows: AnswerRows) -> [TimingRow] {
    switch form {
    case .span:
      (scope.strategies ?? []).flatMap { strategy in
        scope.operations.flatMap { operation in
          scope.modes.compactMap { rows.row(strategy, operation, $0, kinds: scope.kinds) }
        }
      }
    case .fastest:
      scope.operations.flatMap { operation in
        scope.modes.flatMap { rows.strategyRows(operation, $0, kinds: scope.kinds) }
      }
    }
  }

  /// Every row the claim depends on: those it reads (`rows(_:)`), and the
  /// baseline's of each of their cases, which their ratios pair with.
  package func dependencies(_ rows: AnswerRows) -> [ResultKey] {
    let read = self.rows(rows).map(\.key)
    var seen = Set(read)
    let baselines = read.map { ResultKey($0.benchmarkCase, rows.run.info.baseline) }.filter { seen.insert($0).inserted }
    return read + baselines
  }

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
    claims.append(
      span("visitors, \(N.kindsOperation) at 64 kinds, app", N.visitors, [N.kindsOperation], modes: [.app], kinds: 64))
    return claims
  }

  private static var decisions: [MachineClaim] {
    var claims: [MachineClaim] = []
    for mode in BuildMode.all {
      for operation in AnswerNames.light {
        claims.append(fastest("fastest, \(operation.rawValue), \(mode)", operation.rawValue, mode))
      }
    }
    claims.append(
      fastest("fastest, \(AnswerNames.kindsOperation) at 64 kinds, app", AnswerNames.kindsOperation, .app, kinds: 64))
    return claims
  }

  private static func span(
    _ name: String, _ strategies: [StrategyID], _ operations: [String], modes: [BuildMode] = BuildMode.all,
    kinds: Int? = nil
  ) -> MachineClaim {
    MachineClaim(
      name: name, form: .span, scope: Scope(operations: operations, modes: modes, kinds: kinds, strategies: strategies))
  }

  private static func fastest(_ name: String, _ operation: String, _ mode: BuildMode, kinds: Int? = nil) -> MachineClaim
  {
    MachineClaim(
      name: name, form: .fastest, scope: Scope(operations: [operation], modes: [mode], kinds: kinds, strategies: nil))
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

/// The values without repeats, in the order they first appear.
func inOrderOnce<Value: Hashable>(_ values: [Value]) -> [Value] {
  var seen: Set<Value> = []
  return values.filter { seen.insert($0).inserted }
}
