#!/usr/bin/env bash
# The floor's inner loop beside the enum's synthetic.constant loop at each
# number of kinds, on a release binary (Guides/Method.md, "The floor, on the
# binary"): the floor must do nothing a correct pattern can skip.
# Each loop from its first instruction after the pre-header's nop padding to
# the backward branch that closes it, addresses left out.
#
# Usage: bash Benchmarks/Scripts/floor-loops.sh [BINARY]   (default .build/release/dispatch-bench)
set -euo pipefail
binary=${1:-.build/release/dispatch-bench}
[ -x "$binary" ] || { echo "floor-loops.sh: no executable $binary (swift build -c release)" >&2; exit 2; }

# The innermost loop of a function: the instructions from the target of its
# last backward conditional jump to that jump.
inner_loop() {
  objdump -d --no-show-raw-insn --disassemble="$1" "$binary" | awk '
    /^ *[0-9a-f]+:\t/ {
      split($0, parts, ":\t"); address = parts[1]; gsub(/ /, "", address)
      text[++n] = parts[2]; at[n] = address
      if (parts[2] ~ /^j(ne|b|l|a|g|e) /) { split(parts[2], j, " "); target[n] = j[2] }
    }
    END {
      for (i = n; i > 0; i--) if (target[i] != "" && target[i] < at[i]) { last = i; break }
      for (i = 1; i <= last; i++) if (at[i] == target[last]) first = i
      for (i = first; i <= last; i++) { line = text[i]; sub(/ +[0-9a-f]+ </, " <", line); print "  " line }
    }'
}

symbols=$(nm "$binary")
symbol() { awk -v pattern="$1" '$3 ~ pattern { print $3; exit }' <<< "$symbols"; }

echo "binary: $binary ($(sha256sum "$binary" | cut -c1-12))"
floor=$(symbol '7KernelsO5floor_')
echo "floor (Kernels.floor): $floor"
inner_loop "$floor"
for kinds in 2 4 8 16 32 64; do
  loop=$(symbol "SyntheticEnumSwitch[0-9]Kinds${kinds}O8WorkloadC12constantLoop")
  echo "enum-switch, synthetic.constant, $kinds kinds, app: $loop"
  inner_loop "$loop"
done
