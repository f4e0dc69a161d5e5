#!/usr/bin/env python3
"""Which timed loops two builds of dispatch-bench compiled differently: the
evidence that a committed run of an older commit measured the loops a newer
commit times (Guides/Answer.md, "Over machines").

For every timed loop in either binary (the floor's, and the functions
check-kernels.py checks, as this tree's `.build/release/dispatch-bench
_timed-loops` names them: either build may predate the command), its
machine code is compared with layouts-check.py's normalisation (instruction
text without addresses; calls and RIP-relative operands by the symbol they
reach). Prints a line per loop that differs, is only in the old binary, or
only in the new one, then a count.

Usage: loops-diff.py OLD NEW   (after `swift build -c release` of this tree)
Exits 0 whatever it finds (it reports, it does not judge); 2 on a usage error.
"""
import importlib.util
import sys
from pathlib import Path

sys.dont_write_bytecode = True
here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from timed_loops import timed_loops  # noqa: E402

spec = importlib.util.spec_from_file_location("layouts_check", here / "layouts-check.py")
layouts_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(layouts_check)


READER = here.parents[1] / ".build" / "release" / "dispatch-bench"


def loops(binary):
    """Each timed loop's normalised code, by mangled name (the floor's too)."""
    symbols = {loop.symbol for loop in timed_loops(binary.path, reader=str(READER))}
    names = [name for name in binary.functions if name.split(" #")[0] in symbols]
    binary.normalise(names)
    return {name: binary.functions[name][1] for name in names}


def main(arguments):
    if len(arguments) != 2 or any(a.startswith("-") for a in arguments):
        print("usage: loops-diff.py OLD NEW", file=sys.stderr)
        return 2
    if not READER.exists():
        print(f"loops-diff.py: no {READER}, which names the loops: run swift build -c release first", file=sys.stderr)
        return 2
    old, new = (loops(layouts_check.Binary(path)) for path in arguments)
    names = layouts_check.demangled(set(old) | set(new))
    changed = sorted(name for name in set(old) & set(new) if old[name] != new[name])
    gone = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    for label, group in (("differs", changed), ("only in the old", gone), ("only in the new", added)):
        for name in group:
            print(f"{label}: {names.get(name, name)}")
    same = len(set(old) & set(new)) - len(changed)
    print(f"{same} timed loops the same machine code in both; {len(changed)} differ; "
          f"{len(gone)} only in {arguments[0]}; {len(added)} only in {arguments[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
