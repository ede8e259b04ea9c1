/**
 * The Spotlight and Influencers endpoints at scale: creates a fresh PostgreSQL database, seeds it
 * with the project's seeder (default 10,000 users and 1,000,000 bets), and times each leaderboard
 * and directory request through app.request (validation, SQL, JSON), then drops the database.
 *
 *   npx tsx bench/community.ts [--users 10000] [--bets 1000000] [--runs 40] [--positions 60]
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/community.ts
 *   npx tsx bench/community.ts --keep            # leave the seeded database for another run
 *   npx tsx bench/community.ts --reuse <name>    # time again on a database left by --keep
 *
 * The seed grades at most 1,000 bets (its sample catalog), too few for the rankings, which read
 * graded positions only (bet_positions, user_position_days): the bench also writes `--positions`
 * won or lost positions per user on events over the last 400 days (fillPositions).
 *
 * The rankings are kept per server (docs/decisions/061): after 5 warm-up runs each request is
 * answered from the kept ranking; a second table times the same requests each right after a
 * committed write to what the rankings read, which makes them rank again.
 *
 * Figures go to stdout and to bench/community.md (runs at 10,000 users; the size is in the file).
 */
import { loadavg } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import type { InfluencerPage, SpotlightPage } from '../src/shared/community-schemas.ts';
import { createScratchDatabase, rowsOf, summarise } from './shared.ts';
import { ADMIN_URL, REUSE, benchApp, numberArg, seedScratch } from './seeded-app.ts';

