#!/usr/bin/env python3
"""How much a row's ratio varies from launch to launch, against within one.

Usage: launch-spread.py SAMPLES.csv[.gz] [ROWS]

Reads a run's raw samples (`run --samples-csv`; gzip-compressed is fine). For
every strategy row, in each launch, takes the median of its per-round
log-ratios to the baseline (for the baseline itself, to the floor), as the
run does, and prints, over the rows:
- the standard deviation of those per-launch values across launches (the
  launch-to-launch spread, which a run's interval is made of), median and
  90th percentile;
- the standard error of each per-launch median from its own rounds (what one
  process alone would claim), median and 90th percentile;
then the ROWS rows (default 10) with the widest spread. When the first is
much larger than the second, the samples of one process are not
independent of each other: only more launches narrow the interval.
Python 3 only.
"""
import collections
import csv
import gzip
import math
import statistics
import sys


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    samples = collections.defaultdict(lambda: collections.defaultdict(dict))
    with opener(path, "rt", newline="") as handle:
        for row in csv.DictReader(handle):
            case = tuple(row[c] for c in ("domain", "operation", "size", "distribution", "kinds", "mode"))
            samples[(case, row["strategy"])][int(row["launch"])][int(row["round"])] = float(row["ns_per_element"])
    return samples


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    samples = read(sys.argv[1])
    shown = int(sys.argv[2]) if len(sys.argv) == 3 else 10
    rows = []
    for (case, strategy), launches in samples.items():
        if strategy in ("floor", "null"):
            continue
        reference = samples.get((case, "floor" if strategy == "enum-switch" else "enum-switch"))
        if not reference:
            continue
        per_launch, errors = [], []
        for launch, rounds in launches.items():
            paired = [math.log(v / reference[launch][r]) for r, v in rounds.items()
                      if r in reference.get(launch, {}) and v > 0 and reference[launch][r] > 0]
            if len(paired) < 3:
                continue
            median = statistics.median(paired)
            spread = 1.4826 * statistics.median(abs(x - median) for x in paired)
            per_launch.append(median)
            errors.append(1.2533 * spread / math.sqrt(len(paired)))
        if len(per_launch) >= 2:
            rows.append((statistics.stdev(per_launch), statistics.median(errors), case, strategy, len(per_launch)))
    if not rows:
        sys.exit("no strategy row has two launches with paired rounds")
    between = [r[0] for r in rows]
    within = [r[1] for r in rows]
    print(f"{len(rows)} strategy rows, {max(r[4] for r in rows)} launches")
    print(f"launch-to-launch sd of the log-ratio: median {statistics.median(between) * 100:.2f}%, "
          f"p90 {percentile(between, 90) * 100:.2f}%")
    print(f"within-launch standard error:        median {statistics.median(within) * 100:.2f}%, "
          f"p90 {percentile(within, 90) * 100:.2f}%")
    for sd, se, case, strategy, _ in sorted(rows, reverse=True)[:shown]:
        print(f"  {sd * 100:5.1f}% (within {se * 100:4.1f}%)  {case[0]}/{case[1]}/{strategy}/{'/'.join(case[2:])}")


if __name__ == "__main__":
    main()
