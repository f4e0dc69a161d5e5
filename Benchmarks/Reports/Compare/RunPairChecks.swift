import BenchmarkResults
import DispatchModel
import CommandLineSupport
import Statistics
import RunContract

/// What `compare --show` prints instead of the verdicts: of two runs, how
/// far their ratios drift apart, how fast the machine ran one against the
/// other, whether two builds counted the same code, and their ratios side
/// by side; of one run and its samples, how its ratios spread over
/// launches.
package enum CompareShow: String, CaseIterable {
  /// Each row's change with a verdict (the default).
  case verdicts
  /// The A/A measure: the median, 95th percentile and largest |B/A - 1| of
  /// the rows' tracked ratios, overall, by domain, by what they track and by
  /// whether they met their target, and the rows that drift most.
  case drift
  /// B's median time over A's, per domain: the machine's speed.
  case speed
  /// Whether every row both runs counted has the same `code_bytes` and
  /// method: two builds of one source must.
  case codeBytes = "code-bytes"
  /// Each share and feed row's ratio to the baseline in both runs, side by
  /// side with its interval: what a change to the code moved, without a
  /// verdict (the runs may differ in launches).
  case ratios
  /// One run's launch-to-launch spread against its within-launch error,
  /// from its raw samples (`--samples`).
  case launchSpread = "launch-spread"
  /// One run's speed launch by launch, the reference rows and the strategy
  /// rows apart, from its raw samples (`--samples`): which launches made a
  /// run disturbed, and whether the machine did.
  case launchSpeed = "launch-speed"
  /// Whether one run's rounds or its launches decide its rows' ratios, per
  /// domain, from its raw samples (`--samples`): which of the two more of
  /// would narrow them (`RoundsOrLaunches`).
  case roundsOrLaunches = "rounds-or-launches"
  /// How much more the two runs' rows differ than their launches allow:
  /// the z-scores `compare` widens its intervals by (`RunLevel`).
  case runLevel = "run-level"

  /// How many runs it reads.
  package var runs: Int { readsSamples ? 1 : 2 }

  /// Whether it reads one run's raw samples (`--samples`).
  package var readsSamples: Bool { self == .launchSpread || self == .launchSpeed || self == .roundsOrLaunches }
}

/// The result of a check: what to print, or why it failed (exit status 65
/// for runs it cannot check, 2 for two builds whose code differs).
package struct CheckReport {
  package var text: String
  package var failure: CommandError?

  package static func cannotCheck(_ message: String) -> CheckReport {
    CheckReport(text: "", failure: .dataError(message))
  }

  package static func differ(_ message: String) -> CheckReport {
    CheckReport(text: "", failure: CommandError(message, exitStatus: ExitStatus.regression))
  }
}

extension ResultKey {
  /// The key's fields in the run CSV's column order, the source left out:
  /// joined by `/`, how the A/A checks name a row
  /// (`feed/feed.color/naive/100000/uniform/6/app`), and what they sort
  /// rows of equal figures by.
  package var columnFields: [String] {
    [
      feed.domain, operation, strategy.rawValue, String(feed.size), feed.distribution, String(feed.kinds),
      mode.rawValue,
    ]
  }
}

