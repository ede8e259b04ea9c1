/**
 * What the transparency log costs a write (docs/decisions/024): the queue row each ledger entry
 * inserts (trigger bet_ledger_queue_for_log). Measured as bench/ledger-cost.ts measures the ledger:
 * EXPLAIN ANALYZE's execution time of the statements recordBet and settleBet run, all triggers
 * included, in rounds that alternate the queue trigger on and off. Then what the sequencer costs
 * per entry (tickLog over a queue of 2,000), and how long a tree hash and a proof take at the end.
 *
 *   npx tsx bench/log-cost.ts        # PGlite, plus PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *
 * Figures go to stdout and to bench/log-cost.md.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestEnv, signUpAndSignIn, type Driver, type TestEnv } from '../src/server/test/harness.ts';
import { dbHashReader, drainLog, readLogState } from '../src/server/modules/log/store.ts';
import { generateSignerKey, parseSignerKey } from '../src/shared/log/note.ts';
import { proveRecord, treeHash } from '../src/shared/log/tlog.ts';
import {
  BENCH_PG_URL,
  benchDrivers,
  median,
  ms,
  rowsOf,
  seedUserBets,
  WRITE_COST_ROUNDS,
  WRITE_COST_SAMPLES,
  writeCostRounds,
} from './shared.ts';

const QUEUED = 2_000;
const signer = parseSignerKey(generateSignerKey('bench.example/log'));

const queueTrigger = (env: TestEnv, on: boolean) =>
  env.db.execute(sql.raw(`alter table bet_ledger ${on ? 'enable' : 'disable'} trigger bet_ledger_queue_for_log`));

async function benchDriver(driver: Driver): Promise<string[]> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver);
  try {
    const { userId } = await signUpAndSignIn(env);
    const samples = await writeCostRounds(env.db, userId, {
      description: 'log cost',
      toggle: (on) => queueTrigger(env, on),
      // The log drained first: the queue the timed writes add to starts empty.
      ready: () => drainLog(env.db, { signer, now: () => new Date(), checkpointEveryMs: 0 }),
    });
    const rows: string[] = [];
    for (const write of ['record', 'settle'] as const) {
      const w = median(samples[write].with.map((e) => e.execution));
      const wo = median(samples[write].without.map((e) => e.execution));
      rows.push(`| ${driver} | ${write} | ${ms(w)} | ${ms(wo)} | ${(w / wo).toFixed(2)} |`);
    }

    // The sequencer: a queue of QUEUED entries drained, per entry.
    await drainLog(env.db, { signer, now: () => new Date(), checkpointEveryMs: 0 });
    await seedUserBets(env.db, userId, { from: 10_000, count: QUEUED, pending: true });
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await env.db.execute(sql`select count(*)::int as n from log_pending`),
    );
    const start = performance.now();
    await drainLog(env.db, { signer, now: () => new Date(), checkpointEveryMs: 0 });
    const perEntry = ((performance.now() - start) * 1000) / n;
    const { size } = await readLogState(env.db);
    const t0 = performance.now();
    await treeHash(size, dbHashReader(env.db));
    const rootMs = performance.now() - t0;
    const t1 = performance.now();
    await proveRecord(size, Math.floor(size / 3), dbHashReader(env.db));
    const proofMs = performance.now() - t1;
    rows.push(
      `| ${driver} | sequencer | ${n.toLocaleString('en-US')} entries queued: ${perEntry.toFixed(0)} µs an entry; at ${size.toLocaleString('en-US')} entries a root in ${rootMs.toFixed(1)} ms, an inclusion proof in ${proofMs.toFixed(1)} ms | | |`,
    );
    console.log(rows.join('\n'));
    return rows;
  } finally {
    await env.close();
  }
}

async function main() {
  const loadStart = loadavg()[0]!;
  const drivers = await benchDrivers();
  const rows: string[] = [];
  for (const driver of drivers) rows.push(...(await benchDriver(driver)));
  const report = [
    '# What the transparency log costs a write',
    '',
    `Measured ${new Date().toISOString()} with \`npx tsx bench/log-cost.ts\` on ${process.platform}, Node ${process.version};`,
    `load average (1 min) ${loadStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`,
    '',
    'Milliseconds inside the database (EXPLAIN ANALYZE execution time, every trigger included) of the statement',
    `recordBet runs and the one settleBet runs, for a user with 1,000 bets; median of ${WRITE_COST_SAMPLES} statements each,`,
    `in ${WRITE_COST_ROUNDS} rounds alternating the log's queue trigger (\`bet_ledger_queue_for_log\`) on and off.`,
    '',
    '| driver | write | with the queue | without | ratio |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(new URL('./log-cost.md', import.meta.url), report);
  console.log(report);
}

await main();
