#!/usr/bin/env bash
# How long each synthetic pattern takes to compile, at each number of kinds.
#
#   bash Benchmarks/Scripts/compile-time.sh [--runs R] [--patterns LIST] [--kinds LIST]
#                                           [--output PATH] [--force]
#
# Compiles each pattern's Sources/Synthetic/<Pattern>/generated/Kinds<N>.swift
# alone, as one whole-module-optimised module, R times (default 3):
#
#   swiftc -O -wmo -parse-as-library -emit-object -module-name Synthetic<Pattern> \
#     <noLoopMerging> -I <scratch> Sources/Synthetic/<Pattern>/generated/Kinds<N>.swift -o <scratch>/<Pattern>.o
#
# (<noLoopMerging>: the flags Package.swift builds the synthetic modules with,
# read from it: function merging off, so no two timed loops are folded into one)
#
# The two modules it imports (BenchmarkSupport, SyntheticModel) are compiled
# once first, untimed, into the scratch directory, so a time is the pattern's
# code alone. So is an `empty` row (kinds 0): a file with those two imports and
# nothing else, the cost of starting the compiler and loading the modules,
# which every other row includes.
#
# Runs are interleaved (round 1 compiles every file once, then round 2, …), so
# drift in a shared machine touches every row alike. Before the first round, one
# pattern's files are compiled once each, untimed as results, to estimate how
# long the whole takes; that estimate is printed before the rounds start.
#
# Writes results/reference/scaling/compile-time.csv (or --output): pattern,
# kinds, runs, the median, min and max wall time in seconds, the machine
# (swift_version, os, cpu_model, cores) and the command. An existing file is replaced only with
# --force. Exit statuses: 0 done, 1 a compile failed, 64 bad usage, 73 the
# output exists or cannot be written.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
export LC_ALL=C

usage="usage: bash Benchmarks/Scripts/compile-time.sh [--runs R] [--patterns LIST] [--kinds LIST]"
usage+=" [--output PATH] [--force]"
# Package.swift's lists, read from it rather than written again here: the
# strategies (strategyModules), and the flags the synthetic modules are built
# with (noLoopMerging: function merging off).
package_list() {
  sed -n "/^let $1\b/,/^]/p" Package.swift | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ' | sed 's/ $//'
}
all_patterns=$(package_list strategyModules)
read -r -a merge_flags <<< "$(package_list noLoopMerging)"
[ -n "$all_patterns" ] && [ "${#merge_flags[@]}" -gt 0 ] \
  || { echo "compile-time.sh: Package.swift has no strategyModules or noLoopMerging list" >&2; exit 1; }
runs=3
patterns="$all_patterns"
kinds="2 4 8 16 32 64"
output=results/reference/scaling/compile-time.csv
force=false
command_line="bash Benchmarks/Scripts/compile-time.sh${*:+ $*}"

fail_usage() {
  echo "error: $1" >&2
  echo "$usage" >&2
  exit 64
}

while [ $# -gt 0 ]; do
  case "$1" in
    --runs)
      [ $# -ge 2 ] || fail_usage "--runs needs a value (example: --runs 3)"
      [[ "$2" =~ ^[1-9][0-9]*$ ]] || fail_usage "--runs: \"$2\" is not a positive whole number (example: --runs 3)"
      runs="$2"; shift 2 ;;
    --patterns)
      [ $# -ge 2 ] || fail_usage "--patterns needs a value (example: --patterns EnumSwitch,ClassicVisitor)"
      patterns="${2//,/ }"
      for pattern in $patterns; do
        [[ " $all_patterns " == *" $pattern "* ]] \
          || fail_usage "--patterns: no pattern \"$pattern\" (one of: ${all_patterns// /, })"
      done
      shift 2 ;;
    --kinds)
      [ $# -ge 2 ] || fail_usage "--kinds needs a value (example: --kinds 2,64)"
      kinds="${2//,/ }"
      for n in $kinds; do
        [[ " 2 4 8 16 32 64 " == *" $n "* ]] || fail_usage "--kinds: \"$n\" is not one of 2, 4, 8, 16, 32, 64"
      done
      shift 2 ;;
    --output)
      [ $# -ge 2 ] || fail_usage "--output needs a path (example: --output results/reference/scaling/compile-time.csv)"
      output="$2"; shift 2 ;;
    --force) force=true; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) fail_usage "unknown argument \"$1\"" ;;
  esac
done

if [ -e "$output" ] && [ "$force" != true ]; then
  echo "error: $output exists; pass --force to replace it" >&2
  exit 73
