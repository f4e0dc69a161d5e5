#!/bin/sh
# The A/A test Guides/Reproducibility.md describes: two default
# runs of one release binary, then how far their ratios drift
# (`compare --show drift`) and what `compare` says of them. Run it with nothing else
# running on the machine.
#
# Usage: Benchmarks/Scripts/aa-test.sh [--interleaved] [DIRECTORY] [-- RUN-OPTIONS]
# (default results/local/aa; RUN-OPTIONS go to both runs, e.g. -- --max-time 340)
#
# By default the two runs are back to back. With --interleaved they are one
# run: `run --alternate-with` a copy of the binary, the two copies' launches
# alternating, as two builds are compared on a machine whose speed wanders.
# Writes DIRECTORY/a.csv, b.csv (and their raw samples, gzip-compressed,
# a-samples.csv.gz and b-samples.csv.gz, back to back only; export and
# compare --samples read them after gunzip -k, compare --show launch-spread
# among them), durations.txt,
# drift.txt and compare.txt; exits with compare's status.
set -eu
cd "$(dirname "$0")/../.."
interleaved=no
if [ "${1:-}" = "--interleaved" ]; then
  interleaved=yes
  shift
fi
usage="usage: aa-test.sh [--interleaved] [DIRECTORY] [-- RUN-OPTIONS]"
directory=results/local/aa
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  case "$1" in
    -*) echo "aa-test.sh: unexpected option '$1': run options go after -- ($usage)" >&2; exit 64 ;;
  esac
  directory=$1
  shift
fi
if [ $# -gt 0 ]; then
  if [ "$1" != "--" ]; then
    echo "aa-test.sh: unexpected argument '$1' ($usage)" >&2
    exit 64
  fi
  shift
fi
mkdir -p "$directory"
swift build -c release --product dispatch-bench >/dev/null
binary=.build/release/dispatch-bench
if [ "$interleaved" = yes ]; then
  copy=$(mktemp -d)/dispatch-bench
  cp "$binary" "$copy"
  start=$(date +%s)
  "$binary" run --alternate-with "$copy" --alternate-output "$directory/a.csv" --output "$directory/b.csv" \
    --force --quiet --format csv "$@" >/dev/null
  echo "both, interleaved: $(( $(date +%s) - start )) s" | tee "$directory/durations.txt"
  rm -r "$(dirname "$copy")"
else
  for name in a b; do
    start=$(date +%s)
    "$binary" run --output "$directory/$name.csv" --samples "$directory/$name-samples.csv" \
      --force --quiet --format csv "$@" >/dev/null
    echo "run $name: $(( $(date +%s) - start )) s"
  done | tee "$directory/durations.txt"
  # The pipe hides a run's failure (a bad run option): its samples are missing.
  for name in a b; do
    if [ ! -f "$directory/$name-samples.csv" ]; then
      echo "aa-test.sh: run $name wrote no samples; its error is above" >&2
      exit 1
    fi
  done
  gzip -9 -f "$directory/a-samples.csv" "$directory/b-samples.csv"
fi
"$binary" compare "$directory/a.csv" "$directory/b.csv" --show drift | tee "$directory/drift.txt"
status=0
"$binary" compare "$directory/a.csv" "$directory/b.csv" > "$directory/compare.txt" || status=$?
echo "compare exit status: $status"
tail -1 "$directory/compare.txt"
exit "$status"
