#!/usr/bin/env bash
# Compares the suite's existential.getter rows (Guides/Existentials.md) with
# existential-getter.swift, an independent single-module program of the same
# reads (see its header).
#
# Usage: bash Benchmarks/Independent/existential-getter.sh [path/to/dispatch-bench]
# (default .build/release/dispatch-bench; build it first with
# `swift build -c release`). Runs the program three times (51 interleaved
# rounds of 100,000 elements) and the suite once (existential.getter at
# 100,000), then prints, for any-inline and any-boxed, what the existential
# adds over the concrete read in ns per element, and each ratio to the enum.
# The added ns must agree within 20% (exit 0, else 1). The ratios are shown,
# not checked: each includes its loop's per-element sink, and the suite's (a
# generic call into another module, its floor row) is heavier than the
# program's, so the suite's ratios are the smaller. Quiet machine; about a
# minute.
set -euo pipefail
source "$(dirname "$0")/independent.sh"
independent_runs existential-getter "$@"
filter='existential/*/any-inline/*/*,existential/*/any-boxed/*/*,'
filter+='existential/*/concrete/*/*,existential/*/enum-switch/*/*'
"$binary" run --operations existential.getter --sizes 100000 --filter "$filter" \
  --output "$scratch/suite.csv" --quiet > /dev/null

independent_columns pattern ns_per_element ratio_to_enum > "$scratch/independent.tsv"
"$reader" _columns "$scratch/suite.csv" \
  strategy median_ns ratio_to_baseline ratio_to_baseline_low ratio_to_baseline_high > "$scratch/suite.tsv"
awk -F '\t' "$median_awk"'
  FNR == NR { ns[$1] = ns[$1] " " $2; ratio[$1] = ratio[$1] " " $3; next }
  # The en dash in an interval is three bytes, which printf counts: %24s pads it to 22 characters.
  { suite[$1] = $2; interval[$1] = sprintf("%.2f (%.2f–%.2f)", $3, $4, $5) }
  END {
    print "existential.getter, 100,000 elements: ns per element over the concrete read; ratio to enum-switch"
    printf "%-11s %10s %16s %13s %22s %18s\n", "pattern", "suite +ns", "independent +ns", "suite/indep.",
      "suite ratio (95% CI)", "independent ratio"
    split("any-inline any-boxed", patterns, " ")
    for (i = 1; i <= 2; i++) {
      pattern = patterns[i]
      added_suite = suite[pattern] - suite["concrete"]
      added_independent = median(ns[pattern]) - median(ns["concrete"])
      agreement = added_suite / added_independent
      ok = agreement >= 0.8 && agreement <= 1.2
      if (!ok) failed = 1
      printf "%-11s %10.2f %16.2f %13.2f %24s %18.2f%s\n", pattern, added_suite, added_independent, agreement,
        interval[pattern], median(ratio[pattern]), ok ? "" : "  (beyond 20%)"
    }
    format = "concrete: suite %.2f ns, independent %.2f; enum-switch: suite %.2f, independent %.2f; "
    printf format "the suite\047s floor (its sink alone) %.2f ns\n",
      suite["concrete"], median(ns["concrete"]), suite["enum-switch"], median(ns["enum-switch"]), suite["floor"]
    exit failed
  }' "$scratch/independent.tsv" "$scratch/suite.tsv"
