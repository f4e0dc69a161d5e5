#ifndef DISPATCH_BENCH_ALLOCATION_COUNTER_H
#define DISPATCH_BENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

/// What the calling thread allocated while counting was on.
typedef struct {
  /// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc,
  /// memalign, valloc and pvalloc that returned memory.
  uint64_t allocations;
  /// Calls to free (and realloc to size 0) with a non-null pointer.
  uint64_t deallocations;
  /// Bytes the program asked for.
  uint64_t requestedBytes;
  /// Usable bytes of the blocks allocated, minus those of the blocks freed:
  /// the heap the counted code left behind.
  int64_t liveBytes;
} dbac_counts;

/// 1 where the allocator is interposed and allocations are counted: Linux
/// with glibc, built without a sanitizer. Else 0, and `dbac_stop` returns
/// zeros that mean nothing.
int dbac_is_supported(void);

/// The sanitizer this build is instrumented with, as SwiftPM's
/// `--sanitize` names it ("address", "thread", "memory", "hwaddress",
/// "undefined"), or NULL. Under any of them the interposer is compiled out.
const char *dbac_sanitizer(void);

/// Starts counting the calling thread's allocations from zero.
void dbac_start(void);

/// Stops counting and returns what the calling thread allocated since
/// `dbac_start`.
dbac_counts dbac_stop(void);

#endif
