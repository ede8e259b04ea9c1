/**
 * The transparency log at scale (docs/LOG.md): a log of N entries built with the log's own code
 * (src/shared/log/tlog.ts, what the sequencer runs per entry), its stored hashes loaded into a
 * PostgreSQL table shaped as log_hashes (migration 0028), then what a checkpoint and the proofs
 * cost at size N read from there: hash reads, bytes and milliseconds. Tile counts are what
 * C2SP tlog-tiles serves at N.
 *
 *   npx tsx bench/log-scale.ts [N]      # default 1,000,000; PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *
 * On the shared 2-core machine N = 10,000,000 (≈ 20 M stored hashes, ≈ 2 GB in Node) does not fit
 * beside the other work: run 1,000,000 and read the per-entry and per-level figures, which scale
 * as log2 N (say so when extrapolating).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../src/server/db/client.ts';
import { dbHashReader } from '../src/server/modules/log/store.ts';
import { TILE_WIDTH } from '../src/shared/log/tiles.ts';
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
const hashes: Hash[] = new Array<Hash>(storedHashCount(N));
const reader: HashReader = (indexes) => indexes.map((i) => hashes[i]!);
const t0 = performance.now();
for (let n = 0; n < N; n++) {
  const stored = await storedHashesForRecordHash(n, recordHash(entry(n)), reader);
  const at = storedHashIndex(0, n);
  for (let j = 0; j < stored.length; j++) hashes[at + j] = stored[j]!;
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
  for (let from = 0; from < hashes.length; from += BATCH) {
    const to = Math.min(from + BATCH, hashes.length);
    const idx: string[] = [];
    const hex: string[] = [];
    for (let i = from; i < to; i++) {
      idx.push(String(i));
      hex.push(Buffer.from(hashes[i]!).toString('hex'));
    }
    await pool.query(
      `insert into log_hashes select i, decode(h, 'hex') from unnest($1::bigint[], $2::text[]) as x(i, h)`,
      [idx, hex],
    );
  }
  console.log(
    `load: ${fmt(hashes.length)} stored hashes into PostgreSQL in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
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
  const inclusion = await timed(() => proveRecord(N, Math.floor(N * 0.37), counting));
  const consistency = await timed(() => proveTree(N, Math.floor(N * 0.61), counting));
  const check = Buffer.from(root.value).equals(Buffer.from(await treeHash(N, reader)));
  console.log(
    `root at ${fmt(N)}: ${root.ms.toFixed(1)} ms, ${root.reads} hash reads in ${root.queries} query; same as in memory: ${check}`,
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
