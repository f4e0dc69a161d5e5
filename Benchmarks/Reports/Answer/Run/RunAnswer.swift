import BenchmarkResults
import Claims
import DispatchModel
import CommandLineSupport
import RunContract

/// What `run` prints last, on standard output: this run's answer (the
/// decision table, as `answer --sections decision` prints it, one situation
/// to a few lines), how precise the run was, where its CSV is and what to
/// run next, so that the last screen of a run is its answer and not a table
/// of cases.
package enum RunAnswer {
  /// The closing text for the run written at `path`.
  package static func text(path: String) -> String {
    var lines: [String] = []
    do throws(CommandError) {
      guard case .run(let run) = try loadResults(path) else { return "" }
      lines += decision(run)
      let borrowed = SyntheticBorrowing.borrowed(in: run.rows)
      if !borrowed.isEmpty { lines.append(TextTable.wrap(SyntheticBorrowing.note(borrowed), indent: 2)) }
      lines += placement(run)
      lines.append("")
      lines.append(TextTable.wrap(precision(run), indent: 2))
    } catch {
      lines.append("(no answer from \(path): \(error))")
    }
    lines.append("")
    lines.append(TextTable.wrap(nextSteps(path), indent: 2))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The decision section of this run, each situation as its pick and what
  /// this run measured (the extensibility column is the edit costs', not a
  /// run's: `answer --edit-cost` prints it).
  package static func decision(_ run: RunFile) -> [String] {
    guard let rows = AnswerRows(run: run, primary: AnswerNames.primarySize) else { return ["(this run has no rows)"] }
    let answer = Answer(rows: rows, profile: nil, scaling: nil)
    let tables: [QuotedTable]
    do throws(SectionUnavailable) {
      tables = try answer.blocks(.decision)
    } catch {
      return [TextTable.wrap("This run gives no decision table: \(error.reason).", indent: 2)]
    }
    var lines: [String] = []
    for table in tables {
      lines.append(TextTable.wrap("This run's answer. " + table.title, indent: 2))
      for row in table.rows where row.count >= 3 {
        lines.append(TextTable.wrap("- \(row[0]): \(row[1])", indent: 4))
        lines.append(TextTable.wrap(row[2], margin: 4, indent: 2))
      }
    }
    return lines
  }

  /// How many claims outside the committed machines' range the closing
  /// names; `answer --sections machines` lists every one.
  package static let maxOutsideShown = 2

  /// Where this machine sits among the committed machines, in a few
  /// lines: the count inside their range, then each claim outside it
  /// (`answer RUN.csv --sections machines` prints every claim).
  package static func placement(_ run: RunFile, among committed: CommittedMachines = .generated) -> [String] {
    guard !committed.machines.isEmpty, run.info.baseline == AnswerNames.enumSwitch else { return [] }
    let placement = MachinePlacement(
      AnswerRows(run: run, size: AnswerRows.defaultSize(run), layout: KindDistribution.uniform.rawValue),
      among: committed)
    // The screen's room: the first claims outside, then where the rest are.
    let shown = placement.outside.prefix(maxOutsideShown)
    var lines =
      [""] + [TextTable.wrap(placement.summary, indent: 2)]
      + shown.map { TextTable.wrap("- " + MachinePlacement.outsideText($0), margin: 2, indent: 2) }
    if placement.outside.count > shown.count {
      lines.append(
        TextTable.wrap(
          "- and \(placement.outside.count - shown.count) more: `dispatch-bench answer RUN.csv --sections machines`",
          margin: 2, indent: 2))
    }
    return lines
  }

  /// How many strategy rows met the run's target resolution, the median
  /// and the widest, and what a longer run buys.
  package static func precision(_ run: RunFile) -> String {
    let rows = run.rows.filter { !$0.key.strategy.isReference }
    let resolved = rows.compactMap { row in row.resolution.map { (row, $0) } }
    guard !resolved.isEmpty else {
      return "Precision: this run's rows have no interval over launches (one launch per case, as --quick makes): "
        + "the default run (`swift run -c release dispatch-bench`) gives each ratio one."
    }
    let target = rows.compactMap(\.targetResolution).first
    let sorted = resolved.map(\.1).sorted()
    let median = sorted[sorted.count / 2]
    let (widest, worst) = resolved.max { $0.1 < $1.1 }!
    let claims = claims(run, resolution: target ?? AdaptiveSettings().targetResolution, adaptive: target != nil)
    var text = "Precision: " + claims
    if let target {
      let met = resolved.filter { $0.1 <= target }.count
      text += "\(met) of \(rows.count.counted("strategy row")) resolved to the \(percent(target)) target; the"
    } else {
      text += claims.isEmpty ? "the" : "The"
    }
    text +=
      " median resolution is \(percent(median)), the widest \(percent(worst)) "
      + "(\(widest.key.benchmarkCase.operation), \(widest.key.strategy), \(widest.key.mode.rawValue) mode). "
      + "The ranges above are 95% intervals over launches."
    if let target, worst > target {
      text += " A longer \(AdvisedRunOptions.maxTime.name) launches the widest cases again and narrows them."
    }
    return text
  }

  /// The claims this run settles at `resolution`, out of those it has
  /// rows for (`MachineClaim.settlings(_:resolution:of:)`, as adaptive
  /// launches read them), and when every one is, after how many seconds
  /// the last settled (`RunInfo.claimsSettled`); in an adaptive run, each
  /// still open (the three nearest to settling) with what it reads and the
  /// `--max-time` that would settle it at this run's pace (its wall time ×
  /// `ClaimSettling.launchFactor`: an upper estimate, as claims' rows are
  /// launched first). Empty for a run of none of the claims' rows.
  package static func claims(_ run: RunFile, resolution: Double, adaptive: Bool = true) -> String {
    guard let rows = AnswerRows(run: run, primary: AnswerNames.primarySize) else { return "" }
    let read = MachineClaim.settlings(rows, resolution: resolution)
    guard !read.isEmpty else { return "" }
    let open = read.filter { !$0.1.isSettled }.sorted {
      ($0.1.launchFactor ?? .infinity) < ($1.1.launchFactor ?? .infinity)
    }
    let missing = MachineClaim.all.count - read.count
    var text =
      "\(read.count - open.count) of \(read.count.counted("claim")) settled"
      + (missing == 0 ? "" : " (this run has no rows for \(missing) more)")
    if open.isEmpty, let settled = run.info.claimsSettled { text += lastSettled(settled, wall: run.info.time?.wall) }
    guard adaptive else {
      return text + (open.isEmpty ? ". " : " (adaptive launches, the default, go to the others' rows first). ")
    }
    let named = open.prefix(3).map { claim, settling in
      "\(claim.name) is not (\(claim.read(rows).text)), " + settles(settling, wall: run.info.time?.wall)
    }
    text += named.isEmpty ? "" : "; " + named.joined(separator: "; ")
    if open.count > named.count { text += "; and \(open.count - named.count) more" }
    return text + ". "
  }

  /// `, the last after 48 s of a 171 s run`: when the claims settled, in
  /// whole seconds of the run's wall time.
  private static func lastSettled(_ seconds: Double, wall: Double?) -> String {
    ", the last after \(Int(seconds.rounded())) s" + (wall.map { " of a \(Int($0.rounded())) s run" } ?? "")
  }

  /// What would settle an open claim: the `--max-time` at this run's pace.
  private static func settles(_ settling: ClaimSettling, wall: Double?) -> String {
    guard let factor = settling.launchFactor else { return "and more launches may not settle it" }
    guard let wall, wall > 0 else {
      return "about \(CSVNumber.text((factor * 10).rounded(.up) / 10)) times its launches would settle it"
    }
    return "about \(AdvisedRunOptions.maxTime.name) \(Int((wall * factor).rounded(.up))) would settle it"
  }

  package static func nextSteps(_ path: String) -> String {
    "Rows: \(path). Then `dispatch-bench answer`, `report` or `compare` on it: every section, "
      + "charts, every case (or two runs)."
  }

  private static func percent(_ fraction: Double) -> String {
    CSVNumber.text((fraction * 1_000).rounded() / 10) + "%"
  }
}
