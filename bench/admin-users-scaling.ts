/**
 * How the admin endpoints scale with the number of accounts: seeds 100,000 users (direct SQL; the
 * sign-up trigger makes their profiles), a third of them with bets, 2% pending and 10% verified,
 * then times the admin queries — stats, users pages (all, a deep keyset page, the Pending filter),
 * searches that match one, about a hundred and about 17,000 users, and analytics — as queries and
 * as whole HTTP requests (session and admin check included), on PGlite and, when reachable,
 * PostgreSQL.
 *
 *   npx tsx bench/admin-users-scaling.ts     # PGlite, plus PostgreSQL at BENCH_DATABASE_URL
 *
 * Figures go to stdout and to bench/admin-users-scaling.md.
 */
import { encodeCursor } from '../src/server/db/sql.ts';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { createTestEnv, signUpAndSignIn, type Driver, type TestEnv } from '../src/server/test/harness.ts';
import {
  getAdminStats,
  getAnalytics,
  listUsers,
  planUserSearch,
  selectUsersPage,
  type ListUsersOptions,
} from '../src/server/modules/admin/queries.ts';
import {
  BENCH_PG_URL,
  benchDrivers,
  explain as explainOn,
  formatTiming,
  rowsOf,
  runBench,
  time as timeCalls,
  type Timing,
} from './shared.ts';

const USERS = 100_000;
const ITERATIONS = 50;
const ADMIN_EMAIL = 'bench.admin@example.com';

const time = (fn: () => Promise<unknown>) => timeCalls(fn, { iterations: ITERATIONS, warmup: 5 });

const FIRST = ['John', 'Mary', 'Ahmed', 'Li', 'Sofia', 'Carlos'];
const LAST = ['Smith', 'Jones', 'Garcia', 'Chen', 'Brown'];

/** 100,000 accounts, one a minute back from 2026; names 'John Smith17', emails bettorN@…, neutral usernames. */
async function seed(env: TestEnv) {
  await env.db.execute(sql`
    insert into users (id, name, email, email_verified, created_at, updated_at, age_confirmed_at)
    select 'bench' || g,
           (${`{${FIRST.join(',')}}`}::text[])[1 + g % 6] || ' ' || (${`{${LAST.join(',')}}`}::text[])[1 + (g / 7) % 5] || g,
           'bettor' || g || '@' || (array['gmail.com', 'example.com', 'yahoo.com'])[1 + g % 3], true,
           timestamptz '2026-01-01T00:00:00Z' - g * interval '1 minute', now(),
           timestamptz '2026-01-01T00:00:00Z' - g * interval '1 minute'
    from generate_series(1, ${USERS}::int) g`);
  await env.db.execute(sql`
    update profiles set created_at = u.created_at,
      verification_status = case when u.n % 50 = 0 then 'pending' when u.n % 10 = 0 then 'verified' else 'unverified' end
    from (select id, created_at, substring(id from 6)::int as n from users where id like 'bench%') u
    where profiles.user_id = u.id`);
  // A third of the users record three bets each (one won, one lost, one pending).
  await env.db.execute(sql`
    insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                      potential_win, profit_loss, settled_at, created_at)
    select 'bench' || g, 'seeded', 10, '2.0', 2, 'soccer', c + interval '7 hours', s, 20,
           case s when 'won' then 10 when 'lost' then -10 end,
           case when s = 'pending' then null else c + interval '1 day' end, c
    from generate_series(1, ${USERS}::int, 3) g,
         unnest(array['won', 'lost', 'pending']) s,
         lateral (select now() - (g % 84) * interval '1 day' as c) t`);
  // What autovacuum would have done by now: planner statistics and the visibility map (index-only scans).
  await env.db.execute(sql`vacuum analyze`);
}

const explain = (env: TestEnv, query: SQL) => explainOn(env.db, query);

const fmt = (t: Timing) => formatTiming(t, 1);

