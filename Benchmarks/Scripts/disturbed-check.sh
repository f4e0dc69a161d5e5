#!/usr/bin/env bash
# Shows that a run names a disturbed machine: three runs of one small suite
# (about 17 s each), quiet; pinned to CPU 0 with a busy loop pinned to CPU 0
# for its second half; and with the busy loop on CPU 1 instead. Prints each
# run's interrupted_share and launch_speed_spread and whether it was called
# disturbed. Timing-dependent, so not a test: run it on a quiet 2-core
# machine (Guides/Reproducibility.md, "A disturbed machine is named").
#
# Usage: bash Benchmarks/Scripts/disturbed-check.sh [path/to/dispatch-bench]
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=${1:-.build/release/dispatch-bench}
[ -x "$bench" ] || { echo "disturbed-check.sh: no $bench; run swift build -c release first" >&2; exit 64; }
command -v taskset >/dev/null || { echo "disturbed-check.sh: needs taskset (util-linux)" >&2; exit 69; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"; kill "${busy:-}" 2>/dev/null || true' EXIT
args=(run --operations feed.identifier,feed.color,share.instagram --sizes 100000 --launches 6 --force --format csv)

report() {
  python3 - "$1" "$2" <<'PY'
import csv, sys
row = next(csv.DictReader(open(sys.argv[2])))
share, spread = float(row["interrupted_share"]), float(row["launch_speed_spread"])
print(f"{sys.argv[1]:40} interrupted {share * 100:5.2f}%  speed spread {spread:.2f}  "
      f"{'disturbed' if share >= 0.005 or spread >= 1.25 else 'quiet'}")
PY
}

"$bench" "${args[@]}" --output "$scratch/quiet.csv" >/dev/null 2>&1
report "quiet" "$scratch/quiet.csv"
for cpu in 0 1; do
  taskset -c 0 "$bench" "${args[@]}" --output "$scratch/busy-$cpu.csv" >/dev/null 2>&1 &
  run=$!
  sleep 9
  taskset -c "$cpu" sh -c 'while :; do :; done' &
  busy=$!
  wait "$run"
  kill "$busy"
  busy=""
  report "pinned to CPU 0, busy loop on CPU $cpu" "$scratch/busy-$cpu.csv"
done
