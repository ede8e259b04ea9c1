/**
 * GET /api/feed for someone who follows many: creates a fresh PostgreSQL database, seeds it with
 * the project's seeder (default 10,000 users and 1,000,000 bets), has one seeded user follow the
 * 500 users with the most bets (or --follows N), signs that user in through POST
 * /api/auth/sign-in/email, and times the feed through app.request (session, validation, SQL,
 * JSON): the first page, a sport, one bettor, and the next page by its cursor. Then drops it.
 *
 *   npx tsx bench/feed.ts [--users 10000] [--bets 1000000] [--follows 1000] [--runs 40]
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.ts
 *   npx tsx bench/feed.ts --reuse <name>   # on a database seeded and left by `bench/community.ts --keep`
 *
 * Figures go to stdout; bench/RESULTS.md holds the ones kept.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/db/seed.ts';
import type { FeedPage } from '../src/shared/follow-schemas.ts';
import { createScratchDatabase, rowsOf, summarise } from './shared.ts';
import { ADMIN_URL, REUSE, benchApp, numberArg, seedScratch } from './seeded-app.ts';

const USERS = numberArg('users', 10_000);
const BETS = numberArg('bets', 1_000_000);
const FOLLOWS = numberArg('follows', 1000);
const RUNS = numberArg('runs', 40);

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, REUSE);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    const db = database.db;
    if (REUSE) console.log(`reusing ${scratch.name}`);
    else {
      await seedScratch(db, scratch.name, { users: USERS, bets: BETS, now: new Date() });
    }

    // The follower: a seeded user who follows the FOLLOWS busiest others (the heaviest feed).
    const [follower] = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`select id, email from users order by created_at limit 1`),
    );
    if (!follower) throw new Error('no seeded user');
    await db.execute(sql`
      insert into follows (follower_id, followee_id)
      select ${follower.id}, user_id from bets where user_id <> ${follower.id}
      group by user_id order by count(*) desc limit ${FOLLOWS}
      on conflict do nothing`);
    const [followed] = rowsOf<{ n: number; bets: number; pending: number }>(
      await db.execute(sql`
        select count(distinct f.followee_id)::int as n, count(b.id)::int as bets,
               count(b.id) filter (where b.status = 'pending')::int as pending
        from follows f left join bets b on b.user_id = f.followee_id
        where f.follower_id = ${follower.id}`),
    );

    const app = benchApp(db);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: follower.email, password: DEFAULT_SEED_PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (path: string): Promise<FeedPage> => {
      const res = await app.request(path, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as FeedPage;
    };

    const first = await get('/api/feed');
    const bettor = first.following[Math.floor(first.following.length / 2)]!.username;
    const cases: [string, string][] = [
      ['first page', '/api/feed'],
      ['sport=soccer', '/api/feed?sport=soccer'],
      ['one bettor', `/api/feed?bettor=${encodeURIComponent(bettor)}`],
      ['next page (cursor)', `/api/feed?cursor=${encodeURIComponent(first.nextCursor ?? '')}`],
    ];
    console.log(
      `\nfollower follows ${followed!.n} bettors with ${followed!.bets.toLocaleString('en-US')} bets (${followed!.pending.toLocaleString('en-US')} pending); ${RUNS} runs after 5 warm-up`,
    );
    console.log('| request | min | median | p95 | max | picks |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [label, path] of cases) {
      if (path.endsWith('cursor=')) continue;
      for (let i = 0; i < 5; i++) await get(path);
      const samples: number[] = [];
      let page: FeedPage | undefined;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        page = await get(path);
        samples.push(performance.now() - start);
      }
      const t = summarise(samples);
      console.log(
        `| ${label} | ${t.min.toFixed(1)} | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${page!.picks.length} |`,
      );
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await database?.close();
    // A reused database is the caller's: left as it was found (with the follows added).
    if (!REUSE) await scratch.drop();
  }
}

await main();
