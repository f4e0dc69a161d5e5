#!/usr/bin/env bash
# Builds dispatch-bench with AddressSanitizer and runs under it what reads
# files it did not write or handles memory by hand: --version, dump on every
# committed feed (Tests/Fixtures/*.json, the adversarial ones included), a
# --quick run and compare, report and export of its CSV, and the fuzz corpus
# (Benchmarks/Fuzz/Corpus) through the CSV reader once.
#   bash Benchmarks/Scripts/sanitize.sh [--build-only | --skip-build]
# --build-only builds and stops; --skip-build runs the checks on that build
# (CI builds it beside the test run, whose processes leave a core idle).
# Exits non-zero on any sanitizer report, a crash, or a command that fails.
#
# The C support is also built with UndefinedBehaviorSanitizer; the Swift code
# cannot be, since swiftc refuses -sanitize=undefined on Linux (see
# Guides/Development.md, "Sanitizers"). The debug build goes to
# .build/sanitize, apart from the release build, and only dispatch-bench is
# built. Under a sanitizer the malloc interposer is compiled out, so the run's
# allocation columns are n/a and profile refuses to start (valgrind cannot
# run a sanitized binary); neither is checked here.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

source Benchmarks/Scripts/swiftpm-retry.sh
usage="usage: bash Benchmarks/Scripts/sanitize.sh [--build-only | --skip-build]"
build=yes
checks=yes
case "${1:-}" in
  "") ;;
  --build-only) checks=no ;;
  --skip-build) build=no ;;
  *) echo "error: unknown argument $1" >&2; echo "$usage" >&2; exit 64 ;;
esac
scratch=.build/sanitize
binary="$scratch/debug/dispatch-bench"
mkdir -p "$scratch"

if [ "$build" = yes ]; then
  echo "== swift build --sanitize=address (C support also -fsanitize=undefined) --product dispatch-bench"
  # gold warns once per ASan-instrumented local symbol it cannot export: noise.
  if ! swiftpm_retry swift build --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
    --scratch-path "$scratch" --product dispatch-bench > "$scratch/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40 >&2
    exit 1
  fi
fi
[ "$checks" = yes ] || { echo "== built $binary"; exit 0; }
if [ ! -x "$binary" ]; then
  echo "sanitize: no $binary to check: build it first (bash Benchmarks/Scripts/sanitize.sh --build-only)" >&2
  exit 1
fi

# A report exits with 86, which no command of ours uses, and names itself
# on standard error; either fails the check.
export ASAN_OPTIONS="exitcode=86:halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1"
export UBSAN_OPTIONS="exitcode=86:halt_on_error=1:print_stacktrace=1"
report='ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: [A-Za-z]*Sanitizer'

scratch_dir=$(mktemp -d)
trap 'rm -rf "$scratch_dir"' EXIT
failures=0

# check STATUSES COMMAND...: runs dispatch-bench with COMMAND's arguments;
# passes when it exits with one of STATUSES (space-separated) and printed
# no sanitizer report.
check() {
  local allowed="$1" status=0
  shift
  "$binary" "$@" > "$scratch_dir/stdout" 2> "$scratch_dir/stderr" || status=$?
  if grep -qE "$report" "$scratch_dir/stderr"; then
    echo "FAIL (sanitizer report, exit $status): dispatch-bench $*"
    grep -E -A30 "$report" "$scratch_dir/stderr" | head -60 || true
    failures=$((failures + 1))
  elif [[ " $allowed " != *" $status "* ]]; then
    echo "FAIL (exit $status, expected $allowed): dispatch-bench $*"
    tail -20 "$scratch_dir/stderr"
    failures=$((failures + 1))
  else
    echo "ok (exit $status): dispatch-bench $*"
  fi
}

echo "== under AddressSanitizer: $binary"
check 0 --version

for feed in Tests/Fixtures/*.json; do
  check 0 dump --feed "$feed"
done

run="$scratch_dir/quick.csv"
check 0 run --quick --allow-debug-build --output "$run" --samples "$scratch_dir/samples.csv"
# The run must say why its allocation columns are empty.
# The run's notes wrap to the terminal's width: read them joined.
if ! tr '\n' ' ' < "$scratch_dir/stderr" | tr -s ' ' | grep -q "allocation counts are off under -sanitize=address"; then
  echo "FAIL: the run did not note that allocation counts are off under the sanitizer"
  failures=$((failures + 1))
fi
if [[ -s "$run" ]]; then
  check 0 compare "$run"
  # Two runs, row by row: a copy, since compare refuses one file given twice.
  cp "$run" "$scratch_dir/quick-copy.csv"
  check 0 compare "$run" "$scratch_dir/quick-copy.csv"
  check 0 report "$run" --output-dir "$scratch_dir/report"
  check 0 export "$run" --samples "$scratch_dir/samples.csv" --output "$scratch_dir/quick.json"
fi

# Each corpus file once through the reader (compare reads a run as the
# fuzzer's target does); a bad file is refused with 65, as it should be.
for input in Benchmarks/Fuzz/Corpus/*; do
  check "0 65" compare "$input"
done

if ((failures > 0)); then
  echo "sanitize: $failures check(s) failed" >&2
  exit 1
fi
echo "sanitize: every check passed with no sanitizer report"
