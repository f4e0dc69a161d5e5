@testable import BenchmarkEngine
@testable import Statistics
import DispatchModel
import Foundation
import StrategyRegistry
import Testing

/// A row is flagged below the floor only when its whole
/// interval of the ratio to the floor lies under 1; a row within noise of
/// the floor is not a measuring error.
@Suite struct FloorTests {
  static func ratio(_ interval: ClosedRange<Double>) -> PairedRatio {
    PairedRatio(
      logEstimate: (log(interval.lowerBound) + log(interval.upperBound)) / 2, logLow: log(interval.lowerBound),
      logHigh: log(interval.upperBound), launches: 12, launchDeviation: 0.05, degrees: 11)
  }

  @Test func belowTheFloorOnlyBeyondTheInterval() {
    // The enum rows: 2.70–2.75 ns against the floor's 2.96–3.01,
    // the whole interval under 1: flagged.
    #expect(SampleIndex.isBelowTheFloor(median: 2.72, floor: 2.98, Self.ratio(0.89...0.93)))
    // A median under the floor's, but an interval that reaches 1: not.
    #expect(!SampleIndex.isBelowTheFloor(median: 2.95, floor: 2.98, Self.ratio(0.96...1.02)))
    #expect(!SampleIndex.isBelowTheFloor(median: 3.2, floor: 2.98, Self.ratio(1.05...1.10)))
    // No interval (one launch): the medians decide.
    #expect(SampleIndex.isBelowTheFloor(median: 2.9, floor: 2.98, nil))
    #expect(!SampleIndex.isBelowTheFloor(median: 3.0, floor: 2.98, nil))
  }

  /// The floor's output is the constant of each element's kind, every
  /// byte a kind (no table to run past).
  @Test func theFloorsChecksumIsItsConstants() {
    let kinds: [UInt8] = [0, 5, 63, 255]
    let floor = PreparedFloor(kinds: kinds)
    floor.run(repetitions: 2)
    floor.run(range: 1..<3, repetitions: 1)
    #expect(floor.count == 4)
    // The constants 2 × kind + 7, digested as strategies' outputs are.
    var expected = Checksum()
    for constant: Int64 in [7, 17, 133, 517] { expected.combine(UInt64(bitPattern: constant)) }
    #expect(floor.checksum == expected.value)
    #expect(PreparedFloor(kinds: [0, 5, 63, 254]).checksum != floor.checksum)
  }
}
