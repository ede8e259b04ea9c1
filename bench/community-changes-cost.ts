/**
 * What the rankings' change log costs a write (docs/decisions/061): the statement trigger
 * community_changes_note on each table the rankings read notes the writing transaction. Measured as
 * bench/log-cost.ts measures the log's queue: EXPLAIN ANALYZE's execution time of the statements
 * recordBet and settleBet run (each its own transaction, every trigger included), in rounds that
 * alternate the change log's triggers on and off.
 *
 *   npx tsx bench/community-changes-cost.ts   # PGlite, plus PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *
 * Figures go to stdout; bench/RESULTS.md keeps them ("Writes").
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createTestEnv, signUpAndSignIn, type Driver } from '../src/server/test/harness.ts';
import { BENCH_PG_URL, benchDrivers, median, ms, rowsOf, runBench, writeCostRounds } from './shared.ts';

async function benchDriver(driver: Driver): Promise<string[]> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver);
  try {
    const { userId } = await signUpAndSignIn(env);
    const triggers = rowsOf<{ relation: string; name: string }>(
      await env.db.execute(sql`select tgrelid::regclass::text as relation, tgname as name from pg_trigger
        where tgfoid = 'community_changes_note'::regproc`),
    );
    const toggle = async (on: boolean) => {
      for (const t of triggers) {
        await env.db.execute(sql.raw(`alter table ${t.relation} ${on ? 'enable' : 'disable'} trigger ${t.name}`));
      }
    };
    const samples = await writeCostRounds(env.db, userId, { description: 'change log cost', toggle });
    return (['record', 'settle'] as const).map((write) => {
      const w = median(samples[write].with.map((e) => e.execution));
      const wo = median(samples[write].without.map((e) => e.execution));
      return `| ${driver} | ${write} | ${ms(w)} | ${ms(wo)} | ${(w / wo).toFixed(2)} |`;
    });
  } finally {
    await env.close();
  }
}

runBench(async () => {
  const loadStart = loadavg()[0]!.toFixed(1);
  const rows: string[] = [];
  for (const driver of await benchDrivers()) rows.push(...(await benchDriver(driver)));
  console.log(`load average ${loadStart} → ${loadavg()[0]!.toFixed(1)}`);
  console.log('| driver | write | with the change log (ms) | without | ratio |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
});
