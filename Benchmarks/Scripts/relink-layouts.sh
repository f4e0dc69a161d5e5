#!/usr/bin/env bash
# Relinks the release build's objects in K function orders, as `run
# --layouts K` does (BinaryInspection's Relink.swift; Guides/Method.md,
# "Relinking in other function orders"): for seeds 1..K (or N..N+K-1 with
# --first-seed N), DIR/layout-SEED/<name>
# is SwiftPM's own link command from .build/release.yaml with its output
# replaced, -use-ld=lld (when missing), the build directory as a run path and
# `-Xlinker --shuffle-sections=.text.*=N`. The build relinks itself
# (`dispatch-bench _relink`), so the manifest is read, and the build checked,
# by the same code and with the same refusals as `run --layouts`. For CI,
# which checks the layouts with layouts-check.py without a command-line flag
# of its own.
#
# Usage: relink-layouts.sh [--dry-run] [--executable PATH] [--first-seed N] K DIR
#   --executable  the build to relink (default .build/release/dispatch-bench)
#   --first-seed  seeds N..N+K-1 instead of 1..K, as run --first-layout-seed
#   --dry-run     check, and print each link command as a JSON array, one a
#                 line, without linking (RelinkTests compares them with Relink's)
# Prints each layout's path and how long its link took. Exits non-zero with
# the reason when the build cannot be relinked or a link fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
executable="$root/.build/release/dispatch-bench"
arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    --executable)
      [ $# -gt 1 ] || { echo "relink-layouts.sh: --executable needs a PATH" >&2; exit 64; }
      executable=$2
      shift 2
      ;;
    *)
      arguments+=("$1")
      shift
      ;;
  esac
done
[ -x "$executable" ] || {
  echo "relink-layouts.sh: no executable at $executable: build with \`swift build -c release\` first" >&2
  exit 1
}
exec "$executable" _relink --executable "$executable" "${arguments[@]}"
