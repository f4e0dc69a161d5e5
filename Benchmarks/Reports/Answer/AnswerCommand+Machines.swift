import BenchmarkResults
import Claims
import BenchmarkEngine
import CommandLineSupport

/// `answer A.csv B.csv …`: one run per CPU model, read for the machines
/// section alone (`MachinesAnswer`).
extension AnswerCommand {
  /// The options that read one run's files beside it: with several runs
  /// they have no run to go with.
  private static var oneRunOptions: [OptionSpec] {
    [Options.profile, Options.editCost, Options.compileTime, Options.builds]
  }

  /// Refuses, with several runs, an option that goes with one run and a
  /// section other than the machines section.
  static func checkSeveralRuns(_ arguments: ParsedArguments, sections: [AnswerSection]?) throws(CommandError) {
    if let option = oneRunOptions.first(where: { arguments.value($0) != nil }) {
      throw .usage(
        "\(option.name) goes with one run; given several runs, answer prints the machines section alone "
          + "(pass one run for the others)",
        command: spec.name)
    }
    if let sections, let other = sections.first(where: { $0 != .machines }) {
      throw .usage(
        "given several runs, answer prints the machines section alone; the \(other) section reads one run "
          + "(pass one run for it)",
        command: spec.name)
    }
  }

  /// Every run read, one per CPU model, and the machines section printed.
  func runMachines(console: Console) throws(CommandError) -> Int32 {
    var runs: [RunFile] = []
    for path in paths {
      guard case .run(let run) = try loadResults(path) else {
        throw .usage("\(path) is a profile; answer reads runs, one per CPU model", command: Self.spec.name)
      }
      guard !run.rows.isEmpty else { throw .dataError("\(path) has no rows to answer from") }
      runs.append(run)
    }
    if let pair = MachinesAnswer.sameModel(runs) {
      throw .usage(Self.sameModelMessage(pair.first, pair.second), command: Self.spec.name)
    }
    let machines = runs.map { AnswerRows(run: $0, size: answerSize($0), layout: layout) }
    let answer = Answer(rows: machines[0], profile: nil, scaling: nil, machines: machines)
    let tables: [QuotedTable]
    do throws(SectionUnavailable) {
      tables = try answer.blocks(.machines)
    } catch {
      throw .dataError(error.reason)
    }
    console.write(tables.map { $0.render(format) }.joined(separator: "\n"))
    return ExitStatus.success
  }

  /// Why two runs of one CPU model are refused, and what to do instead.
  static func sameModelMessage(_ first: RunFile, _ second: RunFile) -> String {
    let cpu = CPUModel(first.info.machine.cpuModel)
    let unnamed =
      cpu.namesFamily
      ? ""
      : " (a cpu_model without family, model or stepping, as files before it named them: two such runs cannot be told apart as machines)"
    return "\(first.path) and \(second.path) were both made on \"\(cpu.text)\"\(unnamed): answer reads one run per "
      + "CPU model, a column each, so pass one of them (compare tells two runs of one machine apart)"
  }
}
