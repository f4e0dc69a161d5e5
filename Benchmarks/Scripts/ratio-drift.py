#!/usr/bin/env python3
"""How far two runs' within-run ratios drift apart, row by row.

Usage: ratio-drift.py A.csv B.csv [DOMAIN,...]   (default: every domain)

For every strategy row both runs have (one strategy on one benchmark case in
one mode), takes its ratio to the baseline in each run (for the baseline's
own row, its ratio to the floor: what `compare` tracks) and prints the
median, 95th percentile and largest |B/A - 1|, and the rows that drift most;
then the same for the reference rows (the floor and the null). It reads the CSV columns by name and needs nothing beyond
Python 3. This is the A/A measure the README's "Reproducibility" section
quotes: run it on two default runs of the same binary.
"""
import csv
import sys


def tracked(path):
    rows = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            key = tuple(row[c] for c in ("domain", "operation", "strategy", "size", "distribution", "kinds", "mode"))
            column = "ratio_to_floor" if row.get("tracked_reference") == "floor" else "ratio_to_baseline"
            if row.get(column):
                rows[key] = float(row[column])
    return rows


def percentile(values, p):
    values = sorted(values)
    rank = p / 100 * (len(values) - 1)
    low = int(rank)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (rank - low)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    a, b = tracked(sys.argv[1]), tracked(sys.argv[2])
    domains = sys.argv[3].split(",") if len(sys.argv) == 4 else None
    common = sorted(k for k in set(a) & set(b) if domains is None or k[0] in domains)
    if not common:
        sys.exit("the runs have no rows in common")
    for title, keep in (("strategy rows", lambda k: k[2] not in ("floor", "null")),
                        ("floor and null rows", lambda k: k[2] in ("floor", "null"))):
        drift = sorted(((abs(b[k] / a[k] - 1), k) for k in common if keep(k) and a[k] > 0), reverse=True)
        if not drift:
            continue
        values = [d for d, _ in drift]
        print(f"{title}: {len(values)} in both runs; ratio drift: median {percentile(values, 50) * 100:.2f}%, "
              f"p95 {percentile(values, 95) * 100:.2f}%, max {values[0] * 100:.2f}%")
        for d, k in drift[:5]:
            print(f"  {d * 100:6.2f}%  {'/'.join(k)}  {a[k]:.4g} -> {b[k]:.4g}")


if __name__ == "__main__":
    main()
