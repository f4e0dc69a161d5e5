#!/usr/bin/env bash
# Times the app-mode enum-switch, protocol-getter and classic-visitor on
# feed.identifier and feed.color (100,000 uniform rows) with ordo-one's
# package-benchmark 1.38.1, the harness a Swift developer reaches for, in
# rounds interleaved with dispatch-bench's own run of the same cases, and
# prints each ratio to the enum from both: package-benchmark's (its medians,
# divided) beside dispatch-bench's paired ratio and 95% interval, and whether
# it falls inside. Guides/Reproducibility.md ("Against package-benchmark")
# says why they differ and how to bring them closer.
#
# Usage: bash Benchmarks/Independent/package-benchmark.sh [OPTIONS] [DISPATCH-BENCH] [-- RUN-OPTIONS]
#   DISPATCH-BENCH        the binary timed (default .build/release/dispatch-bench;
#                         build it first with `swift build -c release`)
#   --rounds N            rounds (default 5), each one run of either harness;
#                         odd rounds run package-benchmark first, even ones
#                         second; 0 builds the package and stops
#   --traits LIST|none|default
#                         the traits on package-benchmark's .package line
#                         (default MallocInterposer; none: `traits: []`, which
#                         leaves its malloc interposer out; default: no
#                         `traits:`, its default traits, which need a package
#                         not mirrored everywhere)
#   --metrics wall-clock, --max-duration-ms N, --max-iterations N, --warmup N,
#   --iteration-elements N, --order reversed, --representations all
#                         how package-benchmark times them (package-benchmark.swift
#                         says each); unset, its defaults
#   --layout-seed N       links package-benchmark's binary with ld.lld's
#                         --shuffle-sections=.text.*=N: the same machine code in
#                         another function order, as `dispatch-bench run
#                         --layouts` relinks its own (N from 1; unset, the
#                         linker's order)
#   --save DIR            keeps the evidence in DIR: rounds.tsv (every figure
#                         printed, per round), each dispatch-bench run's CSV and
#                         each package-benchmark run's wall-clock percentiles
#   RUN-OPTIONS           go to every `dispatch-bench run` (e.g. -- --target-resolution 2)
#
# The throwaway package is written to .build-pkgbench/TRAITS/ (git-ignored):
# this package's BenchmarkSupport, JSON, DispatchModel and three strategy
# directories, its AppModeSources plugin, package-benchmark.swift and a
# manifest that builds the app modules as Package.swift does (release: -O,
# whole-module, SwiftPM's defaults, -function-sections, lld). It names
# package-benchmark by its public URL, so it resolves wherever git reaches
# github.com, or a mirror of it. Kept between runs, so only the first run
# builds it whole (minutes); later ones rebuild what changed.
#
# Exit status: 0 when every round ran (whether or not each ratio falls
# inside); 64 bad usage, or no dispatch-bench build; 69 package-benchmark
# could not be resolved (no network nor mirror, or the traits asked for need
# a package that is not there: its default traits need
# swift-runtime-interposer); 70 the throwaway package did not build, or a
# harness's run failed. Timings: run it on a quiet machine. A round took
# about two minutes with `-- --max-time 60` on a loaded 2-core machine;
# the first run builds the package (17 minutes there).
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: package-benchmark.sh [--rounds N] [--traits LIST|none|default] [--metrics wall-clock]"
usage+=" [--max-duration-ms N] [--max-iterations N] [--warmup N] [--iteration-elements N] [--order reversed]"
usage+=" [--representations all] [--layout-seed N] [--save DIR] [DISPATCH-BENCH] [-- RUN-OPTIONS]"
fail() { echo "package-benchmark.sh: $1" >&2; exit "${2:-64}"; }

