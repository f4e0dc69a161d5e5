import BenchmarkResults
import Claims
import CommandLineSupport

/// The README's answer, and the guide's tables, from a run and the files
/// beside it: what `answer` prints, section by section.
package struct Answer {
  package var rows: AnswerRows
  /// Instructions, branches and mispredicts of the same binary.
  package var profile: ProfileFile?
  /// Edit costs and compile times; `nil` parts print `–`.
  package var scaling: ScalingTables?
  /// Each build's run of a build matrix (`--build-runs`).
  package var builds: [AnswerRows] = []
  /// The profile of each build's binary, where `--build-runs` named one.
  package var buildProfiles: [ProfileFile?] = []
  /// One run per CPU model, the first `rows`, when `answer` was given
  /// several.
  package var machines: [AnswerRows] = []

  package var run: RunFile { rows.run }
  package var baseline: StrategyID { run.info.baseline }

  /// One section's tables and lists.
  ///
  /// - Throws: `SectionUnavailable` when the files hold nothing for it.
  package func blocks(_ section: AnswerSection) throws(SectionUnavailable) -> [QuotedTable] {
    if section.speaksOfTheEnum && baseline != AnswerNames.enumSwitch {
      throw SectionUnavailable(
        reason: "\(run.path) takes its ratios against \(baseline), "
          + "and the \(section) section compares with \(AnswerNames.enumSwitch)")
    }
    if section.speaksOfTheEnum && section != .counts
      && rows.row(AnswerNames.enumSwitch, AnswerNames.light[0].rawValue, nil) == nil
    {
      throw SectionUnavailable(
        reason: "\(run.path) has no \(AnswerNames.enumSwitch) "
          + "row for \(AnswerNames.light[0].rawValue) at \(rows.size.groupedDigits) \(rows.layout) elements")
    }
    switch section {
    case .decision: return [decisionTable()]
    case .stakes: return [stakesTable()]
    case .ranges: return [rangesList()]
    case .counts: return try countsTables()
    case .patterns: return try [patternsTable()]
    case .modes: return try [modesTable()]
    case .kinds: return try kindsTables()
    case .code: return try codeTables()
    case .builds:
      guard !builds.isEmpty else {
        throw SectionUnavailable(reason: "pass each build's run with \(AnswerCommand.declared.buildRuns.name)")
      }
      let answer = BuildsAnswer(builds: builds, profiles: buildProfiles)
      return [answer.table()] + [answer.countsTable()].compactMap { $0 }
    case .machines: return [try machinesTable()]
    case .existential: return [try existentialTable()]
    }
  }

  /// The claims on each machine's run, each taking its ratios against the
  /// enum; given one run, where it sits among the committed machines.
  private func machinesTable() throws(SectionUnavailable) -> QuotedTable {
    guard !machines.isEmpty else { return try placementTable() }
    if let other = machines.first(where: { $0.run.info.baseline != AnswerNames.enumSwitch }) {
      throw SectionUnavailable(
        reason: "\(other.run.path) takes its ratios against \(other.run.info.baseline), "
          + "and the machines section compares with \(AnswerNames.enumSwitch)")
    }
    return MachinesAnswer(machines).table()
  }

  /// One run among the committed machines (`MachinePlacement`).
  private func placementTable() throws(SectionUnavailable) -> QuotedTable {
    guard !CommittedMachines.generated.machines.isEmpty else {
      throw SectionUnavailable(reason: "this binary carries no committed machines' figures")
    }
    guard baseline == AnswerNames.enumSwitch else {
      throw SectionUnavailable(
        reason: "\(run.path) takes its ratios against \(baseline), "
          + "and the machines section compares with \(AnswerNames.enumSwitch)")
    }
    return MachinePlacement(rows).table()
  }
}
