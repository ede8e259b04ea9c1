/**
 * What the ledger (migration 0013) costs a write, measured inside the database so that the
 * machine's other load blurs it as little as possible: EXPLAIN ANALYZE of the statement recordBet
 * runs (an INSERT of a pending bet) and of the one settleBet runs (an UPDATE to won), which
 * reports the statement's execution time and each trigger's own time. The same statements run
 * with the ledger's row trigger disabled, in alternating rounds. Then the cost of appending many
 * entries for one user in one statement (seeding, the migration's back-fill), against the same
 * bets in statements of 2,000.
 *
 *   npx tsx bench/ledger-cost.ts                      # PGlite, plus PostgreSQL at BENCH_DATABASE_URL
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger-cost.ts
 *
 * Figures go to stdout and to bench/ledger-cost.md. Execution time leaves out the commit (the
 * WAL flush on PostgreSQL) and the round trip, which the ledger does not change.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../src/server/db/seed.ts';
import { createTestEnv, signUpAndSignIn, type Driver, type TestEnv } from '../src/server/test/harness.ts';
import {
  BENCH_PG_URL,
  benchDrivers,
  median,
  ms,
  rowsOf,
  runBench,
  seedUserBets,
  WRITE_COST_ROUNDS,
  WRITE_COST_SAMPLES,
  writeCostRounds,
} from './shared.ts';

const BULK_SIZES = [2_000, 4_000, 8_000];

/** The ledger's triggers on bets: recordings and deletions row by row, settlements per statement. */
const LEDGER_TRIGGERS = { record: 'bets_ledger_append', settle: 'bets_ledger_settled' } as const;

const ledgerTrigger = async (env: TestEnv, on: boolean) => {
  for (const trigger of Object.values(LEDGER_TRIGGERS))
    await env.db.execute(sql.raw(`alter table bets ${on ? 'enable' : 'disable'} trigger ${trigger}`));
};

async function benchDriver(driver: Driver): Promise<{ writes: string[]; breakdown: string[]; bulk: string[] }> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver);
  try {
    const { userId } = await signUpAndSignIn(env);
    const samples = await writeCostRounds(env.db, userId, {
      description: 'ledger cost',
      toggle: (on) => ledgerTrigger(env, on),
    });

    const writes: string[] = [];
    const breakdown: string[] = [];
    for (const write of ['record', 'settle'] as const) {
      const withLedger = median(samples[write].with.map((e) => e.execution));
      const without = median(samples[write].without.map((e) => e.execution));
      const ledger = median(samples[write].with.map((e) => e.triggers.get(LEDGER_TRIGGERS[write]) ?? 0));
      writes.push(
        `| ${driver} | ${write === 'record' ? 'record (INSERT)' : 'settle (UPDATE)'} | ${ms(withLedger)} | ${ms(without)} | ${ms(withLedger - without)} | ${ms(ledger)} | ${Math.round((ledger / withLedger) * 100)}% |`,
      );
      const names = [...new Set(samples[write].with.flatMap((e) => [...e.triggers.keys()]))];
      const byTime = names
        .map((name) => ({ name, time: median(samples[write].with.map((e) => e.triggers.get(name) ?? 0)) }))
        .sort((a, b) => b.time - a.time);
      breakdown.push(
        `| ${driver} | ${write} | ${byTime.map((t) => `${t.name} ${ms(t.time)}`).join('; ')} | ${ms(withLedger - byTime.reduce((n, t) => n + t.time, 0))} |`,
      );
    }

    // Many entries for one user in one statement, against the same number in statements of 2,000,
    // each for a user of its own; the head table rewritten first, so its size after is this step's.
    const bulk: string[] = [];
    const others = await seedDatabase(env.db, { users: BULK_SIZES.length * 2, bets: 0 });
    const ids = rowsOf<{ id: string }>(
      await env.db.execute(
        sql`select id from users where email in (select jsonb_array_elements_text(${JSON.stringify(others.emails)}::jsonb)) order by id`,
      ),
    ).map((r) => r.id);
    for (const [i, size] of BULK_SIZES.entries()) {
      for (const chunked of [false, true]) {
        const user = ids[i * 2 + (chunked ? 1 : 0)]!;
        await env.db.execute(sql`vacuum full bet_ledger_heads`);
        const start = performance.now();
        await seedUserBets(env.db, user, { count: size, perStatement: chunked ? 2_000 : size });
        const seconds = (performance.now() - start) / 1000;
        const [{ bytes } = { bytes: 0 }] = rowsOf<{ bytes: number | string }>(
          await env.db.execute(sql`select pg_relation_size('bet_ledger_heads') as bytes`),
        );
        const entries = Math.round((size * 5) / 3);
        bulk.push(
          `| ${driver} | ${size.toLocaleString('en-US')} | ${entries.toLocaleString('en-US')} | ${chunked ? 'statements of 2,000 bets' : 'one statement'} | ${seconds.toFixed(1)} s | ${((seconds * 1e6) / entries).toFixed(0)} µs | ${Math.round(Number(bytes) / 1024).toLocaleString('en-US')} KiB |`,
        );
        console.log(bulk.at(-1));
      }
    }
    return { writes, breakdown, bulk };
  } finally {
    await env.close();
  }
}

