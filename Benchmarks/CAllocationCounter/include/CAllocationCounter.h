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

/// Whether this platform's allocator is interposed (glibc: yes).
int dbac_is_supported(void);

/// Starts counting the calling thread's allocations from zero.
void dbac_start(void);

/// Stops counting and returns what the calling thread allocated since
/// `dbac_start`.
dbac_counts dbac_stop(void);

#endif
