#!/usr/bin/env bash
# Which patterns Embedded Swift allows: compiles each strategy module's
# sources (Loops.swift aside, which is app mode's) under Embedded Swift for
# this machine's target, against the model and its JSON parser compiled the
# same way, and writes what each did into a table: compiles, compiles with
# warnings (which), or fails (the first error, and how many). Each variant in
# Benchmarks/Scripts/embedded-variants/ (a patch to one module, which
# Guides/Embedded.md explains) is compiled the same way, as its own row.
#
#   bash Benchmarks/Scripts/embedded-check.sh           # write the table
#   bash Benchmarks/Scripts/embedded-check.sh --check   # exit 1 if a verdict changed
#   bash Benchmarks/Scripts/embedded-check.sh --time    # time the ones that compile
#
# --check compares what the table decides, not its text
# (embedded-verdicts.py): each pattern's verdict and, where it fails, the
# kind of its first error. Another toolchain string, a moved line or another
# error count is printed as a note; a changed verdict or kind fails. Both
# modes then check Guides/Embedded.md's table against the committed one.
# --time writes no table: it compiles each pattern that compiles (variants
# included) again with -O, links it with the model and
# Benchmarks/Scripts/EmbeddedTiming/main.swift into an Embedded executable,
# and runs them one after another, printing `pattern,operation,ns` lines
# (Guides/Embedded.md, "Linking and running"). On a quiet machine only.
#
# The table is results/reference/embedded/embedded.md, headed by the
# toolchain's version and target: another toolchain writes another table.
# Every compile is `swiftc -enable-experimental-feature Embedded -wmo
# -Onone`, two at a time: 18 s of CPU in all. -Onone, because Embedded's
# restrictions are checked before optimisation: -O wrote the same table at
# 48 s of CPU (Swift 6.3.1, the nine patterns before tagged-visitor).
# Exit statuses: 0 written or up to date, 1 a verdict changed or the guide
# disagrees, 64 bad usage, 70 the model itself does not compile under
# Embedded Swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

usage="usage: bash Benchmarks/Scripts/embedded-check.sh [--check | --time]"
check=false
time_them=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  --time) time_them=true ;;
  -h|--help) echo "$usage"; exit 0 ;;
  *) echo "error: unknown argument $1" >&2; echo "$usage" >&2; exit 64 ;;
esac

table=results/reference/embedded/embedded.md
variants=Benchmarks/Scripts/embedded-variants
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
flags=(-enable-experimental-feature Embedded -wmo -Onone -parse-as-library -diagnostic-style llvm)

# The strategies, from the one list of them in Package.swift.
modules=$(sed -n '/^let strategyModules = \[/,/^\]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')

