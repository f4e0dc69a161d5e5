#!/usr/bin/env bash
# The checks CI relies on, checked: each script fed sample input it must
# pass and input it must refuse, by its exit status and the words that say
# why. No build, no compile: a few seconds. .ci/run runs it first.
#
#   .ci/swift-test-skips.sh            the closing count, the @Test bound, skips
#   .ci/last-screen-check.sh           a default run's last screen
#   Benchmarks/Scripts/embedded-verdicts.py   the Embedded tables' verdicts
#   Benchmarks/Scripts/swiftpm-retry.sh       a retry after a crash, loud; swift run's only if SwiftPM's own
#   Benchmarks/Independent/package-benchmark.sh   its options refused before any build
#
# Usage: bash .ci/tests/scripts-test.sh   (exits 1 naming each case that failed)
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cases=0
failures=()
# expect NAME STATUS PATTERN COMMAND...: COMMAND exits STATUS and its output
# (both streams) holds PATTERN (grep -E; empty for none).
expect() {
  local name=$1 want=$2 pattern=$3 status=0
  shift 3
  cases=$((cases + 1))
  "$@" >"$scratch/out" 2>&1 || status=$?
  if [ "$status" != "$want" ]; then
    failures+=("$name: exited $status, not $want")
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$scratch/out"; then
    failures+=("$name: no \"$pattern\" in its output")
  else
    return 0
  fi
  echo "FAIL $name; its output:"
  sed 's/^/  | /' "$scratch/out"
}

# check NAME COMMAND...: COMMAND succeeds.
check() {
  local name=$1
  shift
  cases=$((cases + 1))
  "$@" || { failures+=("$name"); echo "FAIL $name"; }
}

# --- .ci/swift-test-skips.sh -------------------------------------------------
tests="$scratch/Tests"
mkdir -p "$tests/A" "$tests/B"
cat >"$tests/A/ATests.swift" <<'EOF'
import Testing

// @Test in a comment is no declaration.
@Suite struct ATests {
  @Test func one() {}
  @Test(arguments: [1, 2, 3])
  func parameterised(value: Int) {}
  @Test(
    "a display name",
    arguments: ["x"])
  func named(text: String) {}
}
EOF
cat >"$tests/B/BTests.swift" <<'EOF'
import Testing

@Test func free() {}
EOF
# Four declarations: a parameterised test counts once, as Swift Testing counts it.
passing="✔ Test run with 4 tests in 1 suite passed after 0.012 seconds."
log() { # log NAME LINE...: the sample log $scratch/NAME.log
  local name=$1
  shift
  printf '%s\n' "$@" >"$scratch/$name.log"
}
skips() { bash .ci/swift-test-skips.sh --tests "$tests" "$@"; }

log pass "◇ Test run started." "✔ Test one() passed after 0.001 seconds." "$passing"
expect "skips: a full count passes" 0 "4 tests counted, 4 declared" skips "$scratch/pass.log"
log older "✔ Test run with 4 tests passed after 0.012 seconds."
expect "skips: an older closing line, without suites, passes" 0 "4 tests counted" skips "$scratch/older.log"
log more "✔ Test run with 5 tests in 2 suites passed after 0.012 seconds."
expect "skips: more than declared passes" 0 "5 tests counted, 4 declared" skips "$scratch/more.log"
log nocount "◇ Test run started." "◇ Test one() started." "error: Exited with unexpected signal code 11"
expect "skips: no closing count fails" 1 "no closing count" skips "$scratch/nocount.log"
log empty ""
expect "skips: an empty log fails" 1 "no closing count" skips "$scratch/empty.log"
log lower "✔ Test run with 3 tests in 1 suite passed after 0.012 seconds."
expect "skips: a lower count fails" 1 "counted 3 tests, but .* declares 4 with @Test: 1 never ran" skips "$scratch/lower.log"
log failed "✘ Test run with 4 tests in 1 suite failed after 0.012 seconds with 1 issue."
expect "skips: a failed run fails" 1 "the test run failed" skips "$scratch/failed.log"
log skipped "➜ Test free() skipped: \"needs valgrind\"" "$passing"
expect "skips: a skip not allowed fails" 1 "unexpected: .*free\(\) skipped" skips "$scratch/skipped.log"
expect "skips: an allowed skip passes" 0 "allowed: .*free\(\) skipped" skips "$scratch/skipped.log" 'free()'
# As Swift 6.3.1 prints a skipped suite: each of its tests skipped, and counted.
log suite "◇ Test run started." "➜ Suite ATests skipped: \"no git\"" "➜ Test one() skipped: \"no git\"" \
  "➜ Test parameterised(value:) skipped: \"no git\"" "➜ Test named(text:) skipped: \"no git\"" \
  "◇ Test free() started." "✔ Test free() passed after 0.001 seconds." "$passing"
