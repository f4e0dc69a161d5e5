import BenchmarkResults
import CAllocationCounter

/// Heap allocations counted on the calling thread by the package's malloc
/// interposer (Linux with glibc, built without a sanitizer; elsewhere
/// `isSupported` is false and `unavailable` says why).
package enum HeapCounter {
  package struct Counts: Equatable {
    package var allocations: Int
    package var deallocations: Int
    package var requestedBytes: Int
    /// Bytes left allocated: what the counted code keeps on the heap.
    package var liveBytes: Int
  }

  package static var isSupported: Bool { dbac_is_supported() != 0 }

  /// Why allocations are not counted in this build, or `nil` when they are.
  package static var unavailable: String? {
    unavailable(sanitizer: Machine.sanitizer, interposed: isSupported)
  }

  /// Why allocations are not counted in a build with `sanitizer` whose
  /// interposer is or is not compiled in, or `nil` when they are.
  package static func unavailable(sanitizer: String?, interposed: Bool) -> String? {
    if interposed { return nil }
    if let sanitizer {
      // The interposer is compiled out: the sanitizer's allocator must be
      // the one every caller reaches (AllocationCounter.c).
      return "allocation counts are off under -sanitize=\(sanitizer), "
        + "which brings its own allocator (the package's malloc interposer steps aside for it)"
    }
    return "heap counting is not available on this platform"
  }

  /// What `body` allocates on this thread.
  package static func count<T>(_ body: () throws -> T) rethrows -> (result: T, counts: Counts) {
    dbac_start()
    let result: T
    do {
      result = try body()
    } catch {
      _ = dbac_stop()
      throw error
    }
    let raw = dbac_stop()
    return (
      result,
      Counts(
        allocations: Int(raw.allocations), deallocations: Int(raw.deallocations),
        requestedBytes: Int(raw.requestedBytes), liveBytes: Int(raw.liveBytes))
    )
  }
}
