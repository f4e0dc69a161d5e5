#!/usr/bin/env bash
# The A/A pairs of Guides/Builds.md, "Do two layouts runs agree?": four pairs
# of back-to-back runs of one release build, on the two cheapest operations
# at 100,000 elements (the layout moves cheap loops most), and how far each
# pair's ratios drift (`compare --show drift`) and what `compare` says:
#
#   plain     two plain runs of the build
#   layouts   two `--layouts 4` runs, both of seeds 1-4
#   disjoint  `--layouts 4` (seeds 1-4), then `--first-layout-seed 5` (5-8):
#             two independent samples of four layouts, as two builds whose
#             code differs elsewhere would draw
#   rebuilt   plain runs of two relinks of the build (seeds 9 and 10), each
#             one layout: what two such builds give two plain runs
#
# Usage: bash Benchmarks/Scripts/layouts-aa.sh [DIRECTORY] [-- RUN OPTIONS]
#   (default DIRECTORY results/local/layouts-aa; RUN OPTIONS replace the
#   default selection, --operations feed.color,feed.identifier --sizes 100000)
# Writes DIRECTORY/PAIR-a.csv and PAIR-b.csv, PAIR-drift.txt and
# PAIR-compare.txt for each pair, durations.txt and summary.txt (one line a
# pair: run times, drift median, p95 and largest, compare's exit status).
# About 7 minutes; run it with nothing else running on the machine. Needs a
# Linux release build with function sections, as for `run --layouts`.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

directory=results/local/layouts-aa
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  directory=$1
  shift
fi
selection=(--operations feed.color,feed.identifier --sizes 100000)
if [ $# -gt 0 ]; then
  if [ "$1" != "--" ]; then
    echo "usage: bash Benchmarks/Scripts/layouts-aa.sh [DIRECTORY] [-- RUN OPTIONS]" >&2
    exit 64
  fi
  shift
  selection=("$@")
fi
mkdir -p "$directory"
: > "$directory/durations.txt"

swift build -c release --product dispatch-bench >/dev/null
binary=.build/release/dispatch-bench
relinks=$(mktemp -d)
trap 'rm -rf "$relinks"' EXIT
# Seeds 9 and 10: two layouts none of the layouts runs time.
bash Benchmarks/Scripts/relink-layouts.sh --first-seed 9 2 "$relinks" >/dev/null

# timed NAME BINARY [OPTIONS...]: one run to DIRECTORY/NAME.csv.
timed() {
  local name=$1 program=$2
  shift 2
  local start=$SECONDS
  "$program" run "${selection[@]}" "$@" --output "$directory/$name.csv" --force --quiet --format csv >/dev/null
  echo "$name: $((SECONDS - start)) s" | tee -a "$directory/durations.txt"
}

timed plain-a "$binary"
timed plain-b "$binary"
timed layouts-a "$binary" --layouts 4
timed layouts-b "$binary" --layouts 4
timed disjoint-a "$binary" --layouts 4
timed disjoint-b "$binary" --layouts 4 --first-layout-seed 5
timed rebuilt-a "$relinks/layout-9/dispatch-bench"
timed rebuilt-b "$relinks/layout-10/dispatch-bench"

: > "$directory/summary.txt"
for pair in plain layouts disjoint rebuilt; do
  "$binary" compare "$directory/$pair-a.csv" "$directory/$pair-b.csv" --show drift > "$directory/$pair-drift.txt"
  status=0
  "$binary" compare "$directory/$pair-a.csv" "$directory/$pair-b.csv" > "$directory/$pair-compare.txt" || status=$?
  times=$(grep -E "^$pair-[ab]:" "$directory/durations.txt" | sed 's/^.*: //' | paste -sd, -)
  drift=$(grep -m1 "^strategy rows:" "$directory/$pair-drift.txt" | sed 's/^.*ratio drift: //')
  echo "$pair: runs $times; drift $drift; compare exit $status" | tee -a "$directory/summary.txt"
done
