# Sourced by .ci/run and the scripts it runs: `swiftpm_retry swift build …`
# runs a SwiftPM command, and once more if SwiftPM itself died of a signal.
#
# SwiftPM on Linux sometimes crashes in libdispatch's event loop
# (_dispatch_event_loop_drain; swiftlang/swift#87033, open), whatever it is
# building: seen twice on the reference machine on 2026-11-26, a no-op
# `swift build -c release` among them. A command killed by a signal exits
# with 128 or more; a compile error or a failing test exits with less and is
# never retried. Never used for `swift run`, whose status is the program's.
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
  local earlier=""
  if [ -n "${SWIFTPM_RETRY_LOG:-}" ]; then
    earlier=$(head -1 "$SWIFTPM_RETRY_LOG" 2>/dev/null || true)
    echo "\`$*\` died of signal $((status - 128))" >>"$SWIFTPM_RETRY_LOG"
  fi
  if [ -n "$earlier" ]; then
    _swiftpm_retry_banner "\`$*\` died of signal $((status - 128)), after an earlier crash in this run" \
      "($earlier): a second crash fails, it is not retried."
    return "$status"
  fi
  _swiftpm_retry_banner "RETRY: \`$*\` died of signal $((status - 128)), as SwiftPM does when it" \
    "crashes in libdispatch (swiftlang/swift#87033); a user would have seen it." \
    "Running it once more; a second crash fails."
  status=0
  "$@" || status=$?
  if [ "$status" -ge 128 ]; then
    [ -z "${SWIFTPM_RETRY_LOG:-}" ] || echo "\`$*\` died of signal $((status - 128)) again" >>"$SWIFTPM_RETRY_LOG"
    _swiftpm_retry_banner "\`$*\` died of signal $((status - 128)) again: failing."
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
