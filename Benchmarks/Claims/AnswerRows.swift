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
  package static let taggedVisitor: StrategyID = "tagged-visitor"

  /// The articles' patterns: the getter and both visitors.
  package static let articles = [protocolGetter, classicVisitor, genericVisitor]
  package static let visitors = [classicVisitor, genericVisitor]
  /// What teams reach for instead, and costs about the same.
  package static let alternatives = [classHierarchy, typeEraser]
  /// What costs more on real work.
  package static let costly = [naive, castChain, handlerTable]
  /// Registered patterns no claim names: the tagged visitor came after the
  /// committed machines' runs, so the claims, read over every machine,
  /// leave it out (the README gives it a sentence of its own). A test
  /// checks that these and the groups above cover the registry's list.
  package static let outsideTheClaims = [taggedVisitor]

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
  /// The feed size the answer reads when a run has it: the default
  /// suite's largest.
  package static let primarySize = 100_000
  /// The kind layout the answer reads (`KindDistribution.uniform`).
  package static let uniform = KindDistribution.uniform.rawValue
  /// The synthetic domain's name in a row's feed (`PlannedSynthetic.domain`).
  package static let syntheticDomain = "synthetic"
  /// The existential domain's (`PlannedSynthetic.existentialDomain`, the
  /// Existential module's `ExistentialDomain.name`).
  package static let existentialDomain = "existential"
}

/// A run's rows as the answer looks them up: at one size and kind layout
/// (the synthetic domain's at that size, whatever its layout), by strategy,
/// operation, mode and, for the synthetic domain, number of kinds.
package struct AnswerRows {
  package var run: RunFile
  package var size: Int
  package var layout: String
  /// Every machine's rows, when the answer is read over several runs
  /// (`answer RUN.csv RUN.csv … --sections decision`): a span is then the
  /// union of theirs and a time the range of theirs. Empty for one run.
  package var pool: [AnswerRows] = []

  /// The size the answer reads by default: the primary size when the run
  /// has it, else its largest.
  package static func defaultSize(_ run: RunFile) -> Int {
    let sizes = Set(run.rows.map(\.key.feed.size))
    return sizes.contains(AnswerNames.primarySize) ? AnswerNames.primarySize : sizes.max() ?? AnswerNames.primarySize
  }

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
      row.key.feed.size == size
        && (row.key.feed.domain == AnswerNames.syntheticDomain || row.key.feed.distribution == layout)
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
    guard pool.isEmpty else {
      let models = Set(pool.map(\.run.info.machine.cpuModel)).count
      return inOrderOnce(pool.map(\.intervalLevels)).joined(separator: " or ") + ", spanning \(models) CPU models"
    }
    return run.rows.contains { $0.layouts > 1 } ? "layouts and launches" : "launches"
  }

  /// The lowest and highest median of `strategy` over `operations` in
  /// `mode` (every machine's, over a pool), as `195–977`, each to `digits`
  /// decimals; one figure when they print alike.
  package func nanosecondsText(
    _ strategy: StrategyID, _ operations: [String], _ mode: BuildMode, kinds: Int? = nil, digits: Int
  ) -> String {
    let members = pool.isEmpty ? [self] : pool
    let values = members.flatMap { member in
      operations.compactMap { member.nanoseconds(strategy, $0, mode, kinds: kinds) }
    }
    guard let low = values.min(), let high = values.max() else { return missingFigure }
    let (lowText, highText) = (DecimalText.fixed(low, digits), DecimalText.fixed(high, digits))
    return lowText == highText ? lowText : "\(lowText)–\(highText)"
  }

  /// The ns per element a row shows (`TimingRow.shownMedian`: at the
  /// baseline's pace), when the run has it.
  package func nanoseconds(_ strategy: StrategyID, _ operation: String, _ mode: BuildMode, kinds: Int? = nil) -> Double?
  {
    row(strategy, operation, mode, kinds: kinds)?.shownMedian
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
    if !pool.isEmpty {
      let spans = pool.compactMap { $0.ratioSpan(strategies, operations, modes: modes, kinds: kinds) }
      guard let low = spans.map(\.lowerBound).min(), let high = spans.map(\.upperBound).max() else { return nil }
      return low...high
    }
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

  /// Whether every one of `strategies` has a row with a ratio interval on
  /// one of `operations` in one of `modes`: a span that leaves out a
  /// pattern the run never measured (a run of a subset, or one made before
  /// the pattern was added) would be another claim's.
  package func measuredEvery(
    _ strategies: [StrategyID], _ operations: [String], modes: [BuildMode] = BuildMode.all, kinds: Int? = nil
  ) -> Bool {
    strategies.allSatisfy { strategy in
      operations.contains { operation in
        modes.contains { mode in
          row(strategy, operation, mode, kinds: kinds).map {
            $0.ratioToBaselineLow != nil && $0.ratioToBaselineHigh != nil
          }
            ?? false
        }
      }
    }
  }

  /// The strategies (the floor and the null left out) this run measured.
  package var strategies: Set<StrategyID> {
    Set(run.rows.lazy.map(\.key.strategy).filter { !$0.isReference })
  }

  /// These rows with only `strategies`' (and the references') left.
  package func keeping(_ strategies: Set<StrategyID>) -> AnswerRows {
    var rows = self
    rows.run.rows.removeAll { !$0.key.strategy.isReference && !strategies.contains($0.key.strategy) }
    return rows
  }

  /// `0.83–1.12×`.
  package static func spanText(_ span: ClosedRange<Double>) -> String {
    "\(DecimalText.fixed(span.lowerBound, 2))–\(DecimalText.fixed(span.upperBound, 2))×"
  }

  package func span(_ strategies: [StrategyID], _ operations: [SpecOperation], modes: [BuildMode] = BuildMode.all)
    -> String
  {
    span(strategies, operations.map(\.rawValue), modes: modes)
  }
}

extension Optional where Wrapped == Double {
  /// The value with `digits` decimals, or `–`.
  package func fixed(_ digits: Int) -> String {
    map { DecimalText.fixed($0, digits) } ?? missingFigure
  }
}
