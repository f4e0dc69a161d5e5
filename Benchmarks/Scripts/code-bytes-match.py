#!/usr/bin/env python3
"""Whether two runs report the same code_bytes for every row they share.

Usage: code-bytes-match.py A.csv B.csv [--require-callgrind]

CI runs it on two release builds of the same source in separate build
directories: machine-code sizes read from the binaries' symbols must not
depend on the build, nor how they were counted (code_bytes_method). With
--require-callgrind, every share and feed row must have been counted by
following its calls under callgrind (CI installs valgrind). Exits 1 naming
the first row that differs, or when no row has code_bytes. Python 3 only.
"""
import csv
import sys


def code_bytes(path):
    with open(path, newline="") as handle:
        return {
            tuple(r[c] for c in ("domain", "operation", "strategy", "size", "kinds", "mode")):
                (r["code_bytes"], r.get("code_bytes_method", ""))
            for r in csv.DictReader(handle) if r.get("code_bytes") not in (None, "", "n/a")
        }


def main():
    arguments = [a for a in sys.argv[1:] if a != "--require-callgrind"]
    if len(arguments) != 2:
        sys.exit(__doc__)
    a, b = code_bytes(arguments[0]), code_bytes(arguments[1])
    shared = sorted(set(a) & set(b))
    if not shared:
        sys.exit("no row has code_bytes in both runs")
    for key in shared:
        if a[key] != b[key]:
            sys.exit(f"code_bytes differ for {'/'.join(key)}: {'/'.join(a[key])} and {'/'.join(b[key])}")
    if any(int(a[key][0]) <= 0 for key in shared):
        sys.exit("a row has code_bytes of zero or less")
    if "--require-callgrind" in sys.argv:
        direct = [key for key in shared if key[0] != "synthetic" and a[key][1] != "callgrind"]
        if direct:
            sys.exit(f"{'/'.join(direct[0])} was counted by {a[direct[0]][1] or 'nothing'}, not callgrind")
    print(f"code_bytes and their methods equal, and positive, for all {len(shared)} rows of both builds")


if __name__ == "__main__":
    main()