expect "skips: a skipped suite, allowed with its tests, passes" 0 "4 tests counted" \
  skips "$scratch/suite.log" ATests 'one()' 'parameterised(value:)' 'named(text:)'
expect "skips: a skipped suite not allowed fails" 1 "unexpected: ➜ Suite ATests skipped" skips "$scratch/suite.log"
# A test that crashes, as swift test logs it: no closing line.
log crash "◇ Test run started." "◇ Test crashes() started." \
  "error: Process '.build/debug/PackageTests.xctest --testing-library swift-testing' exited with unexpected signal code 4"
expect "skips: a test that crashed the run fails" 1 "no closing count" skips "$scratch/crash.log"
# A retried `swift test` logs the crashed run, then the whole one.
log retried "◇ Test run started." "◇ Test one() started." "== swift test died of signal 11" "◇ Test run started." "$passing"
expect "skips: a retried run is read by its last closing line" 0 "4 tests counted" skips "$scratch/retried.log"
log twice "◇ Test run started." "$passing" "◇ Test run started." "◇ Test one() started."
expect "skips: a later run's missing count is not covered by an earlier one's" 1 "has no closing count" skips "$scratch/twice.log"
log filtered "✔ Test run with 2 tests in 1 suite passed after 0.01 seconds."
expect "skips: --filtered needs no bound" 0 "" bash .ci/swift-test-skips.sh --filtered "$scratch/filtered.log"
log filterednone "✔ Test run with 0 tests passed after 0.001 seconds."
expect "skips: --filtered with no test fails" 1 "matched nothing" bash .ci/swift-test-skips.sh --filtered "$scratch/filterednone.log"
expect "skips: no log is a usage error" 64 "usage" bash .ci/swift-test-skips.sh
expect "skips: an unreadable log is a usage error" 64 "cannot read" bash .ci/swift-test-skips.sh "$scratch/absent.log"
expect "skips: an unknown option is a usage error" 64 "unknown option --nope" bash .ci/swift-test-skips.sh --nope "$scratch/pass.log"
# The real tree: its declarations are counted from Tests/, so a count of
# one fewer than they number fails.
declared=$(grep -rhE --include='*.swift' '^[[:space:]]*@Test([[:space:](]|$)' Tests | wc -l)
log real "✔ Test run with $((declared - 1)) tests in 90 suites passed after 300.1 seconds."
expect "skips: one fewer than Tests/ declares fails" 1 "declares $declared with @Test" bash .ci/swift-test-skips.sh "$scratch/real.log"
log realpass "✔ Test run with $declared tests in 90 suites passed after 300.1 seconds."
expect "skips: as many as Tests/ declares passes" 0 "$declared declared" bash .ci/swift-test-skips.sh "$scratch/realpass.log"

# --- .ci/last-screen-check.sh -------------------------------------------------
mkdir -p "$scratch/run/results/local"
echo "header" >"$scratch/run/results/local/2026-12-02-131500.csv"
# The shape of a real default run's standard output at COLUMNS=80 (its
# figures cut down): a table, then the closing RunAnswer prints.
cat >"$scratch/run/out.txt" <<'EOF'
synthetic · 100,000 elements · uniform · 64 kinds · app mode · median ns per
element (ratio to enum-switch)
                        handler-       tagged-
operation                  table       visitor  floor
synthetic.constant  73.0 (27.5×)  15.3 (5.71×)   2.29

