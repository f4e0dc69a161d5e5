#ifndef DISPATCH_BENCH_MEASUREMENT_SUPPORT_H
#define DISPATCH_BENCH_MEASUREMENT_SUPPORT_H

#include <stdint.h>

/// Counts read from the hardware for the calling thread, user space only.
typedef struct {
  uint64_t cycles;
  uint64_t instructions;
  uint64_t branchMisses;
} dbpc_counts;

/// Opens cycle, instruction and branch-miss counters for the calling thread,
/// disabled. Returns 0, or the errno of the failure (the kernel or the
/// hypervisor may not expose them: EACCES, ENOENT, ENODEV, EOPNOTSUPP…).
int dbpc_open(void);

/// Starts counting (from zero).
void dbpc_start(void);

/// Stops counting and returns what was counted since `dbpc_start`.
dbpc_counts dbpc_stop(void);

/// Closes the counters.
void dbpc_close(void);

/// Turns off address-space layout randomisation for this process's future
/// children (Linux `personality(ADDR_NO_RANDOMIZE)`), so that a program run
/// twice under valgrind does exactly the same work. Returns 0, or errno.
int dbms_disable_address_randomization(void);

/// Installs handlers for SIGINT and SIGTERM that record the first signal and
/// let the program stop at its next check; a second one exits at once with
/// status 130. Also ignores SIGXFSZ, so a write past a file-size limit fails
/// with an error instead of killing the process.
void dbms_install_interrupt_handlers(void);

/// The signal that asked the program to stop, or 0.
int dbms_interrupt_signal(void);

/// Calls `body(context)` and nothing else. `dispatch-bench run` runs each
/// operation once inside it under callgrind (`--toggle-collect` and
/// `--dump-after` name it), so that what callgrind records there is the code
/// that operation runs, and nothing else the process does.
void dbms_code_window(void (*body)(void *), void *context);

/// Switches callgrind's instrumentation on (a no-op outside valgrind, or
/// where valgrind's `callgrind.h` was not found at build time). A child
/// started with `--instr-atstart=no` builds its feeds at valgrind's
/// uninstrumented speed and calls this once, before its first window.
/// Returns 1 when the request is compiled in, else 0.
int dbms_start_instrumentation(void);

/// 1 when `dbms_start_instrumentation` sends its request (valgrind's header
/// was there at build time), else 0.
int dbms_can_start_instrumentation(void);

#endif
