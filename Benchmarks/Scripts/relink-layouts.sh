#!/usr/bin/env bash
# Relinks the release build's objects in K function orders, as `run
# --layouts K` does (BinaryInspection's Relink.swift; Guides/Method.md,
# "Relinking in other function orders"): for seeds 1..K (or N..N+K-1 with
# --first-seed N), DIR/layout-SEED/<name>
# is SwiftPM's own link command from .build/release.yaml with its output
# replaced, -use-ld=lld (when missing), the build directory as a run path and
# `-Xlinker --shuffle-sections=.text.*=N`. The same checks, in the same order,
# and the same one-sentence refusals as Relink. For CI, which checks the
# layouts with layouts-check.py without a command-line flag of its own.
#
# Usage: relink-layouts.sh [--dry-run] [--executable PATH] [--first-seed N] K DIR
#   --executable  the build to relink (default .build/release/dispatch-bench)
#   --first-seed  seeds N..N+K-1 instead of 1..K, as run --first-layout-seed
#   --dry-run     check, and print each link command as a JSON array, one a
#                 line, without linking (RelinkTests compares them with Relink's)
# Prints each layout's path and how long its link took. Exits 1 with the
# reason when the build cannot be relinked or a link fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
exec python3 - "$root" "$@" <<'PY'
import json, os, struct, subprocess, sys, time

root, args = sys.argv[1], sys.argv[2:]
usage = "usage: relink-layouts.sh [--dry-run] [--executable PATH] [--first-seed N] K DIR"
dry_run = "--dry-run" in args
args = [a for a in args if a != "--dry-run"]
executable = f"{root}/.build/release/dispatch-bench"
if args[:1] == ["--executable"] and len(args) > 1:
    executable, args = args[1], args[2:]
first = 1
if args[:1] == ["--first-seed"] and len(args) > 1:
    if not args[1].isdigit() or not 1 <= int(args[1]) <= 1_000_000:
        sys.exit(f"relink-layouts.sh: --first-seed {args[1]} is not a whole number from 1 to 1,000,000\n{usage}")
    first, args = int(args[1]), args[2:]
if len(args) != 2 or not args[0].isdigit():
    sys.exit(usage)
count, directory = int(args[0]), args[1]


def refuse(message):
    sys.exit(f"relink-layouts.sh: {message}")


rebuild = "build with `swift build -c release`"
# Relink.buildPaths(of:): .build/<triple>/<configuration>/<product>, manifest
# .build/<configuration>.yaml, key "C.<product>-<triple>-<configuration>.exe".
resolved = os.path.realpath(executable)
products = os.path.dirname(resolved)
product, configuration = os.path.basename(resolved), os.path.basename(products)
triple = os.path.basename(os.path.dirname(products))
manifest = f"{os.path.dirname(os.path.dirname(products)).rstrip('/')}/{configuration}.yaml"
key = f"C.{product}-{triple}-{configuration}.exe"

# Relink.linkArguments(inManifest:key:manifest:): the `args:` among the
# indented lines under the command's heading.
try:
    lines = open(manifest, encoding="utf-8").read().split("\n")
except OSError:
    refuse(f"no SwiftPM build manifest at {manifest}, so this dispatch-bench is not in the build directory "
           "that made it: relinking needs that build's objects and its toolchain's ld.lld (a copy, such as "
           "a --static-swift-stdlib binary on a machine without Swift, cannot make layouts); "
           f"{rebuild} first, and run that build's dispatch-bench")
command = None
if f'"{key}":' in (line.strip() for line in lines):
    start = [line.strip() for line in lines].index(f'"{key}":') + 1
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        if line.strip().startswith("args:"):
            try:
                command = json.loads(line.strip()[len("args:"):])
            except ValueError as error:
                refuse(f'the link command "{key}" in {manifest} cannot be read (args: {error}): {rebuild} again')
            break
if command is None:
    refuse(f'{manifest} has no link command "{key}": {rebuild}, which writes it, and run the executable it links')
if not isinstance(command, list) or not all(isinstance(a, str) for a in command) or "-o" not in command[:-1]:
    refuse(f'the link command "{key}" in {manifest} cannot be read (it has no -o): {rebuild} again')


def unquoted(line):
    if len(line) >= 2 and line[0] == line[-1] == '"':
        out, escaped = "", False
        for c in line[1:-1]:
            if not escaped and c == "\\":
                escaped = True
                continue
            out, escaped = out + c, False
        return out
    return line


# Relink.objects(of:) and Relink.check(objects:swiftc:).
objects = []
for argument in command[1:]:
    if argument.endswith(".o"):
        objects.append(argument)
    elif argument.startswith("@"):
        try:
            text = open(argument[1:], encoding="utf-8").read()
        except OSError:
            refuse(f"{argument[1:]}, an object of the link command, is missing: {rebuild} again")
        objects += [o for o in (unquoted(line.strip()) for line in text.split("\n")) if o]
for path in objects:
    if not os.path.exists(path):
        refuse(f"{path}, an object of the link command, is missing: {rebuild} again")
swiftc = command[0]
if not os.access(os.path.join(os.path.dirname(swiftc), "ld.lld"), os.X_OK):
    refuse(f"no ld.lld beside {swiftc}: relinking needs the lld of the toolchain that built this "
           "(swift.org's Linux toolchains have it in usr/bin)")


def sections(path):
    """ELFSections.read: each section's (name, size), or None unless x86-64 ELF."""
    data = open(path, "rb").read()
    if len(data) <= 64 or data[:6] != b"\x7fELF\x02\x01" or struct.unpack_from("<H", data, 18)[0] != 62:
        return None
    table, = struct.unpack_from("<Q", data, 40)
    size, count, names_index = struct.unpack_from("<HHH", data, 58)
    names, = struct.unpack_from("<Q", data, table + names_index * size + 24)
    result = []
    for index in range(count):
        name, = struct.unpack_from("<I", data, table + index * size)
        end = data.index(b"\0", names + name)
        result.append((data[names + name:end].decode(), struct.unpack_from("<Q", data, table + index * size + 32)[0]))
    return result


swift_objects = [o for o in objects if o.endswith(".swift.o")] or objects
if swift_objects:
    found = sections(swift_objects[0])
    if found is None:
        refuse(f"{swift_objects[0]} is not an x86-64 ELF object: relinking needs a Linux x86-64 release build ({rebuild})")
    if not any(n.startswith(".text.$s") for n, _ in found) or any(n == ".text" and s for n, s in found):
        refuse(f"{swift_objects[0]} was compiled without function sections, so its functions cannot be reordered: "
               f"{rebuild} from a Package.swift that passes `-Xfrontend -function-sections`")

# Relink.arguments(seed:output:) and layouts(seeds:in:).
for seed in range(first, first + count):
    output = f"{directory}/layout-{seed}/{product}"
    link = list(command)
    link[link.index("-o") + 1] = output
    if "-use-ld=lld" not in link:
        link.append("-use-ld=lld")
    link += ["-Xlinker", f"-rpath={products}", "-Xlinker", f"--shuffle-sections=.text.*={seed}"]
    if dry_run:
        print(json.dumps(link))
        continue
    os.makedirs(os.path.dirname(output), exist_ok=True)
    started = time.monotonic()
    done = subprocess.run(link, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        said = done.stderr.splitlines()
        first = next((line for line in said if "error" in line), said[0] if said else "no message")
        refuse(f"relinking with seed {seed} failed (linker exit status {done.returncode}): {first}")
    print(f"{output}  ({time.monotonic() - started:.1f} s)")
PY
