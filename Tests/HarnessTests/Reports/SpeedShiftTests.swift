@testable import Reports
import BenchmarkResults
import Testing

/// compare names a machine whose speed moved between two runs.
@Suite struct SpeedShiftTests {
  private func file(_ path: String, times factor: Double) -> MeasuredFile {
    var rows = SampleRuns.results().rows
    for index in rows.indices { rows[index].statistics.median *= factor }
    return MeasuredFile(.run(RunFile(path: path, info: SampleRuns.info, rows: rows)))
  }

  @Test func aMachineTenPerCentFasterIsNamed() throws {
    let shift = try #require(SpeedShift(file("a.csv", times: 1), file("b.csv", times: 0.9)))
    #expect(shift.moved)
    #expect(shift.text == "feed 0.90×")
  }

  @Test func theSameSpeedIsNotCalledAMove() throws {
    let shift = try #require(SpeedShift(file("a.csv", times: 1), file("b.csv", times: 1.02)))
    #expect(!shift.moved)
  }
}
