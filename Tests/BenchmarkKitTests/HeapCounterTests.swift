@testable import BenchmarkKit
import BenchmarkResults
import Testing

@Suite struct HeapCounterTests {
  final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test func isSupportedOnLinux() {
    #if os(Linux)
    #expect(HeapCounter.isSupported)
    #endif
  }

  @Test(.enabled(if: HeapCounter.isSupported), arguments: [1, 10, 1_000])
  func countsEveryClassInstance(count: Int) {
    let (boxes, counts) = HeapCounter.count {
      (0..<count).map { Box($0) }
    }
    #expect(boxes.count == count)
    // Each instance is one allocation; the array buffer is at least one more.
    #expect(counts.allocations >= count + 1)
    #expect(counts.requestedBytes >= count * 24)
    #expect(counts.liveBytes >= count * 24)
  }

  @Test(.enabled(if: HeapCounter.isSupported))
  func aLoopThatAllocatesNothingCountsZero() {
    // A counted loop: tests build with -Onone, where even iterating an
    // array allocates an iterator.
    let (sum, counts) = HeapCounter.count {
      var sum = 0
      var number = 0
      while number < 1_000 {
        sum &+= number &* 3
        number += 1
      }
      return sum
    }
    #expect(sum == 1_498_500)
    #expect(counts == HeapCounter.Counts(allocations: 0, deallocations: 0, requestedBytes: 0, liveBytes: 0))
  }

  @Test(.enabled(if: HeapCounter.isSupported))
  func freedMemoryIsNotLive() {
    let (_, counts) = HeapCounter.count {
      for index in 0..<100 { _ = Box(index) }
    }
    #expect(counts.allocations >= 100)
    #expect(counts.deallocations >= 100)
    #expect(counts.liveBytes == 0)
  }
}
