import CMeasurementSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Cycles, instructions and branch misses of the calling thread, read from
/// the hardware through `perf_event_open` where the kernel exposes them.
///
/// On a virtual machine that does not (as here), `open()` fails once with the
/// reason and every counter column of the run says `n/a`.
package final class HardwareCounters {
  package struct Counts: Equatable {
    package var cycles: UInt64 = 0
    package var instructions: UInt64 = 0
    package var branchMisses: UInt64 = 0

    package static func + (a: Counts, b: Counts) -> Counts {
      Counts(
        cycles: a.cycles + b.cycles, instructions: a.instructions + b.instructions,
        branchMisses: a.branchMisses + b.branchMisses)
    }
  }

  /// Opens the counters, or says why not.
  package static func open() -> Result<HardwareCounters, Unavailable> {
    let error = dbpc_open()
    guard error == 0 else { return .failure(Unavailable(reason: String(cString: strerror(error)))) }
    return .success(HardwareCounters())
  }

  package struct Unavailable: Error {
    package var reason: String
  }

  private init() {}

  deinit { dbpc_close() }

  /// What `body` counted.
  package func count(_ body: () -> Void) -> Counts {
    dbpc_start()
    body()
    let raw = dbpc_stop()
    return Counts(cycles: raw.cycles, instructions: raw.instructions, branchMisses: raw.branchMisses)
  }
}
