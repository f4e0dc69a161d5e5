#!/bin/sh
# Run from anywhere on the machine of results/machine-swings; writes /tmp/pin/.
B=/work/main/.build/release/dispatch-bench
mkdir -p /tmp/pin
for i in 1 2 3 4; do for cpu in 0 1; do
  taskset -c $cpu $B run --operations share.instagram,feed.identifier --sizes 100000 --launches 1 --max-time-per-case 0.3 --output /tmp/pin/cpu$cpu-$i.csv --force --quiet --format csv >/dev/null
done; done
python3 /work/main/Benchmarks/Scripts/machine-speed.py /work/main/results/aa-8-launches-5/a.csv /tmp/pin/cpu0-1.csv /tmp/pin/cpu1-1.csv /tmp/pin/cpu0-2.csv /tmp/pin/cpu1-2.csv /tmp/pin/cpu0-3.csv /tmp/pin/cpu1-3.csv /tmp/pin/cpu0-4.csv /tmp/pin/cpu1-4.csv
