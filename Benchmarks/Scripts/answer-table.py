#!/usr/bin/env python3
"""The README's answer: the decision table and the stakes, with every figure
read from committed files (nothing typed in by hand).

Usage: answer-table.py RUN.csv EDIT.csv

- RUN.csv: a default run (schema 4): share and feed operations at 100,000
  uniform elements in both modes, and the synthetic.constant kinds sweep;
- EDIT.csv: results/reference/scaling/edit-cost.csv (places touched to add a
  kind at 8 kinds, and to add an operation at 8 kinds).

Prints three Markdown blocks: the decision table, the stakes (milliseconds
per million elements, and share of a 120 Hz frame), and the ranges the
README's opening sentences quote. Each range is the span of the 95%
intervals it summarises, so a reader sees the spread, not a point.
Python 3 only; reads columns by name.
"""
import csv
import sys

# What the operations are, by the work per element once dispatched.
HEAVY = ["share.facebook", "share.line", "share.instagram", "share.wechat",
         "feed.height", "feed.configure", "feed.render"]
LIGHT = ["feed.identifier", "feed.color"]
ARTICLES = ["protocol-getter", "classic-visitor", "generic-visitor"]
ALTERNATIVES = ["class-hierarchy", "type-eraser"]
COSTLY = ["naive", "cast-chain", "handler-table"]
FRAME_NS = 1e9 / 120  # one frame at 120 Hz
ROWS_PER_FRAME = 100  # rows a frame asks about, for the stakes


def rows(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    run, edit = rows(sys.argv[1]), rows(sys.argv[2])

    def row(strategy, operation, mode, **where):
        for r in run:
            if (r["strategy"] == strategy and r["operation"] == operation and r["mode"] == mode
                    and r["size"] == "100000" and all(r[k] == v for k, v in where.items())
                    and (r["domain"] == "synthetic" or r["distribution"] == "uniform")):
                return r
        return None

    def span(strategies, operations, modes=("boundary", "app"), **where):
        """Lowest interval low and highest interval high over the rows."""
        lows, highs = [], []
        for s in strategies:
            for o in operations:
                for m in modes:
                    r = row(s, o, m, **where)
                    if r and r["ratio_to_baseline_low"]:
                        lows.append(float(r["ratio_to_baseline_low"]))
                        highs.append(float(r["ratio_to_baseline_high"]))
        if not lows:
            return "–"
        return f"{min(lows):.2f}–{max(highs):.2f}×"

    def ns(strategy, operation, mode, **where):
        r = row(strategy, operation, mode, **where)
        return float(r["median_ns"]) if r else float("nan")

    def places(strategy, change, frm):
        for r in edit:
            if r["pattern"] == strategy and r["change"] == change and r["from"] == frm and r["kinds"] == "8":
                return int(r["hunks"])
        return None

    def trade(strategy):
        kind, op = places(strategy, "add-kind", "8"), places(strategy, "add-operation", "2")
        def n(count):
            return f"{count} place" + ("" if count == 1 else "s")
        return f"a kind in {n(kind)}, an operation in {n(op)}"

    # The decision table.
    print("| situation | pick | measured (100,000 elements; 95% intervals over launches) | extensibility |")
    print("|---|---|---|---|")
    print(f"| each element does real work (formatting a share, laying out a row: "
          f"{ns('enum-switch', 'feed.configure', 'app'):.0f}–{ns('enum-switch', 'share.wechat', 'app'):.0f} ns in app mode) "
          f"| whichever reads best: protocol getter, visitor, class hierarchy, type eraser or enum "
          f"| getter and visitors {span(ARTICLES, HEAVY)} the enum; class hierarchy and type eraser "
          f"{span(ALTERNATIVES, HEAVY)} | choose by the row below |")
    print(f"| dispatch is the work (a row's identifier) in a hot loop "
          f"| `enum` + exhaustive `switch` "
          f"| enum {ns('enum-switch', 'feed.identifier', 'app'):.1f} ns per identifier (app); "
          f"getter and visitors {span(ARTICLES, ['feed.identifier'], ('app',))} in an app, "
          f"{span(ARTICLES, ['feed.identifier'], ('boundary',))} through a module boundary "
          f"| {trade('enum-switch')} (the compiler lists every `switch` to fix) |")
    print(f"| kinds are added often, by many hands; operations rarely "
          f"| protocol getter or class hierarchy "
          f"| {ns('protocol-getter', 'synthetic.constant', 'app', kinds='64'):.0f} and "
          f"{ns('class-hierarchy', 'synthetic.constant', 'app', kinds='64'):.0f} ns at 64 kinds "
          f"(enum {ns('enum-switch', 'synthetic.constant', 'app', kinds='64'):.1f} ns) "
          f"| getter: {trade('protocol-getter')}; class hierarchy: {trade('class-hierarchy')} |")
    print(f"| operations are added often; kinds are a closed set "
          f"| `enum` (or a visitor, if operations live in other modules) "
          f"| visitors {span(['classic-visitor', 'generic-visitor'], ['synthetic.constant'], ('app',), kinds='64')} "
          f"the enum at 64 kinds "
          f"| enum: {trade('enum-switch')}; classic visitor: {trade('classic-visitor')} |")
    print(f"| dozens of kinds | never an `is`/`as?` chain "
          f"| `cast-chain` {ns('cast-chain', 'synthetic.constant', 'app', kinds='8'):.0f} ns at 8 kinds, "
          f"{ns('cast-chain', 'synthetic.constant', 'app', kinds='64'):.0f} ns at 64 (linear); "
          f"handler table {ns('handler-table', 'synthetic.constant', 'app', kinds='2'):.0f} ns at 2 kinds, "
          f"{ns('handler-table', 'synthetic.constant', 'app', kinds='64'):.0f} at 64 "
          f"| {trade('cast-chain')} |")
    print()

    # The stakes.
    print(f"| operation (app mode) | enum: ns per element, or ms per million "
          f"| slowest of the getter and visitors | its extra cost for {ROWS_PER_FRAME} rows "
          f"| … as a share of a 120 Hz frame (8.33 ms) |")
    print("|---|---:|---:|---:|---:|")
    for operation in LIGHT + ["feed.height", "feed.configure", "feed.render", "share.instagram"]:
        enum = ns("enum-switch", operation, "app")
        slowest = max(ARTICLES, key=lambda s: ns(s, operation, "app"))
        worst = ns(slowest, operation, "app")
        extra = (worst - enum) * ROWS_PER_FRAME / FRAME_NS * 100
        extra_us = (worst - enum) * ROWS_PER_FRAME / 1000
        print(f"| {operation} | {enum:.1f} | {worst:.1f} ({slowest}) | {extra_us:.1f} µs | {extra:.2f}% |")
    print()

    # The ranges the opening sentences quote.
    print(f"- article patterns on real work, both modes: {span(ARTICLES, HEAVY)}")
    print(f"- class hierarchy and type eraser on real work: {span(ALTERNATIVES, HEAVY)}")
    print(f"- naive, cast-chain, handler-table on real work: {span(COSTLY, HEAVY)}")
    for mode in ("boundary", "app"):
        for operation in LIGHT:
            print(f"- getter and visitors, {operation}, {mode}: {span(ARTICLES, [operation], (mode,))}")


if __name__ == "__main__":
    main()
