#!/usr/bin/env python3
"""Writes the sources the build matrix's `evolution-frozen` build compiles:
Sources/ with the attributes a framework author who cares about speed writes
(Guides/Builds.md, "evolution-frozen: a framework written for speed").

The strategy sources read as an app writes its pattern; the attributes of the
frozen build live apart, one per declaration, in frozen-attributes.txt beside
this script. This writes a copy of Sources/ to .build-matrix/frozen-sources
with each attribute in an `#if DISPATCH_BENCH_FROZEN` block at its
declaration, which Package.swift builds the model and the strategy modules
(and their app-mode twins) from when DISPATCH_BENCH_FROZEN=1. Only the
boundary modules get the define: the app modules compile the same copy
without it, as release compiles Sources/.

An attribute is added before its declaration (`@frozen`), or replaces an
attribute or modifier the source writes (`@inline(never) -> @inlinable`: the
`@inline(never)` on the line above the declaration; `private ->
@usableFromInline`: the declaration's `private`), keeping the source's in the
`#else` branch. A listed declaration the source no longer has (or has twice in
the same scope), or a replaced attribute it no longer writes, is an error that
names the list's line: nothing is written, and the exit status is 1. So the
list cannot rot silently: build-matrix.sh runs this before the frozen build,
and a test runs `--check`.

Usage: frozen-sources.py                   write .build-matrix/frozen-sources
       frozen-sources.py --check           apply the list, write nothing
       frozen-sources.py ... --list PATH   another list (the tests')
Exits 0 when every listed declaration was found, 1 when one was not (or the
list is malformed), 2 on a usage error.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATTRIBUTES = Path(__file__).resolve().parent / "frozen-attributes.txt"
OUTPUT = ROOT / ".build-matrix" / "frozen-sources"
CONDITION = "DISPATCH_BENCH_FROZEN"

# A type or extension declaration, through its modifiers: the scope of the
# declarations indented under it.
TYPE = re.compile(
    r"^(?:(?:@\w+(?:\([^)]*\))?|public|package|internal|fileprivate|private|final|open|indirect)\s+)*"
    r"(?:struct|class|enum|extension|protocol|actor)\s+([A-Za-z_][\w.]*)")


class Entry:
    """One line of the list: an attribute for a declaration in a scope."""

    def __init__(self, line, path, scope, attribute, declaration):
        self.line = line  # the list's name and line number, as "list:12"
        self.path = path
        self.scope = scope
        self.attribute = attribute
        self.declaration = declaration
        replaced, arrow, replacement = attribute.partition(" -> ")
        self.replaced = replaced if arrow else None
        self.added = replacement if arrow else attribute

    def names(self, line):
        """Whether a source line (trimmed) is this entry's declaration: the
        list gives the line as written, or the start of it that tells it
        from the others in its scope (a long one's name and parameters)."""
        return line.startswith(self.declaration)

    def where(self):
        scope = f" in {self.scope}" if self.scope else ""
        return f"{self.line}: {self.path}: `{self.declaration}`{scope}"


def parse(text, name):
    """The entries of the list `name`, in its order; raises ValueError
    naming a bad line.

    A line at the margin names a file (from the package root); an entry under
    it is `ATTRIBUTE  DECLARATION` (two or more spaces apart), indented two
    spaces at the file's top level, four under a `Scope:` line (a type or
    extension, dotted when nested). The declaration is its first line as
    written, or as much of its start as tells it from the others in its
    scope. `#` starts a comment line.
    """
    entries, path, scope = [], None, None
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        if indent == 0:
            if not body.endswith(".swift"):
                raise ValueError(f"{name}:{number}: a file line names a .swift file, not {body!r}")
            path, scope = body, None
        elif path is None:
            raise ValueError(f"{name}:{number}: an entry before any file line")
        elif indent == 2 and body.endswith(":") and " " not in body:
            scope = body[:-1]
        elif indent in (2, 4):
            if indent == 2:
                scope = None
            elif scope is None:
                raise ValueError(f"{name}:{number}: an entry indented four spaces under no scope line")
            parts = re.split(r" {2,}", body, maxsplit=1)
            attribute, declaration = parts if len(parts) == 2 else (body, "")
            if not declaration or not (attribute.startswith("@") or attribute.startswith("private ->")):
                raise ValueError(
                    f"{name}:{number}: expected ATTRIBUTE  DECLARATION (two spaces apart), not {body!r}")
            entries.append(Entry(f"{name}:{number}", path, scope, attribute, declaration))
        else:
            raise ValueError(f"{name}:{number}: indented {indent} spaces (2 or 4 expected): {body!r}")
    return entries


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def is_code(line):
    text = line.strip()
    return bool(text) and not text.startswith(("//", "/*", "*", "#", "}"))


def scopes(lines):
    """Each line's enclosing types and extensions, dotted ("" at the top
    level), read from the indentation the formatter keeps."""
    result, stack = [], []  # stack: (indent, name) of the open scopes
    for line in lines:
        if is_code(line):
            while stack and stack[-1][0] >= indent_of(line):
                stack.pop()
        result.append(".".join(name for _, name in stack))
        if is_code(line):
            match = TYPE.match(line.strip())
            if match:
                stack.append((indent_of(line), match.group(1)))
    return result


def block(indent, frozen, other=None):
    """The `#if` block that holds `frozen` in the frozen build, `other` (if
    any) in every other, at the declaration's indentation."""
    lines = [f"#if {CONDITION}", frozen] + (["#else", other] if other is not None else []) + ["#endif"]
    return [" " * indent + line for line in lines]


def frozen_text(text, entries):
    """The file's text with each entry's block, or the list of errors."""
    lines = text.split("\n")
    scope_of = scopes(lines)
    errors = []
    before = {}  # line index -> the blocks to put above it
    placed = {}  # (line index, attribute) -> the entry that placed it
    for entry in entries:
        found = [i for i, line in enumerate(lines)
                 if entry.names(line.strip()) and scope_of[i] == (entry.scope or "")]
        if len(found) != 1:
            errors.append(f"{entry.where()}: {'not found' if not found else f'found {len(found)} times'}")
            continue
        index = found[0]
        if (index, entry.added) in placed:
            errors.append(f"{entry.where()}: {entry.added} again (as at {placed[index, entry.added].line})")
            continue
        placed[index, entry.added] = entry
        indent = indent_of(lines[index])
        if entry.replaced is None:
            before.setdefault(index, []).extend(block(indent, entry.added))
        elif entry.replaced == "private":
            declaration = lines[index].strip()
            if not declaration.startswith("private "):
                errors.append(f"{entry.where()}: the declaration is not `private`")
                continue
            rest = declaration[len("private "):]
            lines[index] = "\n".join(block(indent, f"{entry.added} {rest}", declaration))
        else:
            if index == 0 or lines[index - 1].strip() != entry.replaced:
                errors.append(f"{entry.where()}: no `{entry.replaced}` on the line above it")
                continue
            lines[index - 1] = "\n".join(block(indent, entry.added, entry.replaced))
    if errors:
        return None, errors
    out = []
    for index, line in enumerate(lines):
        out.extend(before.get(index, []))
        out.append(line)
    return "\n".join(out), []


def variant(entries):
    """Every Swift file under Sources/, by path from the package root, as the
    frozen build compiles it; or the list of errors."""
    by_path = {}
    for entry in entries:
        by_path.setdefault(entry.path, []).append(entry)
    files, errors = {}, []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        if f"#if {CONDITION}" in text:
            errors.append(f"{relative}: has `#if {CONDITION}`: its attributes belong in {ATTRIBUTES.name}")
        listed = by_path.pop(relative, [])
        if not listed:
            files[relative] = text
            continue
        frozen, file_errors = frozen_text(text, listed)
        errors += file_errors
        files[relative] = frozen
    for path, listed in by_path.items():
        errors.append(f"{listed[0].where()}: no such file under Sources/")
    return files, errors


def write(files):
    """Writes the copy, leaving a file whose text is unchanged as it was (so
    that a second build does not recompile it) and removing what Sources/ no
    longer holds."""
    for stale in sorted(OUTPUT.rglob("*.swift")) if OUTPUT.exists() else []:
        if str(stale.relative_to(OUTPUT)) not in files:
            stale.unlink()
    for relative, text in files.items():
        path = OUTPUT / relative
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def main(arguments):
    usage = "usage: frozen-sources.py [--check] [--list PATH]"
    check = "--check" in arguments
    rest = [a for a in arguments if a != "--check"]
    list_path = ATTRIBUTES
    if rest[:1] == ["--list"] and len(rest) == 2:
        list_path = Path(rest[1])
    elif rest:
        print(f"frozen-sources.py: unknown arguments {' '.join(rest)}\n{usage}", file=sys.stderr)
        return 2
    try:
        entries = parse(list_path.read_text(encoding="utf-8"), list_path.name)
    except OSError as error:
        print(f"frozen-sources.py: cannot read {list_path}: {error.strerror}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"frozen-sources.py: {error}", file=sys.stderr)
        return 1
    files, errors = variant(entries)
    if errors:
        for error in errors:
            print(f"frozen-sources.py: {error}", file=sys.stderr)
        print(f"frozen-sources.py: {len(errors)} {'error' if len(errors) == 1 else 'errors'}, nothing written",
              file=sys.stderr)
        return 1
    if check:
        print(f"frozen-sources.py: all {len(entries)} attributes found in {len({e.path for e in entries})} files")
        return 0
    write(files)
    print(f"frozen-sources.py: {len(entries)} attributes in {len({e.path for e in entries})} files, "
          f"written to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
