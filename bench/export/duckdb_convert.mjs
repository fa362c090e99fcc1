// DuckDB's side of the export benchmark: convert the corpus JSONL to one
// zstd Parquet file with COPY. Usage: node duckdb_convert.mjs IN.jsonl OUT.parquet
import { DuckDBInstance } from '@duckdb/node-api';

const [inPath, outPath] = process.argv.slice(2);
if (!inPath || !outPath) {
  console.error('usage: node duckdb_convert.mjs IN.jsonl OUT.parquet');
  process.exit(2);
}
const q = (s) => "'" + s.replaceAll("'", "''") + "'";
const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
await conn.run(
  `COPY (SELECT * FROM read_json(${q(inPath)}, format = 'newline_delimited', maximum_object_size = 268435456))
   TO ${q(outPath)} (FORMAT parquet, COMPRESSION zstd)`,
);
const n = await conn.runAndReadAll(`SELECT count(*) AS n FROM read_parquet(${q(outPath)})`);
console.error(`duckdb wrote ${n.getRowObjectsJson()[0].n} rows to ${outPath}`);
conn.closeSync();
