// Hardware performance counters through Linux's perf_event_open, for the
// calling thread and user space only. Where the kernel or the hypervisor does
// not expose them, dbpc_open returns the errno and nothing else is called.

#include "CMeasurementSupport.h"

#if defined(__linux__)

#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int descriptors[3] = {-1, -1, -1};

static int open_counter(uint64_t config, int group) {
  struct perf_event_attr attributes;
  memset(&attributes, 0, sizeof attributes);
  attributes.type = PERF_TYPE_HARDWARE;
  attributes.size = sizeof attributes;
  attributes.config = config;
  attributes.disabled = group == -1 ? 1 : 0;
  attributes.exclude_kernel = 1;
  attributes.exclude_hv = 1;
  return (int)syscall(SYS_perf_event_open, &attributes, 0, -1, group, 0);
}

int dbpc_open(void) {
  static const uint64_t configs[3] = {
    PERF_COUNT_HW_CPU_CYCLES, PERF_COUNT_HW_INSTRUCTIONS, PERF_COUNT_HW_BRANCH_MISSES};
  for (int index = 0; index < 3; index++) {
    descriptors[index] = open_counter(configs[index], index == 0 ? -1 : descriptors[0]);
    if (descriptors[index] < 0) {
      int error = errno;
      dbpc_close();
      return error == 0 ? ENODEV : error;
    }
  }
  return 0;
}

void dbpc_start(void) {
  if (descriptors[0] < 0) return;
  ioctl(descriptors[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
  ioctl(descriptors[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

dbpc_counts dbpc_stop(void) {
  dbpc_counts counts = {0, 0, 0};
  if (descriptors[0] < 0) return counts;
  ioctl(descriptors[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  uint64_t value = 0;
  if (read(descriptors[0], &value, sizeof value) == sizeof value) counts.cycles = value;
  if (read(descriptors[1], &value, sizeof value) == sizeof value) counts.instructions = value;
  if (read(descriptors[2], &value, sizeof value) == sizeof value) counts.branchMisses = value;
  return counts;
}

void dbpc_close(void) {
  for (int index = 2; index >= 0; index--) {
    if (descriptors[index] >= 0) close(descriptors[index]);
    descriptors[index] = -1;
  }
}

#else

#include <errno.h>

int dbpc_open(void) { return ENOSYS; }
void dbpc_start(void) {}
dbpc_counts dbpc_stop(void) { return (dbpc_counts){0, 0, 0}; }
void dbpc_close(void) {}

#endif
