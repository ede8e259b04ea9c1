/**
 * The Spotlight and the directory read while what they rank keeps changing: on a database left by
 * `bench/community.ts --keep` (10,000 users, 1,000,000 bets), `--readers` concurrent readers ask
 * the Spotlight and the directory through app.request, first with no writes, then while a writer
 * commits a change to what the rankings read every `--writes-every` ms (an empty statement on
 * user_position_days, which community_changes_note.sql notes as any write). Each change makes the
 * kept rankings rank again (docs/decisions/061): the reader that finds it waits for the new
 * ranking, the others are answered from the kept one while it is made.
 *
 *   npx tsx bench/community-mixed.ts --reuse <name> [--seconds 20] [--readers 8] [--writes-every 250]
 *
 * Figures: bench/community.md ("reads while the rankings keep changing"), written there by hand.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { createScratchDatabase, summarise } from './shared.ts';
import { ADMIN_URL, REUSE, benchApp, numberArg } from './seeded-app.ts';

const SECONDS = numberArg('seconds', 20);
const READERS = numberArg('readers', 8);
const WRITES_EVERY_MS = numberArg('writes-every', 250);

const PATHS = [
  '/api/community/spotlight',
  '/api/community/influencers',
  '/api/community/spotlight?period=week',
  '/api/community/influencers?sort=profit',
];

if (!REUSE) throw new Error('--reuse <name>: a database left by bench/community.ts --keep');
const scratch = await createScratchDatabase(ADMIN_URL, REUSE);
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
const db = database.db;
const app = benchApp(db);

/** READERS loops over PATHS for SECONDS; the latencies of every answer, in ms. */
async function read(): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: READERS }, async (_, r) => {
      for (let i = r; performance.now() < until; i++) {
        const start = performance.now();
        const res = await app.request(PATHS[i % PATHS.length]!);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${PATHS[i % PATHS.length]}: ${res.status}`);
        samples.push(performance.now() - start);
      }
    }),
  );
  return samples;
}

const line = (label: string, samples: number[], writes = 0) => {
  const t = summarise(samples);
  return `| ${label} | ${samples.length.toLocaleString('en-US')} | ${writes} | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} |`;
};

try {
  for (const path of PATHS) await (await app.request(path)).arrayBuffer(); // rank once, warm the plans
  const quiet = await read();
  let writes = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      await db.execute(sql`delete from user_position_days where false`);
      writes++;
      await new Promise((r) => setTimeout(r, WRITES_EVERY_MS));
    }
  })();
  const mixed = await read();
  writing = false;
  await writer;
  console.log(
    `${READERS} readers, ${SECONDS} s each, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| readers | answers | changes committed | p50 ms | p95 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(line('no writes', quiet));
  console.log(line(`a change every ${WRITES_EVERY_MS} ms`, mixed, writes));
} finally {
  await database.close();
}
