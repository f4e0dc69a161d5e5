#!/usr/bin/env python3
"""Checks relinked layouts of the release binary (`run --layouts`,
relink-layouts.sh; Guides/Method.md, "Relinking in other function orders").

Given K binaries relinked from the same objects with different
`--shuffle-sections` seeds (and, with --plain, the release binary they were
relinked from), for every timed loop (the functions check-kernels.py checks,
as the first binary's `dispatch-bench _timed-loops` names them: the
`StrategyRegistry.Kernels.*` specialisations and the floor's loop,
`App<Strategy>.AppLoops.*Loop`, the synthetic and existential `*Loop`s,
with their closures and merged bodies):

- its machine code is the same in every binary once addresses are taken out
  (`objdump -d`: instruction text without its address; call and jump targets
  and RIP-relative operands by the symbol they reach, as objdump's `<sym+off>`
  names it, not by address or displacement; the int3 and nop padding after
  the last instruction dropped): a layout moves code, never changes it;
- the layouts differ in function order: for every pair of layouts, the timed
  loops sorted by address come in a different order (with --plain, each
  layout's order also differs from the release binary's).

Also prints, for each pair, how many loops start at a different offset within
their 64-byte cache line: what a layout changes that could change a timing.

Usage: layouts-check.py [--plain path/to/dispatch-bench] LAYOUT LAYOUT [LAYOUT...]
Exits 1 naming the first function that differs, or the pair of layouts
whose order is the same; 2 on a usage error.
"""
import itertools
import re
import struct
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timed_loops import timed_loops  # noqa: E402

function_start = re.compile(r"^([0-9a-f]+) <(.*)>:$")
instruction = re.compile(r"^\s*([0-9a-f]+):\t(.*)$")
data_reference = re.compile(r"\(%rip\)(.*)# ([0-9a-f]+) <(.*?)(?:\+0x([0-9a-f]+))?>$")


class Binary:
    """A binary's functions, by mangled name: (address, normalised code)."""

    def __init__(self, path):
        self.path = path
        self.bytes = Path(path).read_bytes()
        self.sizes = {}  # symbol -> its size, and (symbol, address) -> size
        for line in subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True,
                                   check=True).stdout.splitlines():
            fields = line.split(" ", 3)
            if len(fields) == 4:
                address, size, name = int(fields[0], 16), int(fields[1], 16), fields[3]
                self.sizes[(name, address)] = size
                self.sizes[name] = max(size, self.sizes.get(name, 0))
        self.functions = self.read_functions()

    def file_offset(self, address):
        """Where an address's bytes are in the file (from the section headers), or None."""
        table, = struct.unpack_from("<Q", self.bytes, 40)
        size, count = struct.unpack_from("<HH", self.bytes, 58)
        for index in range(count):
            kind, _, start, offset, length = struct.unpack_from("<IQQQQ", self.bytes, table + index * size + 4)
            if kind != 8 and start and start <= address < start + length:  # not SHT_NOBITS
                return offset + address - start
        return None

    def normalised(self, text):
        """An instruction's text with its addresses taken out: `call 1234 <f>`
        is `call <f>`; `lea 0x10(%rip),%rdi # 5678 <g+0x8>` is
        `lea (%rip),%rdi # <g+0x8>` when 5678 is inside g, and when it is
        past g's end (an unnamed constant, whose nearest symbol is whatever
        data a layout put before it) `# <data 3ff00000>`, its first bytes up
        to 4 or a NUL, or `# <unnamed data>` when only its address is taken."""
        reference = data_reference.search(text)
        if reference:
            address, symbol, offset = (
                int(reference.group(2), 16), reference.group(3), int(reference.group(4) or "0", 16))
            if offset >= self.sizes.get(symbol, 0) and offset and text.startswith("lea"):
                # Its address only: a jump table, whose entries are offsets
                # from the table to code, which a layout does change.
                text = text[:reference.start(2)] + "<unnamed data>"
            elif offset >= self.sizes.get(symbol, 0) and offset:
                at = self.file_offset(address)
                value = self.bytes[at:at + 4].split(b"\0")[0].hex() if at is not None else "none"
                text = text[:reference.start(2)] + f"<data {value}>"
        text = re.sub(r"\b[0-9a-f]+ <", "<", text)
        text = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "(%rip)", text)
        return re.sub(r"\s+", " ", text).strip()

    def read_functions(self):
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", self.path], capture_output=True,
                                 text=True, check=True).stdout
        copies, current = {}, None
        for line in listing.splitlines():
            start = function_start.match(line)
            if start:
                address, name = int(start.group(1), 16), start.group(2)
                # A function ends at its symbol's size: objdump runs on into
                # the padding and any code without a symbol that follows.
                end = address + self.sizes.get((name, address), 0)
                current = (end, [])
                copies.setdefault(name, []).append((address, current[1]))
                continue
            body = instruction.match(line)
            if body and current is not None and int(body.group(1), 16) < current[0]:
                current[1].append(body.group(2))
        functions = {}
        for name, found in copies.items():
            # Two local functions of one name (from different objects) are
            # told apart by their code, which a layout does not change.
            found = sorted(found, key=lambda copy: copy[1])
            for index, (address, code) in enumerate(found):
                key = name if len(found) == 1 else f"{name} #{index + 1}"
                functions[key] = (address, code)
        return functions

    def normalise(self, names):
        """Normalises the code of the functions named (the rest is not read)."""
        for name in names:
            if name in self.functions:
                address, code = self.functions[name]
                self.functions[name] = (address, [self.normalised(text) for text in code])


