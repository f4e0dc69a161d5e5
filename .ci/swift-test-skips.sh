#!/usr/bin/env bash
# Reads the output of `swift test` (LOG) and reports how many tests Swift
# Testing skipped, each with its reason; exits 1 if one was skipped that is
# not among ALLOWED (test names as printed, such as 'withoutOutputAProfile…()').
# .ci/run runs it on its swift test output.
#
# Swift Testing prints a skip as a line of its own:
#   ➜ Test countsAreTheSameOnEveryRun() skipped: "needs valgrind, which CI installs"
# and a whole suite's skip as '➜ Suite NAME skipped: …'.
#
# Usage: swift-test-skips.sh LOG [ALLOWED...]
set -euo pipefail
log=${1:?usage: swift-test-skips.sh LOG [ALLOWED...]}
shift
allowed=("$@")

skips=$(grep -E '^[^ ]+ (Test|Suite) .+ skipped' "$log" || true)
count=$(printf '%s' "$skips" | grep -c . || true)
echo "swift test: $count skipped"
unexpected=0
while IFS= read -r line; do
  [ -n "$line" ] || continue
  name=$(printf '%s\n' "$line" | sed -E 's/^[^ ]+ (Test|Suite) (.+) skipped.*/\2/')
  allowed_here=no
  for allowed_name in "${allowed[@]+"${allowed[@]}"}"; do
    if [ "$name" = "$allowed_name" ]; then allowed_here=yes; fi
  done
  if [ "$allowed_here" = yes ]; then
    echo "  allowed: $line"
  else
    echo "  unexpected: $line" >&2
    unexpected=$((unexpected + 1))
  fi
done <<< "$skips"
if [ "$unexpected" -gt 0 ]; then
  echo "swift test skipped $unexpected test(s) that this machine should run: give it what the reason names, or add the test to the allowed list with why" >&2
  exit 1
fi
