# What existential-getter.sh and feed-color.sh share, sourced by both: the
# independent program compiled and run three times, each run's rows read
# back through `dispatch-bench _columns`, and a median for awk.
#
#   source Benchmarks/Independent/independent.sh
#   independent_runs NAME "$@"    # cd to the package; checks $binary
#                                 # (the first argument, default
#                                 # .build/release/dispatch-bench) and
#                                 # $reader (this tree's build); makes
#                                 # $scratch; compiles NAME.swift; runs it
#                                 # three times (51 interleaved rounds of
#                                 # 100,000 elements each)
#   independent_columns COLUMN... # the three runs' columns, tab-separated
#   awk "$median_awk"'...'        # median(list): of space-separated numbers

independent_runs() {
  local name=$1 run
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  binary=${2:-.build/release/dispatch-bench}
  [ -x "$binary" ] || { echo "$name.sh: no $binary; run swift build -c release first" >&2; exit 64; }
  # This tree's build reads the CSVs (`_columns`): the binary timed may be
  # an older one, from before the command.
  reader=.build/release/dispatch-bench
  [ -x "$reader" ] || { echo "$name.sh: no $reader; run swift build -c release first" >&2; exit 64; }
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  swiftc -O "Benchmarks/Independent/$name.swift" -o "$scratch/$name"
  for run in 1 2 3; do "$scratch/$name" 100000 51 > "$scratch/independent-$run.csv"; done
}

independent_columns() {
  local run
  for run in 1 2 3; do "$reader" _columns "$scratch/independent-$run.csv" "$@"; done
}

# The median of a space-separated list of numbers (the mean of the middle
# two for an even count).
median_awk='
function median(list,    values, count, i, j, swap) {
  count = split(list, values, " ")
  for (i = 2; i <= count; i++)
    for (j = i; j > 1 && values[j - 1] + 0 > values[j] + 0; j--) {
      swap = values[j]; values[j] = values[j - 1]; values[j - 1] = swap
    }
  return count % 2 ? values[(count + 1) / 2] : (values[count / 2] + values[count / 2 + 1]) / 2
}'
