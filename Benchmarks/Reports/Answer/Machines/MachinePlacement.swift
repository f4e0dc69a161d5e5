import BenchmarkResults
import CommandLineSupport
import RunContract

/// Where one run's machine sits among the committed machines: each claim
/// of the answer on this run beside its range over the committed CPU
/// models (`CommittedMachines`), and the claims where this machine falls
/// outside that range.
///
/// A span is outside when this run's whole interval lies above the highest
/// committed high or below the lowest committed low; a "fastest" claim is
/// outside when this run names a pattern no committed machine named. A
/// claim this run did not measure (a subset of strategies or operations)
/// is "not measured here"; one the committed runs did not (a pattern added
/// after they were made) is "not measured there": neither gets a range.
package struct MachinePlacement {
  /// Where a claim of this run falls.
  package enum Place: String {
    case inside
    case above
    case below
    /// A "fastest" claim naming a pattern no committed machine named.
    case differs
    /// This run or the machines name no single pattern.
    case cannotTell = "cannot tell"
    case notMeasuredHere = "not measured here"
    case notMeasuredThere = "not measured there"

    package var isOutside: Bool { self == .above || self == .below || self == .differs }
  }

  package struct Line {
    package var claim: String
    package var here: MachineClaim.Reading
    /// The committed machines' range, or the patterns they name.
    package var there: String
    package var place: Place
  }

  package var lines: [Line]
  package var committed: CommittedMachines
  /// This run's CPU, as its `cpu_model` names it.
  package var cpu: CPUModel

  package init(_ rows: AnswerRows, among committed: CommittedMachines = .generated) {
    self.committed = committed
    cpu = CPUModel(rows.run.info.machine.cpuModel)
    let patterns = Set(committed.patterns)
    // A "fastest" claim is read among the committed machines' patterns,
    // and only when this run measured all of them.
    let race = rows.strategies.isSuperset(of: patterns) ? rows.keeping(patterns) : nil
    lines = MachineClaim.all.map { claim in
      let here: MachineClaim.Reading
      if claim.picksAPattern {
        here = race.map(claim.read) ?? .missing
      } else {
        here = claim.read(rows)
      }
      let there = committed.machines.map { $0.readings[claim.name] ?? .missing }
      return Self.line(claim.name, here, there)
    }
  }

  private static func line(_ claim: String, _ here: MachineClaim.Reading, _ there: [MachineClaim.Reading]) -> Line {
    let measured = there.filter { $0 != .missing }
    let spans = measured.compactMap(\.span)
    if !spans.isEmpty {
      let low = spans.map(\.lowerBound).min()!
      let high = spans.map(\.upperBound).max()!
      let text = AnswerRows.spanText(low...high)
      guard case .span(let span) = here else {
        return Line(claim: claim, here: here, there: text, place: .notMeasuredHere)
      }
      let place: Place = span.lowerBound > high ? .above : span.upperBound < low ? .below : .inside
      return Line(claim: claim, here: here, there: text, place: place)
    }
    let named = unique(measured.flatMap(\.patterns))
    let text = named.isEmpty ? "not measured" : named.map(\.rawValue).joined(separator: " or ")
    let place: Place
    switch here {
    case _ where measured.isEmpty: place = .notMeasuredThere
    case .missing: place = .notMeasuredHere
    case .pattern(let pattern): place = named.contains(pattern) ? .inside : .differs
    case .untold, .span: place = .cannotTell
    }
    return Line(claim: claim, here: here, there: text, place: place)
  }

  /// The lines outside the committed machines' range.
  package var outside: [Line] { lines.filter(\.place.isOutside) }

  /// The committed machines, as a reader names them: `AMD EPYC f25 m1,
  /// AMD EPYC f25 m17 and Intel Xeon f6 m207`.
  package var machineNames: String {
    let labels = committed.machines.map(\.label)
    guard labels.count > 1 else { return labels.first ?? "none" }
    return labels.dropLast().joined(separator: ", ") + " and " + labels.last!
  }

  /// Whether this run's CPU model is one of the committed ones.
  package var isCommittedModel: Bool { committed.machines.contains { $0.cpu == cpu.text } }

  /// The full table: `answer RUN.csv --sections machines`.
  package func table() -> QuotedTable {
    var table = QuotedTable(
      title: "Where this machine sits: each claim on this run beside its range over the "
        + "\(committed.machines.count) committed CPU models (\(CommittedMachines.folder))")
    table.columns = [
      QuotedTable.Column("claim"), QuotedTable.Column("this run"),
      QuotedTable.Column("committed machines", terminal: "machines"), QuotedTable.Column("here"),
    ]
    table.rows = lines.map { [$0.claim, $0.here.text, $0.there, $0.place.rawValue] }
    table.items = [summary] + outside.map(Self.outsideText)
    return table
  }

  /// A sentence: how many claims fall inside, which do not, and what the
  /// machines are.
  package var summary: String {
    let counted = lines.filter { $0.place != .notMeasuredHere && $0.place != .notMeasuredThere }
    let inside = counted.filter { $0.place == .inside }.count
    let unmeasured = lines.count - counted.count
    var text =
      "This machine (\(cpu.shortLabel)) lies inside the committed machines' range on \(inside) of "
      + "\(counted.count) claims"
    let outsideCount = outside.count
    text += outsideCount == 0 ? "" : " and outside it on \(outsideCount)"
    let untold = counted.count - inside - outsideCount
    text += untold == 0 ? "" : "; \(untold) it cannot tell"
    text += unmeasured == 0 ? "." : "; \(unmeasured) not measured on both."
    text += " The machines: \(machineNames)"
    text += isCommittedModel ? " (this CPU model among them)." : "."
    return text
  }

  /// `getter and visitors, feed.color, app: 13.51–18.98× here, above the
  /// machines' 8.35–11.37×`.
  package static func outsideText(_ line: Line) -> String {
    let where_ = line.place == .differs ? "where the machines name" : "\(line.place.rawValue) the machines'"
    return "\(line.claim): \(line.here.text) here, \(where_) \(line.there)"
  }
}
