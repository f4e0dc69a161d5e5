// Counts the calling thread's heap allocations by interposing the C
// allocator. A definition of `malloc` in the executable takes precedence over
// libc's for every caller in the process (the Swift runtime included), and
// forwards to glibc's own entry points, so nothing recurses.
//
// Counting is off unless a thread turns it on for itself; when off, each
// allocation costs one extra direct call and a thread-local load, the same
// for every strategy. Counters are thread-local, so a test or the benchmark
// counts only its own thread.
//
// Under a sanitizer the interposer is compiled out (DBAC_SANITIZER, below):
// AddressSanitizer, ThreadSanitizer and MemorySanitizer bring their own
// allocator and intercept malloc themselves, and theirs must be the one
// every caller reaches. Ours would run inside their start-up, before the
// shadow memory its instrumented code checks exists (a SIGSEGV before
// `main`), and would hand glibc's blocks to code that frees them through
// theirs. There, `dbac_is_supported` is 0 and the run says the counts are
// off, rather than reporting zeros.

#include "CAllocationCounter.h"

#include <stddef.h>

// The sanitizer this module is compiled with, if any: SwiftPM passes
// `--sanitize=…` to C targets as `-fsanitize=…`. Clang answers through
// `__has_feature`, GCC through `__SANITIZE_ADDRESS__` and
// `__SANITIZE_THREAD__`. UndefinedBehaviorSanitizer is detected only by a
// Clang new enough to report it (16 and later).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DBAC_SANITIZER "address"
#elif __has_feature(hwaddress_sanitizer)
#define DBAC_SANITIZER "hwaddress"
#elif __has_feature(thread_sanitizer)
#define DBAC_SANITIZER "thread"
#elif __has_feature(memory_sanitizer)
#define DBAC_SANITIZER "memory"
#elif __has_feature(undefined_behavior_sanitizer)
#define DBAC_SANITIZER "undefined"
#endif
#endif
#if !defined(DBAC_SANITIZER) && defined(__SANITIZE_ADDRESS__)
#define DBAC_SANITIZER "address"
#endif
#if !defined(DBAC_SANITIZER) && defined(__SANITIZE_THREAD__)
#define DBAC_SANITIZER "thread"
#endif

const char *dbac_sanitizer(void) {
#ifdef DBAC_SANITIZER
  return DBAC_SANITIZER;
#else
  return NULL;
#endif
}

#if defined(__linux__) && defined(__GLIBC__) && !defined(DBAC_SANITIZER)

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread int counting;
static __thread dbac_counts counts;

static void record_allocation(void *pointer, size_t requested) {
  if (counting && pointer != NULL) {
    counts.allocations += 1;
    counts.requestedBytes += requested;
    counts.liveBytes += (int64_t)malloc_usable_size(pointer);
  }
}

static void record_deallocation(void *pointer) {
  if (counting && pointer != NULL) {
    counts.deallocations += 1;
    counts.liveBytes -= (int64_t)malloc_usable_size(pointer);
  }
}

void *malloc(size_t size) {
  void *pointer = __libc_malloc(size);
  record_allocation(pointer, size);
  return pointer;
}

void *calloc(size_t count, size_t size) {
  void *pointer = __libc_calloc(count, size);
  record_allocation(pointer, count * size);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  if (pointer == NULL) return malloc(size);
  if (size == 0) {
    free(pointer);
    return NULL;
  }
  int64_t before = counting ? (int64_t)malloc_usable_size(pointer) : 0;
  void *result = __libc_realloc(pointer, size);
  if (counting && result != NULL) {
    counts.allocations += 1;
    counts.requestedBytes += size;
    counts.liveBytes += (int64_t)malloc_usable_size(result) - before;
  }
  return result;
}

void free(void *pointer) {
  record_deallocation(pointer);
  __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  record_allocation(pointer, size);
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  record_allocation(pointer, size);
  return pointer;
}

void *memalign(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  record_allocation(pointer, size);
  return pointer;
}

int dbac_is_supported(void) { return 1; }

void dbac_start(void) {
  counts = (dbac_counts){0, 0, 0, 0};
  counting = 1;
}

dbac_counts dbac_stop(void) {
  counting = 0;
  return counts;
}

#else

int dbac_is_supported(void) { return 0; }
void dbac_start(void) {}
dbac_counts dbac_stop(void) { return (dbac_counts){0, 0, 0, 0}; }

#endif