async function main() {
  const drivers = await benchDrivers();
  const loadStart = loadavg()[0]!.toFixed(1);
  const results = [];
  for (const driver of drivers) results.push(await benchDriver(driver));
  const report = [
    '# What the ledger costs a write',
    '',
    `Measured ${new Date().toISOString()} with \`npx tsx bench/ledger-cost.ts\` on ${process.platform}, Node ${process.version};`,
    `load average (1 min) ${loadStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end (a shared 2-core machine).`,
    '',
    'Milliseconds inside the database: EXPLAIN ANALYZE’s execution time of the statement recordBet runs (an INSERT of',
    'a pending bet) and of the one settleBet runs (an UPDATE of a pending bet whose event has started to won), all',
    `triggers included, for a user with 1,000 bets. Median of ${WRITE_COST_SAMPLES} statements each, in ${WRITE_COST_ROUNDS} rounds`,
    'that alternate the ledger’s triggers (`bets_ledger_append` for a recording, `bets_ledger_settled` for a settlement) on and off. The commit and the round trip are',
    'not included.',
    '',
    '| driver | write | with the ledger | without | difference | ledger trigger’s own time | its share |',
    '|---|---|---|---|---|---|---|',
    ...results.flatMap((r) => r.writes),
    '',
    'Each trigger’s own time with the ledger on (median; `bets_summaries_*` is community_summaries_apply, which takes',
    'a fast path for both: recording pending bets (migration 0012) and settling them (0016), static statements instead',
    'of its general path’s seven dynamic ones planned on every call), and what is left for the statement itself:',
    '',
    '| driver | write | triggers, slowest first | the statement itself |',
    '|---|---|---|---|',
    ...results.flatMap((r) => r.breakdown),
    '',
    'Appending many entries for one user in one statement (bulk seeding; the migration’s back-fill appends a whole',
    'history in one transaction too): each append updates the user’s head row, leaving one row version per entry',
    '(the head table’s size after each step, rewritten before it). Versions left by committed statements are pruned',
    'as the page is read, but within one statement none can be, so each lookup of the head walks past every version',
    'before it and the time per entry grows with the entries already appended. Statements of 2,000 bets',
    '(seedUserBets, bench/shared.ts) keep it flat.',
    '',
    '| driver | bets | entries | inserted in | time | per entry | head table after |',
    '|---|---|---|---|---|---|---|',
    ...results.flatMap((r) => r.bulk),
  ].join('\n');
  console.log(`\n${report}`);
  writeFileSync(new URL('./ledger-cost.md', import.meta.url), report + '\n');
}

runBench(main);
