#!/usr/bin/env bash
# Checks that a dispatch-bench linked with the Swift runtime inside it
# (--static-swift-stdlib) times the suite on a machine without Swift: it
# needs no Swift shared library, and a copy of it alone in an empty directory,
# run with no environment but PATH=/usr/bin:/bin (so no LD_LIBRARY_PATH and
# no toolchain on PATH), makes a --quick run and reads it back (answer,
# report, compare with a second run), while run --layouts, which relinks with
# the toolchain, refuses with a message naming what it needs
# (Guides/Platforms.md, "A binary for machines without Swift").
#
# Usage: static-binary-check.sh [--binary PATH | --relink]
#   (neither)  builds it as the guide says, apart from .build:
#              swift build -c release --static-swift-stdlib --product dispatch-bench --scratch-path .build-static
#   --binary   checks the binary at PATH instead
#   --relink   links one from the objects of the release build in .build
#              (`swift build -c release`, as CI has just made): SwiftPM's own
#              link command from .build/release.yaml with -static-stdlib
#              (`dispatch-bench _relink --static-stdlib`), the
#              link that --static-swift-stdlib makes of the same objects, in
#              seconds rather than a second full build (its compile commands
#              differ only by that flag, and its objects only in debug
#              information and .swift_modhash: the guide)
# Exits 1 with the reason on the first problem.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "static-binary-check.sh: $*" >&2; exit 1; }
usage="usage: static-binary-check.sh [--binary PATH | --relink]"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

case "${1:-}" in
  "")
    source Benchmarks/Scripts/swiftpm-retry.sh
    echo "== swift build -c release --static-swift-stdlib --product dispatch-bench --scratch-path .build-static"
    swiftpm_retry swift build -c release --static-swift-stdlib --product dispatch-bench --scratch-path .build-static
    binary=.build-static/release/dispatch-bench
    ;;
  --binary)
    [ $# -eq 2 ] || fail "$usage"
    binary=$2
    ;;
  --relink)
    [ $# -eq 1 ] || fail "$usage"
    binary="$scratch/linked/dispatch-bench"
    mkdir -p "$scratch/linked"
    echo "== relinking .build/release's objects with -static-stdlib"
    # The manifest's link command, with its output replaced and
    # -static-stdlib added: the release build relinks itself, reading its
    # manifest as run --layouts does (`dispatch-bench _relink`).
    [ -x .build/release/dispatch-bench ] \
      || fail "--relink: no .build/release/dispatch-bench: build with \`swift build -c release\` first"
    .build/release/dispatch-bench _relink --static-stdlib "$binary" > /dev/null \
      || fail "--relink: the link with -static-stdlib failed"
    ;;
  *) fail "$usage" ;;
esac
[ -x "$binary" ] || fail "no executable at $binary"
echo "binary: $binary ($(stat -c %s "$binary") bytes)"

# No Swift shared library among what it needs: the runtime, the standard
# library, Foundation, libdispatch and the blocks runtime are in it.
swift_libraries='libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting'
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || fail "readelf -d $binary lists no NEEDED libraries: is it an ELF executable?"
if grep -E "$swift_libraries" <<< "$needed" >&2; then
  fail "$binary needs the Swift shared libraries above: link it with --static-swift-stdlib"
fi
echo "needs only: $(tr '\n' ' ' <<< "$needed")"

# A build that needs them finds them through its run path, which names the
# toolchain's library directory, even with no LD_LIBRARY_PATH: so a run alone
# proves nothing here. The toolchain: the directory of the swift on PATH
# (/opt/swift on CI's machines).
toolchain=$(dirname "$(dirname "$(dirname "$(command -v swift || echo /opt/swift/usr/bin/swift)")")")
runpath=$(readelf -d "$binary" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p')
if grep -qF "$toolchain" <<< "$runpath"; then
  fail "$binary's run path ($runpath) reaches into the toolchain ($toolchain)"
fi

# A copy alone in an empty directory, where its run path ($ORIGIN) finds
# nothing; no environment but a PATH without the toolchain.
dir="$scratch/empty"
mkdir "$dir"
cp "$binary" "$dir/dispatch-bench"
bare=(env -i PATH=/usr/bin:/bin)
cd "$dir"

# Nothing it loads resolves into the toolchain, or not at all.
"${bare[@]}" ldd ./dispatch-bench > ldd.txt || fail "ldd ./dispatch-bench failed: $(cat ldd.txt)"
if grep -E "not found|$toolchain|$swift_libraries" ldd.txt >&2; then
  fail "under env -i, the copy's libraries above are missing or come from the toolchain ($toolchain)"
fi

run() { "${bare[@]}" ./dispatch-bench "$@"; }
started=$SECONDS
run run --quick --output quick.csv > run.out 2> run.err \
  || fail "run --quick failed (exit $?) in an empty directory under env -i: $(tail -5 run.err)"
test -s quick.csv || fail "run --quick wrote no quick.csv"
tr '\n' ' ' < run.err | tr -s ' ' | grep -q "holds the Swift runtime" \
  || fail "run --quick did not say why code_bytes is empty: $(cat run.err)"
echo "run --quick: $(($(wc -l < quick.csv) - 1)) rows in $((SECONDS - started)) s"

run answer quick.csv > answer.out 2>&1 || fail "answer quick.csv failed: $(tail -5 answer.out)"
grep -q "Which pattern, when" answer.out || fail "answer printed no decision table: $(head -5 answer.out)"
# The committed machines' figures travel inside the binary: the run's last
# screen and answer place this machine among them, with no file beside it.
grep -q "^This machine (" run.out \
  || fail "run --quick did not place its machine among the committed ones: $(tail -8 run.out)"
grep -q "Where this machine sits" answer.out || fail "answer printed no placement among the committed machines"
run report quick.csv --output-dir report > report.out 2>&1 || fail "report quick.csv failed: $(tail -5 report.out)"
test -s report/report.md || fail "report wrote no report.md"
run run --quick --quiet --output quick-2.csv > /dev/null 2>&1 || fail "a second run --quick failed"
run compare quick.csv quick-2.csv > compare.out 2>&1 \
  || fail "compare of two --quick runs failed: $(tail -5 compare.out)"
echo "answer, report and compare read it"

# run --layouts relinks the build's objects with the toolchain's ld.lld: a
# copy must refuse, saying so (exit 69), not crash.
status=0
run run --layouts 2 --quick --output layouts.csv > layouts.out 2>&1 || status=$?
[ "$status" -eq 69 ] && grep -q "relinking needs that build's objects and its toolchain's ld.lld" layouts.out \
  || fail "run --layouts in a copy should refuse with exit 69 naming what it needs;" \
    "it exited $status: $(tail -3 layouts.out)"
echo "run --layouts refuses, naming what it needs: $(tail -1 layouts.out | cut -c1-100)…"
echo "static-binary-check.sh: passed"
