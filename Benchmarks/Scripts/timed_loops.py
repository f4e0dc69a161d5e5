"""The timed loops of a build, as dispatch-bench itself names them: the
lines of `dispatch-bench _timed-loops BINARY` (TimedLoop.swift, the rule
by which `code_bytes` finds a row's loop), read for check-kernels.py,
layouts-check.py and loops-diff.py. No loop is named here.

Not public interface. Imported by the scripts beside it, which set
`sys.dont_write_bytecode` first so that no `__pycache__` lands in
Benchmarks/Scripts.
"""
import subprocess
import sys
from collections import namedtuple

# family: kernel, floor, app, synthetic or existential; module: the
# strategy's, app or synthetic module, or the existential contender; kinds:
# the synthetic namespace's (0 elsewhere); loop: the kernel's or loop's name;
# symbol: the mangled name.
TimedLoop = namedtuple("TimedLoop", "family module kinds loop symbol")


def timed_loops(binary, reader=None):
    """The timed loops of `binary`, as `reader _timed-loops binary` prints
    them (`reader` is a dispatch-bench of this commit: by default `binary`
    itself; another for a build older than the command)."""
    command = [reader or binary, "_timed-loops", binary]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    loops = []
    for line in result.stdout.splitlines():
        family, module, kinds, loop, symbol = line.split("\t")
        loops.append(TimedLoop(family, module, int(kinds), loop, symbol))
    return loops
