#!/bin/sh
# What a launch's building costs per element, and how much of it is
# generating the elements (Guides/Run.md, "What a launch builds"): compiles
# Benchmarks/Scripts/BuildingCost/main.swift against the release build's
# model, registry and strategy objects (the boundary mode's
# representations), and prints, per strategy, in ns per element (medians
# of 7): generating 100,000 uniform feed rows alone; building its
# representation as a launch does (generating included); building it from
# the same rows made beforehand; and freeing it. Quiet machine; about a
# minute.
#
# Usage: Benchmarks/Scripts/building-cost.sh [SIZE]   (default 100000)
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --product dispatch-bench >/dev/null
build=.build/release
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The strategy modules: Package.swift's strategyModules, the one list.
strategies=$(sed -n '/^let strategyModules = \[/,/^\]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
if [ -z "$strategies" ]; then
  echo "building-cost.sh: found no strategyModules list in Package.swift" >&2
  exit 1
fi
objects=""
for module in DispatchModel JSON BenchmarkSupport StrategyRegistry $strategies NullStrategy; do
  objects="$objects $(ls $build/$module.build/*.o | tr '\n' ' ')"
done
# shellcheck disable=SC2086
if ! swiftc -O Benchmarks/Scripts/BuildingCost/main.swift -I $build/Modules $objects -o "$scratch/building-cost" \
  2> "$scratch/compile.log"; then
  cat "$scratch/compile.log" >&2
  echo "building-cost.sh: the program did not compile against $build's objects" >&2
  exit 1
fi
"$scratch/building-cost" "${1:-100000}"
