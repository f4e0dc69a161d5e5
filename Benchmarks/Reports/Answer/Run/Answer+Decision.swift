import BenchmarkResults
import Claims
import DispatchModel
import CommandLineSupport

/// The README's answer: the decision table, the stakes, and the ranges its
/// opening sentences quote. Each range is the span of the 95% intervals it
/// summarises, so a reader sees the spread, not a point.
extension Answer {
  /// One frame at 120 Hz, in nanoseconds.
  package static let frameNanoseconds = 1e9 / 120
  /// Rows a frame asks about, for the stakes.
  package static let rowsPerFrame = 100

  package func decisionTable() -> QuotedTable {
    typealias N = AnswerNames
    let constant = N.kindsOperation
    let heavy = N.heavy.map(\.rawValue)
    let identifier = [SpecOperation.feedIdentifier.rawValue]
    let color = [SpecOperation.feedColor.rawValue]
    func ns(_ strategy: StrategyID, _ operation: String, kinds: Int? = nil, _ digits: Int) -> String {
      rows.nanosecondsText(strategy, [operation], .app, kinds: kinds, digits: digits)
    }
    let work = rows.nanosecondsText(
      N.enumSwitch, [SpecOperation.feedConfigure.rawValue, SpecOperation.shareWechat.rawValue], .app, digits: 0)
    let scope = "\(rows.size.groupedDigits) elements; 95% intervals over \(rows.intervalLevels)"
    let lines: [[String]] = [
      [
        "each element does real work (formatting a share, laying out a row: \(work) ns in app mode)",
        "whichever reads best: protocol getter, visitor, class hierarchy, type eraser or enum",
        "getter and visitors \(rows.span(N.articles, heavy)) the enum; "
          + "class hierarchy and type eraser \(rows.span(N.alternatives, heavy))",
        "choose by the row below",
      ],
      [
        "dispatch is the work (a row's identifier, a cell's colour) in a hot loop", "`enum` + exhaustive `switch`",
        "enum \(ns(N.enumSwitch, identifier[0], 1)) ns per identifier and \(ns(N.enumSwitch, color[0], 1)) ns "
          + "per colour (app); getter and visitors \(rows.span(N.articles, identifier, modes: [.app])) "
          + "and \(rows.span(N.articles, color, modes: [.app])) in an app, "
          + "\(rows.span(N.articles, identifier, modes: [.boundary])) "
          + "and \(rows.span(N.articles, color, modes: [.boundary])) through a module boundary"
          + picksThatMove(),
        trades([N.enumSwitch]) { "enum: \($0[0]) (the compiler lists every `switch` to fix)" },
      ],
      [
        "kinds are added often, by many hands; operations rarely", "protocol getter or class hierarchy",
        "\(ns(N.protocolGetter, constant, kinds: 64, 0)) and \(ns(N.classHierarchy, constant, kinds: 64, 0)) "
          + "ns at 64 kinds (enum \(ns(N.enumSwitch, constant, kinds: 64, 1)) ns)",
        trades([N.protocolGetter, N.classHierarchy]) { "getter: \($0[0]); class hierarchy: \($0[1])" },
      ],
      [
        "operations are added often; kinds are a closed set",
        "`enum` (or a visitor, if operations live in other modules)",
        "visitors \(rows.span(N.visitors, [constant], modes: [.app], kinds: 64)) the enum at 64 kinds",
        trades([N.enumSwitch, N.classicVisitor]) { "enum: \($0[0]); classic visitor: \($0[1])" },
      ],
      [
        "dozens of kinds", "never an `is`/`as?` chain",
        "`cast-chain` \(ns(N.castChain, constant, kinds: 8, 0)) ns at 8 kinds, "
          + "\(ns(N.castChain, constant, kinds: 64, 0)) ns at 64 (linear); "
          + "handler table \(ns(N.handlerTable, constant, kinds: 2, 0)) ns at 2 kinds, "
          + "\(ns(N.handlerTable, constant, kinds: 64, 0)) at 64",
        trades([N.castChain]) { "cast-chain: \($0[0])" },
      ],
    ]
    return QuotedTable(
      title: "Which pattern, when (\(scope))",
      columns: [
        .init("situation"), .init("pick"),
        .init("measured (\(scope))", terminal: "measured"),
        .init("extensibility"),
      ], rows: lines, asRecords: true)
  }

