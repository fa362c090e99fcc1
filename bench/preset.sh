#!/usr/bin/env bash
# Preset benchmark: `collabcraft pipeline --preset NAME` (default
# minecollab, the paper-sized suite: 4,400 tasks) from nothing, in a fresh
# directory, with each stage's wall time, CPU time and peak memory as the
# pipeline measures them, and the whole run's as GNU time sees it. Run it
# on a machine with no other load; the load average is printed beside the
# figures because CPU seconds are the stable figure when it is not.
#
# Usage: bench/preset.sh [PRESET] [--set k=v ...]   BENCH_DIR: work directory (out/bench-preset)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$root/out/bench-preset}
preset=${1:-minecollab}
shift || true
if [ ! -x /usr/bin/time ]; then
  echo "bench/preset: GNU time is missing; install it with: apt-get install -y time" >&2
  exit 1
fi
mkdir -p "$work"
(cd "$root" && go build -o "$work/collabcraft" ./cmd/collabcraft)
rm -rf "$work/out"
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
/usr/bin/time -v "$work/collabcraft" pipeline --preset "$preset" --out "$work/out" "$@" > "$work/pipeline.txt" 2> "$work/pipeline.time"
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
echo "preset $preset on $(nproc) cores, load average before: $load_before, after: $load_after"
grep -E '^(pipeline .* done in|stages:|dataset: /)' "$work/pipeline.txt" | sed 's/^stages: /stages:\n  /; s/), /)\n  /g'
# The run's peak is the highest of the stages' and GNU time's: the
# pipeline resets the kernel's high-water mark before each stage, so GNU
# time sees only the peak since the last stage began (the report and the
# closing stats).
stages_peak=$(grep -E '^stages:' "$work/pipeline.txt" | grep -oE '[0-9]+ MiB' | sort -n | tail -1 | cut -d' ' -f1)
awk -F': ' -v sp="${stages_peak:-0}" '/Elapsed \(wall clock\)/ { w = $2 } /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
  END { t = m / 1024; p = (sp > t) ? sp : t
    printf "whole run: %s wall, %.1f CPU-s (user %.1f, system %.1f), peak %.0f MiB RSS (after the last stage began: %.0f MiB)\n", w, u + s, u, s, p, t }' "$work/pipeline.time"
