#!/usr/bin/env bash
# Fuzzes the run-CSV reader that compare and report use, with libFuzzer
# (Linux): bash Benchmarks/Fuzz/fuzz.sh [SECONDS]   (default 60)
#
# Compiles the results module (Benchmarks/BenchmarkResults, which depends on
# the toolchain alone) with -sanitize=fuzzer,address, starts from
# a copy of the committed corpus in Benchmarks/Fuzz/Corpus, and writes any
# crashing input to .build/fuzz/. Exits non-zero when it finds one.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds="${1:-60}"
out=.build/fuzz
mkdir -p "$out/corpus"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name RunFileFuzzer \
  Benchmarks/BenchmarkResults/*.swift Benchmarks/Fuzz/RunFileFuzzer.swift \
  -o "$out/run-file-fuzzer" 2> "$out/build.log" \
  || { cat "$out/build.log" >&2; exit 1; }
cp Benchmarks/Fuzz/Corpus/* "$out/corpus/"
"$out/run-file-fuzzer" "$out/corpus" -max_total_time="$seconds" -max_len=16384 \
  -artifact_prefix="$out/" -print_final_stats=1
