#!/usr/bin/env python3
"""Checks, on the release binary, that the harness is fair.

For every timed loop (`StrategyRegistry.Kernels.*`, specialised per strategy)
the disassembly must show:

- a direct call into that strategy's own entry point, and no other strategy's;
- no indirect call (`call *...`) in the loop: the harness adds no dispatch;
- no copy of a strategy's value (`outlined init with copy`);
- the same sequence of other calls for every strategy, so the harness costs
  every strategy the same.

For every app-mode loop (`App<Strategy>.AppLoops.*Loop`, the strategy, the
model and the loop compiled as one module) it must show:

- no call into another strategy, another app module, DispatchModel or the
  harness: the dispatch is in the loop, or in its own module's code;
- no call to any of the strategy's per-element entry points
  (`<Strategy>Strategy.height(of:…)` and the like);
- a call to `BenchmarkSupport.blackHole` in every loop whose operation has a
  result (all but configure and apply-background, which write into cells);
- the same loops in every app module, and an app module for every strategy.

The strategies are those of `strategyModules` in Package.swift, and every
one of them must have every loop, in both modes.

Usage: check-kernels.py [path/to/dispatch-bench]   (default .build/release)
Exits 1 and says what differs when a check fails.
"""
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def strategy_modules(package):
    """The module names listed in `let strategyModules = [...]`, in order."""
    text = package.read_text(encoding="utf-8")
    match = re.search(r"^let strategyModules\s*=\s*\[(.*?)\]", text, re.MULTILINE | re.DOTALL)
    names = re.findall(r'"(\w+)"', match.group(1)) if match else []
    if not names:
        sys.exit(f"check-kernels.py: no `let strategyModules = [...]` in {package}")
    return names


def reference_modules(package):
    """The modules `let harnessModules = strategyModules + [...]` adds: the null
    strategy, timed through the same loops but not a pattern."""
    text = package.read_text()
    match = re.search(r"^let harnessModules\s*=\s*strategyModules\s*\+\s*\[(.*?)\]", text, re.MULTILINE | re.DOTALL)
    return re.findall(r'"(\w+)"', match.group(1)) if match else []


package_file = Path(__file__).resolve().parents[2] / "Package.swift"
# The null strategy's loops are checked like the others' (its own direct
# call, no other module's, no indirect call, no copy) but not compared with
# them: its elements are bytes, whose array type needs no metadata
# instantiated before the loop.
references = reference_modules(package_file)
patterns = strategy_modules(package_file)
strategies = patterns + references
binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/dispatch-bench"
disassembly = subprocess.run(
    ["objdump", "-d", "--no-show-raw-insn", binary], capture_output=True, text=True, check=True
).stdout
demangled = subprocess.run(
    ["swift", "demangle"], input=disassembly, capture_output=True, text=True, check=True
).stdout

function_start = re.compile(r"^[0-9a-f]+ <(.*)>:$")
kernel_name = re.compile(
    r"^(?:merged )?generic specialization <(\w+)\.(\w+)> of "
    r"(?:closure #\d+ .* in )?static StrategyRegistry\.Kernels\.(\w+)<")

functions = {}
current = None
for line in demangled.splitlines():
    match = function_start.match(line)
    if match:
        current = match.group(1)
        functions[current] = []
    elif current is not None and line.strip():
        functions[current].append(line)

kernels = defaultdict(dict)  # kernel -> strategy module -> calls
for name, body in functions.items():
    match = kernel_name.match(name)
    if not match:
        continue
    module, strategy_type, kernel = match.groups()
    calls = []
    for instruction in body:
        call = re.search(r"\tcall\s+(.*)$", instruction)
        if call:
            calls.append(call.group(1).strip())
    kernels[kernel].setdefault(module, []).extend(calls)

failures = []
if not kernels:
    failures.append("no specialised kernels found: is this the release binary?")
