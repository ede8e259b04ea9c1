/**
 * The transparency log at scale (docs/LOG.md): a log of N entries built with the log's own code
 * (src/shared/log/tlog.ts, what the sequencer runs per entry), its stored hashes loaded into a
 * PostgreSQL table shaped as log_hashes (migration 0028), then what a checkpoint and the proofs
 * cost at size N read from there: hash reads, bytes and milliseconds. Tile counts are what
 * C2SP tlog-tiles serves at N.
 *
 *   npx tsx bench/log-scale.ts [N]      # default 1,000,000; PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *
 * The stored hashes are kept in one buffer (32 bytes each: N = 10,000,000 is ≈ 20 M hashes, 640 MB)
 * and loaded into PostgreSQL (≈ 1.9 GB of table and index at 10 M): a 10 M run takes some twenty
 * minutes of one core. The root is computed twice: from the stored hashes (what the sequencer signs)
 * and from the hash tiles (C2SP tlog-tiles: what a mirror computes, each tile one range of rows).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../src/server/db/client.ts';
import { dbHashReader } from '../src/server/modules/log/store.ts';
import { TILE_WIDTH, tileHashIndexes, tileHashReader } from '../src/shared/log/tiles.ts';
import {
  proveRecord,
  proveTree,
  recordHash,
  storedHashCount,
  storedHashesForRecordHash,
  storedHashIndex,
  treeHash,
  type Hash,
  type HashReader,
} from '../src/shared/log/tlog.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const fmt = (n: number) => n.toLocaleString('en-US');

// A ledger line's typical size (~400 bytes), unique per entry.
const entry = (i: number) =>
  new TextEncoder().encode(
    `{"at":"2026-11-28T13:02:00.000Z","bet":{"description":"bench bet ${i}","eventStart":"2026-11-28T19:00:00.000Z",` +
      `"id":"00000000-0000-4000-8000-${String(i).padStart(12, '0')}","odds":"+150","profit":null,"sport":"soccer",` +
      `"stake":2500,"status":"pending"},"kind":"recorded","prevHash":"${'0'.repeat(64)}","seq":1,"hash":"${'a'.repeat(64)}"}`,
  );

const load = loadavg()[0]!.toFixed(1);
console.log(`log-scale: N = ${fmt(N)}; load average ${load}`);

// 1. Appending, in memory, with the sequencer's per-entry code.
const stored = storedHashCount(N);
const buffer = Buffer.alloc(stored * 32);
const hashAt = (i: number): Hash => buffer.subarray(i * 32, i * 32 + 32);
const reader: HashReader = (indexes) => indexes.map(hashAt);
const t0 = performance.now();
for (let n = 0; n < N; n++) {
  const added = await storedHashesForRecordHash(n, recordHash(entry(n)), reader);
  const at = storedHashIndex(0, n);
  for (let j = 0; j < added.length; j++) buffer.set(added[j]!, (at + j) * 32);
}
const appendMs = performance.now() - t0;
console.log(
  `append: ${fmt(N)} entries in ${(appendMs / 1000).toFixed(1)} s: ${((appendMs * 1000) / N).toFixed(1)} µs an entry`,
);

// 2. The stored hashes into PostgreSQL, in a database of its own.
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
const dbName = `bench_log_scale_${process.pid}`;
await admin.query(`create database ${dbName}`);
const url = new URL(pgUrl);
url.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
try {
  await pool.query(`create table log_hashes (index bigint primary key, hash bytea not null)`);
  const t1 = performance.now();
  const BATCH = 20_000;
  for (let from = 0; from < stored; from += BATCH) {
    const to = Math.min(from + BATCH, stored);
    const idx: string[] = [];
    const hex: string[] = [];
    for (let i = from; i < to; i++) {
      idx.push(String(i));
      hex.push(buffer.toString('hex', i * 32, i * 32 + 32));
    }
    await pool.query(
      `insert into log_hashes select i, decode(h, 'hex') from unnest($1::bigint[], $2::text[]) as x(i, h)`,
      [idx, hex],
    );
  }
  console.log(
    `load: ${fmt(stored)} stored hashes into PostgreSQL in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  const [{ size }] = (await pool.query(`select pg_size_pretty(pg_total_relation_size('log_hashes')) as size`)).rows as [
    { size: string },
  ];

  // 3. A checkpoint and proofs at size N, read from the table (counting reads).
  const db = drizzle(pool) as unknown as Db;
  const base = dbHashReader(db);
  let reads = 0;
  let queries = 0;
  const counting: HashReader = async (indexes) => {
    reads += indexes.length;
    queries++;
    return base(indexes);
  };
  const timed = async <T>(f: () => Promise<T>) => {
    reads = 0;
    queries = 0;
    const best: number[] = [];
    let value!: T;
    for (let k = 0; k < 5; k++) {
      const s = performance.now();
      value = await f();
      best.push(performance.now() - s);
    }
    return { value, ms: Math.min(...best), reads: reads / 5, queries: queries / 5 };
  };
  const root = await timed(() => treeHash(N, counting));
  // A mirror's way: the root from the hash tiles, each tile read as one query of its rows (as
  // GET /log/tile/… serves it), a new tile reader each time so nothing is cached between runs.
  let tilesRead = 0;
  const fromTiles = await timed(() => {
    tilesRead = 0;
    return treeHash(
      N,
      tileHashReader(N, async (t) => {
        tilesRead++;
        return Buffer.concat(await base(tileHashIndexes(t)));
      }),
    );
  });
  const inclusion = await timed(() => proveRecord(N, Math.floor(N * 0.37), counting));
  const consistency = await timed(() => proveTree(N, Math.floor(N * 0.61), counting));
  const check = Buffer.from(root.value).equals(Buffer.from(await treeHash(N, reader)));
  console.log(
    `root at ${fmt(N)}: ${root.ms.toFixed(1)} ms, ${root.reads} hash reads in ${root.queries} query; same as in memory: ${check}`,
  );
  console.log(
    `root from tiles: ${fromTiles.ms.toFixed(1)} ms, ${tilesRead} tiles read; same: ${Buffer.from(fromTiles.value).equals(Buffer.from(root.value))}`,
  );
  console.log(
    `inclusion proof: ${inclusion.value.length} hashes (${inclusion.value.length * 32} bytes), ${inclusion.ms.toFixed(1)} ms, ${inclusion.reads} reads in ${inclusion.queries} queries`,
  );
  console.log(
    `consistency proof: ${consistency.value.length} hashes (${consistency.value.length * 32} bytes), ${consistency.ms.toFixed(1)} ms, ${consistency.reads} reads in ${consistency.queries} queries`,
  );
  console.log(`log_hashes at ${fmt(N)}: ${size}`);

  // 4. Tiles at N: full tiles per level and the partial one, entry bundles.
  const tiles: string[] = [];
  for (
    let level = 0, width = TILE_WIDTH;
    Math.floor(N / width) + (N % width ? 1 : 0) > 0 && width / TILE_WIDTH <= N;
    level++, width *= TILE_WIDTH
  ) {
    const full = Math.floor(N / width);
    const partial = N % width >= width / TILE_WIDTH ? 1 : 0;
    tiles.push(`level ${level}: ${fmt(full)} full + ${partial} partial`);
  }
  console.log(
    `tiles: ${tiles.join('; ')}; entry bundles: ${fmt(Math.floor(N / TILE_WIDTH))} full + ${N % TILE_WIDTH ? 1 : 0} partial`,
  );
} finally {
  await pool.end();
  await admin.query(`drop database ${dbName}`);
  await admin.end();
}
