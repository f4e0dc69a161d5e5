#!/usr/bin/env bash
# Reads the output of `swift test` (LOG) and checks that the test run
# counted: Swift Testing's closing line must be there, say the run passed,
# and count at least as many tests as Tests/ declares with @Test; then
# reports how many tests Swift Testing skipped, each with its reason, and
# fails if one was skipped that is not among ALLOWED (test names as
# printed, such as 'withoutOutputAProfile…()').
# .ci/run and .ci/swift-test-release.sh run it on their swift test output.
#
# Swift Testing closes a run with one line, after a symbol:
#   ✔ Test run with 631 tests in 95 suites passed after 305.1 seconds.
# (older versions leave out "in N suites"). Its count is of test functions
# started or skipped, each once however many arguments it is called with,
# and no suites: one per @Test that ran or skipped (Swift 6.3.1 reports
# each test of a skipped suite as skipped, and counts it). So the @Test
# declarations under Tests/ (each counted once, `@Test(arguments:)` too) are
# a bound the count may not fall below: a crash part-way, or a test target
# that never ran, prints a lower count or none. The declarations are lines
# that begin with @Test; one inside a block comment, a multi-line string or
# an `#if` this platform leaves out would raise the bound and fail the
# check, never pass it wrongly. A test that crashes ends the run with no
# closing line ("exited with unexpected signal code 4") and `swift test`
# exits 1.
#
# Swift Testing prints a skip as a line of its own:
#   ➜ Test countsAreTheSameOnEveryRun() skipped: "needs valgrind, which CI installs"
# and a whole suite's skip as '➜ Suite NAME skipped: …'.
#
# Usage: swift-test-skips.sh [--tests DIR | --filtered] LOG [ALLOWED...]
#   --tests DIR   count the @Test declarations under DIR (default: Tests)
#   --filtered    the run was filtered (swift test --filter): require the
#                 closing line and a test, but no count of the declarations
# Exits 0 when the run counted and skipped only what is allowed, 1 naming
# what failed, 64 on a usage error.
set -euo pipefail
usage="usage: swift-test-skips.sh [--tests DIR | --filtered] LOG [ALLOWED...]"
tests_dir="$(cd "$(dirname "$0")/.." && pwd)/Tests"
filtered=no
while [ $# -gt 0 ]; do
  case "$1" in
    --tests) [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }; tests_dir=$2; shift 2 ;;
    --filtered) filtered=yes; shift ;;
    -*) echo "swift-test-skips: unknown option $1" >&2; echo "$usage" >&2; exit 64 ;;
    *) break ;;
  esac
done
log=${1:-}
if [ -z "$log" ]; then echo "$usage" >&2; exit 64; fi
if [ ! -r "$log" ]; then echo "swift-test-skips: cannot read the log $log" >&2; exit 64; fi
shift
allowed=("$@")

# The closing line of the last test run: a retried `swift test` logs two,
# and the run that counts is the last one started ("◇ Test run started.").
closing=$(grep -nE '^[^ ]+ Test run with [0-9]+ tests?( in [0-9]+ suites?)? (passed|failed) after ' "$log" | tail -1 || true)
started=$(grep -nE '^[^ ]+ Test run started\.' "$log" | tail -1 || true)
if [ -z "$closing" ]; then
  echo "swift test: no closing count in $log (Swift Testing's 'Test run with N tests … passed after …'):" \
    "the test run did not finish, or never started; its last lines:" >&2
  tail -5 "$log" | sed 's/^/  | /' >&2
  exit 1
fi
if [ -n "$started" ] && [ "${started%%:*}" -gt "${closing%%:*}" ]; then
  echo "swift test: the last test run in $log (started at line ${started%%:*}) has no closing count;" \
    "the count at line ${closing%%:*} is an earlier run's. Its last lines:" >&2
  tail -5 "$log" | sed 's/^/  | /' >&2
  exit 1
fi
closing=${closing#*:}
echo "swift test: ${closing#* }"
counted=$(printf '%s\n' "$closing" | sed -E 's/^[^ ]+ Test run with ([0-9]+) .*/\1/')
if printf '%s\n' "$closing" | grep -qE ' failed after '; then
  echo "swift test: the test run failed (its closing line above)" >&2
  exit 1
fi
if [ "$filtered" = yes ]; then
  if [ "$counted" -lt 1 ]; then
    echo "swift test: the filtered run counted no test: the filter matched nothing" >&2
    exit 1
  fi
else
  if [ ! -d "$tests_dir" ]; then
    echo "swift-test-skips: no directory $tests_dir to count @Test declarations in" >&2
    exit 64
  fi
  declared=$(grep -rhE --include='*.swift' '^[[:space:]]*@Test([[:space:](]|$)' "$tests_dir" | wc -l)
  if [ "$declared" -lt 1 ]; then
    echo "swift-test-skips: no @Test declaration under $tests_dir" >&2
    exit 64
  fi
  if [ "$counted" -lt "$declared" ]; then
    echo "swift test: counted $counted tests, but $tests_dir declares $declared with @Test:" \
      "$((declared - counted)) never ran or skipped (a crash part-way, a test target left out, a filter)" >&2
    exit 1
  fi
  echo "swift test: $counted tests counted, $declared declared with @Test under $tests_dir"
fi

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
