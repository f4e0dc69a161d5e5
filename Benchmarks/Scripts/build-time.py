#!/usr/bin/env python3
"""Where a cold release build's time goes, module by module
(Guides/Development.md, "Where a build's time goes").

Clones this repository's HEAD into a temporary directory (so nothing of
this tree's .build is reused), builds it there cold with
`swift build -c release` and the compiler's statistics on
(`-Xswiftc -stats-output-dir`, which writes a JSON file per compiler job and
changes no code), and prints:

- the build's wall time, and its processes' user and system CPU time;
- per Swift module, the CPU seconds of its compiler jobs, split into type
  checking, SIL optimisation, LLVM and the rest, largest first, with what the
  module is for (timed: its code holds timed loops, or is compiled into a
  module that does; harness; test support; tool);
- the sum per kind, and that sum over the machine's cores: the least wall
  time any build of these modules can take here (a cold build keeps every
  core busy: compare the wall time printed first).

A build with statistics on takes a few seconds longer than one without:
time the build itself with `rm -rf .build && time swift build -c release`.

Usage: build-time.py [--commit REV] [--keep DIR]
  --commit REV   build that commit of this repository (default HEAD)
  --keep DIR     keep the clone and its statistics in DIR (a new directory)
Exit status: 0 built and reported; 1 the build failed; 64 bad usage.
"""
import collections
import glob
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PHASES = [
    ("type checking", "time.swift.perform-sema.user"),
    ("SIL optimisation", "time.swift.SIL optimization.user"),
    ("LLVM", "time.swift.LLVM pipeline.user"),
]


def fail(message, status=64):
    print(f"build-time.py: {message}", file=sys.stderr)
    sys.exit(status)


def targets(clone):
    """Each target's name, path and target dependencies, from `swift package dump-package`."""
    text = subprocess.run(
        ["swift", "package", "dump-package"], cwd=clone, capture_output=True, text=True, check=True
    ).stdout
    package = json.loads(text)
    result = {}
    for target in package["targets"]:
        dependencies = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    dependencies.append(dependency[kind][0])
        result[target["name"].replace("-", "_")] = {
            "type": target["type"],
            "path": target.get("path") or "",
            "dependencies": [name.replace("-", "_") for name in dependencies],
        }
    return result


def kind(name, target):
    """What a module is for: its code timed, the harness, test support or a tool."""
    if target["type"] == "executable" and name != "dispatch_bench":
        return "tool"
    if name == "TestSupport":
        return "test support"
    path = target["path"]
    if path.startswith("Benchmarks") or name in ("dispatch_bench", "JSON"):
        return "harness"
    return "timed"


def main():
    arguments = sys.argv[1:]
    options = {"--commit": "HEAD", "--keep": None}
    while arguments:
        if arguments[0] not in options or len(arguments) < 2:
            fail("usage: build-time.py [--commit REV] [--keep DIR]")
        options[arguments[0]] = arguments[1]
        arguments = arguments[2:]
    keep, revision = options["--keep"], options["--commit"]
    if keep is not None and os.path.exists(keep):
        fail(f"{keep} exists: give --keep a new directory")
    work = keep or tempfile.mkdtemp(prefix="build-time-")
    clone = os.path.join(work, "clone")
    stats = os.path.join(work, "stats")
    os.makedirs(stats)
    try:
        subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
        if subprocess.run(["git", "checkout", "--quiet", revision], cwd=clone).returncode != 0:
            fail(f"{revision} is not a commit of {ROOT}")
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=clone, capture_output=True, text=True, check=True
        ).stdout.strip()
        package = targets(clone)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        build = subprocess.run(
            ["swift", "build", "-c", "release", "-Xswiftc", "-stats-output-dir", "-Xswiftc", stats],
            cwd=clone, capture_output=True, text=True,
        )
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if build.returncode != 0:
            sys.stderr.write(build.stdout[-4000:] + build.stderr[-4000:])
            fail("the build failed", 1)
        report(commit, package, stats, wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime)
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


def report(commit, package, stats, wall, user, system):
    modules = collections.defaultdict(lambda: collections.Counter())
    for path in glob.glob(os.path.join(stats, "*.json")):
        match = re.search(r"swift-frontend-(.+?)-(?:all|[^-]+\.swift)-", os.path.basename(path))
        if not match:
            continue
        with open(path) as file:
            values = json.load(file)
        name = match.group(1)
        for key, value in values.items():
            if key.startswith("time.swift-frontend.") and key.endswith(".user"):
                modules[name]["total"] += value
        for label, key in PHASES:
            modules[name][label] += values.get(key, 0)
    if not modules:
        fail("the compiler wrote no statistics", 1)
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo; grep -m1 'cpu family' /proc/cpuinfo; "
                          "grep -m1 '^model\\s' /proc/cpuinfo; nproc"], capture_output=True, text=True).stdout
    facts = dict(re.findall(r"^(model name|cpu family|model)\s*:\s*(.*)$", cpu, re.M))
    cores = cpu.strip().splitlines()[-1]
    print(f"cold `swift build -c release` of {commit} with -stats-output-dir, "
          f"{facts.get('model name', '?')} family {facts.get('cpu family', '?')} model {facts.get('model', '?')}, "
          f"{cores} cores")
    print(f"wall {wall:.0f} s; CPU {user:.0f} s user + {system:.0f} s system "
          f"({(user + system) / wall:.2f} cores busy on average)")
    print()
    columns = ["module", "for", "CPU s"] + [label for label, _ in PHASES] + ["other"]
    print("\t".join(columns))
    by_kind = collections.Counter()
    for name, counts in sorted(modules.items(), key=lambda item: -item[1]["total"]):
        what = kind(name, package.get(name, {"type": "regular", "path": "", "dependencies": []}))
        by_kind[what] += counts["total"]
        phases = [counts[label] for label, _ in PHASES]
        other = counts["total"] - sum(phases)
        print("\t".join([name, what, f"{counts['total']:.1f}"] + [f"{value:.1f}" for value in phases]
                        + [f"{other:.1f}"]))
    print()
    total = sum(by_kind.values())
    print(f"compiler jobs' CPU: {total:.0f} s; " + ", ".join(
        f"{what} {seconds:.0f} s" for what, seconds in by_kind.most_common()))
    cores_count = max(1, int(cores)) if cores.isdigit() else 1
    print(f"on {cores_count} cores no build of these modules takes under {total / cores_count:.0f} s "
          f"(their CPU over the cores); the timed modules' alone {by_kind['timed'] / cores_count:.0f} s")


if __name__ == "__main__":
    main()
