#!/usr/bin/env bash
# `swift test -c release`, checked as .ci/run checks `swift test`: it must
# pass, count every @Test, and a test may skip only if it is named below
# with its reason (.ci/swift-test-skips.sh counts the tests and the skips).
# CI does not run it: it rebuilds every module with -enable-testing, a
# second release build of the whole package beside CI's own, for what CI's
# debug `swift test` misses: the commands and the code under test
# optimised, as a timed run has them (the optimiser once put the allocation
# counter's boxes on the stack).
# Guides/Development.md says when to run it.
#
# It leaves .build/release built with -enable-testing: the next `swift run
# -c release` rebuilds the product as a run times it.
#
# Usage: .ci/swift-test-release.sh [swift test options, such as --filter X]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
source Benchmarks/Scripts/swiftpm-retry.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT

swiftpm_retry swift test -c release "$@" 2>&1 | tee "$log"

# Each skips in a release build by its nature, saying so in its trait.
allowed_skips=(
  # A run refuses a debug build unless allowed; a release build has
  # nothing to refuse.
  'aDebugBuildIsRefusedUnlessAllowed()'
  # --layouts refuses a build without function sections, which only a
  # debug build is.
  'layoutsOfABuildWithoutFunctionSectionsAreRefusedClearly()'
)
# A filtered run counts fewer tests than Tests/ declares: only its closing
# line is required then.
count=()
for argument in "$@"; do
  case "$argument" in --filter | --filter=* | --skip | --skip=*) count=(--filtered) ;; esac
done
bash .ci/swift-test-skips.sh ${count[@]+"${count[@]}"} "$log" "${allowed_skips[@]}"
