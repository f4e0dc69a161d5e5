#!/bin/sh
# The A/A test the README's "Reproducibility" section quotes: two default
# runs of one release binary, back to back, then how far their ratios drift
# (ratio-drift.py) and what `compare` says of them. Run it with nothing else
# running on the machine.
#
# Usage: Benchmarks/Scripts/aa-test.sh [DIRECTORY]   (default results/aa)
# Writes DIRECTORY/a.csv, b.csv (and their raw samples, a-samples.csv and
# b-samples.csv), durations.txt, drift.txt and compare.txt; exits with
# compare's status.
set -eu
cd "$(dirname "$0")/../.."
directory=${1:-results/aa}
mkdir -p "$directory"
swift build -c release --product dispatch-bench >/dev/null
binary=.build/release/dispatch-bench
for name in a b; do
  start=$(date +%s)
  "$binary" run --output "$directory/$name.csv" --samples-csv "$directory/$name-samples.csv" \
    --force --quiet --format csv >/dev/null
  echo "run $name: $(( $(date +%s) - start )) s"
done | tee "$directory/durations.txt"
python3 Benchmarks/Scripts/ratio-drift.py "$directory/a.csv" "$directory/b.csv" | tee "$directory/drift.txt"
status=0
"$binary" compare "$directory/a.csv" "$directory/b.csv" > "$directory/compare.txt" || status=$?
echo "compare exit status: $status"
tail -1 "$directory/compare.txt"
exit "$status"
