#!/usr/bin/env python3
"""The README's findings table: each strategy's ratio to the baseline, with
its 95% interval, in both modes, for every operation of one feed.

Usage: mode-table.py RUN.csv [SIZE] [DISTRIBUTION]   (default 100000 uniform)

Reads a run CSV of schema 4 or later (paired ratios over launches) by column
name and prints a Markdown table: one row per operation and strategy, the
boundary and the app ratio side by side, each as "ratio (low–high)", and the
app/boundary factor where both intervals allow a claim. Needs Python 3 only.
"""
import csv
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    size = sys.argv[2] if len(sys.argv) > 2 else "100000"
    layout = sys.argv[3] if len(sys.argv) > 3 else "uniform"
    rows = {}
    order = []
    with open(sys.argv[1], newline="") as handle:
        for row in csv.DictReader(handle):
            if row["size"] != size or row["distribution"] != layout or row["strategy"] in ("floor", "null"):
                continue
            key = (row["operation"], row["strategy"])
            if key not in order:
                order.append(key)
            rows[key + (row["mode"],)] = row

    def cell(row):
        if row is None:
            return "–"
        ratio, low, high = (float(row[c]) for c in ("ratio_to_baseline", "ratio_to_baseline_low", "ratio_to_baseline_high"))
        if row["strategy"] == row["baseline"]:
            return f"1 ({float(row['median_ns']):.3g} ns)"
        return f"{ratio:.2f}× ({low:.2f}–{high:.2f})"

    print("| operation | strategy | boundary | app |")
    print("|---|---|---:|---:|")
    for operation, strategy in order:
        print(f"| {operation} | {strategy} | {cell(rows.get((operation, strategy, 'boundary')))} "
              f"| {cell(rows.get((operation, strategy, 'app')))} |")


if __name__ == "__main__":
    main()
