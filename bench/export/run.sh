#!/usr/bin/env bash
# Export benchmark: collabcraft's Parquet writer (package export, driven by
# exportbench until `collabcraft export` exists) against DuckDB converting the
# same examples from JSONL to Parquet with
#   COPY (SELECT * FROM read_json(...)) TO ... (FORMAT parquet, COMPRESSION zstd)
# Both read the same realistic MINDcraft-like corpus (about 10.7 KB an example)
# from a warm page cache. Reports wall time, the time ratio and peak RSS.
#
# Usage: bench/export/run.sh [N ...]      default: 100000 1000000
# Needs: go, node/npm, GNU time (Debian package `time`). BENCH_DIR sets the
# work directory (default out/bench-export; 1M examples take about 12 GB).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${BENCH_DIR:-$root/out/bench-export}
sizes=("$@")
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
rss() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }

printf '| examples | corpus | collabcraft wall s (cpu s) | collabcraft peak MiB | duckdb wall s (cpu s) | duckdb peak MiB | wall ratio ours/duckdb | parquet MB ours / duckdb |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for n in "${sizes[@]}"; do
  corpus=$work/corpus-$n.jsonl
  [ -s "$corpus" ] || "$work/exportbench" gen -n "$n" -o "$corpus"
  rm -rf "$work/ds-$n" "$work/duck-$n.parquet"

  cat "$corpus" >/dev/null # same warm cache for both
  /usr/bin/time -v "$work/exportbench" export -in "$corpus" -out "$work/ds-$n" 2>"$work/go-$n.time" ||
    { cat "$work/go-$n.time" >&2; exit 1; }
  cat "$corpus" >/dev/null
  /usr/bin/time -v node "$here/duckdb_convert.mjs" "$corpus" "$work/duck-$n.parquet" 2>"$work/duck-$n.time" ||
    { cat "$work/duck-$n.time" >&2; exit 1; }

  gs=$(secs "$work/go-$n.time"); ds=$(secs "$work/duck-$n.time")
  ours=$(du -sm "$work/ds-$n/data" | cut -f1); theirs=$(du -sm "$work/duck-$n.parquet" | cut -f1)
  printf '| %d | %s | %.1f (%.1f) | %s | %.1f (%.1f) | %s | %.2f | %s / %s |\n' "$n" "$(du -sh "$corpus" | cut -f1)" \
    "$gs" "$(cpu "$work/go-$n.time")" "$(rss "$work/go-$n.time")" "$ds" "$(cpu "$work/duck-$n.time")" "$(rss "$work/duck-$n.time")" \
    "$(awk -v a="$gs" -v b="$ds" 'BEGIN { print a / b }')" "$ours" "$theirs"
done
