#!/usr/bin/env bash
# Compares the suite's existential.getter rows (Guides/Existentials.md) with
# existential-getter.swift, an independent single-module program of the same
# reads (see its header).
#
# Usage: bash Benchmarks/Independent/existential-getter.sh [path/to/dispatch-bench]
# (default .build/release/dispatch-bench; build it first with
# `swift build -c release`). Runs the program three times (51 interleaved
# rounds of 100,000 elements) and the suite once (existential.getter at
# 100,000), then prints, for any-inline and any-boxed, what the existential
# adds over the concrete read in ns per element, and each ratio to the enum.
# The added ns must agree within 20% (exit 0, else 1). The ratios are shown,
# not checked: each includes its loop's per-element sink, and the suite's (a
# generic call into another module, its floor row) is heavier than the
# program's, so the suite's ratios are the smaller. Quiet machine; about a
# minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/dispatch-bench}
[ -x "$binary" ] || { echo "existential-getter.sh: no $binary; run swift build -c release first" >&2; exit 64; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

swiftc -O Benchmarks/Independent/existential-getter.swift -o "$scratch/existential-getter"
for run in 1 2 3; do "$scratch/existential-getter" 100000 51 > "$scratch/independent-$run.csv"; done
"$binary" run --operations existential.getter --sizes 100000 \
  --filter 'existential/*/any-inline/*/*,existential/*/any-boxed/*/*,existential/*/concrete/*/*,existential/*/enum-switch/*/*' \
  --output "$scratch/suite.csv" --quiet > /dev/null

python3 - "$scratch" <<'PY'
import csv, statistics, sys
from pathlib import Path
scratch = Path(sys.argv[1])
independent = {}
for run in (1, 2, 3):
    for r in csv.DictReader(l for l in open(scratch / f"independent-{run}.csv") if not l.startswith("#")):
        independent.setdefault(r["pattern"], []).append((float(r["ns_per_element"]), float(r["ratio_to_enum"])))
suite = {r["strategy"]: r for r in csv.DictReader(open(scratch / "suite.csv"))}
def ns(pattern): return statistics.median(v[0] for v in independent[pattern])
def suite_ns(pattern): return float(suite[pattern]["median_ns"])
print("existential.getter, 100,000 elements: ns per element over the concrete read; ratio to enum-switch")
print(f"{'pattern':11} {'suite +ns':>10} {'independent +ns':>16} {'suite/indep.':>13} {'suite ratio (95% CI)':>22} {'independent ratio':>18}")
failed = False
for pattern in ("any-inline", "any-boxed"):
    added_suite = suite_ns(pattern) - suite_ns("concrete")
    added_independent = ns(pattern) - ns("concrete")
    agreement = added_suite / added_independent
    ok = 0.8 <= agreement <= 1.2
    failed |= not ok
    s = suite[pattern]
    interval = f"{float(s['ratio_to_baseline']):.2f} ({float(s['ratio_to_baseline_low']):.2f}–{float(s['ratio_to_baseline_high']):.2f})"
    ratio = statistics.median(v[1] for v in independent[pattern])
    print(f"{pattern:11} {added_suite:>10.2f} {added_independent:>16.2f} {agreement:>13.2f} {interval:>22} {ratio:>18.2f}{'' if ok else '  (beyond 20%)'}")
print(f"concrete: suite {suite_ns('concrete'):.2f} ns, independent {ns('concrete'):.2f}; "
      f"enum-switch: suite {suite_ns('enum-switch'):.2f}, independent {ns('enum-switch'):.2f}; "
      f"the suite's floor (its sink alone) {float(next(r for r in csv.DictReader(open(scratch / 'suite.csv')) if r['strategy'] == 'floor')['median_ns']):.2f} ns")
sys.exit(1 if failed else 0)
PY
