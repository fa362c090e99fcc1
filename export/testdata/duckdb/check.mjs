// Independent readers for the export tests. Given a dataset directory, it
// prints one JSON document describing what DuckDB sees in every Parquet file
// under data/ and every OpenAI JSONL file (plain, .gz or .zst) under openai/,
// and what Apache Arrow JS sees in every .arrow file under arrow/.
// Usage: node check.mjs DATASET_DIR
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node check.mjs DATASET_DIR');
  process.exit(2);
}

const out = { parquet: [], arrow: [], jsonl: [] };

const dataDir = join(dir, 'data');
if (existsSync(dataDir)) {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run('SET threads = 1'); // keep file order for row-by-row comparison
  for (const name of readdirSync(dataDir).filter((f) => f.endsWith('.parquet')).sort()) {
    const path = join(dataDir, name).replaceAll("'", "''");
    const types = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${path}')`)).getRowObjectsJson();
    const count = (await conn.runAndReadAll(`SELECT count(*) AS n FROM read_parquet('${path}')`)).getRowObjectsJson();
    const rows = (await conn.runAndReadAll(`SELECT to_json(t)::VARCHAR AS j FROM read_parquet('${path}') t`)).getRowObjectsJson();
    out.parquet.push({
      file: 'data/' + name,
      count: Number(count[0].n),
      columns: Object.fromEntries(types.map((t) => [t.column_name, t.column_type])),
      rows: rows.map((r) => JSON.parse(r.j)),
    });
  }
  conn.closeSync();
}

const openaiDir = join(dir, 'openai');
if (existsSync(openaiDir)) {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run('SET threads = 1');
  for (const name of readdirSync(openaiDir).filter((f) => /\.jsonl(\.gz|\.zst)?$/.test(f)).sort()) {
    const path = join(openaiDir, name).replaceAll("'", "''");
    // DuckDB decompresses by the file's extension (compression 'auto').
    const rows = (await conn.runAndReadAll(
      `SELECT to_json(t)::VARCHAR AS j FROM read_json('${path}', format = 'newline_delimited') t`)).getRowObjectsJson();
    out.jsonl.push({ file: 'openai/' + name, count: rows.length, rows: rows.map((r) => JSON.parse(r.j)) });
  }
  conn.closeSync();
}

const arrowDir = join(dir, 'arrow');
if (existsSync(arrowDir)) {
  for (const split of readdirSync(arrowDir).sort()) {
    const sdir = join(arrowDir, split);
    if (!existsSync(join(sdir, 'state.json'))) continue;
    for (const name of readdirSync(sdir).filter((f) => f.endsWith('.arrow')).sort()) {
      // tableFromIPC reads the IPC stream format that datasets writes.
      const table = tableFromIPC(readFileSync(join(sdir, name)));
      const rows = [];
      for (const row of table) {
        const o = row.toJSON();
        for (const k of Object.keys(o)) {
          const v = o[k];
          if (typeof v === 'bigint') o[k] = Number(v);
          else if (v && typeof v.toArray === 'function') o[k] = v.toArray().map((m) => m.toJSON());
        }
        rows.push(o);
      }
      out.arrow.push({
        file: `arrow/${split}/${name}`,
        count: table.numRows,
        columns: Object.fromEntries(table.schema.fields.map((f) => [f.name, String(f.type)])),
        metadata: Object.fromEntries(table.schema.metadata),
        rows,
      });
    }
  }
}

process.stdout.write(JSON.stringify(out));
