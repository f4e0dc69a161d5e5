#!/usr/bin/env python3
"""Compares Embedded Swift tables by what they decide: each pattern's
verdict (compiles, compiles with warnings, fails) and, where it fails, the
kind of its first error. embedded-check.sh --check runs both commands.

  embedded-verdicts.py compare COMMITTED WRITTEN
      COMMITTED and WRITTEN are tables embedded-check.sh writes. They agree
      when they hold the same rows, each with the same verdict and, for a
      failing row, the same kind of first error: its message without the
      file and line, the error count, or the names it quotes ('any Shareable'
      reads as '…'), which move when a source file changes above the error
      or another file's error comes first. Another toolchain string, a moved
      line, another count or other warnings are printed as notes, not
      failures: the verdicts are what Guides/Embedded.md and the README say.

  embedded-verdicts.py guide GUIDE MATRIX
      GUIDE's table "| pattern | Embedded Swift | why |" must name every
      pattern of MATRIX (the committed table), each with MATRIX's verdict;
      a variant row of MATRIX must be in its pattern's row as "variant
      compiles" (or fails); the section's heading must name MATRIX's Swift
      version.

Exits 0 when they agree, 1 naming each disagreement, 2 on a usage error or
a file that holds no such table.
"""
import re
import sys

VERDICTS = ("compiles with warnings", "compiles", "fails")
MATRIX_HEADER = "| pattern | result | first error, or the warnings |"
GUIDE_HEADER = "| pattern | Embedded Swift | why |"


class TableError(Exception):
    pass


def table_rows(path, header):
    """The cells of each row of the Markdown table headed by `header`."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError as error:
        raise TableError(f"{path}: cannot read it ({error.strerror})")
    if header not in lines:
        raise TableError(f"{path}: no table headed {header!r}")
    rows = []
    for line in lines[lines.index(header) + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    if not rows:
        raise TableError(f"{path}: the table headed {header!r} has no rows")
    return rows, lines


def verdict_of(cell, where):
    for verdict in VERDICTS:
        if cell == verdict or cell.startswith(verdict + ","):
            return verdict
    raise TableError(f"{where}: {cell!r} is none of {', '.join(VERDICTS)}")


def error_kind(detail):
    """A first error's message without where it is, how many there are, or
    the names it quotes."""
    message = re.sub(r"^\S+:\d+: ", "", detail)
    message = re.sub(r" \(\d+ errors? in all\)$", "", message)
    return re.sub(r"'[^']*'", "'…'", message)


def matrix(path):
    """Pattern (a variant as 'naive, variant') -> (verdict, detail), and the
    toolchain line."""
    rows, lines = table_rows(path, MATRIX_HEADER)
    table = {}
    for cells in rows:
        if len(cells) != 3:
            raise TableError(f"{path}: a row without three cells: {' | '.join(cells)}")
        name = re.sub(r" \(\[`.*$", "", cells[0])
        table[name] = (verdict_of(cells[1], f"{path}, {name}"), cells[2])
    toolchain = next((line for line in lines if line.startswith("Toolchain: ")), "(no toolchain line)")
    return table, toolchain


def compare(committed_path, written_path):
    committed, committed_toolchain = matrix(committed_path)
    written, written_toolchain = matrix(written_path)
    problems, notes = [], []
    for name in sorted(committed.keys() - written.keys()):
        problems.append(f"{name}: in {committed_path}, but this compile has no such row")
    for name in sorted(written.keys() - committed.keys()):
        problems.append(f"{name}: {written[name][0]} here, but {committed_path} has no row for it")
    for name in [name for name in committed if name in written]:
        (was, was_detail), (now, now_detail) = committed[name], written[name]
        if was != now:
            detail = "" if now_detail == "—" else f" ({now_detail})"
            problems.append(f"{name}: {committed_path} says {was}, this compile {now}{detail}")
        elif now == "fails" and error_kind(was_detail) != error_kind(now_detail):
            problems.append(
                f"{name}: fails, but its first error is another kind: {committed_path} has "
                f"'{error_kind(was_detail)}', this compile '{error_kind(now_detail)}' ({now_detail})")
        elif was_detail != now_detail:
            notes.append(f"{name}: {was}; {committed_path} has '{was_detail}', this compile '{now_detail}'")
    if committed_toolchain != written_toolchain:
        print(f"note: {committed_path} was written by another toolchain or target:\n"
              f"  committed: {committed_toolchain}\n  here:      {written_toolchain}")
    if notes:
        print(f"note: {len(notes)} row(s) agree on the verdict but not on the detail (a line moved, "
              "another count, other warnings); bash Benchmarks/Scripts/embedded-check.sh rewrites them:")
        for note in notes:
            print("  " + note)
    if problems:
        print(f"embedded-check: {committed_path} disagrees with this compile on "
              f"{len(problems)} pattern(s):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        print("Rewrite it with bash Benchmarks/Scripts/embedded-check.sh, then Guides/Embedded.md's "
              "table to match.", file=sys.stderr)
        return 1
    print(f"embedded-check: {committed_path} agrees with this compile on each of "
          f"{len(committed)} rows' verdict and first error's kind")
    return 0


def guide(guide_path, matrix_path):
    table, toolchain = matrix(matrix_path)
    rows, lines = table_rows(guide_path, GUIDE_HEADER)
    problems = []
    said = {}
    for cells in rows:
        if len(cells) != 3:
            raise TableError(f"{guide_path}: a row without three cells: {' | '.join(cells)}")
        name = cells[0].strip("`")
        cell = cells[1].replace("**", "")
        said[name] = verdict_of(cell, f"{guide_path}, {name}")
        variant = re.search(r"variant (" + "|".join(VERDICTS) + ")", cell)
        if variant:
            said[name + ", variant"] = variant.group(1)
    for name, (verdict, _) in table.items():
        if name not in said:
            where = "its pattern's row does not say" if name.endswith(", variant") else "it has no row for it"
            problems.append(f"{name}: {verdict} in {matrix_path}, but {where}")
        elif said[name] != verdict:
            problems.append(f"{name}: {guide_path} says {said[name]}, {matrix_path} {verdict}")
    for name in sorted(said.keys() - table.keys()):
        problems.append(f"{name}: {guide_path} says {said[name]}, but {matrix_path} has no row for it")
    # The heading over the table names the toolchain its verdicts are for.
    start = lines.index(GUIDE_HEADER)
    heading = next((line for line in reversed(lines[:start]) if line.startswith("#")), "")
    version = re.search(r"Swift (\d+(?:\.\d+)+)", heading)
    if not version:
        problems.append(f"the heading over the table, {heading!r}, names no Swift version")
    elif f"Swift version {version.group(1)} " not in toolchain + " ":
        problems.append(f"the heading {heading!r} names Swift {version.group(1)}; {matrix_path} is {toolchain!r}")
    if problems:
        print(f"embedded-check: {guide_path}'s table disagrees with {matrix_path} on "
              f"{len(problems)} point(s):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    print(f"embedded-check: {guide_path}'s table agrees with {matrix_path} on each of {len(table)} verdicts")
    return 0


def main(arguments):
    usage = "usage: embedded-verdicts.py compare COMMITTED WRITTEN | guide GUIDE MATRIX"
    if len(arguments) != 3 or arguments[0] not in ("compare", "guide"):
        print(usage, file=sys.stderr)
        return 2
    command, first, second = arguments
    try:
        return compare(first, second) if command == "compare" else guide(first, second)
    except TableError as error:
        print(f"embedded-verdicts: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