rounds=5 traits=MallocInterposer save="" binary=.build/release/dispatch-bench iteration_elements=100000 layout_seed=
settings=()  # NAME=VALUE for package-benchmark.swift, through the environment
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break ;;
    --rounds|--traits|--metrics|--max-duration-ms|--max-iterations|--warmup|--iteration-elements|--order \
      | --representations|--layout-seed|--save)
      [ $# -ge 2 ] || fail "$1 needs a value ($usage)"
      option=$1 value=$2
      shift 2
      case "$option" in
        --rounds|--max-duration-ms|--max-iterations|--warmup|--iteration-elements|--layout-seed)
          [[ "$value" =~ ^[0-9]+$ ]] || fail "$option: \"$value\" is not a whole number (example: $option 3)" ;;
      esac
      case "$option" in
        --rounds) rounds=$value ;;
        --traits)
          example="(example: --traits MallocInterposer)"
          [[ "$value" =~ ^(none|[A-Za-z]+(,[A-Za-z]+)*)$ ]] \
            || fail "--traits: \"$value\" is not a comma-separated list of trait names, none or default $example"
          traits=$value ;;
        --metrics)
          [ "$value" = wall-clock ] || fail "--metrics: \"$value\" is not a set it knows (the only one: wall-clock)"
          settings+=(PKGBENCH_METRICS=wall-clock) ;;
        --max-duration-ms) settings+=(PKGBENCH_MAX_DURATION_MS="$value") ;;
        --max-iterations) settings+=(PKGBENCH_MAX_ITERATIONS="$value") ;;
        --warmup) settings+=(PKGBENCH_WARMUP="$value") ;;
        --iteration-elements)
          [ "$value" -ge 1 ] && [ "$value" -le 100000 ] || fail "--iteration-elements: \"$value\" is not 1 to 100000"
          iteration_elements=$value
          settings+=(PKGBENCH_ITERATION_ELEMENTS="$value") ;;
        --order) [ "$value" = reversed ] || fail "--order: \"$value\" is not an order it knows (the only one: reversed)"
          settings+=(PKGBENCH_ORDER=reversed) ;;
        --representations)
          [ "$value" = all ] || fail "--representations: \"$value\" is not a choice it knows (the only one: all)"
          settings+=(PKGBENCH_REPRESENTATIONS=all) ;;
        --layout-seed)
          # lld reads 32 bits; a longer number would overflow the shell's test.
          [ "${#value}" -le 10 ] && [ "$value" -ge 1 ] && [ "$value" -le 4294967294 ] \
            || fail "--layout-seed: \"$value\" is not 1 to 4294967294"
          layout_seed=$value ;;
        --save) save=$value ;;
      esac ;;
    -*) fail "unknown option \"$1\" (RUN-OPTIONS go after --; $usage)" ;;
    *) binary=$1; shift ;;
  esac
done
run_options=("$@")
[ -x "$binary" ] || fail "no $binary; run swift build -c release first"
# This tree's build reads the CSVs (`_columns`): the binary timed may be an
# older one, from before the command.
reader=.build/release/dispatch-bench
[ -x "$reader" ] || fail "no $reader; run swift build -c release first"

# MARK: The throwaway package

package=.build-pkgbench/${traits//,/+}
# The function order: lld's shuffle of every function's section (the app
# modules are built with -function-sections), or its own order.
layout_flags=""
[ -z "$layout_seed" ] || layout_flags=", \"-Xlinker\", \"--shuffle-sections=.text.*=$layout_seed\""
case "$traits" in
  none) trait_list="" traits_argument=", traits: []" ;;
  default) trait_list="default" traits_argument="" ;;
  *) trait_list="\"${traits//,/\", \"}\"" traits_argument=", traits: [$trait_list]" ;;
esac
mkdir -p "$package"

# Copies a directory's files into the package, leaving alone those whose
# text is unchanged (so that SwiftPM rebuilds only what changed), and
# removes files the source no longer has.
sync_directory() {
  local from=$1 to=$package/$1 file
  mkdir -p "$to"
  (cd "$from" && find . -type f) | while read -r file; do
    mkdir -p "$(dirname "$to/$file")"
    cmp -s "$from/$file" "$to/$file" || cp "$from/$file" "$to/$file"
  done
  (cd "$to" && find . -type f) | while read -r file; do
    [ -e "$from/$file" ] || rm "$to/$file"
  done
}
write_if_changed() {  # PATH, the text on standard input
  local text
  text=$(cat)
  [ -f "$1" ] && [ "$(cat "$1")" = "$text" ] || printf '%s\n' "$text" > "$1"
}
for directory in Sources/BenchmarkSupport Sources/JSON Sources/DispatchModel \
  Sources/EnumSwitch Sources/ProtocolGetter Sources/ClassicVisitor Plugins/AppModeSources; do
  sync_directory "$directory"
done
mkdir -p "$package/Benchmarks/AppMode"
write_if_changed "$package/Benchmarks/AppMode/AppMode.swift" < Benchmarks/Independent/package-benchmark.swift
# The app-mode part of Package.swift, for three strategies: the same
# targets, dependencies, flags and plugin, so the app modules compile as in
# dispatch-bench's release build.
write_if_changed "$package/Package.swift" <<EOF
// swift-tools-version:6.1
// Written by Benchmarks/Independent/package-benchmark.sh; not edited by hand.
import PackageDescription

let strategies = ["EnumSwitch", "ProtocolGetter", "ClassicVisitor"]
let libraryPolicy: [SwiftSetting] = [.unsafeFlags(["-disable-cmo"])]
let functionSections: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
]
let linkedByLLD: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"$layout_flags], .when(platforms: [.linux]))]

