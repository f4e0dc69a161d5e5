@testable import Reports
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// `compare` of two runs made on different CPUs says up front that it
/// compares machines, not builds; of two runs of one CPU it says nothing of
/// the kind. The A/A fixture pair, with its `cpu_model` rewritten.
@Suite struct CompareMachinesTests {
  static let family25 = MachinesAnswerTests.family25
  static let family26 = MachinesAnswerTests.family26

  /// The fixture run at `fixture` as made on `cpu`, written into `directory`.
  static func copy(_ fixture: String, cpu: String, as name: String, in directory: String) throws -> String {
    guard case .run(let run) = try Schema.load(fixture) else { throw ResultsError("\(fixture) is not a run") }
    var info = run.info
    info.machine.cpuModel = cpu
    let path = directory + "/" + name
    try RunFile.document(info: info, rows: run.rows).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func theMachinesLineAppearsOnlyWhenTheCPUsDiffer() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = try Self.copy(Fixtures.pairA, cpu: Self.family25, as: "a.csv", in: directory)
    let b = try Self.copy(Fixtures.pairB, cpu: Self.family25, as: "b.csv", in: directory)
    let other = try Self.copy(Fixtures.pairB, cpu: Self.family26, as: "other.csv", in: directory)
    let old = try Self.copy(Fixtures.pairB, cpu: "AMD EPYC", as: "old.csv", in: directory)

    let oneMachine = InProcess.main(["compare", a, b, "--wide"])
    #expect(!oneMachine.output.contains("Machines"), "\(oneMachine.output)")

    let twoMachines = InProcess.main(["compare", a, other, "--wide"])
    let lines = twoMachines.output.split(separator: "\n")
    try #require(lines.count > 2)
    // Up front: the line after the title.
    #expect(lines[1].hasPrefix("Machines, not builds: these runs were made on different CPUs"), "\(lines[1])")
    #expect(lines[1].contains("\(a) on \"\(Self.family25)\", \(other) on \"\(Self.family26)\""))
    #expect(lines[1].contains("a regression (exit status 2) is the second machine's, not a change to the code"))
    // Two machines run at speeds of their own: not called a swing of one.
    #expect(oneMachine.errors.contains("the machine's speed moved between these runs"), "\(oneMachine.errors)")
    #expect(!twoMachines.errors.contains("the machine's speed moved"), "\(twoMachines.errors)")
    // The exit status is the verdicts', as between two runs of one machine.
    #expect(twoMachines.status == oneMachine.status)

    let markdown = InProcess.main(["compare", a, other, "--format", "markdown"])
    #expect(markdown.output.contains("\n> Machines, not builds:"), "\(markdown.output)")
    let json = InProcess.main(["compare", a, other, "--format", "json"])
    #expect(!json.output.contains("Machines, not builds"), "the line is the text's; JSON carries the cpu_model warning")

    // A run that names no family may be the same CPU: said so.
    let perhaps = InProcess.main(["compare", old, a, "--wide"])
    #expect(
      perhaps.output.split(separator: "\n")[1].hasPrefix("Machines, perhaps: these runs name their CPU differently"))
    #expect(perhaps.output.contains("\"AMD EPYC\" gives no family, model or stepping"))
  }
}
