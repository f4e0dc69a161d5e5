#!/usr/bin/env bash
# Checks that a scaffolded strategy works, as Guides/Strategies.md, "Adding a
# strategy", promises: `dispatch-bench new-strategy MyPattern`, then a release
# build, the parity tests and `run --strategies my-pattern --quick`; then
# removes the scaffold.
#
#   bash Benchmarks/Scripts/scaffold-check.sh [--name NAME] [--from STRATEGY] [--build-path DIR]
#
# It scaffolds in this tree, not in a copy, so that both builds are
# incremental: a copy elsewhere would rebuild every module from nothing, its
# sources having other paths. What it changes is what `new-strategy --dry-run`
# lists: those files are copied aside first and put back on exit (however the
# script ends), and what did not exist is deleted, so uncommitted work in
# them is kept. The release build goes to --build-path (default .build; CI
# runs this after everything that needs .build/release, so it builds there,
# incrementally). The tests build in .build, as `swift test` does.
# Exit statuses: 0 the scaffold built, passed and ran; 64 bad usage; any
# other, the step that failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

usage="usage: bash Benchmarks/Scripts/scaffold-check.sh [--name NAME] [--from STRATEGY] [--build-path DIR]"
name=MyPattern
from=protocol-getter
build_path=.build
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=${2:?"$usage"}; shift 2 ;;
    --from) from=${2:?"$usage"}; shift 2 ;;
    --build-path) build_path=${2:?"$usage"}; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "error: unknown argument $1" >&2; echo "$usage" >&2; exit 64 ;;
  esac
done

step() { echo "== scaffold-check: $*"; }
source Benchmarks/Scripts/swiftpm-retry.sh
started=$SECONDS

step "swift build -c release --build-path $build_path --product dispatch-bench (before the scaffold)"
swiftpm_retry swift build -c release --build-path "$build_path" --product dispatch-bench
bench="$build_path/release/dispatch-bench"

# What the scaffold will write, one path after two spaces a line.
plan=$("$bench" new-strategy "$name" --from "$from" --dry-run)
paths=$(printf '%s\n' "$plan" | sed -n 's/^  \([^ ]*\).*$/\1/p')
strategy=$(printf '%s\n' "$plan" | sed -n '1s/,.*$//p')
# The guide's next step: the parity tests hold the registry to the strategies
# they expect by name, so the scaffold's is named there too (and put back).
expected=Tests/TestSupport/ExpectedStrategies.swift
paths="$paths $expected"

for path in $paths; do
  case "$path" in
    /*|*..*) echo "scaffold-check: new-strategy planned $path, outside the package" >&2; exit 1 ;;
  esac
done

# Put back what the scaffold changed, delete what it made, and check the tree
# is as it was.
backup=$(mktemp -d)
before=$(git status --porcelain 2>/dev/null || true)
restore() {
  status=$?
  set +e
  for path in $paths; do
    if [ -e "$backup/$path" ]; then
      cp -p "$backup/$path" "$path"
    else
      rm -rf "${path%/}"
    fi
  done
  rm -rf "$backup"
  after=$(git status --porcelain 2>/dev/null || true)
  if [ "$after" != "$before" ]; then
    echo "scaffold-check: the tree is not as it was before the scaffold; git status:" >&2
    echo "$after" >&2
    status=1
  fi
  echo "== scaffold-check: removed the scaffold; $((SECONDS - started)) s in all"
  exit "$status"
}
for path in $paths; do
  if [ -e "$path" ]; then
    mkdir -p "$backup/$(dirname "$path")"
    cp -p "$path" "$backup/$path"
  fi
done
trap restore EXIT

step "dispatch-bench new-strategy $name --from $from"
"$bench" new-strategy "$name" --from "$from"

sed -i "/package static let names = \[/a\\    \"$strategy\"," "$expected"
grep -q "\"$strategy\"," "$expected" || { echo "scaffold-check: could not name $strategy in $expected" >&2; exit 1; }

step "the evolution-frozen build's attributes found in the scaffold: frozen-sources.py --check"
python3 Benchmarks/Scripts/frozen-sources.py --check

step "swift build -c release --build-path $build_path --product dispatch-bench"
swiftpm_retry swift build -c release --build-path "$build_path" --product dispatch-bench

step "the parity tests, and the generated files and the table of strategies up to date"
swiftpm_retry swift test --filter "ParityTests|GoldenTests|SyntheticGeneratorTests|StrategyListTests"

step "dispatch-bench run --strategies $strategy --quick"
scratch="$backup/quick.csv"
"$bench" run --strategies "$strategy" --quick --quiet --format csv --output "$scratch" >/dev/null
# Timed in every domain and both modes, beside the floor; its synthetic rows
# say whose code they time (written_as: the template's), and no other row does.
"$bench" _columns "$scratch" domain mode strategy median_ns written_as \
  | awk -F '\t' -v strategy="$strategy" -v template="$from" '
    $3 == strategy { rows++ }
    $3 == strategy && $4 != "" && $4 != "n/a" && !(($1 "/" $2) in timed) { timed[$1 "/" $2]; pairs++ }
    $5 != "" { marked++ }
    $5 != "" && ($1 != "synthetic" || $3 != strategy || $5 != template) && !(($1 "/" $3 "/" $5) in bad) {
      bad[$1 "/" $3 "/" $5]; wrong = wrong " " $1 "/" $3 "/" $5
    }
    END {
      split("share/boundary share/app feed/boundary feed/app synthetic/app", wanted, " ")
      for (i = 1; i <= 5; i++) if (!(wanted[i] in timed)) missing = missing " " wanted[i]
      if (missing != "") { print "scaffold-check: " strategy " was not timed in" missing > "/dev/stderr"; exit 1 }
      if (!marked || wrong != "") {
        message = "scaffold-check: written_as should mark " strategy "\047s synthetic rows as " template
        print message "\047s code, and only those:" wrong > "/dev/stderr"
        exit 1
      }
      print "scaffold-check: " strategy " timed in " pairs " domain and mode pairs, " rows " rows"
    }'
