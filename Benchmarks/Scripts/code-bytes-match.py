#!/usr/bin/env python3
"""Whether two runs report the same code_bytes for every row they share.

Usage: code-bytes-match.py A.csv B.csv

CI runs it on two release builds of the same source in separate build
directories: machine-code sizes read from the binaries' symbols must not
depend on the build. Exits 1 naming the first row that differs, or when no
row has code_bytes. Python 3 only.
"""
import csv
import sys


def code_bytes(path):
    with open(path, newline="") as handle:
        return {
            tuple(r[c] for c in ("domain", "operation", "strategy", "size", "kinds", "mode")): r["code_bytes"]
            for r in csv.DictReader(handle) if r.get("code_bytes") not in (None, "", "n/a")
        }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = code_bytes(sys.argv[1]), code_bytes(sys.argv[2])
    shared = sorted(set(a) & set(b))
    if not shared:
        sys.exit("no row has code_bytes in both runs")
    for key in shared:
        if a[key] != b[key]:
            sys.exit(f"code_bytes differ for {'/'.join(key)}: {a[key]} and {b[key]}")
    if any(int(a[key]) <= 0 for key in shared):
        sys.exit("a row has code_bytes of zero or less")
    print(f"code_bytes equal and positive for all {len(shared)} rows of both builds")


if __name__ == "__main__":
    main()
