#!/usr/bin/env bash
# Audit benchmark: `collabcraft audit` over a run of N examples (default
# 100000) written by the export benchmark's generator (MINDcraft-like
# trials, ~9.4 KB of message text an example), against only reading the
# run. Reports wall time, CPU time and peak RSS (GNU time -v), and the
# load average (wall time means little on a busy machine). Given a directory
# (a run, view or dataset, e.g. the minecollab preset's, whose long
# responses and programs the generator does not imitate), it audits that.
#
# Usage: bench/audit.sh [N|DIR]  BENCH_DIR: work directory (out/bench-audit)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$root/out/bench-audit}
n=${1:-100000}
if [ ! -x /usr/bin/time ]; then
  echo "bench/audit: GNU time is missing; install it with: apt-get install -y time" >&2
  exit 1
fi
mkdir -p "$work"
(cd "$root" && go build -o "$work/exportbench" ./bench/export && go build -o "$work/collabcraft" ./cmd/collabcraft)
if [ -d "$n" ]; then
  /usr/bin/time -v "$work/collabcraft" audit "$n" 2> "$work/audit.time" > "$work/audit.txt"
  awk -F': ' '/Elapsed \(wall clock\)/ { w = $2 } /Maximum resident/ { printf "audit %s: %s wall, %.0f MiB peak RSS\n", FILENAME, w, $2 / 1024 }' "$work/audit.time" | sed "s|$work/audit.time|$n|"
  exit 0
fi
run="$work/run-$n"
[ -d "$run" ] || "$work/exportbench" run -n "$n" -o "$run"
report() { awk -F': ' '/User time|System time/ { c += $2 } /Elapsed \(wall clock\)/ { w = $2 } /Maximum resident/ { m = $2 } END { printf "%s wall, %.1f CPU-s, %.0f MiB peak RSS\n", w, c, m / 1024 }' "$1"; }
/usr/bin/time -v "$work/exportbench" read -in "$run" 2> "$work/read.time" >/dev/null
/usr/bin/time -v "$work/collabcraft" audit "$run" 2> "$work/audit.time" > "$work/audit.txt"
echo "read $n examples:  $(report "$work/read.time")"
echo "audit $n examples: $(report "$work/audit.time")"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
