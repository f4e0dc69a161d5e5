#!/usr/bin/env python3
"""Whether a run's rounds or its launches decide its rows' ratios, by domain:
whether more rounds in a launch, or more launches, would narrow them
(Guides/Reproducibility.md, "Two runs on AMD EPYC family 25 model 1").

From a run's raw samples (`dispatch-bench run --samples FILE`, plain or
gzip-compressed), each launch's estimate of a row's log-ratio to the baseline
is the median of its rounds' log-ratios, as the run computes it. Each launch
is estimated twice more, from alternate rounds alone (the first, third, …
of its rounds both rows took, then the second, fourth, …). Over a
row's launches, the variance of the half-round estimates over the variance of
the whole-round ones is about 2 where the rounds decide (halving them doubles
each launch's sampling error, the only error there is) and about 1 where the
launches do (each launch's own draw, which more rounds do not narrow).

Prints, per domain, the rows with at least 4 launches of at least 20 rounds
and the median of that ratio over them. It reports, it does not judge: exit
0; 2 on a usage error, a file that is not a samples file, or one with no
such row (a run of fewer launches: `--launches 4` or more).

Usage: rounds-or-launches.py SAMPLES [--baseline STRATEGY]   (default enum-switch)
"""
import collections
import csv
import gzip
import math
import statistics
import sys

CASE = ("domain", "operation", "size", "distribution", "kinds", "source", "mode")
COLUMNS = set(CASE) | {"strategy", "launch", "round", "ns_per_element"}
REFERENCES = {"floor", "null"}


def fail(message):
    print(f"rounds-or-launches.py: {message}", file=sys.stderr)
    sys.exit(2)


def arguments(argv):
    if len(argv) == 2 and not argv[1].startswith("-"):
        return argv[1], "enum-switch"
    if len(argv) == 4 and argv[2] == "--baseline":
        return argv[1], argv[3]
    fail("usage: rounds-or-launches.py SAMPLES [--baseline STRATEGY]")


def read(path):
    """Each launch of each case: strategy → {round: ns per element}."""
    opener = gzip.open if path.endswith(".gz") else open
    launches = collections.defaultdict(lambda: collections.defaultdict(dict))
    try:
        with opener(path, "rt", newline="") as file:
            reader = csv.DictReader(file)
            missing = COLUMNS - set(reader.fieldnames or [])
            if missing:
                fail(f"{path} is not a samples file: it has no column {', '.join(sorted(missing))}")
            for line, row in enumerate(reader, start=2):
                if any(row.get(name) is None for name in COLUMNS):
                    fail(f"{path}, line {line}: fewer fields than the header names")
                case = tuple(row[name] for name in CASE)
                launches[(case, row["launch"])][row["strategy"]][int(row["round"])] = float(row["ns_per_element"])
    except (OSError, ValueError, EOFError, csv.Error) as error:
        fail(f"cannot read {path}: {error}")
    return launches


def estimates(launches, baseline):
    """Each row's launches: (all rounds, even rounds, odd rounds) estimates."""
    rows = collections.defaultdict(list)
    for (case, _), strategies in launches.items():
        base = strategies.get(baseline)
        if not base:
            continue
        for strategy, rounds in strategies.items():
            if strategy == baseline or strategy in REFERENCES:
                continue
            paired = sorted(r for r in rounds if r in base and rounds[r] > 0 and base[r] > 0)
            if len(paired) < 20:
                continue
            logs = [math.log(rounds[r]) - math.log(base[r]) for r in paired]
            rows[(case, strategy)].append(
                (statistics.median(logs), statistics.median(logs[::2]), statistics.median(logs[1::2])))
    return rows


def main():
    path, baseline = arguments(sys.argv)
    rows = estimates(read(path), baseline)
    by_domain = collections.defaultdict(list)
    for (case, _), launches in rows.items():
        if len(launches) < 4:
            continue
        whole = statistics.variance([launch[0] for launch in launches])
        if whole <= 0:
            continue
        half = (statistics.variance([launch[1] for launch in launches])
                + statistics.variance([launch[2] for launch in launches])) / 2
        by_domain[case[0]].append(half / whole)
    if not by_domain:
        fail(f"{path}: no row has 4 launches of 20 rounds paired with {baseline}")
    print("variance of a launch's estimate from half its rounds over from all of them")
    print("(about 2: the rounds decide; about 1: the launches do)")
    for domain in sorted(by_domain):
        ratios = by_domain[domain]
        print(f"  {domain}: {len(ratios)} rows, median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
