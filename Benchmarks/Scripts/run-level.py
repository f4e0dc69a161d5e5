#!/usr/bin/env python3
"""Is there variance above the launches? Two runs' raw samples, each row's
launches against each other.

Usage: Benchmarks/Scripts/run-level.py A-samples.csv[.gz] B-samples.csv[.gz]

For every strategy row (its tracked ratio: to the baseline, the baseline's
own to the floor), each launch's estimate is the median of its rounds'
log-ratios, as `run` computes it. Between the two runs, each row's difference
of mean log-ratios is divided by its standard error from the launches' own
spread in each run (Welch). Were the launches independent draws of
everything that moves a ratio, those z-scores would have a standard deviation
of about 1 and about 5% of them would be beyond 2; more says that something
common to a run's launches (the machine over minutes) moves its ratios too,
which no number of launches in one run can average. Prints the z-scores'
spread and the rows with the largest.
"""
import collections
import csv
import gzip
import math
import statistics
import sys

BASELINE = "enum-switch"


def launch_estimates(path):
    """Each strategy row's per-launch log-ratio estimates, by row."""
    opener = gzip.open if path.endswith(".gz") else open
    rounds = collections.defaultdict(lambda: collections.defaultdict(dict))
    with opener(path, "rt") as file:
        for sample in csv.DictReader(file):
            case = "/".join(sample[c] for c in ("domain", "operation", "size", "distribution", "kinds", "mode"))
            rounds[case][(int(sample["launch"]), int(sample["round"]))][sample["strategy"]] = float(
                sample["ns_per_element"])
    rows = {}
    for case, by_round in rounds.items():
        strategies = {s for times in by_round.values() for s in times} - {"floor", "null"}
        for strategy in strategies:
            reference = "floor" if strategy == BASELINE else BASELINE
            per_launch = collections.defaultdict(list)
            for (launch, _), times in by_round.items():
                if strategy in times and reference in times:
                    per_launch[launch].append(math.log(times[strategy] / times[reference]))
            rows[case + "/" + strategy] = [statistics.median(v) for _, v in sorted(per_launch.items())]
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: run-level.py A-samples.csv[.gz] B-samples.csv[.gz]")
    a, b = launch_estimates(sys.argv[1]), launch_estimates(sys.argv[2])
    scored = []
    for row in sorted(set(a) & set(b)):
        x, y = a[row], b[row]
        if len(x) < 2 or len(y) < 2:
            continue
        error = math.sqrt(statistics.variance(x) / len(x) + statistics.variance(y) / len(y))
        if error == 0:
            continue
        difference = statistics.mean(y) - statistics.mean(x)
        scored.append((difference / error, difference, row, len(x), len(y)))
    if not scored:
        sys.exit("no row has two launches in both runs")
    z = [s[0] for s in scored]
    beyond = sum(abs(v) > 2 for v in z) / len(z)
    print(f"rows: {len(z)}; z-scores of the difference between the runs: standard deviation "
          f"{statistics.pstdev(z):.2f} (1 if launches were independent), beyond ±2: {beyond:.1%} (about 5%)")
    for score, difference, row, launches_a, launches_b in sorted(scored, key=lambda s: -abs(s[0]))[:10]:
        print(f"  z {score:+5.1f}  {math.expm1(difference):+6.1%}  {row}  ({launches_a} and {launches_b} launches)")


if __name__ == "__main__":
    main()
