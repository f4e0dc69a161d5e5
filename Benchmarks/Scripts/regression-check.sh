#!/usr/bin/env bash
# Shows that compare still catches a real change once launches are adaptive:
# a test build in which protocol-getter shares every tenth element twice
# (about 10% more work on every share operation, in both modes), timed in
# one run against this build (--alternate-with, adaptive launches), must be
# called regressed on every protocol-getter share row; any other row it calls
# regressed is reported (a rebuilt binary moves cheap rows with its layout).
# Timing-dependent and a second cold build, so not a test: run it on a quiet
# machine (Guides/Reproducibility.md, "A real change is still caught").
#
# Usage: bash Benchmarks/Scripts/regression-check.sh [DIRECTORY]   (default: a temporary one)
# Writes DIRECTORY/base.csv, slow.csv, compare.txt and compare.csv; exits 0
# when compare calls every protocol-getter share row regressed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
directory=${1:-$(mktemp -d)}
mkdir -p "$directory"
source_copy=$(mktemp -d)
trap 'rm -rf "$source_copy"' EXIT

swift build -c release --product dispatch-bench >/dev/null
bench=$PWD/.build/release/dispatch-bench

# The package's tracked files as they are in the work tree, then the change.
git ls-files -z | xargs -0 cp --parents -t "$source_copy"
share="$source_copy/Sources/ProtocolGetter/Share.swift"
# After share(_:at:with:)'s last line, its first `return open(manager)` then `}`.
awk '
  held && $0 == "}" {
    print "  // regression-check.sh: every tenth element is shared twice."
    print "  if index % 10 == 0 { regressionSink = open(manager) }"
    print "  return open(manager)"
    print "}"
    print ""
    print "nonisolated(unsafe) var regressionSink = \"\""
    held = 0; done = 1; next
  }
  held { print "  return open(manager)"; held = 0 }
  !done && $0 == "  return open(manager)" { held = 1; next }
  { print }
  END { if (held) print "  return open(manager)"; exit !done }
' "$share" > "$share.changed" \
  || { echo "regression-check.sh: Share.swift's share(_:at:with:) changed: update regression-check.sh" >&2; exit 1; }
mv "$share.changed" "$share"
echo "building the test build (every tenth share twice) in $source_copy"
(cd "$source_copy" && swift build -c release --product dispatch-bench >/dev/null)
slow="$directory/slow-dispatch-bench"
cp "$source_copy/.build/release/dispatch-bench" "$slow"

"$bench" run --operations share.instagram,share.facebook,feed.identifier,feed.color --sizes 100000 \
  --distributions uniform --alternate-with "$slow" --alternate-output "$directory/slow.csv" \
  --output "$directory/base.csv" --force --quiet --format csv >/dev/null
status=0
"$bench" compare "$directory/base.csv" "$directory/slow.csv" >"$directory/compare.txt" || status=$?
"$bench" compare "$directory/base.csv" "$directory/slow.csv" --format csv >"$directory/compare.csv" || true
echo "compare exit status: $status"
tail -4 "$directory/compare.txt"
# Any other row the verdicts call regressed is reported, not counted
# against the check: the test build is another binary, whose code lands at
# other addresses, and a cheap row (a few nanoseconds) moves with its layout
# by a few per cent (Guides/Builds.md); the baseline's own row is tracked
# against the floor, a harness loop of the same kind.
"$bench" _columns "$directory/compare.csv" strategy operation mode ratio ratio_ci95_low ratio_ci95_high verdict \
  | awk -F '\t' -v status="$status" '
    BEGIN { print "protocol-getter\047s tracked ratio, test build over this build (95% interval), and the verdict:" }
    $1 == "protocol-getter" { printf "  %-18s %-8s %.3f (%.3f-%.3f)  %s\n", $2, $3, $4, $5, $6, $7 }
    $1 == "protocol-getter" && $2 ~ /^share\./ { expected++; if ($7 == "regressed") caught++; next }
    $7 == "regressed" {
      others = others "\n  also called regressed (another binary\047s layout, or the change): " $2 "/" $3 "/" $1
    }
    END {
      printf "protocol-getter\047s share rows called regressed: %d of %d%s\n", caught, expected, others
      if (status != 2 || caught < expected) {
        print "regression-check: compare did not call every protocol-getter share row regressed" > "/dev/stderr"
        exit 1
      }
      print "caught: compare called every protocol-getter share row regressed"
    }'
