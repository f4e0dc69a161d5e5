#!/usr/bin/env python3
"""How fast the machine ran one run against another, by domain.

Usage: machine-speed.py REFERENCE.csv RUN.csv [RUN.csv ...]

For every strategy row (not the floor or the null) that a run shares with the
reference, takes the run's median nanoseconds per element over the
reference's, and prints, per domain, the median of those factors and their
range. On a quiet machine two runs of one binary give about 1.0 everywhere.
A factor that differs between domains, or between two runs minutes apart,
says the machine itself changed speed, and that it changed unevenly: the
within-run ratios compare strategies that the change slowed by different
amounts, and runs made in different states drift apart by more than their
intervals, which are over the launches of one run, can see. Python 3 only.
"""
import csv
import statistics
import sys

KEY = ("domain", "operation", "strategy", "size", "distribution", "kinds", "mode")


def medians(path):
    with open(path, newline="") as handle:
        return {
            tuple(row[c] for c in KEY): float(row["median_ns"])
            for row in csv.DictReader(handle)
            if row.get("median_ns") and row["strategy"] not in ("floor", "null")
        }


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    reference = medians(sys.argv[1])
    for path in sys.argv[2:]:
        run = medians(path)
        common = [k for k in run if k in reference and reference[k] > 0]
        if not common:
            sys.exit(f"{path} has no strategy rows in common with {sys.argv[1]}")
        parts = []
        for domain in sorted({k[0] for k in common}):
            factors = [run[k] / reference[k] for k in common if k[0] == domain]
            parts.append(f"{domain} {statistics.median(factors):.2f}x "
                         f"({min(factors):.2f}-{max(factors):.2f}, {len(factors)} rows)")
        print(f"{path}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
