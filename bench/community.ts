/**
 * The Spotlight and Influencers endpoints at scale: creates a fresh PostgreSQL database, seeds it
 * with the project's seeder (default 10,000 users and 1,000,000 bets), and times each leaderboard
 * and directory request through app.request (validation, SQL, JSON), then drops the database.
 *
 *   npx tsx bench/community.ts [--users 10000] [--bets 1000000] [--runs 40]
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/community.ts
 *   npx tsx bench/community.ts --keep            # leave the seeded database for another run
 *   npx tsx bench/community.ts --reuse <name>    # time again on a database left by --keep
 *
 * Figures go to stdout and to bench/community.md (full-size runs only).
 */
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { loadConfig } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import type { InfluencerPage, SpotlightPage } from '../src/shared/community-schemas.ts';
import { createScratchDatabase, rowsOf, summarise } from './shared.ts';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const USERS = arg('users', 10_000);
const BETS = arg('bets', 1_000_000);
const RUNS = arg('runs', 40);
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : undefined;

async function main() {
  const scratch = await createScratchDatabase(adminUrl, REUSE);
  const name = scratch.name;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    const db = database.db;
    const now = new Date();
    let seeded: { seconds: number; usernames: string[] };
    if (REUSE) {
      const names = rowsOf<{ username: string }>(
        await db.execute(sql`select username from profiles order by created_at`),
      );
      seeded = { seconds: Number.NaN, usernames: names.map((r) => r.username) };
      console.log(`reusing ${name} (${names.length} profiles)`);
    } else {
      console.log(`seeding ${USERS} users and ${BETS} bets into ${name}...`);
      seeded = await seedDatabase(db, {
        users: USERS,
        bets: BETS,
        now,
        log: (m) => process.stdout.write(`\r  ${m}          `),
      });
      console.log(`\nseeded in ${seeded.seconds.toFixed(1)} s`);
    }

    const config = loadConfig({
      NODE_ENV: 'test',
      BASE_URL: 'http://localhost:3000',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
    });
    const { app } = createApp({
      config,
      db,
      mailer: { send: async () => {} },
      logger: createLogger('silent'),
    });
    const get = async (path: string) => {
      const res = await app.request(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };

    // A search term that matches many, and one that matches a few.
    const common = 'sam';
    const rare = seeded.usernames[Math.floor(seeded.usernames.length / 3)]!.slice(0, 6);

    const cases: [string, string][] = [
      ['spotlight week', '/api/community/spotlight?period=week'],
      ['spotlight month (default)', '/api/community/spotlight'],
      ['spotlight quarter', '/api/community/spotlight?period=quarter'],
      ['spotlight year', '/api/community/spotlight?period=year'],
      ['spotlight month, 3rd page', '/api/community/spotlight?period=month&offset=20'],
      ['spotlight year, 50 per page', '/api/community/spotlight?period=year&limit=50'],
      ['influencers (the ranking, default)', '/api/community/influencers'],
      ['influencers sort=profit', '/api/community/influencers?sort=profit'],
      ['influencers sort=verified', '/api/community/influencers?sort=verified'],
      ['influencers sort=winrate', '/api/community/influencers?sort=winrate'],
      ['influencers sort=bets', '/api/community/influencers?sort=bets'],
      [`influencers search="${common}"`, `/api/community/influencers?search=${common}`],
      [`influencers search="${rare}"`, `/api/community/influencers?search=${encodeURIComponent(rare)}`],
      ['influencers sport=football', '/api/community/influencers?sport=football'],
      ['influencers sport=basketball', '/api/community/influencers?sport=basketball'],
      ['influencers sport=soccer', '/api/community/influencers?sport=soccer'],
      ['influencers sport=tennis', '/api/community/influencers?sport=tennis'],
      ['influencers sport=mma', '/api/community/influencers?sport=mma'],
      ['influencers sport=baseball', '/api/community/influencers?sport=baseball'],
      [
        `influencers search="${common}" sport=mma sort=winrate`,
        `/api/community/influencers?search=${common}&sport=mma&sort=winrate`,
      ],
      ['influencers page at offset 5000', '/api/community/influencers?offset=5000'],
    ];

    // The first Spotlight request for a window start fills user_bet_totals_before for it (once per
    // period and day): timed on its own.
    const firstOfDay: string[] = [];
    for (const period of ['week', 'month', 'quarter', 'year']) {
      const start = performance.now();
      await get(`/api/community/spotlight?period=${period}`);
      firstOfDay.push(
        `| first ${period} request of the day (fills its window start) | ${(performance.now() - start).toFixed(1)} |`,
      );
    }

    const results: string[] = [];
    const summary: Record<string, number> = {};
    for (const [label, path] of cases) {
      for (let i = 0; i < 5; i++) await get(path); // warm caches and plans
      const samples: number[] = [];
      let body: unknown;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        body = await get(path);
        samples.push(performance.now() - start);
      }
      const t = summarise(samples);
      const page = body as SpotlightPage | InfluencerPage;
      const line = `| ${label} | ${t.min.toFixed(1)} | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${page.total.toLocaleString('en-US')} | ${page.entries.length} |`;
      console.log(line);
      results.push(line);
      summary[label] = t.p95;
    }

    const sizes = rowsOf<{ relation: string; rows: string; size: string }>(
      await db.execute(sql`
        select c.relname as relation, c.reltuples::bigint::text as rows,
               pg_size_pretty(pg_total_relation_size(c.oid)) as size
        from pg_class c
        where c.relname in ('bets', 'user_bet_stats', 'user_bet_days', 'user_sport_stats', 'user_bet_totals_before', 'profiles')
        order by pg_total_relation_size(c.oid) desc`),
    );
    const worst = Math.max(...Object.values(summary));
    const report = [
      '# Community endpoints at scale',
      '',
      `Measured ${new Date().toISOString()} with \`npx tsx bench/community.ts\` on ${process.platform}, Node ${process.version},`,
      `PostgreSQL (fresh database, default server settings) on this 2-core machine; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (other work was running).`,
      `Data from \`seedDatabase\` (src/server/db/seed.ts): ${USERS.toLocaleString('en-US')} users, ${BETS.toLocaleString('en-US')} bets over ~400 days, ${REUSE ? 'reused from an earlier run' : `seeded in ${seeded.seconds.toFixed(0)} s`}.`,
      `Each request goes through \`app.request\` (validation, SQL, JSON); milliseconds over ${RUNS} runs after 5 warm-up runs.`,
      '',
      '| request | min | median | p95 | max | total matching | entries |',
      '|---|---|---|---|---|---|---|',
      ...results,
      '',
      `Slowest p95: ${worst.toFixed(1)} ms.`,
      '',
      'Once per period and UTC day, the first Spotlight request fills `user_bet_totals_before` for its window start',
      '(one index probe of `user_bet_days` per user, under a SHARE lock on it):',
      '',
      '| request | ms |',
      '|---|---|',
      ...firstOfDay,
      '',
      '## How the requests are answered',
      '',
      '- Spotlight: every user’s totals for the window (now − 7/30/90/365 days, now] come from summaries kept by',
      '  statement-level triggers on `bets` (migration 0009): all-time totals (`user_bet_stats`) − bets settled after',
      '  now (normally none) − totals before the window’s first UTC day (`user_bet_totals_before`, one range scan) −',
      '  bets settled on that day before the window opens (one day of `bets_settled_at_idx`). Public profiles are',
      '  hashed once, the ranking is a top-N sort, and only the page’s rows join `profiles` and get their streak and',
      '  favourite sport (index probes of `bets_user_id_settled_at_idx` and `user_sport_stats`).',
      '- Influencers: `profiles` ⋈ `user_bet_stats` (all-time) with the public-profile partial index, the search as',
      '  LIKE on username / display name, the sport filter from `user_sport_stats (sport, user_id)`; only the page’s',
      '  rows get their main sport, trend (their last 60 days of settled bets) and last three picks.',
      '',
      '| table (with indexes) | rows (estimate) | size |',
      '|---|---|---|',
      ...sizes.map((s) => `| ${s.relation} | ${Number(s.rows).toLocaleString('en-US')} | ${s.size} |`),
      '',
    ].join('\n');
    console.log(`\n${firstOfDay.join('\n')}\nslowest p95 ${worst.toFixed(1)} ms`);
    if (USERS === 10_000 && BETS === 1_000_000) writeFileSync(new URL('./community.md', import.meta.url), report);
    else console.log('\n(not the full size: bench/community.md left as it is)\n\n' + report);
  } finally {
    await database?.close();
    if (KEEP || REUSE) {
      console.log(`database ${name} kept: drop it with DROP DATABASE ${name}`);
    } else {
      await scratch.drop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
