#!/usr/bin/env bash
# Checks the last screen of a default run (`swift run -c release
# dispatch-bench`, as the README's first command) from its standard output
# (FILE): what RunAnswer prints after the tables, from its first line
# ("This run's answer. …") to the end; and the width of the tables above it.
# .ci/run runs it on a run made with COLUMNS=80.
#
# Each check is named when it fails:
#   answer     "This run's answer. …" and at least one situation under it
#              ("- situation: pick", an item at the left margin; not "This
#              run gives no decision table", not "(no answer from …)")
#   precision  "Precision: N of M claims settled", and no "(this run has no
#              rows for K more)": a default run reads every claim (a --quick
#              run prints "no interval over launches" instead); when N = M,
#              ", the last after S s" too: the run knows when they settled
#   placement  "… lies inside the committed machines' range on N of M
#              claims", whatever follows it ("and outside it on K", "; K it
#              cannot tell", "; K not measured on both")
#   rows       "Rows: PATH." naming the CSV the run wrote, which exists
#              (PATH as the run printed it: run this where the run ran)
#   width      no line of the last screen wider than WIDTH columns
#              (characters, not bytes: ×, – and · are one column each)
#   tables     no line above it wider than WIDTH columns either: the run's
#              tables, fitted into panels (SwiftPM's build lines go to
#              standard error, so FILE is the program's alone)
# The sentences wrap, so each is matched in the screen's lines joined.
#
# Usage: last-screen-check.sh [--width N] FILE   (N: 80 unless given)
# Exits 0 when every check passes, 1 naming each that failed, 64 on a usage
# error or a FILE it cannot read.
set -euo pipefail
export LC_ALL=C.UTF-8
usage="usage: last-screen-check.sh [--width N] FILE"
width=80
if [ "${1:-}" = --width ]; then
  [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "last-screen-check: --width wants a whole number of columns" >&2; echo "$usage" >&2; exit 64; }
  width=$2
  shift 2
fi
[ $# -eq 1 ] || { echo "$usage" >&2; exit 64; }
file=$1
[ -r "$file" ] || { echo "last-screen-check: cannot read $file" >&2; exit 64; }

failed=()
fail() {
  echo "last-screen-check: FAILED $1: $2" >&2
  failed+=("$1")
}
pass() { echo "last-screen-check: ok $1: $2"; }

# The last screen: from the closing's first line to the end of the output.
mapfile -t lines <"$file"
start=-1
for i in "${!lines[@]}"; do
  case "${lines[$i]}" in
    "This run's answer. "* | "This run gives no decision table"* | "(no answer from "*) start=$i; break ;;
  esac
done
if [ "$start" -lt 0 ]; then
  fail answer "no closing in $file (no line beginning \"This run's answer.\"): the run printed no answer"
  echo "last-screen-check: ${#failed[@]} check(s) failed: ${failed[*]}" >&2
  exit 1
fi
screen=("${lines[@]:$start}")
joined=$(printf '%s ' "${screen[@]}" | tr -s ' ')

# answer
if [[ "${screen[0]}" != "This run's answer. "* ]]; then
  fail answer "the closing begins \"${screen[0]}\", not with this run's answer"
elif ! printf '%s\n' "${screen[@]}" | grep -qE '^- [^ ]'; then
  fail answer "\"${screen[0]}\" has no \"- situation: pick\" item under it"
else
  pass answer "${screen[0]} … ($(printf '%s\n' "${screen[@]}" | grep -cE '^- [^ ]') situations)"
fi

# precision
precision=$(grep -oE 'Precision: [0-9]+ of [0-9]+ claims? settled(, the last after [0-9]+ s( of a [0-9]+ s run)?)?' <<<"$joined" || true)
missing=$(grep -oE 'this run has no rows for [0-9]+ more' <<<"$joined" || true)
every=$(sed -E 's/^Precision: ([0-9]+) of \1 claims? settled.*/every/' <<<"$precision")
if [ -n "$precision" ] && [ -n "$missing" ]; then
  fail precision "$precision, but $missing claims: a default run has rows for every claim"
elif [ "$every" = every ] && [[ "$precision" != *", the last after "* ]]; then
  fail precision "$precision, but not when the last settled (\", the last after S s\")"
elif [ -n "$precision" ]; then
  pass precision "$precision"
elif grep -q 'Precision: ' <<<"$joined"; then
  fail precision "the precision sentence counts no settled claims: $(grep -oE 'Precision: .{0,100}' <<<"$joined")"
else
  fail precision "no \"Precision: N of M claims settled\" sentence"
fi

# placement
placement=$(grep -oE "lies inside the committed machines' range on [0-9]+ of [0-9]+ claims?[^.]*" <<<"$joined" || true)
if [ -n "$placement" ]; then
  pass placement "$placement"
else
  fail placement "no \"lies inside the committed machines' range on N of M claims\" sentence"
fi

# rows
rows=$(grep -oE 'Rows: [^ ]+\.csv\.' <<<"$joined" | sed -E 's/^Rows: (.*)\.$/\1/' || true)
if [ -z "$rows" ]; then
  fail rows "no \"Rows: PATH.\" line naming the CSV the run wrote"
elif [ ! -s "$rows" ]; then
  fail rows "the closing names $rows, which is not there (or empty), from $(pwd)"
else
  pass rows "$rows"
fi

# width
# wider FIRST END: the lines FIRST to END-1 (from 0) wider than $width.
wider() {
  wide=()
  local i
  for ((i = $1; i < $2; i++)); do
    if [ "${#lines[$i]}" -gt "$width" ]; then
      wide+=("  line $((i + 1)) of $file, ${#lines[$i]} columns: ${lines[$i]}")
    fi
  done
}
wider "$start" "${#lines[@]}"
if [ "${#wide[@]}" -gt 0 ]; then
  fail width "${#wide[@]} line(s) of the last screen are wider than $width columns; the first:"
  printf '%s\n' "${wide[@]:0:3}" >&2
else
  pass width "${#screen[@]} lines, none wider than $width columns"
fi
wider 0 "$start"
if [ "${#wide[@]}" -gt 0 ]; then
  fail tables "${#wide[@]} line(s) above the last screen are wider than $width columns; the first:"
  printf '%s\n' "${wide[@]:0:3}" >&2
else
  pass tables "$start lines above it, none wider than $width columns"
fi

if [ "${#failed[@]}" -gt 0 ]; then
  echo "last-screen-check: ${#failed[@]} check(s) failed: ${failed[*]}" >&2
  exit 1
fi