let package = Package(
  name: "pkgbench",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1"$traits_argument)
  ],
  targets: [
    .target(name: "BenchmarkSupport", swiftSettings: libraryPolicy + functionSections),
    .target(name: "JSON", swiftSettings: libraryPolicy + functionSections),
    .target(name: "DispatchModel", dependencies: ["JSON"], swiftSettings: libraryPolicy + functionSections),
    .plugin(name: "AppModeSources", capability: .buildTool()),
  ] + strategies.map { name in
    .target(
      name: name, dependencies: ["DispatchModel"], exclude: ["Loops.swift"],
      swiftSettings: libraryPolicy + functionSections)
  } + strategies.map { name in
    .target(
      name: "App" + name, dependencies: ["BenchmarkSupport", "JSON"], path: "Sources/" + name,
      sources: ["Loops.swift"], swiftSettings: [.define("APP_MODE")] + functionSections,
      plugins: ["AppModeSources"])
  } + [
    .executableTarget(
      name: "AppMode",
      dependencies: [.product(name: "Benchmark", package: "package-benchmark"), "BenchmarkSupport"]
        + strategies.map { .target(name: "App" + \$0) },
      path: "Benchmarks/AppMode", swiftSettings: [.swiftLanguageMode(.v5)], linkerSettings: linkedByLLD,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
  ],
  swiftLanguageModes: [.v6]
)
EOF

log=$package/last-build.log
if ! swift package --package-path "$package" resolve > "$log" 2>&1; then
  tail -n 5 "$log" >&2
  fail "package-benchmark 1.38.1 with traits: ${trait_list:-none} could not be resolved (above; the whole log: $log)" 69
fi
echo "Building the package-benchmark package in $package (the first time takes minutes)..." >&2
# `benchmark list` builds the plugin's tool too, and shows that the six
# benchmarks register.
if ! { swift build -c release --package-path "$package" --product AppMode \
  && swift package --package-path "$package" benchmark list; } >> "$log" 2>&1; then
  tail -n 20 "$log" >&2
  fail "the package-benchmark package did not build (above; the whole log: $log)" 70
fi
[ "$rounds" -gt 0 ] || exit 0

# MARK: The rounds

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# One line per round, pattern and operation: both harnesses' figures.
printf 'round\tfirst\tload\toperation\tstrategy\tpb_p50_ns\tdb_median_ns\tdb_ratio\tdb_low\tdb_high\n' \
  > "$scratch/rounds.tsv"

run_package_benchmark() {  # ROUND
  local out=$scratch/pb-$1
  mkdir -p "$out"
  if ! env "${settings[@]}" swift package --package-path "$package" --allow-writing-to-directory "$out" \
    benchmark --format histogramPercentiles --path "$out" --time-units nanoseconds --no-progress \
    > "$out/log.txt" 2>&1; then
    tail -n 20 "$out/log.txt" >&2
    fail "round $1: swift package benchmark failed (above)" 70
  fi
}
run_dispatch_bench() {  # ROUND
  if ! "$binary" run --modes app --strategies enum-switch,protocol-getter,classic-visitor \
    --operations feed.identifier,feed.color --sizes 100000 --distributions uniform \
    --output "$scratch/db-$1.csv" --force --quiet ${run_options[@]+"${run_options[@]}"} \
    > "$scratch/db-$1.log" 2>&1; then
    tail -n 20 "$scratch/db-$1.log" >&2
    fail "round $1: dispatch-bench run failed (above)" 70
  fi
}
# The median (p50) of one package-benchmark run's wall clock, in ns per
# iteration: its percentiles file, named after the benchmark.
package_benchmark_p50() {  # ROUND OPERATION STRATEGY
  local file
  file=$(ls "$scratch/pb-$1/"*"_$2_$3.wallClock.histogram.percentiles.tsv")
  awk -F '\t' '$1 == "50" { print $2 }' "$file"
}

for round in $(seq 1 "$rounds"); do
  load=$(cut -d ' ' -f 1 /proc/loadavg)
  if [ $((round % 2)) = 1 ]; then
    first=package-benchmark
    run_package_benchmark "$round"; run_dispatch_bench "$round"
  else
    first=dispatch-bench
    run_dispatch_bench "$round"; run_package_benchmark "$round"
  fi
  "$reader" _columns "$scratch/db-$round.csv" operation strategy mode median_ns ratio_to_baseline \
    ratio_to_baseline_low ratio_to_baseline_high > "$scratch/db-$round.tsv"
  for operation in feed.identifier feed.color; do
    for strategy in enum-switch protocol-getter classic-visitor; do
      p50=$(package_benchmark_p50 "$round" "$operation" "$strategy")
      db=$(awk -F '\t' -v o="$operation" -v s="$strategy" \
        '$1 == o && $2 == s && $3 == "app" { print $4 "\t" $5 "\t" $6 "\t" $7 }' "$scratch/db-$round.tsv")
      [ -n "$p50" ] && [ -n "$db" ] || fail "round $round: no figure for $operation $strategy in a harness's output" 70
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$first" "$load" "$operation" "$strategy" "$p50" "$db" \
        >> "$scratch/rounds.tsv"
    done
  done
  echo "round $round of $rounds done (load $load, $first first)" >&2
