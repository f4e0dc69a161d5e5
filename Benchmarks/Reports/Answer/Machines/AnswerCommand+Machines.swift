import BenchmarkResults
import Claims
import CommandLineSupport

/// `answer A.csv B.csv …`: runs of one or more CPU models (a model's runs
/// pooled), read for the machines section alone (`MachinesAnswer`).
extension AnswerCommand {
  /// The options that read one run's files beside it: with several runs
  /// they have no run to go with.
  private static var oneRunOptions: [PartialKeyPath<Options>] { [\.profile, \.compileTime, \.buildRuns] }

  /// The sections several runs print: the machines table, and the
  /// decision table and ranges with every figure a range over the runs.
  static let severalRunSections: [AnswerSection] = [.decision, .ranges, .machines]

  /// Refuses, with several runs, an option that goes with one run and a
  /// section that reads one run.
  static func checkSeveralRuns(_ arguments: OptionValues<Options>, sections: [AnswerSection]?) throws(CommandError) {
    if let option = arguments.given(oneRunOptions).first {
      throw .usage(
        "\(option.name) goes with one run; given several runs, answer prints the machines section "
          + "(and, asked, the decision and ranges over them; pass one run for the others)",
        command: spec.name)
    }
    if let sections, let other = sections.first(where: { !severalRunSections.contains($0) }) {
      throw .usage(
        "given several runs, answer prints the machines, decision and ranges sections; the \(other) section "
          + "reads one run (pass one run for it)",
        command: spec.name)
    }
  }

  /// Every run read; the machines section printed (by default), and the
  /// decision and ranges sections over the runs when asked.
  func runMachines(console: Console) throws(CommandError) -> Int32 {
    var runs: [RunFile] = []
    for path in paths {
      guard case .run(let run) = try loadResults(path) else {
        throw .usage(
          "\(path) is a profile; answer reads runs (profiles go with one run, --profile)", command: Self.spec.name)
      }
      guard !run.rows.isEmpty else { throw .dataError("\(path) has no rows to answer from") }
      runs.append(run)
    }
    let machines = runs.map { AnswerRows(run: $0, size: answerSize($0), layout: layout) }
    var pooled = machines[0]
    pooled.pool = machines
    var answer = Answer(rows: pooled, profile: nil, scaling: nil, machines: machines)
    if let editCostPath {
      answer.scaling = ScalingTables(
        compileTimes: [],
        editCosts: try ScalingTables.read(Self.declared.editCost.spec, Schema.loadEditCosts, editCostPath))
    }
    var tables: [QuotedTable] = []
    for section in sections ?? [.machines] {
      do throws(SectionUnavailable) {
        tables += try answer.blocks(section)
      } catch {
        throw .dataError(error.reason)
      }
    }
    console.write(tables.map { $0.render(format) }.joined(separator: "\n"))
    return ExitStatus.success
  }
}
