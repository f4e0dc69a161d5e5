import BenchmarkResults
import Claims
import CommandLineSupport
import RunContract

/// "Does the answer hold on every machine?": the answer's claims read on
/// one run per CPU model, a column each, then each claim over the machines
/// and whether it holds on all of them or moves. A run's intervals are over
/// one machine's launches (and layouts): they say nothing of another CPU,
/// which can move a cheap ratio further than they reach.
package struct MachinesAnswer {
  /// One CPU model: its CPU as its runs name it, and each run's rows.
  package struct MachineRun {
    package var cpu: CPUModel
    package var runs: [AnswerRows]

    /// The claim on this model: read on each run, then pooled
    /// (`MachineClaim.Reading.pooled`); a claim that picks a pattern is
    /// read among `patterns` alone.
    package func reading(_ claim: MachineClaim, among patterns: Set<StrategyID>) -> MachineClaim.Reading {
      .pooled(runs.map { claim.read(claim.picksAPattern ? $0.keeping(patterns) : $0) })
    }

    /// The patterns every run of this model measured.
    package var patterns: Set<StrategyID> {
      runs.dropFirst().reduce(runs[0].strategies) { $0.intersection($1.strategies) }
    }
  }

  /// Each CPU model, in the order its first run was given; a model's runs
  /// pooled into one column.
  package var machines: [MachineRun]

  package init(_ runs: [AnswerRows]) {
    var machines: [MachineRun] = []
    for run in runs {
      let cpu = CPUModel(run.run.info.machine.cpuModel)
      if let index = machines.firstIndex(where: { $0.cpu == cpu }) {
        machines[index].runs.append(run)
      } else {
        machines.append(MachineRun(cpu: cpu, runs: [run]))
      }
    }
    self.machines = machines
  }

  /// The patterns every run measured: a "fastest" claim is read among
  /// them, so a pattern added after a run was made is not measured there
  /// rather than absent from the race.
  package var commonPatterns: Set<StrategyID> {
    machines.dropFirst().reduce(machines[0].patterns) { $0.intersection($1.patterns) }
  }

  /// A column's title: as few of the CPU's details as tell the machines
  /// apart (`family 26`, else `family 25, model 17`, …) when every machine
  /// is of one model name, else each model's short name with its family
  /// and model (`Intel Xeon f6 m207`); a run that gives no details is
  /// called by what it says.
  package var labels: [String] {
    guard Set(machines.map(\.cpu.name)).count == 1 else { return machines.map(\.cpu.shortLabel) }
    let details = machines.map { $0.cpu.details?.split(separator: ", ").map(String.init) }
    let most = details.map { $0?.count ?? 0 }.max() ?? 0
    for count in 1..<max(most, 1) {
      let shortened = details.compactMap { $0.map { $0.prefix(count).joined(separator: ", ") } }
      if Set(shortened).count == shortened.count {
        return zip(machines, details).map { $1.map { $0.prefix(count).joined(separator: ", ") } ?? $0.cpu.text }
      }
    }
    return machines.map { $0.cpu.details ?? $0.cpu.text }
  }

  /// A row per claim: each machine's reading, the claim over the machines
  /// and whether it holds on every one; under it, which file each column
  /// read, the tally, why each claim that does not hold does not, and a
  /// note for a run whose `cpu_model` names no family.
  package func table() -> QuotedTable {
    let labels = labels
    let patterns = commonPatterns
    let verdicts = MachineClaim.all.map { claim in
      (
        claim: claim,
        verdict: MachineVerdict(zip(labels, machines.map { $0.reading(claim, among: patterns) }).map { ($0, $1) })
      )
    }
    var table = QuotedTable(title: "Does the answer hold on every machine? A column per CPU model (\(scope))")
    table.columns =
      [QuotedTable.Column("claim")]
      + zip(labels, machines).map { QuotedTable.Column($1.cpu.text, terminal: $0) }
      + [QuotedTable.Column("over the machines"), QuotedTable.Column("on every machine?", terminal: "every machine?")]
    table.rows = verdicts.map { claim, verdict in
      [claim.name] + verdict.readings.map(\.reading.text) + [verdict.over, verdict.outcome.rawValue]
    }
    table.items = zip(labels, machines).map { label, machine in
      (label == machine.cpu.text ? label : "\(label) is \(machine.cpu.text)") + ": "
        + machine.runs.map(\.run.path).joined(separator: ", ")
        + (machine.runs.count > 1 ? " (its runs pooled: each span from their lowest low to their highest high)" : "")
    }
    let partial = machines.flatMap { machine in
      machine.runs.map { ($0.run.path, $0.strategies.subtracting(patterns)) }
    }.filter { !$0.1.isEmpty }
    if !partial.isEmpty {
      table.items.append(
        "The \"fastest\" claims are read among the patterns every run measured; "
          + partial.map { "\($0.0) also has \($0.1.map(\.rawValue).sorted().joined(separator: ", "))" }
          .joined(separator: "; ") + ", not measured on every machine.")
    }
    table.items.append(Self.tally(verdicts.map(\.verdict.outcome)))
    table.items += verdicts.filter { $0.verdict.outcome != .holds }.map { claim, verdict in
      "\(claim.name) \(verdict.outcome.rawValue): \(verdict.reason)"
    }
    table.items += machines.filter { !$0.cpu.namesFamily }.map { machine in
      "\(machine.runs[0].run.path) names its CPU \"\(machine.cpu.text)\", without family, model or stepping (written "
        + "before the cpu_model column named them): its column is called by what it says, and it may be the same CPU "
        + "as another column or a CPU of another generation under the same name."
    }
    return table
  }

  /// The size and layout read, and what the intervals are over.
  private var scope: String {
    let sizes = unique(machines.flatMap { $0.runs.map(\.size) })
    let levels = unique(machines.flatMap { $0.runs.map(\.intervalLevels) })
    let size =
      sizes.count == 1
      ? "\(sizes[0].groupedDigits) elements" : "each run's size: " + sizes.map(\.groupedDigits).joined(separator: ", ")
    return "\(size); 95% intervals over each run's \(levels.joined(separator: " or ")), ratios to the enum"
  }

  /// `Of 13 claims, 11 hold on every machine, 1 moves and the runs cannot
  /// tell 1.`
  private static func tally(_ outcomes: [MachineVerdict.Outcome]) -> String {
    let (holding, moving, untold) = (
      outcomes.filter { $0 == .holds }.count, outcomes.filter { $0 == .moves }.count,
      outcomes.filter { $0 == .cannotTell }.count
    )
    return "Of \(outcomes.count) claims, \(holding) \(holding == 1 ? "holds" : "hold") on every machine, "
      + "\(moving) \(moving == 1 ? "moves" : "move") between them"
      + (untold == 0 ? "." : ", and the runs cannot tell for \(untold).")
  }
}