done

# MARK: The ratios

settings_line=${settings[*]:-package-benchmark\'s defaults}${layout_seed:+; layout seed $layout_seed}
echo "package-benchmark 1.38.1 (traits: ${trait_list:-none}; ${settings_line})" \
  "against dispatch-bench run${run_options[*]:+ ${run_options[*]}}"
echo "app mode, 100,000 uniform rows; ratio to enum-switch; $rounds rounds, interleaved"
awk -F '\t' -v elements="$iteration_elements" '
  NR == 1 { next }
  {
    key = $1 SUBSEP $4
    pb[key, $5] = $6 / elements; db_ns[key, $5] = $7
    ratio[key, $5] = $8; low[key, $5] = $9; high[key, $5] = $10
    first[$1] = $2; load[$1] = $3; rounds = $1
  }
  END {
    split("feed.identifier feed.color", operations, " ")
    split("protocol-getter classic-visitor", strategies, " ")
    short["protocol-getter"] = "getter ÷ enum"; short["classic-visitor"] = "visitor ÷ enum"
    # printf counts bytes: the en dash in an interval is three, so %24s pads
    # it to 22 characters; ÷ is two, so %-15s pads a ratio to 14.
    printf "%-5s %-15s %-14s %17s %22s %7s %18s\n", "round", "operation", "ratio", "package-benchmark",
      "dispatch-bench (95% CI)", "inside", "dispatch unpaired"
    for (r = 1; r <= rounds; r++) {
      for (o = 1; o <= 2; o++) for (s = 1; s <= 2; s++) {
        key = r SUBSEP operations[o]; strategy = strategies[s]
        value = pb[key, strategy] / pb[key, "enum-switch"]
        inside = value >= low[key, strategy] && value <= high[key, strategy]
        unpaired = db_ns[key, strategy] / db_ns[key, "enum-switch"]
        printf "%-5s %-15s %-15s %17.3f %24s %7s %18.3f\n", r, operations[o], short[strategy], value,
          sprintf("%.3f (%.3f–%.3f)", ratio[key, strategy], low[key, strategy], high[key, strategy]),
          inside ? "yes" : "no", unpaired
        count[operations[o], strategy]++; hits[operations[o], strategy] += inside; total++; allhits += inside
        logpb[operations[o], strategy] += log(value); logdb[operations[o], strategy] += log(ratio[key, strategy])
        over[operations[o], strategy] += log(value / ratio[key, strategy])
      }
    }
    print ""
    printf "%-15s %-14s %14s %14s %10s %7s\n", "operation", "ratio", "pb (geo. mean)", "db (geo. mean)",
      "pb ÷ db ", "inside"
    for (o = 1; o <= 2; o++) for (s = 1; s <= 2; s++) {
      k = operations[o] SUBSEP strategies[s]; n = count[k]
      printf "%-15s %-15s %14.3f %14.3f %10.3f %4d of %d\n", operations[o], short[strategies[s]],
        exp(logpb[k] / n), exp(logdb[k] / n), exp(over[k] / n), hits[k], n
    }
    for (o = 1; o <= 2; o++) {
      key = operations[o]; pbsum = dbsum = 0
      for (r = 1; r <= rounds; r++) { pbsum += pb[r, key, "enum-switch"]; dbsum += db_ns[r, key, "enum-switch"] }
      printf "enum-switch, %s: package-benchmark %.2f ns, dispatch-bench %.2f ns per element (means of the rounds)\n",
        key, pbsum / rounds, dbsum / rounds
    }
    printf "%d of %d package-benchmark ratios inside dispatch-bench'"'"'s interval of the same round\n", allhits, total
  }' "$scratch/rounds.tsv"

if [ -n "$save" ]; then
  mkdir -p "$save"
  cp "$scratch/rounds.tsv" "$save/"
  for round in $(seq 1 "$rounds"); do
    cp "$scratch/db-$round.csv" "$save/dispatch-bench-$round.csv"
    mkdir -p "$save/package-benchmark-$round"
    cp "$scratch/pb-$round/"*.wallClock.histogram.percentiles.tsv "$save/package-benchmark-$round/"
  done
fi
