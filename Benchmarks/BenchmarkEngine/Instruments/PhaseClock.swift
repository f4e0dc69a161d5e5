import BenchmarkResults

/// Adds up the seconds a run or a launch spends in each phase of its work
/// (`RunTime.Phase`). A phase timed inside another is taken out of the
/// outer one's time, so the phases never count a second twice.
package final class PhaseClock {
  package private(set) var seconds: [RunTime.Phase: Double] = [:]
  /// When the clock was made: the start of the run or launch.
  package let started = MonotonicClock.now()
  /// Nanoseconds of nested phases inside each phase being timed.
  private var nested: [UInt64] = []

  package init() {}

  /// Runs `body`, its time added to `phase`.
  package func time<T, E: Error>(_ phase: RunTime.Phase, _ body: () throws(E) -> T) throws(E) -> T {
    let start = MonotonicClock.now()
    nested.append(0)
    defer {
      let elapsed = MonotonicClock.now() - start
      let inner = nested.removeLast()
      record(phase, nanoseconds: elapsed - min(inner, elapsed))
      if !nested.isEmpty { nested[nested.count - 1] += elapsed }
    }
    return try body()
  }

  /// Adds `nanoseconds` measured elsewhere to `phase` (and takes them out
  /// of the phase being timed around it).
  package func add(_ phase: RunTime.Phase, nanoseconds: UInt64) {
    record(phase, nanoseconds: nanoseconds)
    if !nested.isEmpty { nested[nested.count - 1] += nanoseconds }
  }

  /// Adds another clock's seconds (a launch's, read back from its file).
  package func add(_ other: RunTime) {
    for (phase, value) in other.seconds { seconds[phase, default: 0] += value }
  }

  private func record(_ phase: RunTime.Phase, nanoseconds: UInt64) {
    seconds[phase, default: 0] += Double(nanoseconds) / 1e9
  }

  /// Seconds since the clock was made.
  package var elapsed: Double { Double(MonotonicClock.now() - started) / 1e9 }

  /// The phases so far, with whatever time none of them took given to
  /// `rest`, so that they add up to the time since the clock was made.
  package func time(restIn rest: RunTime.Phase) -> RunTime {
    let wall = elapsed
    var seconds = self.seconds
    seconds[rest, default: 0] += max(0, wall - seconds.values.reduce(0, +))
    return RunTime(wall: wall, seconds: seconds)
  }
}