const USERS = numberArg('users', 10_000);
const BETS = numberArg('bets', 1_000_000);
const RUNS = numberArg('runs', 40);
/** Graded positions per user written for the rankings (see fillPositions). */
const POSITIONS = numberArg('positions', 60);
const KEEP = process.argv.includes('--keep');

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, REUSE);
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
      seeded = await seedScratch(db, name, { users: USERS, bets: BETS, now });
    }

    const positions = await fillPositions(db, now);
    console.log(`${positions.toLocaleString('en-US')} graded positions for the rankings`);

    const app = benchApp(db);
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
    // The same requests each right after a committed write to what the rankings read (an empty
    // statement on user_position_days notes one: db/functions/community_changes_note.sql), so
    // each ranks again (modules/community/rankings.ts): what a reader waits after a change.
    const afterChange: [string, string][] = [
      ['spotlight year, after a change', '/api/community/spotlight?period=year'],
      ['spotlight month, after a change', '/api/community/spotlight'],
      ['influencers (the ranking), after a change', '/api/community/influencers'],
      [`influencers search="${rare}", after a change`, `/api/community/influencers?search=${encodeURIComponent(rare)}`],
    ];
    const change = () => db.execute(sql`delete from user_position_days where false`);

    const results: string[] = [];
    const summary: Record<string, number> = {};
    const changedResults: string[] = [];
    const changedSummary: Record<string, number> = {};
    for (const [label, path, changed] of [
      ...cases.map(([l, p]) => [l, p, false] as const),
      ...afterChange.map(([l, p]) => [l, p, true] as const),
    ]) {
      for (let i = 0; i < 5; i++) await get(path); // warm caches and plans
      const samples: number[] = [];
      let body: unknown;
      for (let i = 0; i < RUNS; i++) {
        if (changed) await change();
        const start = performance.now();
        body = await get(path);
        samples.push(performance.now() - start);
      }
      const t = summarise(samples);
      const page = body as SpotlightPage | InfluencerPage;
      const line = `| ${label} | ${t.min.toFixed(1)} | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${page.total.toLocaleString('en-US')} | ${page.entries.length} |`;
      console.log(line);
      (changed ? changedResults : results).push(line);
      (changed ? changedSummary : summary)[label] = t.p95;
    }

    const sizes = rowsOf<{ relation: string; rows: string; size: string }>(
      await db.execute(sql`
        select c.relname as relation, c.reltuples::bigint::text as rows,
               pg_size_pretty(pg_total_relation_size(c.oid)) as size
        from pg_class c
        where c.relname in ('bets', 'user_bet_stats', 'bet_positions', 'user_position_days', 'user_sport_stats', 'profiles')
        order by pg_total_relation_size(c.oid) desc`),
    );
    const worst = Math.max(...Object.values(summary));
    const worstChanged = Math.max(...Object.values(changedSummary));
    const report = [
      '# Community endpoints at scale',
      '',
      `Measured ${new Date().toISOString()} with \`npx tsx bench/community.ts\` on ${process.platform}, Node ${process.version},`,
      `PostgreSQL (${REUSE ? 'a database seeded by an earlier run' : 'fresh database'}, default server settings) on this 2-core machine; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}.`,
      `Data from \`seedDatabase\` (src/server/db/seed.ts): ${USERS.toLocaleString('en-US')} users, ${BETS.toLocaleString('en-US')} bets over ~400 days, ${REUSE ? 'reused from an earlier run' : `seeded in ${seeded.seconds.toFixed(0)} s`};`,
      `and ${positions.toLocaleString('en-US')} graded positions (${POSITIONS} per user) on events over the last 400 days (\`fillPositions\` in bench/community.ts).`,
      `Each request goes through \`app.request\` (validation, SQL, JSON); milliseconds over ${RUNS} runs after 5 warm-up runs.`,
      '',
      '| request | min | median | p95 | max | total matching | entries |',
      '|---|---|---|---|---|---|---|',
      ...results,
      '',
      `Slowest p95: ${worst.toFixed(1)} ms.`,
      '',
      'The same requests, each right after a committed write to what the rankings read (so each ranks again):',
      '',
      '| request | min | median | p95 | max | total matching | entries |',
      '|---|---|---|---|---|---|---|',
      ...changedResults,
      '',
      `Slowest p95 after a change: ${worstChanged.toFixed(1)} ms.`,
      '',
      '## How the requests are answered',
      '',
      'Each ranking is made once and kept in the server’s memory until a transaction that wrote a table it',
      'reads commits, the UTC day changes or a pending bet turns overdue (modules/community/rankings.ts,',
      'docs/decisions/061); a request asks the change log whether its kept ranking still holds (one index',
      'range scan of `community_changes`), slices it, and reads only its page’s rows.',
      '',
      '- Spotlight, ranking: each public user’s counted positions in the period (graded, one per pick, won or',
      '  lost at odds ≥ 1.20) are two rows’ difference of the running totals in `user_position_days` (the last',
      '  day on or before today, less the last day before the period: two index probes per user), kept by the',
      '  statement trigger `bet_positions_apply`, sorted by `luck_adjusted_yield`. Page: the rows join',
      '  `profiles` and get their streak (`bet_positions_user_start_idx`) and main sport (`user_sport_stats`).',
      '- Influencers, ranking: `user_bet_stats` (all-time) of the public users, each with its rank from its',
      '  all-time positions (one index probe of `user_position_days`), its place in every sort, and its sports.',
      '  Page: the kept list in the sort’s order, filtered in memory by the search (username / lowered display',
      '  name) and the sport; only the page’s rows get their main sport, trend (their last 60 days of settled',
      '  bets) and last three picks.',
      '',
      '| table (with indexes) | rows (estimate) | size |',
      '|---|---|---|',
      ...sizes.map((s) => `| ${s.relation} | ${Number(s.rows).toLocaleString('en-US')} | ${s.size} |`),
      '',
    ].join('\n');
    console.log(`\nslowest p95 ${worst.toFixed(1)} ms (after a change ${worstChanged.toFixed(1)} ms)`);
    if (USERS === 10_000) writeFileSync(new URL('./community.md', import.meta.url), keepHandWritten(report));
    else console.log('\n(fewer users than the budget’s 10,000: bench/community.md left as it is)\n\n' + report);
  } finally {
    await database?.close();
    if (KEEP || REUSE) {
      console.log(`database ${name} kept: drop it with DROP DATABASE ${name}`);
    } else {
      await scratch.drop();
    }
  }
}

