# Sourced by .ci/run and the scripts it runs: `swiftpm_retry swift build …`
# runs a SwiftPM command, and once more if SwiftPM itself died of a signal.
#
# SwiftPM on Linux sometimes crashes in libdispatch's event loop
# (_dispatch_event_loop_drain; swiftlang/swift#87033, open), whatever it is
# building: seen twice on the reference machine on 2026-11-26, a no-op
# `swift build -c release` among them, and once in `swift run` before the
# program started. A command killed by a signal exits with 128 or more; a
# compile error or a failing test exits with less and is never retried.
# `swift run`'s status is the program's: swiftpm_run_retry retries it only
# when SwiftPM's own process crashed before the program printed anything.
#
# A user who typed the command would have seen the crash, so a retry is
# never quiet: a banner says which command died of which signal, and a
# second crash of it fails. With SWIFTPM_RETRY_LOG set to a file (.ci/run
# sets it for every script it runs), each crash is written there, a crash
# after an earlier one anywhere in the same CI run fails rather than
# retrying, and CI lists them at its end.
swiftpm_retry() {
  local status=0
  "$@" || status=$?
  if [ "$status" -lt 128 ]; then return "$status"; fi
  _swiftpm_retry_once "$status" "$*" "$@"
}

# swiftpm_run_retry OUT ERR COMMAND...: runs a `swift run` COMMAND with its
# standard output to OUT and error to ERR; once more, as swiftpm_retry does,
# only when it died of a signal, the program printed nothing, and the crash's
# backtrace is of SwiftPM's own thread ('Thread 0 "swift-run":'). A
# program's own crash is its status, never retried. ERR of the crash is
# shown before the banner: a user would have seen it.
swiftpm_run_retry() {
  local out=$1 err=$2 status=0
  shift 2
  "$@" >"$out" 2>"$err" || status=$?
  if [ "$status" -lt 128 ] || [ -s "$out" ] || ! grep -q '^Thread 0 "swift-run":' "$err"; then
    return "$status"
  fi
  cat "$err" >&2
  _swiftpm_retry_once "$status" "$*" _swiftpm_redirected "$out" "$err" "$@"
}
_swiftpm_redirected() { # OUT ERR COMMAND...
  local out=$1 err=$2
  shift 2
  "$@" >"$out" 2>"$err"
}

# _swiftpm_retry_once STATUS DESCRIPTION COMMAND...: COMMAND (DESCRIPTION
# in the banner and the log) died with STATUS: logs it and runs it once
# more, unless an earlier crash in this CI run was logged; a second crash
# fails.
_swiftpm_retry_once() {
  local status=$1 description=$2
  shift 2
  local earlier=""
  if [ -n "${SWIFTPM_RETRY_LOG:-}" ]; then
    earlier=$(head -1 "$SWIFTPM_RETRY_LOG" 2>/dev/null || true)
    echo "\`$description\` died of signal $((status - 128))" >>"$SWIFTPM_RETRY_LOG"
  fi
  if [ -n "$earlier" ]; then
    _swiftpm_retry_banner "\`$description\` died of signal $((status - 128)), after an earlier crash in this run" \
      "($earlier): a second crash fails, it is not retried."
    return "$status"
  fi
  _swiftpm_retry_banner "RETRY: \`$description\` died of signal $((status - 128)), as SwiftPM does when it" \
    "crashes in libdispatch (swiftlang/swift#87033); a user would have seen it." \
    "Running it once more; a second crash fails."
  status=0
  "$@" || status=$?
  if [ "$status" -ge 128 ]; then
    if [ -n "${SWIFTPM_RETRY_LOG:-}" ]; then
      echo "\`$description\` died of signal $((status - 128)) again" >>"$SWIFTPM_RETRY_LOG"
    fi
    _swiftpm_retry_banner "\`$description\` died of signal $((status - 128)) again: failing."
  fi
  return "$status"
}

# _swiftpm_retry_banner LINE...: the lines between two rules, on standard
# error, so that a retry stands out in a long log.
_swiftpm_retry_banner() {
  local rule="!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  {
    echo "$rule"
    printf '!! %s\n' "$@"
    echo "$rule"
  } >&2
}
