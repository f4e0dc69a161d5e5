#!/usr/bin/env python3
"""The README's decision table: per pattern, what it costs to run, to build
and to change, from four committed files.

Usage: decision-table.py RUN.csv CODE.csv COMPILE.csv EDIT.csv

- RUN.csv: a default run (time per element of feed.identifier, 100,000
  uniform elements, both modes; and synthetic.constant at 8 and 64 kinds);
- CODE.csv: a run whose rows carry code_bytes for synthetic.constant at 64
  kinds (any run of that case; code bytes do not depend on timing);
- COMPILE.csv: results/reference/scaling/compile-time.csv (median seconds at
  64 kinds);
- EDIT.csv: results/reference/scaling/edit-cost.csv (lines added + changed,
  and places touched, to add a kind at 8 kinds with 3 operations, and to add
  an operation at 8 kinds, from 2 operations to 3).
Python 3 only; reads columns by name.
"""
import csv
import sys


def rows(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    run, code, compile_, edit = (rows(p) for p in sys.argv[1:])

    def ratio(strategy, **where):
        for r in run:
            if r["strategy"] == strategy and all(r[k] == v for k, v in where.items()):
                if r["strategy"] == r["baseline"]:
                    return f"{float(r['median_ns']):.3g} ns"
                return f"{float(r['ratio_to_baseline']):.2f}×"
        return "–"

    def code_bytes(strategy):
        for r in code:
            if (r["strategy"] == strategy and r["domain"] == "synthetic" and r["kinds"] == "64"
                    and r["operation"] == "synthetic.constant" and r.get("code_bytes")):
                return f"{int(r['code_bytes']):,}"
        return "–"

    def seconds(strategy):
        for r in compile_:
            if r["pattern"] == strategy and r["kinds"] == "64":
                return f"{float(r['median_seconds']):.2f} s"
        return "–"

    def change(strategy, kind, frm, kinds):
        for r in edit:
            if r["pattern"] == strategy and r["change"] == kind and r["from"] == frm and r["kinds"] == kinds:
                return f"{int(r['lines_added']) + int(r['lines_changed'])} in {r['hunks']}"
        return "–"

    patterns = []
    for r in run:
        if r["domain"] == "feed" and r["strategy"] not in ("floor", "null") and r["strategy"] not in patterns:
            patterns.append(r["strategy"])
    print("| pattern | `feed.identifier`, boundary | `feed.identifier`, app | 8 kinds | 64 kinds "
          "| code bytes, 64 kinds | compile, 64 kinds | new kind: lines in places | new operation: lines in places |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    identifier = dict(domain="feed", operation="feed.identifier", size="100000", distribution="uniform")
    synthetic = dict(domain="synthetic", operation="synthetic.constant", size="100000")
    for p in patterns:
        print(f"| {p} | {ratio(p, mode='boundary', **identifier)} | {ratio(p, mode='app', **identifier)} "
              f"| {ratio(p, kinds='8', **synthetic)} | {ratio(p, kinds='64', **synthetic)} | {code_bytes(p)} "
              f"| {seconds(p)} | {change(p, 'add-kind', '8', '8')} | {change(p, 'add-operation', '2', '8')} |")


if __name__ == "__main__":
    main()
