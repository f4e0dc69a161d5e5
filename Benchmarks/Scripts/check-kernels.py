#!/usr/bin/env python3
"""Checks, on the release binary, that the harness is fair.

For every timed loop (`StrategyRegistry.Kernels.*`, specialised per strategy)
the disassembly must show:

- a direct call into that strategy's own entry point, and no other strategy's;
- no indirect call (`call *...`) in the loop: the harness adds no dispatch;
- no copy of a strategy's value (`outlined init with copy`);
- the same sequence of other calls for every strategy, so the harness costs
  every strategy the same (in `render`, apart from retains and releases of
  the shown cell it keeps, each strategy's own type).

For every app-mode loop (`App<Strategy>.AppLoops.*Loop`, the strategy, the
model and the loop compiled as one module) it must show:

- no call into another strategy, another app module, DispatchModel or the
  harness: the dispatch is in the loop, or in its own module's code;
- no call to any of the strategy's per-element entry points
  (`<Strategy>Strategy.height(of:…)` and the like);
- a call to `BenchmarkSupport.blackHole` in every loop whose operation has a
  result (all but configure and apply-background, which write into cells);
- the same loops in every app module, and an app module for every strategy.

For every synthetic loop (`Synthetic<Pattern>.Kinds<N>.Workload.*Loop`, the
generated code of one pattern for N kinds, compiled as an app compiles it)
it must show:

- no call into another pattern's synthetic module, into the same pattern's
  code for another number of kinds, or into DispatchModel, the strategies,
  the app modules or the harness: the loop runs its own pattern's code only;
- no call to its own per-element function (`Workload.constant(at:in:)` and
  the like): the dispatch is in the loop, as an app would have it;
- a call to `BenchmarkSupport.blackHole`;
- a body of its own: not a thunk into a `merged` function that LLVM's
  function merging made of two loops, which takes the operation as a
  parameter and so adds an indirect call per element;
- the same loops for every pattern and every number of kinds, and a
  synthetic module for every strategy module.

For every loop of the existential domain (`Existential.<Contender>.*Loop`,
one module of its values, its protocol and its loops) it must show:

- no call into another module but the black hole's and the runtime's, and
  no call to its own per-element function (`value(at:in:)`, `wrapped(at:in:)`);
- a call to `BenchmarkSupport.blackHole`, and a body of its own (not merged);
- for the contenders the guide says dispatch statically (`Generic`,
  `Concrete`, `EnumSwitch`, `Opaque`), no indirect call; for those that
  dispatch at run time (`AnyInline`, `AnyBoxed`, `Eraser`), an indirect call
  in the getter's loop: the optimiser did not see through the existential;
- for the guide's caveat, across a module built with `-disable-cmo`
  (`ExistentialBoundary`): `OpaqueBoundary`'s loops ask the runtime for the
  opaque type's conformance and make indirect calls (value witnesses and the
  getter's witness); `GenericBoundary`'s loops make none themselves but call
  the other module's unspecialised generic function, which makes them;
- `Generic`'s loops only as their specialisation for `InlineValue`;
- both loops for every contender.

For `enum-switch`, in both modes, every function of its feed operations
(the app-mode loops, and the boundary mode's entry points and the
controller's methods they call) must contain no class test: no compare of
an object's class against a class's metadata, and no call to a runtime cast
(`swift_dynamicCast…`). The pattern dispatches by switching over its own
closed enum; a class test would be another pattern (naive, cast-chain)
measured under its name.

The strategies are those of `strategyModules` in Package.swift, and every
one of them must have every loop, in both modes and in the synthetic domain.

Usage: check-kernels.py [path/to/dispatch-bench]   (default .build/release)
Exits 1 and says what differs when a check fails.
"""
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

# The model and the harness's modules: no timed loop may call into them.
HARNESS_MODULES = {"DispatchModel", "StrategyRegistry", "BenchmarkResults", "Statistics", "CommandLineSupport",
                   "BinaryInspection", "BenchmarkEngine", "Reports", "DispatchBenchCLI"}

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timed_loops import timed_loops  # noqa: E402


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

functions = {}
current = None
for line in demangled.splitlines():
    match = function_start.match(line)
    if match:
        current = match.group(1)
        functions[current] = []
    elif current is not None and line.strip():
        functions[current].append(line)

# The timed loops, as the binary names them (`_timed-loops`), by family;
# each by its demangled name, the key of `functions`.
loops_found = timed_loops(binary)
loop_names = dict(zip(
    [loop.symbol for loop in loops_found],
    subprocess.run(["swift", "demangle"], input="".join(loop.symbol + "\n" for loop in loops_found),
                   capture_output=True, text=True, check=True).stdout.splitlines()))


