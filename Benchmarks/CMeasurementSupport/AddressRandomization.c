// Address-space layout randomisation makes the C library and the Swift
// runtime parse different addresses at start-up in each run, a few dozen
// instructions' difference that would make valgrind's counts differ between
// two runs of the same program. profile turns it off for its children.

#include "CMeasurementSupport.h"

#if defined(__linux__)

#include <errno.h>
#include <sys/personality.h>

int dbms_disable_address_randomization(void) {
  int current = personality(0xffffffff);
  if (current == -1) return errno;
  if (personality((unsigned long)current | ADDR_NO_RANDOMIZE) == -1) return errno;
  return 0;
}

#else

#include <errno.h>

int dbms_disable_address_randomization(void) { return ENOSYS; }

#endif