package enum RunPairChecks {
  /// How far two runs' tracked ratios (to the baseline; the baseline's own
  /// to the floor) drift apart: strategy rows, then the floor and the null,
  /// then the strategy rows of each domain, then where the tail comes from.
  package static func drift(_ a: RunFile, _ b: RunFile) -> CheckReport {
    func tracked(_ run: RunFile) -> [ResultKey: Double] {
      var ratios: [ResultKey: Double] = [:]
      for row in run.rows {
        if let ratio = row.tracked == .floor ? row.ratioToFloor : row.ratioToBaseline { ratios[row.key] = ratio }
      }
      return ratios
    }
    let (base, new) = (tracked(a), tracked(b))
    let common = base.keys.filter { new[$0] != nil && base[$0]! > 0 }
    guard !common.isEmpty else { return .cannotCheck("the runs have no rows in common") }
    func drifts(_ keys: [ResultKey]) -> [(drift: Double, key: ResultKey)] {
      keys.map { (abs(new[$0]! / base[$0]! - 1), $0) }.sorted {
        $0.drift != $1.drift ? $0.drift > $1.drift : $1.key.columnFields.lexicographicallyPrecedes($0.key.columnFields)
      }
    }
    var text = ""
    for (title, isReference) in [("strategy rows", false), ("floor and null rows", true)] {
      let rows = drifts(common.filter { $0.strategy.isReference == isReference })
      guard !rows.isEmpty else { continue }
      text += "\(title): \(rows.count) in both runs; ratio drift: " + spread(rows.map(\.drift)) + "\n"
      for (drift, key) in rows.prefix(5) {
        text +=
          "  \(DecimalText.fixed(drift * 100, 2, width: 6))%  \(key.columnFields.joined(separator: "/"))  "
          + "\(DecimalText.significant(base[key]!, 4)) -> \(DecimalText.significant(new[key]!, 4))\n"
      }
    }
    let strategyRows = common.filter { !$0.strategy.isReference }
    let domains = Set(strategyRows.map(\.feed.domain)).sorted()
    if domains.count > 1 {
      text += "strategy rows by domain:\n"
      for domain in domains {
        let rows = drifts(strategyRows.filter { $0.feed.domain == domain })
        text += "  \(domain): \(rows.count) rows; " + spread(rows.map(\.drift)) + "\n"
      }
    }
    text += cover(a, b, strategyRows)
    text += expectedDrift(a, b, strategyRows)
    text += tailGroups(a, b, strategyRows, drifts: drifts)
    return CheckReport(text: text)
  }

  /// How many of B's ratios to the baseline lie inside A's 95% interval.
  /// Two runs of one binary whose intervals are calibrated put about 83%
  /// there: B's ratio differs from A's by a normal of √2 times A's
  /// standard error, inside ±`NormalDistribution.quantile95` of them with
  /// probability P(|Z| < quantile95/√2) = 0.834. Far fewer says something common to a run's
  /// launches moved between the runs, which no interval of one run sees.
  private static func cover(_ a: RunFile, _ b: RunFile, _ strategyRows: [ResultKey]) -> String {
    let (baseRows, newRows) = (a.byKey, b.byKey)
    let paired = strategyRows.compactMap { key -> (domain: String, inside: Bool)? in
      guard let base = baseRows[key], base.tracked != .floor, let low = base.ratioToBaselineLow,
        let high = base.ratioToBaselineHigh, let ratio = newRows[key]?.ratioToBaseline
      else { return nil }
      return (key.feed.domain, low <= ratio && ratio <= high)
    }
    guard !paired.isEmpty else { return "" }
    let inside = paired.filter(\.inside).count
    let share = DecimalText.fixed(Double(inside) / Double(paired.count) * 100, 1)
    var text =
      "interval cover: \(inside) of \(paired.count) ratios to the baseline (\(share)%) lie in the\n"
      + "  first run's 95% interval (calibrated intervals: about 83%)\n"
    // By domain: moderated toward one pool, a domain whose launches vary
    // more than the run's typical row's was covered less (Guides/Method.md).
    let byDomain = Dictionary(grouping: paired, by: \.domain)
    if byDomain.count > 1 {
      text +=
        "  by domain: "
        + byDomain.keys.sorted().map { domain in
          "\(domain) \(byDomain[domain]!.filter(\.inside).count) of \(byDomain[domain]!.count)"
        }.joined(separator: ", ") + "\n"
    }
    return text
  }

  /// Where the tail of a drift comes from: the baseline's own rows are
  /// tracked against the floor, a loop of a nanosecond or two that moves
  /// with a process's layout; and rows an adaptive run left short of its
  /// target are wider than the rest. Each group with its rows, median, 95th
  /// percentile and largest drift, and, from 40 rows, how many of the
  /// largest 5% of moves it holds. A grouping all rows fall on one side of
  /// is left out, and the target's when either run has no target.
  private static func tailGroups(
    _ a: RunFile, _ b: RunFile, _ strategyRows: [ResultKey],
    drifts: ([ResultKey]) -> [(drift: Double, key: ResultKey)]
  ) -> String {
    let (baseRows, newRows) = (a.byKey, b.byKey)
    let againstFloor = Set(strategyRows.filter { baseRows[$0]?.tracked == .floor && newRows[$0]?.tracked == .floor })
    let bothAdaptive = strategyRows.allSatisfy { baseRows[$0]?.metTarget != nil && newRows[$0]?.metTarget != nil }
    let short = Set(strategyRows.filter { baseRows[$0]?.metTarget == false || newRows[$0]?.metTarget == false })
    let top = strategyRows.count >= 40 ? strategyRows.count / 20 : 0
    let largest = Set(drifts(strategyRows).prefix(top).map(\.key))
    let groupings: [(title: String, members: Set<ResultKey>?, inside: String, outside: String)] = [
      ("by what they track", againstFloor, "the baseline's own, to the floor", "ratios to the baseline"),
      ("by target", bothAdaptive ? short : nil, "short of it in either run", "met in both runs"),
    ]
    var text = ""
    for grouping in groupings {
      guard let members = grouping.members, !members.isEmpty, members.count < strategyRows.count else { continue }
      text +=
        "strategy rows \(grouping.title) (rows: median, p95, max"
        + (top > 0 ? "; of the \(top) largest" : "") + "):\n"
      for (name, isMember) in [(grouping.outside, false), (grouping.inside, true)] {
        let keys = strategyRows.filter { members.contains($0) == isMember }
        let (median, p95, largestDrift) = figures(drifts(keys).map(\.drift))
        let label = name + ":" + String(repeating: " ", count: max(1, 34 - name.count - 1))
        let inLargest = top > 0 ? "; \(keys.filter { largest.contains($0) }.count)" : ""
        text +=
          "  " + label + DecimalText.fixed(Double(keys.count), 0, width: 4) + ": "
          + "\(median), \(p95), \(largestDrift)" + inLargest + "\n"
      }
    }
    return text
  }

  /// `median 0.86%, p95 4.91%, max 20.10%` of drifts sorted largest first.
  private static func spread(_ drifts: [Double]) -> String {
    let (median, p95, max) = figures(drifts)
    return "median \(median), p95 \(p95), max \(max)"
  }

  /// The median, 95th percentile and largest of `drifts`, as percentages
  /// (`–` where there is none).
  private static func figures(_ drifts: [Double]) -> (median: String, p95: String, max: String) {
    let sorted = drifts.sorted()
    let percent = { (value: Double?) in value.map { DecimalText.fixed($0 * 100, 2) + "%" } ?? missingFigure }
    return (
      percent(SampleStatistics.percentile(sorted, 0.5)), percent(SampleStatistics.percentile(sorted, 0.95)),
      percent(sorted.last)
    )
  }

  /// B's median nanoseconds over A's for every strategy row both have, per
  /// domain: the median factor, its range and the rows. About 1 everywhere
  /// on a quiet machine; a factor that differs between domains says the
  /// machine changed speed, unevenly.
  package static func speed(_ a: RunFile, _ b: RunFile) -> CheckReport {
    let base = a.byKey
    let factors = b.rows.compactMap { row -> (String, Double)? in
      guard !row.key.strategy.isReference, let reference = base[row.key], reference.median > 0 else { return nil }
      return (row.key.feed.domain, row.median / reference.median)
    }
    guard !factors.isEmpty else {
      return .cannotCheck("\(b.path) has no strategy rows in common with \(a.path)")
    }
    let parts = Set(factors.map(\.0)).sorted().map { domain in
      let values = factors.filter { $0.0 == domain }.map(\.1).sorted()
      let median = Summary.median(values).map { DecimalText.fixed($0, 2) } ?? missingFigure
      return "\(domain) \(median)x (\(DecimalText.fixed(values[0], 2))-"
        + "\(DecimalText.fixed(values.last!, 2)), \(values.count) rows)"
    }
    return CheckReport(text: "\(b.path): " + parts.joined(separator: "; ") + "\n")
  }

  /// Every share and feed strategy row of `b` at 100,000 uniform elements
  /// (or its largest size), of `operations` in their order (all, in `b`'s
  /// order, when `nil`), boundary mode first: its ratio to the baseline
  /// with its interval in `a` ("before") and in `b` ("after").
  package static func ratios(_ a: RunFile, _ b: RunFile, operations: [String]?, format: QuotedFormat) -> CheckReport {
    let sizes = Set(b.rows.map(\.key.feed.size))
    let size = sizes.contains(AnswerNames.primarySize) ? AnswerNames.primarySize : sizes.max()!
    let layout = KindDistribution.uniform.rawValue
    let shown = b.rows.filter {
      $0.key.feed.size == size && $0.key.feed.distribution == layout && !$0.key.strategy.isReference
        && $0.key.feed.domain != AnswerNames.syntheticDomain && operations?.contains($0.key.operation) != false
    }
    guard !shown.isEmpty else {
      return .cannotCheck("\(b.path) has no share or feed rows at \(size.groupedDigits) \(layout) elements to show")
    }
    let operations = operations ?? unique(shown.map(\.key.operation))
    let order = { (row: TimingRow) in
      [operations.firstIndex(of: row.key.operation)!, row.key.mode == .boundary ? 0 : 1]
    }
    let sorted = shown.enumerated().sorted {
      (order($0.element) + [$0.offset]).lexicographicallyPrecedes(order($1.element) + [$1.offset])
    }
    let before = a.byKey
    let lines = sorted.map(\.element).map { row in
      [
        row.key.operation, row.key.mode.rawValue, row.key.strategy.rawValue,
        before[row.key]?.ratioCell(baseline: a.info.baseline) ?? missingFigure,
        row.ratioCell(baseline: b.info.baseline),
      ]
    }
    let table = QuotedTable(
      title: "Ratio to the baseline (95% interval), \(size.groupedDigits) \(layout) elements: \(a.path) → \(b.path)",
      columns: [.init("operation"), .init("mode"), .init("strategy"), .init("before", .right), .init("after", .right)],
      rows: lines)
    return CheckReport(text: table.render(format))
  }

  /// Whether both runs counted the same `code_bytes`, by the same method,
  /// for every row both counted; with `requireCallgrind`, every share and
  /// feed row must have been counted under callgrind.
  package static func codeBytes(_ a: RunFile, _ b: RunFile, requireCallgrind: Bool) -> CheckReport {
    let other = b.byKey
    let shared = a.rows.filter { $0.codeBytes != nil && other[$0.key]?.codeBytes != nil }.sorted { $0.key < $1.key }
    guard !shared.isEmpty else { return .cannotCheck("no row has code_bytes in both runs") }
    func counted(_ row: TimingRow) -> String { "\(row.codeBytes!)/\(row.codeBytesMethod?.rawValue ?? "")" }
    for row in shared where counted(row) != counted(other[row.key]!) {
      return .differ("code_bytes differ for \(row.key): \(counted(row)) and \(counted(other[row.key]!))")
    }
    if let empty = shared.first(where: { $0.codeBytes! <= 0 }) {
      return .differ("\(empty.key) has code_bytes of zero or less")
    }
    if requireCallgrind,
      let direct = shared.first(where: {
        $0.key.feed.domain != AnswerNames.syntheticDomain && $0.codeBytesMethod != .callgrind
      })
    {
      return .differ("\(direct.key) was counted by \(direct.codeBytesMethod?.rawValue ?? "nothing"), not callgrind")
    }
    return CheckReport(
      text: "code_bytes and their methods equal, and positive, for all \(shared.count) rows of both builds\n")
  }
}
