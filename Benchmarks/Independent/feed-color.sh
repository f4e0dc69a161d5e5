#!/usr/bin/env bash
# Compares the suite's app-mode feed.color ratios with feed-color.swift, an
# independent single-module program of the same dispatch (see its header).
#
# Usage: bash Benchmarks/Independent/feed-color.sh [path/to/dispatch-bench]
# (default .build/release/dispatch-bench; build it first with
# `swift build -c release`). Runs the program three times (51 interleaved
# rounds of 100,000 uniform rows each) and the suite once, then prints each
# pattern's ratio to enum-switch in both and whether they agree within 20%.
# Exit 0 when every ratio agrees, 1 when one does not. Timings: run it on a
# quiet machine; it takes about 30 seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/dispatch-bench}
[ -x "$binary" ] || { echo "feed-color.sh: no $binary; run swift build -c release first" >&2; exit 64; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

swiftc -O Benchmarks/Independent/feed-color.swift -o "$scratch/feed-color"
for run in 1 2 3; do "$scratch/feed-color" 100000 51 > "$scratch/independent-$run.csv"; done
"$binary" run --modes app --operations feed.color --sizes 100000 --distributions uniform \
  --strategies enum-switch,protocol-getter,classic-visitor,generic-visitor,naive \
  --output "$scratch/suite.csv" --quiet > /dev/null

python3 - "$scratch" <<'PY'
import csv, statistics, sys
from pathlib import Path
scratch = Path(sys.argv[1])
independent = {}
for run in (1, 2, 3):
    rows = [r for r in csv.DictReader(line for line in open(scratch / f"independent-{run}.csv") if not line.startswith("#"))]
    for r in rows:
        independent.setdefault(r["pattern"], []).append(float(r["ratio_to_enum"]))
suite = {r["strategy"]: r for r in csv.DictReader(open(scratch / "suite.csv"))}
print("feed.color, app mode, 100,000 uniform rows: ratio to enum-switch")
print(f"{'pattern':17} {'suite (95% CI)':>22} {'independent (3 runs)':>22} {'suite/independent':>18}")
failed = False
for pattern in ("protocol-getter", "classic-visitor", "generic-visitor", "naive"):
    s = suite[pattern]
    mid = statistics.median(independent[pattern])
    agreement = float(s["ratio_to_baseline"]) / mid
    ok = 0.8 <= agreement <= 1.2
    failed |= not ok
    interval = f"{float(s['ratio_to_baseline']):.2f} ({float(s['ratio_to_baseline_low']):.2f}–{float(s['ratio_to_baseline_high']):.2f})"
    runs = "/".join(f"{v:.2f}" for v in independent[pattern])
    print(f"{pattern:17} {interval:>22} {runs:>22} {agreement:>17.2f}{'' if ok else '  (beyond 20%)'}")
print(f"enum-switch: suite {float(suite['enum-switch']['median_ns']):.2f} ns, "
      f"independent {statistics.median(float(r['ns_per_element']) for run in (1, 2, 3) for r in csv.DictReader(l for l in open(scratch / f'independent-{run}.csv') if not l.startswith('#')) if r['pattern'] == 'enum-switch'):.2f} ns per element")
sys.exit(1 if failed else 0)
PY
