#!/usr/bin/env bash
# Export benchmark: collabcraft's Parquet writer (package export, driven by
# exportbench until `collabcraft export` exists) against DuckDB converting the
# same examples from JSONL to Parquet with
#   COPY (SELECT * FROM read_json(...)) TO ... (FORMAT parquet, COMPRESSION zstd)
# Both read the same realistic MINDcraft-like corpus (about 10.7 KB an example)
# from a warm page cache. Reports wall time, the time ratio and peak RSS.
#
# Usage: bench/export/run.sh [N ...]      default: 100000 1000000
# REPEAT runs of each side (default 3), interleaved; the fastest of each is
# reported with its CPU seconds, and the peak RSS over all runs.
# Needs: go, node/npm, GNU time (Debian package `time`). BENCH_DIR sets the
# work directory (default out/bench-export; 1M examples take about 12 GB).
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
(cd "$root" && go build -o "$work/exportbench" ./bench/export)

# seconds and peak RSS (MiB) from a `time -v` report
secs() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"; }
cpu() { awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$1"; }
maxrss() { awk -F': ' '/Maximum resident set size/ { if ($2 > m) m = $2 } END { printf "%.0f", m / 1024 }' "$@"; }

printf '| examples | corpus | collabcraft best wall s (cpu s) | collabcraft peak MiB | duckdb best wall s (cpu s) | duckdb peak MiB | wall ratio ours/duckdb | parquet MB ours / duckdb |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for n in "${sizes[@]}"; do
  corpus=$work/corpus-$n.jsonl
  [ -s "$corpus" ] || "$work/exportbench" gen -n "$n" -o "$corpus"
  best_g="" best_d=""
  for r in $(seq "$repeat"); do
    # Alternate the two, each from the same warm page cache, and keep each
    # side's fastest run: on a shared machine the minimum is the least noisy.
    rm -rf "$work/ds-$n" "$work/duck-$n.parquet"
    cat "$corpus" >/dev/null
    /usr/bin/time -v "$work/exportbench" export -in "$corpus" -out "$work/ds-$n" 2>"$work/go-$n.$r.time" ||
      { cat "$work/go-$n.$r.time" >&2; exit 1; }
    cat "$corpus" >/dev/null
    /usr/bin/time -v node "$here/duckdb_convert.mjs" "$corpus" "$work/duck-$n.parquet" 2>"$work/duck-$n.$r.time" ||
      { cat "$work/duck-$n.$r.time" >&2; exit 1; }
    if [ -z "$best_g" ] || awk -v a="$(secs "$work/go-$n.$r.time")" -v b="$(secs "$best_g")" 'BEGIN { exit !(a < b) }'; then best_g=$work/go-$n.$r.time; fi
    if [ -z "$best_d" ] || awk -v a="$(secs "$work/duck-$n.$r.time")" -v b="$(secs "$best_d")" 'BEGIN { exit !(a < b) }'; then best_d=$work/duck-$n.$r.time; fi
  done
  gs=$(secs "$best_g"); ds=$(secs "$best_d")
  ours=$(du -sm "$work/ds-$n/data" | cut -f1); theirs=$(du -sm "$work/duck-$n.parquet" | cut -f1)
  printf '| %d | %s | %.1f (%.1f) | %s | %.1f (%.1f) | %s | %.2f | %s / %s |\n' "$n" "$(du -sh "$corpus" | cut -f1)" \
    "$gs" "$(cpu "$best_g")" "$(maxrss "$work/go-$n".*.time)" "$ds" "$(cpu "$best_d")" "$(maxrss "$work/duck-$n".*.time)" \
    "$(awk -v a="$gs" -v b="$ds" 'BEGIN { print a / b }')" "$ours" "$theirs"
done
