import BenchmarkResults
import DispatchModel
import CommandLineSupport

/// The patterns and operations the answer speaks of, in the groups it
/// names: each name spelled here once.
package enum AnswerNames {
  package static let enumSwitch: StrategyID = "enum-switch"
  package static let protocolGetter: StrategyID = "protocol-getter"
  package static let classicVisitor: StrategyID = "classic-visitor"
  package static let genericVisitor: StrategyID = "generic-visitor"
  package static let classHierarchy: StrategyID = "class-hierarchy"
  package static let typeEraser: StrategyID = "type-eraser"
  package static let naive: StrategyID = "naive"
  package static let castChain: StrategyID = "cast-chain"
  package static let handlerTable: StrategyID = "handler-table"

  /// The articles' patterns: the getter and both visitors.
  package static let articles = [protocolGetter, classicVisitor, genericVisitor]
  package static let visitors = [classicVisitor, genericVisitor]
  /// What teams reach for instead, and costs about the same.
  package static let alternatives = [classHierarchy, typeEraser]
  /// What costs more on real work.
  package static let costly = [naive, castChain, handlerTable]

  /// Operations whose work per element, once dispatched, outweighs the
  /// dispatch.
  package static let heavy: [SpecOperation] = [
    .shareFacebook, .shareLine, .shareInstagram, .shareWechat, .feedHeight, .feedConfigure, .feedRender,
  ]
  /// Operations where dispatch is the work: the answer's cheap rows (with
  /// the synthetic domain's).
  package static let light: [SpecOperation] = [.feedIdentifier, .feedColor]
  package static let cheap: [SpecOperation] = light + [.feedApplyBackground]
  /// The stakes table's operations.
  package static let stakes: [SpecOperation] = light + [.feedHeight, .feedConfigure, .feedRender, .shareInstagram]
  /// The synthetic operation of the kinds sweep (the default suite sweeps
  /// it, `RunMatrix.kindsSweepOperation`).
  package static let kindsOperation = "synthetic.constant"
  /// The kind layout the answer reads (`KindDistribution.uniform`).
  package static let uniform = KindDistribution.uniform.rawValue
  /// The synthetic domain's name in a row's feed (`PlannedSynthetic.domain`).
  package static let syntheticDomain = "synthetic"
}

/// A run's rows as the answer looks them up: at one size and kind layout
/// (the synthetic domain's at that size, whatever its layout), by strategy,
/// operation, mode and, for the synthetic domain, number of kinds.
package struct AnswerRows {
  package var run: RunFile
  package var size: Int
  package var layout: String

  package init(run: RunFile, size: Int, layout: String) {
    self.run = run
    self.size = size
    self.layout = layout
  }

  /// The rows a run's answer reads: at `primary` elements when the run has
  /// them, else at its largest size, `uniform`; `nil` for a run of no rows.
  package init?(run: RunFile, primary: Int) {
    let sizes = Set(run.rows.map(\.key.feed.size))
    guard let largest = sizes.max() else { return nil }
    self.init(run: run, size: sizes.contains(primary) ? primary : largest, layout: AnswerNames.uniform)
  }

  /// The first row of `strategy` on `operation` in `mode` (any mode when
  /// `nil`) and at `kinds` kinds (any when `nil`), at the answer's size and
  /// layout.
  package func row(_ strategy: StrategyID, _ operation: String, _ mode: BuildMode?, kinds: Int? = nil) -> TimingRow? {
    run.rows.first { $0.key.strategy == strategy && matches($0.key, operation, mode, kinds: kinds) }
  }

  /// Every strategy's row (the floor and the null left out) on `operation`
  /// in `mode` at `kinds` kinds (any when `nil`), at the answer's size and
  /// layout, in the run's order.
  package func strategyRows(_ operation: String, _ mode: BuildMode, kinds: Int? = nil) -> [TimingRow] {
    run.rows.filter { !$0.key.strategy.isReference && matches($0.key, operation, mode, kinds: kinds) }
  }

  /// The same rows, keeping only those at the answer's size and layout:
  /// what every look-up above reads, found in fewer rows.
  package var atSizeAndLayout: AnswerRows {
    var narrowed = self
    narrowed.run.rows = run.rows.filter { row in
      row.key.feed.size == size && (row.key.feed.domain == AnswerNames.syntheticDomain || row.key.feed.distribution == layout)
    }
    return narrowed
  }

  private func matches(_ key: ResultKey, _ operation: String, _ mode: BuildMode?, kinds: Int?) -> Bool {
    key.operation == operation && (mode == nil || key.mode == mode) && key.feed.size == size
      && (kinds == nil || key.feed.kinds == kinds)
      && (key.feed.domain == AnswerNames.syntheticDomain || key.feed.distribution == layout)
  }

  package func row(_ strategy: StrategyID, _ operation: SpecOperation, _ mode: BuildMode) -> TimingRow? {
    row(strategy, operation.rawValue, mode)
  }

  /// What the run's intervals are over: `launches`, or `layouts and
  /// launches` for a run of `--layouts`.
  package var intervalLevels: String {
    run.rows.contains { $0.layouts > 1 } ? "layouts and launches" : "launches"
  }

  /// The median ns per element of a row, when the run has it.
  package func nanoseconds(_ strategy: StrategyID, _ operation: String, _ mode: BuildMode, kinds: Int? = nil) -> Double? {
    row(strategy, operation, mode, kinds: kinds)?.median
  }

  /// The span of the rows' 95% intervals of the ratio to the baseline: the
  /// lowest low and the highest high, `0.83–1.12×`; `–` when no row has one.
  package func span(
    _ strategies: [StrategyID], _ operations: [String], modes: [BuildMode] = BuildMode.all, kinds: Int? = nil
  ) -> String {
    ratioSpan(strategies, operations, modes: modes, kinds: kinds).map(Self.spanText) ?? missingFigure
  }

  /// The span `span` prints, as numbers; `nil` when no row has an interval.
  package func ratioSpan(
    _ strategies: [StrategyID], _ operations: [String], modes: [BuildMode] = BuildMode.all, kinds: Int? = nil
  ) -> ClosedRange<Double>? {
    var lows: [Double] = []
    var highs: [Double] = []
    for strategy in strategies {
      for operation in operations {
        for mode in modes {
          guard let row = row(strategy, operation, mode, kinds: kinds), let low = row.ratioToBaselineLow,
            let high = row.ratioToBaselineHigh
          else { continue }
          lows.append(low)
          highs.append(high)
        }
      }
    }
    guard let low = lows.min(), let high = highs.max() else { return nil }
    return low...high
  }

  /// `0.83–1.12×`.
  package static func spanText(_ span: ClosedRange<Double>) -> String {
    "\(DecimalText.fixed(span.lowerBound, 2))–\(DecimalText.fixed(span.upperBound, 2))×"
  }

  package func span(_ strategies: [StrategyID], _ operations: [SpecOperation], modes: [BuildMode] = BuildMode.all) -> String {
    span(strategies, operations.map(\.rawValue), modes: modes)
  }
}

extension Optional where Wrapped == Double {
  /// The value with `digits` decimals, or `–`.
  package func fixed(_ digits: Int) -> String {
    map { DecimalText.fixed($0, digits) } ?? missingFigure
  }
}