modules = set()
for kernel, by_module in sorted(kernels.items()):
    missing = [m for m in strategies if m not in by_module]
    if missing:
        failures.append(f"Kernels.{kernel}: no specialisation for {', '.join(missing)}")
    unknown = sorted(set(by_module) - set(strategies))
    if unknown:
        failures.append(f"Kernels.{kernel}: specialised for {', '.join(unknown)}, not in strategyModules")
    normalised = {}
    for module, calls in by_module.items():
        modules.add(module)
        own = [c for c in calls if re.search(r"<(?:\w+ )*(?:specialization .* of )?static %s\." % module, c)
               or re.search(r"static %s\.\w+Strategy\." % module, c)]
        others = [m for m in strategies if m != module and any(("%s." % m) in c for c in calls)]
        if kernel != "floor" and not own:
            failures.append(f"Kernels.{kernel} for {module}: no direct call into {module}")
        if others:
            failures.append(f"Kernels.{kernel} for {module}: calls into {', '.join(others)}")
        for c in calls:
            if c.startswith("*"):
                failures.append(f"Kernels.{kernel} for {module}: indirect call {c}")
            if "outlined init with copy" in c:
                failures.append(f"Kernels.{kernel} for {module}: copies a value: {c}")
        # The harness's own calls, addresses and strategy names removed.
        shape = []
        for c in calls:
            target = re.sub(r"^[0-9a-f]+ ", "", c)
            if target in own or c in own:
                shape.append("<strategy entry>")
            else:
                target = re.sub(r"generic specialization <[\w.]+> of ", "", target)
                target = re.sub(r"\b%s\.\w+" % module, "<strategy type>", target)
                shape.append(target)
        normalised[module] = shape
    shapes = {tuple(v) for m, v in normalised.items() if m not in references}
    if len(shapes) > 1:
        detail = "\n".join(f"    {m}: {s}" for m, s in sorted(normalised.items()) if m not in references)
        failures.append(f"Kernels.{kernel}: the harness's calls differ between strategies:\n{detail}")

# App mode: loops, and closures or specialisations of them, by module.
app_loop_name = re.compile(r"\b(App\w+)\.AppLoops\.(\w+Loop)\(")
app_loops = defaultdict(dict)  # loop -> app module -> calls (and tail calls)
for name, body in functions.items():
    match = app_loop_name.search(name)
    if not match:
        continue
    module, loop = match.groups()
    calls = []
    for instruction in body:
        call = re.search(r"\tcall\s+(.*)$", instruction)
        # A jump to the start of another function is a tail call.
        tail = re.search(r"\tjmp\s+[0-9a-f]+ <([^>+]*)>$", instruction)
        if call:
            calls.append(call.group(1).strip())
        elif tail and tail.group(1) != name:
            calls.append(tail.group(1))
    app_loops[loop].setdefault(module, []).extend(calls)

app_modules = ["App" + m for m in strategies]
if not app_loops:
    failures.append("no app-mode loops found: is this the release binary?")
for loop, by_module in sorted(app_loops.items()):
    missing = [m for m in app_modules if m not in by_module]
    if missing:
        failures.append(f"AppLoops.{loop}: missing in {', '.join(missing)}")
    unknown = sorted(set(by_module) - set(app_modules))
    if unknown:
        failures.append(f"AppLoops.{loop}: in {', '.join(unknown)}, not App + a strategy module")
    for module, calls in sorted(by_module.items()):
        foreign = sorted(set(strategies) | (set(app_modules) - {module})
                         | {"DispatchModel", "StrategyRegistry", "BenchmarkKit", "BenchmarkResults"})
        for c in calls:
            reached = [m for m in foreign if re.search(r"(?<![\w.])%s\." % m, c)]
            if reached:
                failures.append(f"{module}.AppLoops.{loop}: calls into {', '.join(reached)}: {c}")
            if re.search(r"\b%s\.\w+Strategy\." % module, c):
                failures.append(f"{module}.AppLoops.{loop}: calls a per-element entry point: {c}")
        writes_cells = loop in ("configureLoop", "applyBackgroundLoop")
        if not writes_cells and not any("BenchmarkSupport.blackHole" in c for c in calls):
            failures.append(f"{module}.AppLoops.{loop}: no result reaches BenchmarkSupport.blackHole")

print(f"checked {sum(len(v) for v in kernels.values())} specialised kernels "
      f"({len(kernels)} loops × {len(modules)} strategies) in {binary}")
print(f"checked {sum(len(v) for v in app_loops.values())} app-mode loops "
      f"({len(app_loops)} loops × {len(app_modules)} app modules)")
if failures:
    print("FAIL:")
    for failure in failures:
        print("  " + failure)
    sys.exit(1)
print("ok: every loop calls its strategy directly, copies nothing, and is the same for every strategy")
print("ok: every app-mode loop dispatches within its own module and feeds the black hole")
