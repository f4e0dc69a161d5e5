// SIGINT and SIGTERM ask a run to stop after its current sample and keep
// what it finished; only an async-signal-safe flag is set in the handler.

#include "CMeasurementSupport.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t received;

static void handle(int signal_number) {
  if (received != 0) _exit(130);
  received = signal_number;
}

void dbms_install_interrupt_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handle;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  signal(SIGXFSZ, SIG_IGN);
  // A blocked mask survives exec: a parent that blocks these signals in the
  // thread that starts us would otherwise keep them from ever arriving.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigprocmask(SIG_UNBLOCK, &signals, NULL);
}

int dbms_interrupt_signal(void) { return received; }
