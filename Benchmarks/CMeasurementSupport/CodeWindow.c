#include "CMeasurementSupport.h"

// Kept out of line and out of Swift's reach: callgrind finds it by this name.
__attribute__((noinline)) void dbms_code_window(void (*body)(void *), void *context) {
  body(context);
  __asm__ volatile("" ::: "memory");
}