def loops_of(family):
    """Each function of a family's timed loops, in the binary's order:
    (demangled name, loop)."""
    by_name = {}
    for loop in loops_found:
        if loop.family == family:
            by_name.setdefault(loop_names[loop.symbol], loop)
    return [(name, by_name[name]) for name in functions if name in by_name]


kernels = defaultdict(dict)  # kernel -> strategy module -> calls
for name, found in loops_of("kernel"):
    body = functions[name]
    module, kernel = found.module, found.loop
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
        if kernel == "render":
            # render keeps what each app holds for the row it has just shown
            # (a cell, or a struct holding one), and releasing the last one is
            # a call or inline code depending on that type: its reference
            # counting is the shown cell's, not the harness's.
            shape = [c for c in shape if c not in ("<swift_retain@plt>", "<swift_release@plt>")]
        normalised[module] = shape
    shapes = {tuple(v) for m, v in normalised.items() if m not in references}
    if len(shapes) > 1:
        detail = "\n".join(f"    {m}: {s}" for m, s in sorted(normalised.items()) if m not in references)
        failures.append(f"Kernels.{kernel}: the harness's calls differ between strategies:\n{detail}")

# App mode: loops, and closures or specialisations of them, by module.
app_loops = defaultdict(dict)  # loop -> app module -> calls (and tail calls)
for name, found in loops_of("app"):
    body = functions[name]
    module, loop = found.module, found.loop
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
                         | HARNESS_MODULES)
        for c in calls:
            reached = [m for m in foreign if re.search(r"(?<![\w.])%s\." % m, c)]
            if reached:
                failures.append(f"{module}.AppLoops.{loop}: calls into {', '.join(reached)}: {c}")
            if re.search(r"\b%s\.\w+Strategy\." % module, c):
                failures.append(f"{module}.AppLoops.{loop}: calls a per-element entry point: {c}")
        writes_cells = loop in ("configureLoop", "applyBackgroundLoop")
        if not writes_cells and not any("BenchmarkSupport.blackHole" in c for c in calls):
            failures.append(f"{module}.AppLoops.{loop}: no result reaches BenchmarkSupport.blackHole")

# Synthetic: each pattern's loops for each number of kinds, by module.

def calls_of(name):
    """The calls and tail calls of a function, by demangled target."""
    calls = []
    for instruction in functions.get(name, []):
        call = re.search(r"\tcall\s+(.*)$", instruction)
        # A jump to the start of another function (no +0x offset): a tail call.
        tail = re.search(r"\tjmp\s+[0-9a-f]+ <(.*)>$", instruction)
        if call:
            calls.append(call.group(1).strip())
        elif tail and tail.group(1) != name and not re.search(r"\+0x[0-9a-f]+$", tail.group(1)):
            calls.append(tail.group(1))
    return calls


synthetic_loops = defaultdict(dict)  # loop -> (module, kinds) -> calls (and tail calls)
# LLVM's function merging can fold loops that differ only in what they call
# into one `merged …` body that takes the callee as a parameter: each loop is
# then a thunk passing its operation in, and the operation is an indirect call
# the pattern does not have. A loop must not be such a thunk.
merged_loops = []
for name, found in loops_of("synthetic"):
    if name.startswith("merged "):
        continue
    module, kinds, loop = found.module, f"Kinds{found.kinds}", found.loop
    calls = calls_of(name)
    for target in [c for c in calls if c.startswith("merged ")]:
        merged_loops.append(f"{module}.{kinds}.Workload.{loop}: merged with another loop into "
                            f"`{target}`, which takes the operation as a parameter")
        calls += calls_of(target)
    synthetic_loops[loop].setdefault((module, kinds), []).extend(calls)
failures += merged_loops

synthetic_modules = ["Synthetic" + m for m in patterns]
synthetic_kinds = sorted({k for by in synthetic_loops.values() for (_, k) in by}, key=lambda k: int(k[5:]))
if not synthetic_loops:
    failures.append("no synthetic loops found: is this the release binary?")