/// One claim over the machines: the range over all of them, and whether it
/// holds on every one, and why not.
package struct MachineVerdict {
  package enum Outcome: String {
    /// Every machine's span reaches every other's, or every machine names
    /// the same pattern.
    case holds
    /// Two machines' spans lie apart, or two machines name different
    /// patterns.
    case moves
    /// A machine's run lacks the rows, or does not tell the patterns
    /// apart, and the others do not move.
    case cannotTell = "cannot tell"
  }

  package var readings: [(label: String, reading: MachineClaim.Reading)]
  /// The span over every machine, or the patterns they name.
  package var over: String
  package var outcome: Outcome
  /// Why it moves or cannot tell (`family 26 below family 25`); empty when
  /// it holds.
  package var reason: String

  package init(_ readings: [(label: String, reading: MachineClaim.Reading)]) {
    self.readings = readings
    let spans = readings.compactMap { label, reading in reading.span.map { (label, $0) } }
    (over, outcome, reason) = spans.isEmpty ? Self.decision(readings) : Self.span(readings, spans)
  }

  /// Spans hold when some value lies in every one (in one dimension, when
  /// every two overlap) and move when the highest low is above the lowest
  /// high: those two machines' spans lie apart.
  private static func span(
    _ readings: [(label: String, reading: MachineClaim.Reading)], _ spans: [(String, ClosedRange<Double>)]
  ) -> (String, Outcome, String) {
    let over = AnswerRows.spanText(spans.map(\.1.lowerBound).min()!...spans.map(\.1.upperBound).max()!)
    let above = spans.max { $0.1.lowerBound < $1.1.lowerBound }!
    let below = spans.min { $0.1.upperBound < $1.1.upperBound }!
    if above.1.lowerBound > below.1.upperBound {
      return (
        over, .moves,
        "\(below.0)'s \(AnswerRows.spanText(below.1)) lies below \(above.0)'s \(AnswerRows.spanText(above.1))"
      )
    }
    if let missing = readings.first(where: { $0.reading == .missing }) {
      return (over, .cannotTell, "not measured on \(missing.label)")
    }
    return (over, .holds, "")
  }

  /// A decision holds when every machine names the same pattern and moves
  /// when two name different ones.
  private static func decision(_ readings: [(label: String, reading: MachineClaim.Reading)]) -> (
    String, Outcome, String
  ) {
    let patterns = readings.compactMap { label, reading -> (String, StrategyID)? in
      if case .pattern(let pattern) = reading { (label, pattern) } else { nil }
    }
    let named = unique(patterns.map(\.1))
    if named.count > 1 {
      let each = named.map { pattern in
        "\(pattern) on " + patterns.filter { $0.1 == pattern }.map(\.0).joined(separator: " and ")
      }
      return (named.map(\.rawValue).joined(separator: ", "), .moves, each.joined(separator: ", "))
    }
    guard let other = readings.first(where: { if case .pattern = $0.reading { false } else { true } }) else {
      return (named[0].rawValue, .holds, "")
    }
    let same = Set(readings.map(\.reading.text)).count == 1
    let over = named.first?.rawValue ?? (same ? other.reading.text : missingFigure)
    guard case .untold(let untold) = other.reading else { return (over, .cannotTell, "not measured on \(other.label)") }
    let names = untold.map(\.rawValue)
    return (
      over, .cannotTell,
      "\(other.label)'s run does not tell \(names.dropLast().joined(separator: ", ")) and \(names.last!) apart"
    )
  }
}