/** The measured report, then whatever bench/community.md holds from its "## Measured by hand" heading on. */
function keepHandWritten(report: string): string {
  const file = new URL('./community.md', import.meta.url);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = old.indexOf('\n## Measured by hand');
  return at < 0 ? report : `${report.trimEnd()}\n\n${old.slice(at + 1)}`;
}

/**
 * Graded positions for the rankings, as bet_positions_apply keeps them from graded bets: `POSITIONS`
 * per user on final events (ten a day over the last 400 days, decided at odds 1.50 to 3.00, about
 * half won), then each user's days and their running totals in user_position_days. Written in
 * bulk rather than through the bets: the rankings read only these two tables (and, for a page's
 * rows, bets), and grading hundreds of thousands of bets event by event would take the seed's
 * time again. Skipped when the database has them already (--reuse).
 */
async function fillPositions(db: Database['db'], now: Date): Promise<number> {
  const [had] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bet_positions`));
  if (had!.n > 1_000) return had!.n;
  await db.execute(sql`
    insert into events (source_feed, source_id, sport, competition, home, away, starts_at, status, home_score, away_score)
    select 'sample', 'bench-' || n, 'soccer', 'Bench League', 'Home ' || n, 'Away ' || n,
           ${now.toISOString()}::timestamptz - make_interval(hours => 6 + n * 24 / 10), 'final', 1, 0
    from generate_series(0, 3999) n
    on conflict do nothing`);
  await db.execute(sql`
    insert into bet_positions (user_id, event_id, market, selection, line, bets, stake, odds, profit, status, starts_at,
                               counted_odds, counted_profit)
    select u.id, e.id, 'moneyline', 'home', null, 1, 10, x.odds,
           case when x.won then round(10 * (x.odds - 1), 2) else -10 end, case when x.won then 'won' else 'lost' end,
           e.starts_at, x.odds, case when x.won then round(10 * (x.odds - 1), 2) else -10 end
    from (select id, row_number() over (order by id) as k from users) u
    cross join generate_series(1, ${POSITIONS}) g
    join lateral (select id, starts_at from events where source_id = 'bench-' || ((u.k * 7919 + g * 104729) % 4000)) e on true
    cross join lateral (select (1.5 + ((u.k * 31 + g * 17) % 16) / 10.0)::numeric(20, 6) as odds,
                               (u.k * 13 + g * 7) % 100 < 48 + u.k % 9 as won) x
    on conflict do nothing`);
  // Every user's days recounted from all positions (the seed's few and these), as the trigger keeps them.
  await db.execute(sql`delete from user_position_days`);
  await db.execute(sql`
    insert into user_position_days (user_id, day, positions, won, events, profit, staked, level_profit, level_profit_sq,
                                    odds_sum, cum_positions, cum_won, cum_events, cum_profit, cum_staked,
                                    cum_level_profit, cum_level_profit_sq, cum_odds_sum)
    select user_id, day, positions, won, events, profit, staked, level_profit, level_profit_sq, odds_sum,
           sum(positions) over w, sum(won) over w, sum(events) over w, sum(profit) over w, sum(staked) over w,
           sum(level_profit) over w, sum(level_profit_sq) over w, sum(odds_sum) over w
    from (
      select user_id, (starts_at at time zone 'UTC')::date as day, count(*)::int as positions,
             (count(*) filter (where status = 'won'))::int as won, count(distinct event_id)::int as events,
             sum(counted_profit) as profit, sum(stake) as staked,
             sum(case status when 'won' then counted_odds - 1 else -1 end) as level_profit,
             sum(case status when 'won' then (counted_odds - 1) * (counted_odds - 1) else 1 end) as level_profit_sq,
             sum(counted_odds) as odds_sum
      from bet_positions where status in ('won', 'lost') and counted_odds >= 1.20
      group by 1, 2
    ) d
    window w as (partition by user_id order by day)`);
  for (const table of ['bet_positions', 'user_position_days', 'events']) await db.execute(sql.raw(`analyze ${table}`));
  const [n] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bet_positions`));
  return n!.n;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
