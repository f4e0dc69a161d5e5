@testable import BenchmarkEngine
import BenchmarkResults
import Testing

/// Where a run's time goes (`PhaseClock`, `RunTime`, the run's line):
/// what is counted where, never how long anything took.
@Suite struct RunTimeTests {
  /// A phase timed inside another is taken out of the outer one, and time
  /// added directly (a sample's) out of the phase around it: no second is
  /// counted twice, and with the rest given to `other` the phases add up
  /// to the wall time.
  @Test func nestedPhasesAreTakenOutOfTheOnesAroundThem() {
    let clock = PhaseClock()
    clock.time(.building) {
      clock.time(.checking) { spin(milliseconds: 20) }
      clock.add(.sampling, nanoseconds: 5_000_000)
      spin(milliseconds: 30)
    }
    let time = clock.time(restIn: .other)
    #expect(time[.checking] >= 0.02)
    #expect(time[.sampling] == 0.005)
    // Building is its own 30 ms and its spin's share, without the 20 ms
    // of checking or the 5 ms of sampling added inside it.
    #expect(time[.building] >= 0.02 && time[.building] < time.wall - time[.checking])
    let total = RunTime.Phase.allCases.reduce(0) { $0 + time[$1] }
    #expect(abs(total - time.wall) < 1e-6)
  }

  /// A launch's own phases, read back from its file, add to the run's.
  @Test func aLaunchsPhasesAddToTheRuns() {
    let clock = PhaseClock()
    clock.add(RunTime(wall: 3, seconds: [.sampling: 2, .building: 0.5]))
    clock.add(RunTime(wall: 2, seconds: [.sampling: 1.5]))
    #expect(clock.seconds[.sampling] == 3.5)
    #expect(clock.seconds[.building] == 0.5)
  }

  /// The line: the sampling share first, then each other phase of half a
  /// second or more, the largest first; none with less.
  @Test func theLineGivesTheShareThenTheLargestPhasesFirst() {
    let time = RunTime(
      wall: 100, seconds: [.sampling: 40, .building: 30, .warmingUp: 20, .codeSize: 9.6, .checking: 0.2, .other: 0.2])
    #expect(
      RunCommand.timeLine(time)
        == "time: 40% of 1m40s in timed loops (40 s); building 30 s, calibrating and warming up 20 s, code size 9.6 s")
  }

  private func spin(milliseconds: Double) {
    let end = MonotonicClock.now() + UInt64(milliseconds * 1e6)
    while MonotonicClock.now() < end {}
  }
}
