import BenchmarkResults
import CommandLineSupport
import DispatchModel

/// `dispatch-bench _committed-machines [--check]`, a hidden subcommand run
/// from the package's root: reads the runs of `results/reference/machines/`
/// as `answer results/reference/machines/*.csv` does, and writes the
/// figures a binary carries (`CommittedMachines+Generated.swift`), or with
/// `--check` exits 1 naming the file when it is not what the runs give.
package enum CommittedMachinesCommand {
  package static let name = "_committed-machines"
  /// Checks the committed source instead of writing it.
  package static let checkFlag = OptionSpec.flag("--check", "Exit 1 when the generated figures are stale.")

  package static func main(_ arguments: [String], console: Console) -> Int32 {
    let check = arguments.contains(checkFlag.name)
    if let other = arguments.first(where: { $0 != checkFlag.name }) {
      console.errorLine(
        "error: \(name): unknown argument '\(other)' (usage: dispatch-bench \(name) [\(checkFlag.name)])")
      return ExitStatus.usage
    }
    do throws(CommandError) {
      let source = try CommittedMachines(runsIn: CommittedMachines.folder).swiftSource
      let current = try? readText(CommittedMachines.sourcePath)
      if check {
        guard current == source else {
          console.errorLine(
            "error: \(CommittedMachines.sourcePath) is not what \(CommittedMachines.folder)/*.csv give: "
              + "run `swift run -c release dispatch-bench \(name)` and commit it")
          return ExitStatus.disagreement
        }
        console.line("\(CommittedMachines.sourcePath) is up to date")
        return ExitStatus.success
      }
      do throws(FileError) {
        try writeAtomically(source, to: CommittedMachines.sourcePath, overwrite: true)
      } catch {
        throw CommandError(error.description, exitStatus: ExitStatus.cannotCreate)
      }
      console.line("wrote \(CommittedMachines.sourcePath); rebuild to carry it")
      return ExitStatus.success
    } catch {
      console.errorLine("error: \(error.description)")
      return error.exitStatus
    }
  }
}

extension CommittedMachines {
  /// The figures of every run in `folder` (its `*.csv`, in name order).
  package init(runsIn folder: String) throws(CommandError) {
    let names: [String]
    do throws(FileError) {
      names = try directoryEntries(folder).filter { $0.hasSuffix(".csv") }.sorted()
    } catch {
      throw .dataError(error.description)
    }
    var runs: [AnswerRows] = []
    for name in names {
      let path = folder + "/" + name
      guard case .run(let run) = try loadResults(path) else {
        throw .dataError("\(path) is a profile; \(folder)/*.csv must be runs (profiles go in profiles/)")
      }
      runs.append(AnswerRows(run: run, size: AnswerRows.defaultSize(run), layout: KindDistribution.uniform.rawValue))
    }
    guard !runs.isEmpty else { throw .dataError("\(folder) holds no run") }
    self.init(MachinesAnswer(runs))
  }
}
