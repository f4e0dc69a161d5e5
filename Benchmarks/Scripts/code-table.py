#!/usr/bin/env python3
"""Bytes of machine code each share and feed operation runs, per strategy.

Usage: code-table.py RUN.csv [MODE]   (default: app)

Reads a run CSV of schema 5 or later by column name and prints a Markdown
table: one row per operation, one column per strategy, each cell the row's
code_bytes (the same for every feed size and layout of an operation), marked
† where code_bytes_method is not callgrind (direct calls only: a lower bound).
Needs Python 3 only.
"""
import csv
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    mode = sys.argv[2] if len(sys.argv) > 2 else "app"
    cells, operations, strategies = {}, [], []
    with open(sys.argv[1], newline="") as handle:
        for row in csv.DictReader(handle):
            if (row["domain"] not in ("share", "feed") or row["mode"] != mode
                    or row["strategy"] in ("floor", "null") or row["code_bytes"] in ("", "n/a")):
                continue
            if row["operation"] not in operations:
                operations.append(row["operation"])
            if row["strategy"] not in strategies:
                strategies.append(row["strategy"])
            mark = "" if row.get("code_bytes_method") == "callgrind" else " †"
            cells[(row["operation"], row["strategy"])] = f"{int(row['code_bytes']):,}{mark}"
    if not cells:
        sys.exit(f"{sys.argv[1]}: no share or feed row in {mode} mode has code_bytes")
    print("| operation | " + " | ".join(strategies) + " |")
    print("|:---|" + "---:|" * len(strategies))
    for operation in operations:
        print(f"| {operation} | " + " | ".join(cells.get((operation, s), "–") for s in strategies) + " |")


if __name__ == "__main__":
    main()
