import CAllocationCounter

/// Heap allocations counted on the calling thread by the package's malloc
/// interposer (Linux with glibc; elsewhere `isSupported` is false).
enum HeapCounter {
  struct Counts: Equatable {
    var allocations: Int
    var deallocations: Int
    var requestedBytes: Int
    /// Bytes left allocated: what the counted code keeps on the heap.
    var liveBytes: Int
  }

  static var isSupported: Bool { dbac_is_supported() != 0 }

  /// What `body` allocates on this thread.
  static func count<T>(_ body: () throws -> T) rethrows -> (result: T, counts: Counts) {
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
