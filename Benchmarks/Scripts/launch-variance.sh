#!/bin/sh
# Where the launch-to-launch spread of the widest rows comes from
# (Guides/Run.md, "Where launch-to-launch variance comes from"). Times the
# case whose rows a default run resolves least, feed.identifier on 10,000
# uniform elements across the module boundary, in --launches 16, under four
# conditions that each take one of a process's random draws away:
#   default     every launch as a run makes it: its own address space
#               (ASLR), Swift's per-process hash seed, and the run's own
#               perturbation (environment, stack and heap padding, build order);
#   fixed-hash  SWIFT_DETERMINISTIC_HASHING=1: one hash seed in every launch;
#   no-aslr     setarch -R: the same addresses in every launch but for the
#               run's own padding;
#   neither     both.
# Each condition's spread is `compare --show launch-spread` of its samples,
# which go to a scratch directory and are removed (a samples file is
# several times its run's size; the command above writes it again).
# Run it with nothing else running on the machine.
#
# Usage: Benchmarks/Scripts/launch-variance.sh [DIRECTORY]   (default results/local/launch-variance)
set -eu
cd "$(dirname "$0")/../.."
directory=${1:-results/local/launch-variance}
mkdir -p "$directory"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
command -v setarch >/dev/null \
  || { echo "error: setarch (util-linux) is needed to turn address randomisation off" >&2; exit 69; }
swift build -c release --product dispatch-bench >/dev/null
binary=.build/release/dispatch-bench
arch=$(uname -m)
for condition in default fixed-hash no-aslr neither; do
  case $condition in
    default) prefix="" ;;
    fixed-hash) prefix="env SWIFT_DETERMINISTIC_HASHING=1" ;;
    no-aslr) prefix="setarch $arch -R" ;;
    neither) prefix="setarch $arch -R env SWIFT_DETERMINISTIC_HASHING=1" ;;
  esac
  $prefix "$binary" run --filter 'feed/feed.identifier/*/uniform/10000' --modes boundary --launches 16 \
    --output "$directory/$condition.csv" --samples "$scratch/$condition-samples.csv" \
    --force --quiet --format csv >/dev/null
  echo "== $condition"
  "$binary" compare "$directory/$condition.csv" --samples "$scratch/$condition-samples.csv" --show launch-spread
done | tee "$directory/spread.txt"