  /// Over several machines, where the enum is not the fastest pattern of
  /// a "fastest" claim: `; not on every machine: fastest, feed.identifier,
  /// boundary: protocol-getter on Intel Xeon f6 m207`. Empty for one run,
  /// or where every machine names the enum.
  private func picksThatMove() -> String {
    guard !rows.pool.isEmpty else { return "" }
    let answer = MachinesAnswer(rows.pool)
    let patterns = answer.commonPatterns
    var notes: [String] = []
    for claim in MachineClaim.all where claim.picksAPattern {
      for (label, machine) in zip(answer.labels, answer.machines) {
        switch machine.reading(claim, among: patterns) {
        case .pattern(let pattern) where pattern != AnswerNames.enumSwitch:
          notes.append("\(claim.name): \(pattern) on \(label)")
        case .untold(let untold) where untold.first != AnswerNames.enumSwitch:
          notes.append("\(claim.name): \(untold.map(\.rawValue).joined(separator: " or ")) on \(label)")
        default: break
        }
      }
    }
    return notes.isEmpty ? "" : "; not on every machine: " + notes.joined(separator: "; ")
  }

  /// The extensibility cell: `phrase` of each pattern's trade, or `–`
  /// without the edit costs.
  private func trades(_ patterns: [StrategyID], _ phrase: ([String]) -> String) -> String {
    let trades = patterns.compactMap(trade)
    return trades.count == patterns.count ? phrase(trades) : missingFigure
  }

  /// `a kind in 5 places, an operation in 1 place`: the places a change
  /// touches at 8 kinds.
  private func trade(_ pattern: StrategyID) -> String? {
    guard let kind = scaling?.newKind(pattern, kinds: 8), let operation = scaling?.newOperation(pattern, kinds: 8)
    else { return nil }
    return "a kind in \(kind.hunks.counted("place")), an operation in \(operation.hunks.counted("place"))"
  }

  package func stakesTable() -> QuotedTable {
    let frame = DecimalText.fixed(Self.frameNanoseconds / 1e6, 2)
    let lines = AnswerNames.stakes.map { operation -> [String] in
      let enumTime = rows.nanoseconds(AnswerNames.enumSwitch, operation.rawValue, .app)
      let times = AnswerNames.articles.compactMap { strategy in
        rows.nanoseconds(strategy, operation.rawValue, .app).map { (strategy, $0) }
      }
      // The first of the slowest, as the articles are listed.
      guard let enumTime, let slowest = times.max(by: { $0.1 < $1.1 }) else {
        return [operation.rawValue, enumTime.fixed(1), missingFigure, missingFigure, missingFigure]
      }
      let extra = (slowest.1 - enumTime) * Double(Self.rowsPerFrame)
      // Where even the slowest of them is faster than the enum, it adds
      // nothing: said so, not as a negative cost.
      let cost =
        extra > 0
        ? ["\(DecimalText.fixed(extra / 1000, 1)) µs", "\(DecimalText.fixed(extra / Self.frameNanoseconds * 100, 2))%"]
        : ["none (\(DecimalText.fixed(-extra / 1000, 1)) µs less)", "none"]
      return [operation.rawValue, DecimalText.fixed(enumTime, 1), "\(DecimalText.fixed(slowest.1, 1)) (\(slowest.0))"]
        + cost
    }
    return QuotedTable(
      title: "The stakes: the slowest of the getter and visitors against the enum, app mode",
      columns: [
        .init("operation (app mode)", terminal: "operation"),
        .init("enum: ns per element, or ms per million", .right, terminal: "enum ns"),
        .init("slowest of the getter and visitors", .right, terminal: "slowest article ns"),
        .init("its extra cost for \(Self.rowsPerFrame) rows", .right, terminal: "\(Self.rowsPerFrame) rows"),
        .init("… as a share of a 120 Hz frame (\(frame) ms)", .right, terminal: "% of \(frame) ms"),
      ], rows: lines)
  }

  package func rangesList() -> QuotedTable {
    typealias N = AnswerNames
    var items = [
      "article patterns on real work, both modes: \(rows.span(N.articles, N.heavy))",
      "class hierarchy and type eraser on real work: \(rows.span(N.alternatives, N.heavy))",
      "naive, cast-chain, handler-table on real work: \(rows.span(N.costly, N.heavy))",
    ]
    for mode in BuildMode.all {
      for operation in N.light {
        items.append(
          "getter and visitors, \(operation.rawValue), \(mode): "
            + "\(rows.span(N.articles, [operation], modes: [mode]))")
      }
    }
    return QuotedTable(title: "The ranges the README's opening sentences quote", items: items)
  }
}