for loop, by_cell in sorted(synthetic_loops.items()):
    missing = [f"{m}.{k}" for m in synthetic_modules for k in synthetic_kinds if (m, k) not in by_cell]
    if missing:
        failures.append(f"synthetic {loop}: missing in {', '.join(missing)}")
    unknown = sorted({m for (m, _) in by_cell} - set(synthetic_modules))
    if unknown:
        failures.append(f"synthetic {loop}: in {', '.join(unknown)}, not Synthetic + a strategy module")
    # `constantLoop` runs the per-element function `constant(at:in:…)`.
    element = loop[: -len("Loop")]
    for (module, kinds), calls in sorted(by_cell.items()):
        where = f"{module}.{kinds}.Workload.{loop}"
        foreign = sorted((set(synthetic_modules) - {module}) | set(strategies) | set(app_modules)
                         | HARNESS_MODULES)
        for c in calls:
            reached = [m for m in foreign if re.search(r"(?<![\w.])%s\." % m, c)]
            if reached:
                failures.append(f"{where}: calls into {', '.join(reached)}: {c}")
            other_kinds = [k for k in re.findall(r"\b%s\.(Kinds\d+)\." % module, c) if k != kinds]
            if other_kinds:
                failures.append(f"{where}: calls {module}'s code for {', '.join(sorted(set(other_kinds)))}: {c}")
            if re.search(r"\b%s\.%s\.Workload\.%s\(at:" % (module, kinds, element), c):
                failures.append(f"{where}: calls its per-element function rather than dispatching in the loop: {c}")
        if not any("BenchmarkSupport.blackHole" in c for c in calls):
            failures.append(f"{where}: no result reaches BenchmarkSupport.blackHole")

# The existential domain: each contender's loops, by contender type.
EXISTENTIAL_STATIC = ["Generic", "Concrete", "EnumSwitch", "Opaque"]
EXISTENTIAL_DYNAMIC = ["AnyInline", "AnyBoxed", "Eraser"]
# The guide's caveat: "dispatched statically unless the opaque type is used
# across module boundaries and cross-module optimization is disabled". What
# the binary shows (Guides/Existentials.md): the opaque type's metadata and
# conformance come from the runtime (the type behind it is internal to
# ExistentialBoundary, so the compiler here cannot substitute it), and each
# element is copied, read and destroyed through indirect calls. The generic
# function is called unspecialised (its body is not serialised), once per
# element, with InlineValue's metadata and witness table; the indirect calls
# are in its body, not in the loop.
EXISTENTIAL_BOUNDARY = ["OpaqueBoundary", "GenericBoundary"]
BOUNDARY_GENERIC = re.compile(r"^ExistentialBoundary\.boundary(?:Value|Wrapped)<A where A: ")
EXISTENTIAL_LOOPS = ["getterLoop", "wrapLoop"]
existential_loops = defaultdict(list)  # (contender, loop) -> [(name, calls)]
for name, found in loops_of("existential"):
    if name.startswith("merged "):
        continue
    contender, loop = found.module, found.loop
    calls = calls_of(name)
    for target in [c for c in calls if c.startswith("merged ")]:
        failures.append(f"Existential.{contender}.{loop}: merged with another loop into `{target}`")
        calls += calls_of(target)
    existential_loops[(contender, loop)].append((name, calls))
for contender in EXISTENTIAL_STATIC + EXISTENTIAL_DYNAMIC + EXISTENTIAL_BOUNDARY:
    for loop in EXISTENTIAL_LOOPS:
        found = existential_loops.get((contender, loop), [])
        where = f"Existential.{contender}.{loop}"
        if not found:
            failures.append(f"{where}: not found")
        if contender == "Generic":
            # Its signature may be specialised as well (a dead metatype).
            found = [(n, c) for n, c in found if "generic specialization <Existential.InlineValue> of " in n]
            if not found:
                failures.append(f"{where}: no specialisation for InlineValue")
        foreign = sorted(set(synthetic_modules) | set(strategies) | set(app_modules) | HARNESS_MODULES)
        for name, calls in found:
            for c in calls:
                reached = [m for m in foreign if re.search(r"(?<![\w.])%s\." % m, c)]
                if reached:
                    failures.append(f"{where}: calls into {', '.join(reached)}: {c}")
                if re.search(r"\bExistential\.%s\.(?:value|wrapped)(?:<[^>(]*>)?\(at:" % contender, c):
                    failures.append(f"{where}: calls its per-element function rather than running it in the loop: {c}")
            if not any("BenchmarkSupport.blackHole" in c for c in calls):
                failures.append(f"{where}: no result reaches BenchmarkSupport.blackHole")
            indirect = [c for c in calls if c.startswith("*")]
            if contender in EXISTENTIAL_STATIC and indirect:
                failures.append(f"{where}: an indirect call where the dispatch should be static: {indirect[0]}")
            if contender in EXISTENTIAL_DYNAMIC and loop == "getterLoop" and not indirect:
                failures.append(f"{where}: no indirect call: the optimiser saw through the dispatch it should time")
            if contender == "OpaqueBoundary":
                if not indirect:
                    failures.append(f"{where}: no indirect call: the opaque type was seen through the boundary")
                if not any("swift_getOpaqueTypeConformance" in c for c in calls):
                    failures.append(f"{where}: no swift_getOpaqueTypeConformance: the opaque type was seen "
                                    "through the boundary")
            if contender == "GenericBoundary":
                generic = [c for c in calls if BOUNDARY_GENERIC.search(re.sub(r"^[0-9a-f]+ <|>$", "", c))]
                if indirect:
                    failures.append(f"{where}: an indirect call in the loop itself: {indirect[0]}")
                if not generic:
                    failures.append(f"{where}: no call to ExistentialBoundary's unspecialised generic function: "
                                    "specialised or inlined across the boundary")
                for callee in generic:
                    body = re.sub(r"^[0-9a-f]+ <|>$", "", callee)
                    if not any(c.startswith("*") for c in calls_of(body)):
                        failures.append(f"{where}: {body} makes no indirect call: not the unspecialised body")