This run's answer. Which pattern, when (100,000 elements; 95% intervals over
  launches)
- each element does real work (formatting a share, laying out a row: 508–2514 ns
    in app mode): whichever reads best: protocol getter, visitor, class
    hierarchy, type eraser or enum
    getter and visitors 0.82–1.26× the enum; class hierarchy and type eraser
      0.79–1.25×
- dispatch is the work (a row's identifier, a cell's colour) in a hot loop:
    `enum` + exhaustive `switch`
    enum 26.1 ns per identifier and 11.1 ns per colour (app)
- dozens of kinds: never an `is`/`as?` chain
    `cast-chain` 311 ns at 8 kinds, 2140 ns at 64 (linear)

This machine (AMD EPYC f25 m1) lies inside the committed machines' range on 12
  of 13 claims and outside it on 1. The machines: AMD EPYC f25 m1, AMD EPYC f25
  m17 and Intel Xeon f6 m207 (this CPU model among them).
  - getter and visitors, feed.color, app: 13.51–18.98× here, above the
    machines' 8.35–11.37×

Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run. 470 of
  480 strategy rows resolved to the 4% target; the median resolution is 1.6%,
  the widest 5.1% (share.line, enum-switch, boundary mode). The ranges above are
  95% intervals over launches.

Rows: results/local/2026-12-02-131500.csv. Then `dispatch-bench answer`,
  `report` or `compare` on it: every section, charts, every case (or two runs).
EOF
screen() { (cd "$scratch/run" && bash "$root/.ci/last-screen-check.sh" "$@"); }
expect "screen: a default run's last screen passes" 0 "ok placement: lies inside the committed machines' range on 12 of 13 claims and outside it on 1" screen out.txt
expect "screen: each situation counts, one wrapped at its colon too" 0 "ok answer: .*\(3 situations\)" screen out.txt
sed 's/ and outside it on 1\./; 1 it cannot tell./' "$scratch/run/out.txt" >"$scratch/run/cannot.txt"
expect "screen: the placement's other forms pass" 0 "ok placement: .* on 12 of 13 claims; 1 it cannot tell" screen cannot.txt
expect "screen: the precision sentence is read joined" 0 "ok precision: Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run" screen out.txt
# Doctored copies, one fault each.
sed 's/^- dozens of kinds: never an `is`\/`as?` chain$/& and a line that is now far wider than eighty columns/' \
  "$scratch/run/out.txt" >"$scratch/run/long.txt"
expect "screen: a line over 80 columns fails width" 1 "FAILED width: 1 line" screen long.txt
expect "screen: --width 120 lets it pass" 0 "ok width" screen --width 120 long.txt
sed 's/^synthetic\.constant .*/& and a line far wider than eighty columns, in the tables/' "$scratch/run/out.txt" >"$scratch/run/wide-table.txt"
expect "screen: a long line in the tables fails tables" 1 "FAILED tables: 1 line" screen wide-table.txt
expect "screen: a long line in the tables is not the last screen's" 1 "ok width" screen wide-table.txt
sed '/^This machine/,/machines. 8\.35/d' "$scratch/run/out.txt" >"$scratch/run/noplace.txt"
expect "screen: no placement line fails placement" 1 "FAILED placement" screen noplace.txt
sed "s/^This run's answer\. .*/This run gives no decision table: no enum-switch rows./" "$scratch/run/out.txt" >"$scratch/run/noanswer.txt"
expect "screen: no decision table fails answer" 1 "FAILED answer" screen noanswer.txt
grep -v "^This run's answer" "$scratch/run/out.txt" >"$scratch/run/noclosing.txt"
expect "screen: no closing at all fails answer" 1 "FAILED answer: no closing" screen noclosing.txt
sed '/^- /d' "$scratch/run/out.txt" >"$scratch/run/nopicks.txt"
expect "screen: an answer without picks fails answer" 1 "FAILED answer: .* no \"- situation: pick\"" screen nopicks.txt
sed 's/^Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run\. /Precision: this run'"'"'s rows have no interval over launches. /' \
  "$scratch/run/out.txt" >"$scratch/run/quick.txt"
