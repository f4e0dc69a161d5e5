#!/usr/bin/env python3
"""Each strategy's ratio to the baseline in two runs side by side, for the
operations named: what a change to the code moved, as the Results guide
quotes it. Unlike `dispatch-bench compare`, it does not judge the change
(the runs may differ in launch counts); it shows both intervals.

Usage: ratio-change.py OLD.csv NEW.csv OPERATION[,OPERATION...] [SIZE] [DISTRIBUTION]
(default 100000 uniform). Python 3 only; reads columns by name.
"""
import csv
import sys


def ratios(path, operations, size, layout):
    table = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if (row["operation"] in operations and row["size"] == size and row["distribution"] == layout
                    and row["strategy"] not in ("floor", "null")):
                table[(row["operation"], row["mode"], row["strategy"])] = row
    return table


def shown(row):
    if row is None:
        return "–"
    if row["strategy"] == row["baseline"]:
        return f"1 ({float(row['median_ns']):.3g} ns)"
    return (f"{float(row['ratio_to_baseline']):.2f}× "
            f"({float(row['ratio_to_baseline_low']):.2f}–{float(row['ratio_to_baseline_high']):.2f})")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    operations = sys.argv[3].split(",")
    size = sys.argv[4] if len(sys.argv) > 4 else "100000"
    layout = sys.argv[5] if len(sys.argv) > 5 else "uniform"
    old, new = (ratios(p, operations, size, layout) for p in sys.argv[1:3])
    print("| operation | mode | strategy | before | after |")
    print("|---|---|---|---:|---:|")
    for key in sorted(new, key=lambda k: (operations.index(k[0]), k[1] != "boundary")):
        print(f"| {key[0]} | {key[1]} | {key[2]} | {shown(old.get(key))} | {shown(new.get(key))} |")


if __name__ == "__main__":
    main()
