#!/usr/bin/env bash
# Export benchmark: `collabcraft export --format parquet --keep-all` reading a
# run against DuckDB converting the same examples from JSONL to Parquet with
#   COPY (SELECT * FROM read_json(...)) TO ... (FORMAT parquet, COMPRESSION zstd)
#
# The run is written by the trajectory writer (exportbench run): MINDcraft-like
# trials with the paper's conversing prompt, the real command docs and few-shot
# examples (~9.5 KB system prompt, mostly static), a 15-turn window folded into
# memory by saving_memory calls; about 9.4 KB of message text an example. The
# JSONL holds the same examples (messages plus the metadata columns), made
# from the run by exportbench jsonl. Both sides read from a warm page cache.
# Reports wall time, CPU time, the time ratio and peak RSS (GNU time -v), and
# the time of only reading the run the way export does (exportbench read): no
# export can be faster than that, so it shows how much is left to the writers.
# Export runs with --audit=false: DuckDB writes no dataset card, and the audit
# that export writes into the card is measured on its own by bench/audit.sh.
#
# Usage: bench/export/run.sh [N ...]      default: 100000 1000000
# REPEAT runs of each side (default 3), interleaved; the fastest of each is
# reported with its CPU seconds, and the peak RSS over all runs.
# Needs: go, node/npm, GNU time (Debian package `time`). BENCH_DIR sets the
# work directory (default out/bench-export; 1M examples take about 10 GB).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${BENCH_DIR:-$root/out/bench-export}
sizes=("$@")
repeat=${REPEAT:-3}
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)

if [ ! -x /usr/bin/time ]; then
  echo "bench/export: GNU time is missing; install it with: apt-get install -y time" >&2
  exit 1
fi
mkdir -p "$work"
(cd "$here" && npm ci --no-audit --no-fund >/dev/null)
(cd "$root" && go build -o "$work/exportbench" ./bench/export && go build -o "$work/collabcraft" ./cmd/collabcraft)

# seconds and peak RSS (MiB) from a `time -v` report
secs() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"; }
cpu() { awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$1"; }
maxrss() { awk -F': ' '/Maximum resident set size/ { if ($2 > m) m = $2 } END { printf "%.0f", m / 1024 }' "$@"; }
faster() { awk -v a="$(secs "$1")" -v b="$(secs "$2")" 'BEGIN { exit !(a < b) }'; }

printf '| examples | run / JSONL | collabcraft best wall s (cpu s) | collabcraft peak MiB | duckdb best wall s (cpu s) | duckdb peak MiB | wall ratio ours/duckdb | parquet MB ours / duckdb | reading the run alone, best wall s (cpu s) |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for n in "${sizes[@]}"; do
  run=$work/run-$n corpus=$work/corpus-$n.jsonl
  if [ ! -s "$run/run.json" ]; then
    rm -rf "$run"
    "$work/exportbench" run -n "$n" -o "$run"
  fi
  [ -s "$corpus" ] || "$work/exportbench" jsonl -in "$run" -o "$corpus"
  best_g="" best_d="" best_r=""
  for r in $(seq "$repeat"); do
    # Alternate the two, each from a warm page cache, and keep each side's
    # fastest run: on a shared machine the minimum is the least noisy.
    rm -rf "$work/ds-$n" "$work/duck-$n.parquet"
    cat "$run"/trials/* >/dev/null
    /usr/bin/time -v "$work/collabcraft" export --in "$run" --out "$work/ds-$n" --format parquet --keep-all --quiet --audit=false \
      2>"$work/go-$n.$r.time" || { cat "$work/go-$n.$r.time" >&2; exit 1; }
    cat "$corpus" >/dev/null
    /usr/bin/time -v node "$here/duckdb_convert.mjs" "$corpus" "$work/duck-$n.parquet" 2>"$work/duck-$n.$r.time" ||
      { cat "$work/duck-$n.$r.time" >&2; exit 1; }
    cat "$run"/trials/* >/dev/null
    /usr/bin/time -v "$work/exportbench" read -in "$run" 2>"$work/read-$n.$r.time" || { cat "$work/read-$n.$r.time" >&2; exit 1; }
    if [ -z "$best_r" ] || faster "$work/read-$n.$r.time" "$best_r"; then best_r=$work/read-$n.$r.time; fi
    if [ -z "$best_g" ] || faster "$work/go-$n.$r.time" "$best_g"; then best_g=$work/go-$n.$r.time; fi
    if [ -z "$best_d" ] || faster "$work/duck-$n.$r.time" "$best_d"; then best_d=$work/duck-$n.$r.time; fi
  done
  # Same examples on both sides: our row count (manifest) against DuckDB's.
  rows=$(grep -o '"rows": *[0-9]*' "$work/ds-$n/manifest.json" | awk -F: '{ s += $2 } END { print s }')
  drows=$(grep -o 'wrote [0-9]* rows' "$best_d" | awk '{ print $2 }')
  [ "$rows" = "$n" ] && [ "$drows" = "$n" ] || { echo "bench/export: rows differ: ours $rows, duckdb $drows, want $n" >&2; exit 1; }
  gs=$(secs "$best_g") ds=$(secs "$best_d")
  ours=$(du -sm "$work/ds-$n/data" | cut -f1) theirs=$(du -sm "$work/duck-$n.parquet" | cut -f1)
  printf '| %d | %s / %s | %.1f (%.1f) | %s | %.1f (%.1f) | %s | %.2f | %s / %s | %.1f (%.1f) |\n' "$n" \
    "$(du -sh "$run" | cut -f1)" "$(du -sh "$corpus" | cut -f1)" \
    "$gs" "$(cpu "$best_g")" "$(maxrss "$work/go-$n".*.time)" "$ds" "$(cpu "$best_d")" "$(maxrss "$work/duck-$n".*.time)" \
    "$(awk -v a="$gs" -v b="$ds" 'BEGIN { print a / b }')" "$ours" "$theirs" "$(secs "$best_r")" "$(cpu "$best_r")"
done