fi
output_dir=$(dirname "$output")
if ! { [ -d "$output_dir" ] && [ -w "$output_dir" ]; }; then
  echo "error: cannot write $output: $output_dir is not a writable directory" >&2
  exit 73
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

now() { date +%s%N; }
# Seconds between two `now`s, to the millisecond.
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

# The dependencies, once, untimed.
for module in BenchmarkSupport SyntheticModel; do
  swiftc -O -wmo -parse-as-library -module-name "$module" -emit-module \
    -emit-module-path "$scratch/$module.swiftmodule" Sources/"$module"/*.swift
done
printf 'import BenchmarkSupport\nimport SyntheticModel\n' > "$scratch/Empty.swift"

# The source of (pattern, kinds); `empty` is the file that only imports.
source_of() {
  if [ "$1" = empty ]; then echo "$scratch/Empty.swift"; else echo "Sources/Synthetic/$1/generated/Kinds$2.swift"; fi
}

# Compiles one file; prints its wall time in seconds.
compile() {
  local pattern="$1" n="$2" start end
  start=$(now)
  if ! swiftc -O -wmo -parse-as-library -emit-object -module-name "Synthetic$pattern" \
    "${merge_flags[@]}" -I "$scratch" "$(source_of "$pattern" "$n")" \
    -o "$scratch/$pattern.o" 2> "$scratch/error.log"; then
    echo "error: compiling $(source_of "$pattern" "$n") failed:" >&2
    cat "$scratch/error.log" >&2
    exit 1
  fi
  end=$(now)
  seconds "$start" "$end"
}

cells=("empty 0")
for pattern in $patterns; do
  for n in $kinds; do cells+=("$pattern $n"); done
done
compilations=$((${#cells[@]} * runs))

# The estimate: the empty file and one pattern's files, once each.
first_pattern=${patterns%% *}
sample=$(compile empty 0)
estimate_empty=$sample
estimate_pattern=0
for n in $kinds; do
  sample=$(compile "$first_pattern" "$n")
  estimate_pattern=$(awk -v a="$estimate_pattern" -v b="$sample" 'BEGIN { print a + b }')
done
pattern_count=$(echo $patterns | wc -w)
estimate=$(awk -v e="$estimate_empty" -v p="$estimate_pattern" -v c="$pattern_count" -v r="$runs" \
  'BEGIN { printf "%.0f", (e + p * c) * r }')
echo "compile-time: $compilations compilations (${#cells[@]} files × $runs runs, interleaved);" \
  "about $estimate s, from one compile of each of $first_pattern's files (${estimate_pattern} s)" \
  "and the empty file's (${estimate_empty} s)" >&2

# The rounds.
declare -A samples
started=$(now)
for ((round = 1; round <= runs; round++)); do
  for cell in "${cells[@]}"; do
    read -r pattern n <<< "$cell"
    samples[$cell]+="$(compile "$pattern" "$n") "
  done
  echo "compile-time: round $round of $runs done, $(seconds "$started" "$(now)") s elapsed" >&2
done
total=$(seconds "$started" "$(now)")

# The machine.
swift_version=$(swiftc --version 2>&1 | head -1)
os=$( (. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME") || uname -s)
os="$os ($(uname -sr))"
cpu_model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)

# A CSV field, quoted when it holds a comma, a quote or a line break.
field() {
  if [[ "$1" == *[,\"$'\n']* ]]; then
    printf '"%s"' "${1//\"/\"\"}"
  else
    printf '%s' "$1"
  fi
}

temporary="$output.tmp-$$"
{
  echo "pattern,kinds,runs,median_seconds,min_seconds,max_seconds,swift_version,os,cpu_model,cores,command"
  for cell in "${cells[@]}"; do
    read -r pattern n <<< "$cell"
    name=$pattern
    if [ "$pattern" != empty ]; then
      # ClassicVisitor → classic-visitor, the registry's name.
      name=$(echo "$pattern" | sed -E 's/([a-z])([A-Z])/\1-\2/g' | tr '[:upper:]' '[:lower:]')
    fi
    stats=$(echo "${samples[$cell]}" | tr ' ' '\n' | grep . | sort -g | awk '
      { v[NR] = $1 }
      END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.3f,%.3f,%.3f", m, v[1], v[NR]
      }')
    printf '%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$name" "$n" "$runs" "$stats" "$(field "$swift_version")" \
      "$(field "$os")" "$(field "$cpu_model")" "$cores" "$(field "$command_line")"
  done
} > "$temporary"
mv "$temporary" "$output"

echo "compile-time: $compilations compilations in $total s (estimated $estimate s); wrote $output" >&2
column -s, -t < <(cut -d, -f1-6 "$output")
