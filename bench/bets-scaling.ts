/**
 * How the bets endpoints scale with one user's history: seeds a user with 100, 10,000 and
 * 100,000 bets (direct SQL, INSERT ... SELECT generate_series) and times the statistics and the
 * first page, as queries and as whole HTTP requests (session lookup included), on PGlite and, when
 * reachable, PostgreSQL.
 *
 *   npx tsx bench/bets-scaling.ts                      # PGlite, plus PostgreSQL at BENCH_DATABASE_URL
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bets-scaling.ts
 *
 * Figures go to stdout and to bench/bets-scaling.md.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createTestEnv, signUpAndSignIn, type Driver, type TestEnv } from '../src/server/test/harness.ts';
import { decodeCursor, parseJsonText } from '../src/server/db/sql.ts';
import { listBets } from '../src/server/modules/bets/bet-pages.ts';
import { getBetStats } from '../src/server/modules/bets/bet-stats.ts';
import { recountBetStats } from '../src/server/test/recount-bet-stats.ts';
import {
  BENCH_PG_URL,
  benchDrivers,
  explain,
  formatTiming as fmt,
  rowsOf,
  runBench,
  growingHistory,
  time as timeCalls,
} from './shared.ts';

const ITERATIONS = 200;

const time = (fn: () => Promise<unknown>, iterations = ITERATIONS) => timeCalls(fn, { iterations });

/** The first page, and a page from the middle of the history (the keyset condition listBets uses). */
async function explainPages(env: TestEnv, userId: string): Promise<string> {
  const first = await explain(
    env.db,
    sql`select * from bets where user_id = ${userId} order by created_at desc, id desc limit 21`,
  );
  const [mid] = rowsOf<{ id: string }>(
    await env.db.execute(sql`
    select created_at, id from bets where user_id = ${userId} order by created_at desc, id desc offset 50000 limit 1`),
  );
  const deep = await explain(
    env.db,
    sql`select * from bets where user_id = ${userId}
      and created_at <= (select created_at from bets where id = ${mid!.id})
      and (created_at < (select created_at from bets where id = ${mid!.id}) or id < ${mid!.id})
      order by created_at desc, id desc limit 21`,
  );
  return `-- first page\n${first}\n-- a page after 50,000 bets\n${deep}`;
}

async function benchDriver(driver: Driver): Promise<string[]> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver);
  const lines: string[] = [];
  try {
    const { cookie, userId } = await signUpAndSignIn(env);
    const other = await signUpAndSignIn(env);
    for await (const { size, seedMs } of growingHistory(env.db, { userId, otherUserId: other.userId })) {
      const statsQuery = await time(() => getBetStats(env.db, userId, new Date()));
      const pageQuery = await time(() => listBets(env.db, userId, { limit: 20 }));
      const page = parseJsonText(await listBets(env.db, userId, { limit: 20 }));
      const deepCursor = page.nextCursor!;
      const nextPageQuery = await time(() =>
        listBets(env.db, userId, { limit: 20, cursor: decodeCursor(deepCursor)! }),
      );
      const statsHttp = await time(async () => {
        const res = await env.request('/api/bets/stats', { cookie });
        if (res.status !== 200) throw new Error(`stats ${res.status}`);
        await res.arrayBuffer();
      });
      const pageHttp = await time(async () => {
        const res = await env.request('/api/bets?limit=20', { cookie });
        if (res.status !== 200) throw new Error(`page ${res.status}`);
        await res.arrayBuffer();
      });
      const recount = await time(() => recountBetStats(env.db, userId, new Date()), 20);
      const stats = await getBetStats(env.db, userId, new Date());
      if (stats.totalBets !== size) throw new Error(`expected ${size} bets, summary says ${stats.totalBets}`);
      if (JSON.stringify(stats) !== JSON.stringify(await recountBetStats(env.db, userId, new Date()))) {
        throw new Error('summary differs from recount');
      }

      const line = `| ${driver} | ${size.toLocaleString('en-US')} | ${fmt(statsQuery)} | ${fmt(pageQuery)} | ${fmt(nextPageQuery)} | ${fmt(statsHttp)} | ${fmt(pageHttp)} | ${fmt(recount)} | ${(seedMs / 1000).toFixed(1)} s |`;
      console.log(line);
      lines.push(line);
    }
    const plan = await explainPages(env, userId);
    console.log(`\npage plans on ${driver}:\n${plan}\n`);
    lines.push('', `Page plans on ${driver} (100,000 bets):`, '', '```', plan, '```', '');
  } finally {
    await env.close();
  }
  return lines;
}

async function main() {
  const header = [
    '| driver | bets | stats query | first page query | second page query | GET /api/bets/stats | GET /api/bets | recount from rows (for contrast) | seeding |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  console.log('milliseconds, median / p95 over', ITERATIONS, 'runs (recount: 20 runs)\n');
  console.log(header.join('\n'));
  const drivers = await benchDrivers();
  const rows: string[] = [];
  const plans: string[] = [];
  for (const driver of drivers) {
    const lines = await benchDriver(driver);
    const split = lines.indexOf('');
    rows.push(...lines.slice(0, split));
    plans.push(...lines.slice(split));
  }
  const report = [
    '# Bets scaling',
    '',
    `Measured ${new Date().toISOString()} with \`npx tsx bench/bets-scaling.ts\` on ${process.platform}, Node ${process.version}.`,
    `Milliseconds, median / p95 over ${ITERATIONS} runs (recount: 20). HTTP figures go through the whole app in process`,
    '(session lookup, validation, JSON). A second user holds 50,000 other bets.',
    '',
    ...header,
    ...rows,
    ...plans,
  ].join('\n');
  writeFileSync(new URL('./bets-scaling.md', import.meta.url), report + '\n');
}

runBench(main);