async function benchDriver(driver: Driver): Promise<{ rows: string[]; plans: string[] }> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver, { ADMIN_EMAILS: ADMIN_EMAIL });
  const rows: string[] = [];
  const plans: string[] = [];
  try {
    const { cookie } = await signUpAndSignIn(env, { email: ADMIN_EMAIL });
    const start = performance.now();
    await seed(env);
    console.log(
      `${driver}: seeded ${USERS.toLocaleString('en-US')} users in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );

    // A cursor half-way down the table.
    const [mid] = rowsOf<{ c: string; id: string }>(
      await env.db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c, id from profiles order by created_at desc, id desc offset 50000 limit 1`,
      ),
    );
    const deep = { createdAt: mid!.c, id: mid!.id };

    const cases: [string, ListUsersOptions, string][] = [
      ['first page, all users', { status: 'all', limit: 20 }, ''],
      ['page after 50,000 users', { status: 'all', limit: 20, cursor: deep }, `cursor=${encodeCursor(deep)}`],
      ['Pending filter (2,000)', { status: 'pending', limit: 20 }, 'status=pending'],
      ['search, 1 match (bettor77777)', { status: 'all', limit: 20, search: 'bettor77777' }, 'search=bettor77777'],
      ['search, 111 matches (bettor777)', { status: 'all', limit: 20, search: 'bettor777' }, 'search=bettor777'],
      ['search surname, 20,000 (smith)', { status: 'all', limit: 20, search: 'smith' }, 'search=smith'],
      ['search first name, 16,667 (john)', { status: 'all', limit: 20, search: 'john' }, 'search=john'],
      ['search + Pending (john)', { status: 'pending', limit: 20, search: 'john' }, 'search=john&status=pending'],
    ];
    for (const [label, opts, query] of cases) {
      const page = await listUsers(env.db, opts);
      const q = await time(() => listUsers(env.db, opts));
      const http = await time(async () => {
        const res = await env.request(`/api/admin/users?${query}`, { cookie });
        if (res.status !== 200) throw new Error(`users ${res.status}`);
        await res.arrayBuffer();
      });
      const matches = `${page.total.toLocaleString('en-US')}${page.totalCapped ? '+' : ''}`;
      const line = `| ${driver} | ${label} | ${matches} | ${fmt(q)} | ${fmt(http)} |`;
      console.log(line);
      rows.push(line);
    }
    for (const [label, fn, path] of [
      ['stats (4 cards + avg win rate)', () => getAdminStats(env.db), '/api/admin/stats'],
      ['analytics (12 weeks)', () => getAnalytics(env.db, new Date()), '/api/admin/analytics'],
    ] as const) {
      const q = await time(fn);
      const http = await time(async () => {
        const res = await env.request(path, { cookie });
        if (res.status !== 200) throw new Error(`${path} ${res.status}`);
        await res.arrayBuffer();
      });
      const line = `| ${driver} | ${label} | — | ${fmt(q)} | ${fmt(http)} |`;
      console.log(line);
      rows.push(line);
    }
    plans.push(
      `Plans on ${driver} (${USERS.toLocaleString('en-US')} users):`,
      '',
      '```',
      '-- first page',
      await explain(env, selectUsersPage({ status: 'all', limit: 20 }, null)),
      '-- search bettor777 (111 matches: narrow, the matched ids from the prefix indexes)',
      await explain(
        env,
        selectUsersPage({ status: 'all', limit: 20, search: 'bettor777' }, await planUserSearch(env.db, 'bettor777')),
      ),
      '-- search john (16,667 matches: broad, a walk of profiles_created_at_idx)',
      await explain(
        env,
        selectUsersPage({ status: 'all', limit: 20, search: 'john' }, await planUserSearch(env.db, 'john')),
      ),
      '```',
      '',
    );
  } finally {
    await env.close();
  }
  return { rows, plans };
}

async function main() {
  const loadStart = loadavg()[0]!.toFixed(1);
  const header = ['| driver | case | matches | query | HTTP request |', '|---|---|---|---|---|'];
  console.log(`milliseconds, median / p95 over ${ITERATIONS} runs\n`);
  console.log(header.join('\n'));
  const drivers = await benchDrivers();
  const rows: string[] = [];
  const plans: string[] = [];
  for (const driver of drivers) {
    const result = await benchDriver(driver);
    rows.push(...result.rows);
    plans.push(...result.plans);
  }
  const report = [
    '# Admin users scaling',
    '',
    `Measured ${new Date().toISOString()} with \`npx tsx bench/admin-users-scaling.ts\` on ${process.platform}, Node ${process.version}.`,
    `${USERS.toLocaleString('en-US')} accounts (a third with 3 bets each; 2% pending, 10% verified). Milliseconds, median / p95`,
    `over ${ITERATIONS} runs. A users query is the page plus its total count; HTTP figures go through the whole app in`,
    'process (session lookup, admin check, validation, JSON).',
    `Machine: ${cpus().length} CPUs, load average ${loadStart} at the start and ${loadavg()[0]!.toFixed(1)} at the end (a shared`,
    'machine: other work inflates the figures, so read them as upper bounds and compare rows with each other).',
    '',
    ...header,
    ...rows,
    '',
    ...plans,
  ].join('\n');
  writeFileSync(new URL('./admin-users-scaling.md', import.meta.url), report + '\n');
}

runBench(main);