# Nothing calls the unspecialised generic loop, if the binary has one.
unspecialised = [n for (c, _), found in existential_loops.items() if c == "Generic" for n, _ in found
                 if "generic specialization " not in n]
for name in [n for n in functions if unspecialised and "Existential." in n]:
    for c in calls_of(name):
        if any(c == u or f"<{u}>" in c for u in unspecialised):
            failures.append(f"{name}: calls Existential.Generic's unspecialised loop: {c}")

# enum-switch: no class test anywhere in its feed operations.
class_test = re.compile(
    r"\tcmp\w*\s+.*(?:<_DYNAMIC\+|type metadata for|metaclass for)"
    r"|\tcall\s+.*swift_dynamicCast|\tcall\s+.*swift_conformsToProtocol")
enum_functions = [
    name for name in functions
    if re.search(r"\bAppEnumSwitch\.AppLoops\.\w+Loop\(", name)
    # The entry points and the controller's methods, and any specialisation
    # of them (`function signature specialization <…> of static
    # EnumSwitch.EnumSwitchStrategy.color(…)`, where the code is), in the
    # strategy module and in its app-mode copy.
    or re.search(r"(?<![\w.])(?:App)?EnumSwitch\.(?:EnumSwitchStrategy|FeedController)\."
                 r"(?:identifier|height|configure|color|applyBackground|shownCell)\(", name)
]
if not any("EnumSwitch.FeedController.color" in n or "EnumSwitchStrategy.color" in n for n in enum_functions):
    failures.append("enum-switch: its color entry point was not found, so its class tests cannot be checked")
for name in sorted(enum_functions):
    tests = [line.strip() for line in functions[name] if class_test.search(line)]
    if tests:
        failures.append(f"enum-switch: a class test in {name}: {tests[0]}")

print(f"checked {sum(len(v) for v in kernels.values())} specialised kernels "
      f"({len(kernels)} loops × {len(modules)} strategies) in {binary}")
print(f"checked {sum(len(v) for v in app_loops.values())} app-mode loops "
      f"({len(app_loops)} loops × {len(app_modules)} app modules)")
print(f"checked {sum(len(v) for v in synthetic_loops.values())} synthetic loops "
      f"({len(synthetic_loops)} loops × {len(synthetic_modules)} patterns × {len(synthetic_kinds)} numbers of kinds)")
print(f"checked {sum(len(v) for v in existential_loops.values())} existential loops "
      f"({len(EXISTENTIAL_LOOPS)} loops × {len(EXISTENTIAL_STATIC + EXISTENTIAL_DYNAMIC + EXISTENTIAL_BOUNDARY)} "
      "contenders)")
if failures:
    print("FAIL:")
    for failure in failures:
        print("  " + failure)
    sys.exit(1)
print("ok: every loop calls its strategy directly, copies nothing, and is the same for every strategy")
print("ok: every app-mode loop dispatches within its own module and feeds the black hole")
print("ok: every synthetic loop runs its own pattern's code for its own kinds and feeds the black hole")
print("ok: every existential loop runs its own contender's code, static where the guide says it is, "
      "dynamic where it says it is not, and across the boundary as the binary showed")
print(f"ok: no class test in enum-switch's {len(enum_functions)} feed functions, in either mode")
