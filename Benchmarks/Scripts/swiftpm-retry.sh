# Sourced by .ci/run and the scripts it runs: `swiftpm_retry swift build …`
# runs a SwiftPM command, and once more if SwiftPM itself died of a signal.
#
# SwiftPM on Linux sometimes crashes in libdispatch's event loop
# (_dispatch_event_loop_drain; swiftlang/swift#87033, open), whatever it is
# building: seen twice on the reference machine on 2026-11-26, a no-op
# `swift build -c release` among them. A command killed by a signal exits
# with 128 or more; a compile error or a failing test exits with less and is
# never retried. Never used for `swift run`, whose status is the program's.
swiftpm_retry() {
  local status=0
  "$@" || status=$?
  if [ "$status" -lt 128 ]; then return "$status"; fi
  echo "== $1 $2 died of signal $((status - 128)) (SwiftPM's crash in libdispatch, swiftlang/swift#87033): once more" >&2
  "$@"
}
