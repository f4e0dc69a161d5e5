#!/usr/bin/env python3
"""Checks, on the release binary, that the harness is fair.

For every timed loop (`StrategyRegistry.Kernels.*`, specialised per strategy)
the disassembly must show:

- a direct call into that strategy's own entry point, and no other strategy's;
- no indirect call (`call *...`) in the loop: the harness adds no dispatch;
- no copy of a strategy's value (`outlined init with copy`);
- the same sequence of other calls for every strategy, so the harness costs
  every strategy the same.

The strategies are those of `strategyModules` in Package.swift, and every
one of them must have every loop.

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


strategies = strategy_modules(Path(__file__).resolve().parents[2] / "Package.swift")
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
    shapes = {tuple(v) for v in normalised.values()}
    if len(shapes) > 1:
        detail = "\n".join(f"    {m}: {s}" for m, s in sorted(normalised.items()))
        failures.append(f"Kernels.{kernel}: the harness's calls differ between strategies:\n{detail}")

print(f"checked {sum(len(v) for v in kernels.values())} specialised kernels "
      f"({len(kernels)} loops × {len(modules)} strategies) in {binary}")
if failures:
    print("FAIL:")
    for failure in failures:
        print("  " + failure)
    sys.exit(1)
print("ok: every loop calls its strategy directly, copies nothing, and is the same for every strategy")