expect "screen: a --quick run's precision fails precision" 1 "FAILED precision: the precision sentence counts no settled claims" screen quick.txt
sed 's/^Precision: 13 of 13 claims settled,/Precision: 12 of 12 claims settled (this run has no rows for 1 more),/' \
  "$scratch/run/out.txt" >"$scratch/run/fewer.txt"
expect "screen: a run without rows for every claim fails precision" 1 "FAILED precision: .*no rows for 1 more" screen fewer.txt
sed 's/^Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run\./Precision: 13 of 13 claims settled./' \
  "$scratch/run/out.txt" >"$scratch/run/notime.txt"
expect "screen: every claim settled without when fails precision" 1 "FAILED precision: .*not when the last settled" screen notime.txt
sed 's/^Precision: 13 of 13 claims settled, the last after 48 s of a 171 s run\. /Precision: 12 of 13 claims settled; fastest, feed.color, app is not (enum-switch\n  or naive), about --max-time 300 would settle it. /' \
  "$scratch/run/out.txt" >"$scratch/run/open.txt"
expect "screen: a claim open needs no time" 0 "ok precision: Precision: 12 of 13 claims settled$" screen open.txt
sed 's/2026-12-02-131500\.csv/2026-12-02-999999.csv/' "$scratch/run/out.txt" >"$scratch/run/norows.txt"
expect "screen: a CSV that is not there fails rows" 1 "FAILED rows" screen norows.txt
# Two faults: each is named.
sed '/^Precision:/,/^  95% intervals over launches\.$/d' "$scratch/run/long.txt" >"$scratch/run/two.txt"
expect "screen: two faults name both" 1 "2 check\(s\) failed: precision width" screen two.txt
expect "screen: no file is a usage error" 64 "usage" screen
expect "screen: a bad width is a usage error" 64 "whole number" screen --width x out.txt

# --- Benchmarks/Scripts/embedded-verdicts.py ----------------------------------
verdicts() { python3 Benchmarks/Scripts/embedded-verdicts.py "$@"; }
matrix=results/reference/embedded/embedded.md
guide=Guides/Embedded.md
expect "embedded: the committed table agrees with itself" 0 "agrees with this compile on each of" verdicts compare "$matrix" "$matrix"
expect "embedded: the guide agrees with the committed table" 0 "table agrees with" verdicts guide "$guide" "$matrix"
# Another toolchain string, a moved line, another count, another quoted name: notes.
sed -e 's/^Toolchain: Swift version 6\.3\.1 (swift-6\.3\.1-RELEASE)/Toolchain: Swift version 6.3.1 (swift-6.3.1.1-RELEASE)/' \
  -e 's|Sources/Naive/Share.swift:[0-9]*:|Sources/Naive/Share.swift:999:|' \
  -e 's/(14 errors in all)/(15 errors in all)/' \
  -e "s/'any Shareable'/'any FeedVisitable'/" "$matrix" >"$scratch/moved.md"
expect "embedded: a moved line and another toolchain string pass, as notes" 0 "agree on the verdict but not on the detail" \
  verdicts compare "$matrix" "$scratch/moved.md"
expect "embedded: another toolchain string is noted" 0 "another toolchain or target" verdicts compare "$matrix" "$scratch/moved.md"
sed 's/^| enum-switch | compiles | — |$/| enum-switch | fails | Sources\/EnumSwitch\/Share.swift:3: cannot use key path in embedded Swift (1 error in all) |/' \
  "$matrix" >"$scratch/verdict.md"
expect "embedded: a changed verdict fails" 1 "enum-switch: .* says compiles, this compile fails" verdicts compare "$matrix" "$scratch/verdict.md"
sed 's/^| tagged-visitor | compiles | — |$/| tagged-visitor | compiles with warnings | a warning |/' "$matrix" >"$scratch/warnings.md"
expect "embedded: compiles becoming compiles with warnings fails" 1 "tagged-visitor: .* says compiles, this compile compiles with warnings" \
  verdicts compare "$matrix" "$scratch/warnings.md"
