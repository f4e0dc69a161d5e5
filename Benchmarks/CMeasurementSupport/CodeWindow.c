#include "CMeasurementSupport.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define DBMS_CALLGRIND_REQUESTS 1
#endif
#endif

// Kept out of line and out of Swift's reach: callgrind finds it by this name.
__attribute__((noinline)) void dbms_code_window(void (*body)(void *), void *context) {
  body(context);
  __asm__ volatile("" ::: "memory");
}

int dbms_can_start_instrumentation(void) {
#ifdef DBMS_CALLGRIND_REQUESTS
  return 1;
#else
  return 0;
#endif
}

// A few no-op instructions outside valgrind.
int dbms_start_instrumentation(void) {
#ifdef DBMS_CALLGRIND_REQUESTS
  CALLGRIND_START_INSTRUMENTATION;
#endif
  return dbms_can_start_instrumentation();
}