# The model and its JSON parser, as modules the strategies import. The model
# is compiled with its patch, embedded-variants/model/DispatchModel.patch:
# its four key paths written as closures, and no file reading, for Embedded
# Swift has neither key paths nor a C library overlay to read files with.
mkdir -p "$scratch/model/DispatchModel"
cp Sources/DispatchModel/*.swift "$scratch/model/DispatchModel/"
if ! patch --quiet -d "$scratch/model/DispatchModel" -p3 <"$variants/model/DispatchModel.patch" \
  >"$scratch/model-patch.log" 2>&1; then
  echo "embedded-check: $variants/model/DispatchModel.patch no longer applies to Sources/DispatchModel:" >&2
  cat "$scratch/model-patch.log" >&2
  exit 1
fi
for module in JSON DispatchModel; do
  directory=Sources/$module
  [ "$module" = JSON ] || directory=$scratch/model/$module
  if ! swiftc "${flags[@]}" -module-name "$module" -I "$scratch" \
    -emit-module-path "$scratch/$module.swiftmodule" "$directory"/*.swift \
    -c -o "$scratch/$module.o" >"$scratch/$module.log" 2>&1; then
    echo "embedded-check: the model does not compile under Embedded Swift ($module):" >&2
    grep ' error: ' "$scratch/$module.log" | head -5 >&2
    exit 70
  fi
done

# compile NAME MODULE DIRECTORY: MODULE's sources in DIRECTORY under
# Embedded Swift; the diagnostics go to $scratch/NAME.log, the exit status to
# $scratch/NAME.status.
compile() {
  local name=$1 module=$2 directory=$3 sources=()
  for file in "$directory"/*.swift; do
    [ "$(basename "$file")" = Loops.swift ] || sources+=("$file")
  done
  local status=0
  swiftc "${flags[@]}" -module-name "$module" -I "$scratch" "${sources[@]}" \
    -c -o "$scratch/$name.o" >"$scratch/$name.log" 2>&1 || status=$?
  echo "$status" >"$scratch/$name.status"
}

# The variants: a copy of the module with the patch applied.
variant_names=()
for patch in "$variants"/*.patch; do
  [ -e "$patch" ] || continue
  module=$(basename "$patch" .patch)
  mkdir -p "$scratch/variants/$module"
  cp Sources/"$module"/*.swift "$scratch/variants/$module/"
  if ! patch --quiet -d "$scratch/variants/$module" -p3 <"$patch" >"$scratch/$module-patch.log" 2>&1; then
    echo "embedded-check: $patch no longer applies to Sources/$module:" >&2
    cat "$scratch/$module-patch.log" >&2
    exit 1
  fi
  variant_names+=("$module")
done

running=0
for module in $modules; do
  compile "$module" "$module" "Sources/$module" &
  running=$((running + 1))
  if [ "$running" -ge 2 ]; then wait -n; running=$((running - 1)); fi
done
for module in ${variant_names[@]+"${variant_names[@]}"}; do
  compile "$module-variant" "$module" "$scratch/variants/$module" &
  running=$((running + 1))
  if [ "$running" -ge 2 ]; then wait -n; running=$((running - 1)); fi
done
wait

# A diagnostic without its column, the path from Sources/ on (a variant's
# copy is named after its module's sources).
diagnostic() {
  sed -e "s|^$scratch/variants/|Sources/|" -e 's|^\([^:]*:[0-9]*\):[0-9]*: [a-z]*: |\1: |' -e 's| \[#[A-Za-z]*\]$||'
}

# result NAME: the row's verdict and detail, from the module's log.
result() {
  local log="$scratch/$1.log" status
  status=$(cat "$scratch/$1.status")
  local errors warnings
  errors=$(grep -c ': error: ' "$log" || true)
  if [ "$status" != 0 ] || [ "$errors" -gt 0 ]; then
    local first
    first=$(grep -m1 ': error: ' "$log" | diagnostic || true)
    [ -n "$first" ] || first="swiftc exited with $status: $(head -1 "$log")"
    printf 'fails | %s (%s error%s in all)' "$first" "$errors" "$([ "$errors" = 1 ] || echo s)"
    return
  fi
  warnings=$(grep ': warning: ' "$log" | sed 's|^[^ ]* warning: ||' | sort -u || true)
  if [ -n "$warnings" ]; then
    printf 'compiles with warnings | %s' \
      "$(printf '%s\n' "$warnings" | sed 's| \[#[A-Za-z]*\]$||' | paste -sd ';' | sed 's|;|; |g')"
  else
    printf 'compiles | —'
  fi
}

kebab() { sed -e 's/\([a-z]\)\([A-Z]\)/\1-\2/g' | tr '[:upper:]' '[:lower:]'; }

{
  echo "# Embedded Swift, pattern by pattern"
  echo
  echo "Written by \`bash Benchmarks/Scripts/embedded-check.sh\`; CI runs it with"
  echo "\`--check\`. Each strategy module's sources (Loops.swift aside), compiled"
  echo "against the model with \`swiftc -enable-experimental-feature Embedded -wmo -Onone\`;"
  echo "a variant is the module with its patch in \`Benchmarks/Scripts/embedded-variants/\`"
  echo "applied ([Guides/Embedded.md](../../../Guides/Embedded.md))."
  echo
  echo "Toolchain: $(swiftc --version 2>&1 | grep -m1 'Swift version'); $(swiftc --version 2>&1 | grep -m1 '^Target:')"
  echo
  echo "| pattern | result | first error, or the warnings |"
  echo "|---|---|---|"
  for module in $modules; do
    echo "| $(echo "$module" | kebab) | $(result "$module") |"
  done
  for module in ${variant_names[@]+"${variant_names[@]}"}; do
    echo "| $(echo "$module" | kebab), variant ([\`$module.patch\`](../../../$variants/$module.patch))" \
      "| $(result "$module-variant") |"
  done
} >"$scratch/embedded.md"

# compiled NAME: whether NAME's compile succeeded with no error.
compiled() {
  [ "$(cat "$scratch/$1.status")" = 0 ] && ! grep -q ': error: ' "$scratch/$1.log"
}

# build_timed LABEL MODULE DIRECTORY: DIRECTORY's sources as MODULE, with -O,
# linked with the model and the timing driver into $scratch/timing/LABEL/run.
build_timed() {
  local label=$1 module=$2 directory=$3 sources=() out=$scratch/timing/$1
  mkdir -p "$out"
  for file in "$directory"/*.swift; do
    [ "$(basename "$file")" = Loops.swift ] || sources+=("$file")
  done
  swiftc "${timed_flags[@]}" -module-name "$module" -I "$scratch/timing" -I "$out" \
    -emit-module-path "$out/$module.swiftmodule" "${sources[@]}" -c -o "$out/$module.o"
  printf 'import %s\n\n@main struct Main {\n  static func main() { time(%sStrategy.self) }\n}\n' \
    "$module" "$module" >"$out/Main.swift"
  swiftc "${timed_flags[@]}" -enable-experimental-feature Extern -module-name EmbeddedTiming \
    -I "$scratch/timing" -I "$out" Benchmarks/Scripts/EmbeddedTiming/main.swift "$out/Main.swift" \
    -c -o "$out/driver.o"
  # The Unicode tables (String's grapheme breaking) and libm (round, ceil)
  # are what the standard library leaves to the link under Embedded Swift.
  swiftc -enable-experimental-feature Embedded "$out/driver.o" "$out/$module.o" \
    "$scratch/timing/DispatchModel.o" "$scratch/timing/JSON.o" \
    -L "$embedded_library" -lswiftUnicodeDataTables -lm -o "$out/run"
}

if $time_them; then
  timed_flags=(-enable-experimental-feature Embedded -wmo -O -parse-as-library)
  triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)
  embedded_library=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/embedded/$triple
  mkdir -p "$scratch/timing"
  for module in JSON DispatchModel; do
    directory=Sources/$module
    [ "$module" = JSON ] || directory=$scratch/model/$module
    swiftc "${timed_flags[@]}" -module-name "$module" -I "$scratch/timing" \
      -emit-module-path "$scratch/timing/$module.swiftmodule" "$directory"/*.swift -c -o "$scratch/timing/$module.o"
  done
  labels=()
  for module in $modules; do
    compiled "$module" || continue
    build_timed "$module" "$module" "Sources/$module"
    labels+=("$module")
  done
  for module in ${variant_names[@]+"${variant_names[@]}"}; do
    compiled "$module-variant" || continue
    build_timed "$module-variant" "$module" "$scratch/variants/$module"
    labels+=("$module-variant")
  done
  echo "pattern,operation,median_ns_per_element"
  for label in "${labels[@]}"; do
    case "$label" in
      *-variant) "$scratch/timing/$label/run" | sed 's/^\([^,]*\),/\1 (variant),/' ;;
      *) "$scratch/timing/$label/run" ;;
    esac
  done
  exit 0
fi

verdicts=Benchmarks/Scripts/embedded-verdicts.py
if $check; then
  status=0
  python3 "$verdicts" compare "$table" "$scratch/embedded.md" || status=1
  python3 "$verdicts" guide Guides/Embedded.md "$table" || status=1
  exit "$status"
fi
mkdir -p "$(dirname "$table")"
cp "$scratch/embedded.md" "$table"
echo "embedded-check: wrote $table"
# The guide's table adds why to these verdicts: it must say the same.
python3 "$verdicts" guide Guides/Embedded.md "$table"
