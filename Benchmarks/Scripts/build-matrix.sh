#!/usr/bin/env bash
# Does the answer hold in your build? Builds dispatch-bench seven ways and
# times them in one run (`run --builds`, their launches alternating):
#
#   release     SwiftPM's release build, as the reference run is made (-O)
#   osize       the same with -Osize, as many apps ship
#   onone       the same with -Onone, as a developer runs a debug build all day
#   evolution   the model and the strategy modules built with
#               -enable-library-evolution, as types behind a binary
#               framework's boundary (Package.swift, DISPATCH_BENCH_LIBRARY_EVOLUTION)
#   evolution-frozen
#               the same, with the attributes a framework author who cares
#               about speed writes (@frozen, @inlinable; DISPATCH_BENCH_FROZEN),
#               those of frozen-attributes.txt: frozen-sources.py writes the
#               sources it builds from them first
#   package     the model and the strategy modules with SwiftPM's default
#               cross-module optimisation, as a package dependency is built
#               (no -disable-cmo; DISPATCH_BENCH_PACKAGE)
#   exclusivity-unchecked
#               the model and every strategy module (boundary, app, synthetic)
#               with -enforce-exclusivity=unchecked: what dynamic exclusivity
#               checks cost (DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED)
#
# Guides/Builds.md says what each stands for.
#
# Each build goes to its own scratch path, .build-matrix/<name> (a cold
# build each, about 1.5 to 3 minutes on 2 cores). Then one run times the
# answer's operations in both modes; each build's rows go to
# DIRECTORY/run.<name>.csv, with its name in the build column. Then each
# build's binary profiles the cheap operations under valgrind, to
# DIRECTORY/profile.<name>.csv, and `dispatch-bench answer --build-runs` prints
# the build table and the counts from them (the command Guides/Builds.md gives).
#
# Usage: bash Benchmarks/Scripts/build-matrix.sh [DIRECTORY] [-- RUN OPTIONS...]
#   (default DIRECTORY results/local/builds; default run options below)
set -euo pipefail
cd "$(dirname "$0")/../.."
directory=${1:-results/local/builds}
shift || true
[ "${1:-}" = "--" ] && shift
run_options=("$@")
if [ ${#run_options[@]} -eq 0 ]; then
  run_options=(
    --operations feed.identifier,feed.color,feed.configure,share.instagram,existential.getter,existential.wrap
    --sizes 100000 --distributions uniform --max-time 900)
fi
profile_operations=feed.identifier,feed.color,existential.getter,existential.wrap
mkdir -p "$directory"

build() {
  local name=$1
  shift
  local started=$SECONDS
  "$@" swift build -c release --product dispatch-bench --scratch-path ".build-matrix/$name" "${flags[@]}" >/dev/null
  echo "built $name in $((SECONDS - started)) s: .build-matrix/$name/release/dispatch-bench"
}

flags=()
swift build -c release --product dispatch-bench >/dev/null
echo "release: .build/release/dispatch-bench"
flags=(-Xswiftc -Osize -Xswiftc -DDISPATCH_BENCH_OSIZE)
build osize env
flags=(-Xswiftc -Onone -Xswiftc -DDISPATCH_BENCH_ONONE)
build onone env
flags=()
build evolution env DISPATCH_BENCH_LIBRARY_EVOLUTION=1
python3 Benchmarks/Scripts/frozen-sources.py
build evolution-frozen env DISPATCH_BENCH_LIBRARY_EVOLUTION=1 DISPATCH_BENCH_FROZEN=1
build package env DISPATCH_BENCH_PACKAGE=1
build exclusivity-unchecked env DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED=1
names=(release osize onone evolution evolution-frozen package exclusivity-unchecked)

# Copies, so that a later build in .build cannot change what was timed.
bin="$directory/bin"
mkdir -p "$bin"
builds=()
runs=()
for name in "${names[@]}"; do
  mkdir -p "$bin/$name"
  if [ "$name" = release ]; then
    source=.build/release/dispatch-bench
  else
    source=".build-matrix/$name/release/dispatch-bench"
  fi
  cp "$source" "$bin/$name/dispatch-bench"
  builds+=("$name=$bin/$name/dispatch-bench")
  runs+=("$directory/run.$name.csv")
done

started=$SECONDS
.build/release/dispatch-bench run --builds "$(IFS=,; echo "${builds[*]}")" \
  "${run_options[@]}" --output "$directory/run.csv" --force --format csv >/dev/null
echo "timed the ${#names[@]} builds in $((SECONDS - started)) s"

# Each build's counts, from its own binary: why its times are what they are
# (instructions, retains, exclusivity checks, allocations per element) on
# the operations where dispatch is the work. Counts need no quiet machine.
started=$SECONDS
profiles=()
for name in "${names[@]}"; do
  "$bin/$name/dispatch-bench" profile --operations "$profile_operations" \
    --output "$directory/profile.$name.csv" --force --quiet --format csv >/dev/null
  profiles+=("$directory/profile.$name.csv")
done
echo "profiled the ${#names[@]} builds in $((SECONDS - started)) s"
rm -rf "$bin"
.build/release/dispatch-bench answer "$directory"/run.release.csv \
  --build-runs "$(IFS=,; echo "${runs[*]},${profiles[*]}")" --sections builds --format markdown