def demangled(names):
    """Each mangled name's demangling (`swift demangle`, one name a line)."""
    names = sorted(names)
    text = subprocess.run(["swift", "demangle"], input="\n".join(names) + "\n",
                          capture_output=True, text=True, check=True).stdout
    return dict(zip(names, text.splitlines()))


def main(arguments):
    plain = None
    if arguments[:1] == ["--plain"] and len(arguments) > 1:
        plain, arguments = arguments[1], arguments[2:]
    if len(arguments) < 2 or any(a.startswith("-") for a in arguments):
        print("usage: " + __doc__.split("Usage: ")[1].split("\n")[0], file=sys.stderr)
        return 2
    binaries = ([plain] if plain else []) + arguments
    read = {binary: Binary(binary) for binary in binaries}
    names = demangled(set().union(*(b.functions for b in read.values())))
    symbols = {loop.symbol for binary in binaries for loop in timed_loops(binary, reader=binaries[0])}
    loops = sorted(name for name in names if name.split(" #")[0] in symbols)
    for binary in read.values():
        binary.normalise(loops)
    listings = {path: binary.functions for path, binary in read.items()}
    if not loops:
        print(f"layouts-check.py: no timed loops in {binaries[0]}: is it a release build?")
        return 1

    # The same machine code in every binary.
    first = binaries[0]
    for name in loops:
        for binary in binaries:
            if name not in listings[binary]:
                print(f"layouts-check.py: {names[name]} is in {first if name in listings[first] else binary} "
                      f"but not in {binary if name in listings[first] else first}")
                return 1
        reference = listings[first][name][1]
        for binary in binaries[1:]:
            code = listings[binary][name][1]
            if code != reference:
                at = next((i for i, (a, b) in enumerate(zip(reference, code)) if a != b),
                          min(len(reference), len(code)))
                mine = reference[at] if at < len(reference) else "(end)"
                theirs = code[at] if at < len(code) else "(end)"
                print(f"layouts-check.py: {names[name]} differs between {first} and {binary} "
                      f"at instruction {at + 1}: `{mine}` against `{theirs}`")
                return 1
    print(f"ok: {len(loops)} timed loops are the same machine code in {len(binaries)} binaries, addresses aside")

    # A different order for every pair, and what it moved.
    orders = {b: tuple(sorted(loops, key=lambda n: listings[b][n][0])) for b in binaries}
    for a, b in itertools.combinations(binaries, 2):
        if orders[a] == orders[b]:
            print(f"layouts-check.py: {a} and {b} place the timed loops in the same order "
                  f"(relinked without --shuffle-sections, or with one seed?)")
            return 1
        moved = sum(listings[a][n][0] % 64 != listings[b][n][0] % 64 for n in loops)
        print(f"ok: {a} and {b} order them differently; {moved} of {len(loops)} start at another offset "
              f"in their 64-byte cache line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
