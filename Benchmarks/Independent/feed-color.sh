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
source "$(dirname "$0")/independent.sh"
independent_runs feed-color "$@"
"$binary" run --modes app --operations feed.color --sizes 100000 --distributions uniform \
  --strategies enum-switch,protocol-getter,classic-visitor,generic-visitor,naive \
  --output "$scratch/suite.csv" --quiet > /dev/null

independent_columns pattern ns_per_element ratio_to_enum > "$scratch/independent.tsv"
"$reader" _columns "$scratch/suite.csv" \
  strategy median_ns ratio_to_baseline ratio_to_baseline_low ratio_to_baseline_high > "$scratch/suite.tsv"
awk -F '\t' "$median_awk"'
  FNR == NR {
    ns[$1] = ns[$1] " " $2; runs[$1] = runs[$1] (runs[$1] == "" ? "" : "/") sprintf("%.2f", $3)
    ratio[$1] = ratio[$1] " " $3; next
  }
  # The en dash in an interval is three bytes, which printf counts: %24s pads it to 22 characters.
  { suite[$1] = $2; middle[$1] = $3; interval[$1] = sprintf("%.2f (%.2f–%.2f)", $3, $4, $5) }
  END {
    print "feed.color, app mode, 100,000 uniform rows: ratio to enum-switch"
    printf "%-17s %22s %22s %18s\n", "pattern", "suite (95% CI)", "independent (3 runs)", "suite/independent"
    split("protocol-getter classic-visitor generic-visitor naive", patterns, " ")
    for (i = 1; i <= 4; i++) {
      pattern = patterns[i]
      agreement = middle[pattern] / median(ratio[pattern])
      ok = agreement >= 0.8 && agreement <= 1.2
      if (!ok) failed = 1
      printf "%-17s %24s %22s %17.2f%s\n", pattern, interval[pattern], runs[pattern], agreement,
        ok ? "" : "  (beyond 20%)"
    }
    printf "enum-switch: suite %.2f ns, independent %.2f ns per element\n", suite["enum-switch"],
      median(ns["enum-switch"])
    exit failed
  }' "$scratch/independent.tsv" "$scratch/suite.tsv"
