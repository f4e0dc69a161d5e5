#!/usr/bin/env bash
# Shows that a run names a disturbed machine: three runs of one small suite
# (about 17 s each), quiet; pinned to CPU 0 with a busy loop pinned to CPU 0
# for its second half; and with the busy loop on CPU 1 instead. Prints
# whether each run called the machine disturbed, and why, in the run's own
# words (each CSV's interrupted_share and launch_speed_spread columns hold
# the figures). Timing-dependent, so not a test: run it on a quiet 2-core
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

# The run's own verdict, as it says it at its end (MachineDisturbance's
# thresholds, never written again here): "disturbed" with its reason, or
# "quiet". COLUMNS keeps the sentence on one line.
report() {
  local said
  said=$(sed -n 's/.*the machine was disturbed during this run: \(.*\); its rows say so.*/\1/p' "$2")
  if [ -n "$said" ]; then printf '%-40s disturbed: %s\n' "$1" "$said"; else printf '%-40s quiet\n' "$1"; fi
}

COLUMNS=100000 "$bench" "${args[@]}" --output "$scratch/quiet.csv" >/dev/null 2>"$scratch/quiet.err"
report "quiet" "$scratch/quiet.err"
for cpu in 0 1; do
  COLUMNS=100000 taskset -c 0 "$bench" "${args[@]}" --output "$scratch/busy-$cpu.csv" \
    >/dev/null 2>"$scratch/busy-$cpu.err" &
  run=$!
  sleep 9
  taskset -c "$cpu" sh -c 'while :; do :; done' &
  busy=$!
  wait "$run"
  kill "$busy"
  busy=""
  report "pinned to CPU 0, busy loop on CPU $cpu" "$scratch/busy-$cpu.err"
done