sed -E 's|(Sources/Naive/Share.swift:[0-9]+): cannot use key path|\1: cannot do dynamic casting|' "$matrix" >"$scratch/kind.md"
expect "embedded: another kind of first error fails" 1 "naive: fails, but its first error is another kind" verdicts compare "$matrix" "$scratch/kind.md"
grep -v '^| cast-chain ' "$matrix" >"$scratch/missing.md"
expect "embedded: a row this compile lacks fails" 1 "cast-chain: in .*, but this compile has no such row" verdicts compare "$matrix" "$scratch/missing.md"
expect "embedded: a row the committed table lacks fails" 1 "cast-chain: fails here, but .* has no row for it" verdicts compare "$scratch/missing.md" "$matrix"
expect "embedded: the guide disagrees with a changed verdict" 1 "enum-switch: Guides/Embedded.md says compiles, .* fails" verdicts guide "$guide" "$scratch/verdict.md"
sed 's/^| naive, variant (\(.*\)) | compiles | — |$/| naive, variant (\1) | fails | x.swift:1: cannot use key path in embedded Swift (1 error in all) |/' \
  "$matrix" >"$scratch/variant.md"
expect "embedded: the guide disagrees with a changed variant" 1 "naive, variant: Guides/Embedded.md says compiles" verdicts guide "$guide" "$scratch/variant.md"
sed 's/^| `cast-chain` | fails |/| `cast-chain` | compiles |/' "$guide" >"$scratch/guide-verdict.md"
expect "embedded: a guide with a changed verdict fails" 1 "cast-chain: .* says compiles, .* fails" verdicts guide "$scratch/guide-verdict.md" "$matrix"
grep -v '^| `handler-table` ' "$guide" >"$scratch/guide-missing.md"
expect "embedded: a guide missing a pattern fails" 1 "handler-table: fails in .*, but it has no row for it" verdicts guide "$scratch/guide-missing.md" "$matrix"
sed 's/^## The ten patterns, on Swift 6\.3\.1/## The ten patterns, on Swift 6.2/' "$guide" >"$scratch/guide-version.md"
expect "embedded: a guide heading naming another Swift fails" 1 "names Swift 6.2" verdicts guide "$scratch/guide-version.md" "$matrix"
expect "embedded: a file with no table is refused" 2 "no table headed" verdicts compare "$matrix" "$guide"
expect "embedded: no arguments is a usage error" 2 "usage" verdicts

# --- Benchmarks/Scripts/swiftpm-retry.sh --------------------------------------
# A stand-in for a SwiftPM command: exits with the statuses in its file, one
# a call (139: died of signal 11, as a shell reports it).
fake_swift() {
  local statuses=$1 status
  echo "called" >>"$statuses.calls"
  status=$(head -1 "$statuses")
  sed -i 1d "$statuses"
  return "$status"
}
retry() { # retry STATUSES...: runs swiftpm_retry on fake_swift given them
  printf '%s\n' "$@" >"$scratch/statuses"
  : >"$scratch/statuses.calls"
  (source Benchmarks/Scripts/swiftpm-retry.sh && swiftpm_retry fake_swift "$scratch/statuses")
}
calls() { wc -l <"$scratch/statuses.calls"; }
expect "retry: a pass runs once" 0 "" retry 0
expect "retry: a failure by status is never retried" 1 "" retry 1 0
check "retry: a failure by status runs once" test "$(calls)" = 1
unset SWIFTPM_RETRY_LOG
expect "retry: a crash then a pass passes, loudly" 0 "RETRY: .fake_swift .* died of signal 11" retry 139 0
check "retry: a crash then a pass runs twice" test "$(calls)" = 2
expect "retry: a second crash fails" 139 "died of signal 11 again: failing" retry 139 139
export SWIFTPM_RETRY_LOG="$scratch/retries.log"
: >"$SWIFTPM_RETRY_LOG"
expect "retry: CI's first crash is retried" 0 "RETRY" retry 139 0
check "retry: the crash is written to SWIFTPM_RETRY_LOG" grep -q "died of signal 11" "$SWIFTPM_RETRY_LOG"
expect "retry: a crash after an earlier one in the same CI run fails, unretried" 139 "after an earlier crash in this run" retry 139 0
check "retry: a crash after an earlier one runs once" test "$(calls)" = 1
unset SWIFTPM_RETRY_LOG

