@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import StrategyRegistry
import Testing
import RunContract

@Suite struct HeapCounterTests {
  final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  /// Where freedMemoryIsNotLive's boxes escape to.
  nonisolated(unsafe) static var lastBox: Box?

  static let isLinux: Bool = {
    #if os(Linux)
    return true
    #else
    return false
    #endif
  }()

  @Test(.enabled(if: isLinux, "the malloc interposer is glibc's: Linux only"))
  func isSupportedOnLinuxWithoutASanitizer() {
    #expect(HeapCounter.isSupported == (Machine.sanitizer == nil), "sanitizer: \(Machine.sanitizer ?? "none")")
  }

  @Test func aSanitizedBuildSaysCountsAreOff() {
    let reason = HeapCounter.unavailable(sanitizer: "address", interposed: false)
    #expect(reason?.contains("allocation counts are off under -sanitize=address") == true, "\(reason ?? "nil")")
    #expect(HeapCounter.unavailable(sanitizer: nil, interposed: false)?.contains("platform") == true)
    #expect(HeapCounter.unavailable(sanitizer: nil, interposed: true) == nil)
  }

  /// Without the counter (a sanitized build, or no glibc), a run's rows
  /// leave the footprint and allocation columns empty: written as n/a and
  /// read back as no value, never as zeros. With it, they hold counts.
  @Test func aRunWithoutTheCounterWritesNoCounts() throws {
    try aRunWithoutTheCounterWritesNoCountsRatherThanZeros(counting: false)
  }

  /// The same run counting: a recorded skip where the counter is missing.
  @Test(.enabled(if: HeapCounter.isSupported, "the malloc interposer counts on glibc only, and not under a sanitizer"))
  func aRunWithTheCounterWritesCounts() throws {
    try aRunWithoutTheCounterWritesNoCountsRatherThanZeros(counting: true)
  }

  func aRunWithoutTheCounterWritesNoCountsRatherThanZeros(counting: Bool) throws {
    var settings = SamplingSettings()
    settings.sampleTime = 0.001
    settings.minimumSampleDuration = 1e-9
    let silent = InProcess.silent
    var runner = ElementsRunner(
      sampler: Sampler(settings: settings), progress: Progress(console: silent, total: 1, enabled: false),
      strategies: ["enum-switch", "naive"].compactMap(Registry.strategy(named:)))
    runner.countsHeap = counting
    var results = MeasuredRun(info: SampleRuns.info, rows: [])
    let planned = PlannedFeed(
      feed: SampleRuns.feed(.feed, size: 50), operations: [PlannedOperation(.feedIdentifier, ["enum-switch", "naive"])])
    try runner.run(planned, schedule: .interleaved, into: &results)

    guard case .run(let file) = try Schema.parse(results.document, path: "counting-\(counting).csv") else {
      Issue.record("read back as a profile")
      return
    }
    let strategies = file.rows.filter { !$0.key.strategy.isReference }
    #expect(strategies.count == 2)
    for row in strategies {
      let strategy = row.key.strategy.rawValue
      #expect((row.allocationsPerElement != nil) == counting, "\(strategy), counting \(counting)")
      #expect((row.allocatedBytesPerElement != nil) == counting, "\(strategy), counting \(counting)")
      #expect((row.footprintBytesPerElement != nil) == counting, "\(strategy), counting \(counting)")
    }
    // What the file says where nothing was counted.
    let table = try CSVReader.parse(results.document)
    let column = try #require(table.header.firstIndex(of: "alloc_calls_per_element"))
    let strategy = try #require(table.header.firstIndex(of: "strategy"))
    let naive = try #require(table.records.first { $0.fields[strategy] == "naive" })
    #expect((naive.fields[column] == "n/a") == !counting, "\(naive.fields[column])")
  }

  @Test(
    .enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"),
    arguments: [1, 10, 1_000])
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

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
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

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func freedMemoryIsNotLive() {
    // Each box escapes into a global, so that an optimised build (swift
    // test -c release) allocates it on the heap rather than the stack, and
    // is freed when the next replaces it.
    let (_, counts) = HeapCounter.count {
      for index in 0..<100 { Self.lastBox = Box(index) }
      Self.lastBox = nil
    }
    #expect(counts.allocations >= 100)
    #expect(counts.deallocations >= 100)
    #expect(counts.liveBytes == 0)
  }
}
