#!/usr/bin/env python3
"""The README's kinds table: each pattern's time per element on the synthetic
domain at every number of kinds, with its ratio to the baseline and the 95%
interval over launches.

Usage: kinds-table.py RUN.csv [OPERATION]   (default synthetic.constant)

Reads a run CSV of schema 4 or later by column name and prints a Markdown
table, one row per pattern, one column per number of kinds. Python 3 only.
"""
import csv
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    operation = sys.argv[2] if len(sys.argv) > 2 else "synthetic.constant"
    cells = {}
    patterns = []
    kinds = set()
    with open(sys.argv[1], newline="") as handle:
        for row in csv.DictReader(handle):
            if row["domain"] != "synthetic" or row["operation"] != operation or row["strategy"] == "null":
                continue
            if row["strategy"] not in patterns:
                patterns.append(row["strategy"])
            kinds.add(int(row["kinds"]))
            cells[(row["strategy"], int(row["kinds"]))] = row
    kinds = sorted(kinds)
    if not kinds:
        sys.exit(f"{sys.argv[1]} has no synthetic rows for {operation}")
    print("| pattern | " + " | ".join(f"{k} kinds" for k in kinds) + " |")
    print("|---|" + "---:|" * len(kinds))
    for pattern in patterns:
        out = []
        for k in kinds:
            row = cells.get((pattern, k))
            if row is None:
                out.append("–")
            elif pattern == row["baseline"] or pattern == "floor":
                out.append(f"{float(row['median_ns']):.2f} ns")
            else:
                out.append(f"{float(row['median_ns']):.1f} ns ({float(row['ratio_to_baseline']):.1f}×, "
                           f"{float(row['ratio_to_baseline_low']):.1f}–{float(row['ratio_to_baseline_high']):.1f})")
        print(f"| {pattern} | " + " | ".join(out) + " |")


if __name__ == "__main__":
    main()