# swiftpm_run_retry: a stand-in for `swift run`, acting out the outcomes in
# its file, one a call: SwiftPM's own crash before the program (its
# backtrace names the swift-run thread), the program's crash after printing,
# the program's crash with nothing printed yet, or a pass.
fake_run() {
  local outcomes=$1 outcome
  echo "called" >>"$outcomes.calls"
  outcome=$(head -1 "$outcomes")
  sed -i 1d "$outcomes"
  case "$outcome" in
    swiftpm-crash) printf '*** Program crashed ***\nThread 0 "swift-run":\n' >&2; return 139 ;;
    program-crash) echo "a table"; printf 'Thread 0 "dispatch-bench" crashed:\n' >&2; return 139 ;;
    program-crash-silent) printf 'Thread 0 "dispatch-bench" crashed:\n' >&2; return 139 ;;
    pass) echo "the answer"; return 0 ;;
  esac
}
run_retry() { # run_retry OUTCOMES...: swiftpm_run_retry on fake_run given them
  printf '%s\n' "$@" >"$scratch/outcomes"
  : >"$scratch/outcomes.calls"
  (source Benchmarks/Scripts/swiftpm-retry.sh \
    && swiftpm_run_retry "$scratch/run.out" "$scratch/run.err" fake_run "$scratch/outcomes")
}
run_calls() { wc -l <"$scratch/outcomes.calls"; }
expect "run retry: SwiftPM's own crash, then a pass, passes loudly" 0 "RETRY: .fake_run .* died of signal 11" \
  run_retry swiftpm-crash pass
check "run retry: SwiftPM's own crash runs twice" test "$(run_calls)" = 2
check "run retry: the pass's output is what is left" grep -q "the answer" "$scratch/run.out"
expect "run retry: a program's crash after printing is its status, unretried" 139 "" run_retry program-crash pass
check "run retry: a program's crash runs once" test "$(run_calls)" = 1
expect "run retry: a program's crash before printing is not SwiftPM's, unretried" 139 "" \
  run_retry program-crash-silent pass
check "run retry: a silent program crash runs once" test "$(run_calls)" = 1
expect "run retry: SwiftPM crashing twice fails" 139 "died of signal 11 again: failing" \
  run_retry swiftpm-crash swiftpm-crash

# --- Benchmarks/Independent/package-benchmark.sh ---------------------------
# Bad options are refused (64) before the script looks for a build or
# writes its package, so these need neither.
pb() { bash Benchmarks/Independent/package-benchmark.sh "$@"; }
expect "package-benchmark: a layout seed of 0 is refused" 64 "--layout-seed: \"0\" is not 1 to 4294967294" \
  pb --layout-seed 0
expect "package-benchmark: a layout seed past lld's 32 bits is refused" 64 "is not 1 to 4294967294" \
  pb --layout-seed 4294967295
expect "package-benchmark: a layout seed too long for the shell is refused, in one line" 64 \
  "^package-benchmark.sh: --layout-seed: \"99999999999999999999\" is not 1 to 4294967294$" \
  pb --layout-seed 99999999999999999999
check "package-benchmark: a long layout seed gets no shell error" \
  bash -c '! bash Benchmarks/Independent/package-benchmark.sh --layout-seed 99999999999999999999 2>&1 | grep -q "integer expression"'
expect "package-benchmark: a layout seed that is no number is refused" 64 "--layout-seed: \"x\" is not a whole number" \
  pb --layout-seed x
expect "package-benchmark: an option without its value is refused" 64 "--layout-seed needs a value" pb --layout-seed
expect "package-benchmark: an unknown option is refused" 64 "unknown option \"--layout\"" pb --layout 1

echo "scripts-test: $((cases - ${#failures[@]})) of $cases cases passed"
if [ "${#failures[@]}" -gt 0 ]; then
  printf '  failed: %s\n' "${failures[@]}" >&2
  exit 1
fi
