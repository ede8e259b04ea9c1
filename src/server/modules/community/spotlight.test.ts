/**
 * The Spotlight (docs/decisions/038): graded positions won or lost at odds of 1.20 or more, on
 * events that started in the period's UTC days, ranked by luck-adjusted yield among records on at
 * least 30 distinct events. The gamed records are in ranking.test.ts; here the window, the
 * minimum, privacy, the entry's figures, paging and validation.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/harness.ts';
import { RANK_MIN_EVENTS } from '../../../shared/community.ts';
import type { SpotlightEntry, SpotlightPage } from '../../../shared/community-schemas.ts';
import { createBettor, insertBets, setPublic, times } from './helpers.test-support.ts';
import { MINUTE_MS, DAY_MS } from '../../../shared/time-units.ts';

async function spotlight(env: TestEnv, query = ''): Promise<SpotlightPage> {
  const res = await env.request(`/api/community/spotlight${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SpotlightPage;
}

/** Every entry of a period, page by page. */
async function allEntries(env: TestEnv, period: string): Promise<SpotlightEntry[]> {
  const all: SpotlightEntry[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: SpotlightPage = await spotlight(env, `?period=${period}&limit=50&offset=${offset}`);
    all.push(...page.entries);
    offset = page.nextOffset;
  }
  return all;
}

const entryOf = async (env: TestEnv, period: string, username: string) =>
  (await allEntries(env, period)).find((e) => e.username === username);

/** The start of the UTC day `days` days before now's. */
const utcDayStart = (now: number, days: number) => {
  const d = new Date(now - days * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

describeEachDatabase('community: spotlight', (env) => {
  it('answers the month by default, with the window and the minimum it used', async () => {
    const before = env().clock.now().getTime();
    const page = await spotlight(env());
    expect(page.period).toBe('month');
    expect(page.minEvents).toBe(RANK_MIN_EVENTS);
    expect(RANK_MIN_EVENTS).toBe(30);
    expect(Date.parse(page.to)).toBeGreaterThanOrEqual(before);
    // Today and the 29 UTC days before it.
    expect(Date.parse(page.from)).toBe(utcDayStart(Date.parse(page.to), 29));
  });

  it('counts a pick on an event that started on the first day of the week in the week, and one the day before only in the month', async () => {
    const now = env().clock.now().getTime();
    const first = utcDayStart(now, 6);
    const inside = await createBettor(env());
    const outside = await createBettor(env());
    await insertBets(
      env(),
      inside.userId,
      times(30, { status: 'won', graded: true, eventAt: new Date(first + MINUTE_MS) }),
    );
    // Settled within the week, but the games were played before it.
    await insertBets(
      env(),
      outside.userId,
      times(30, {
        status: 'won',
        graded: true,
        eventAt: new Date(first - MINUTE_MS),
        settledAt: new Date(now - DAY_MS),
      }),
    );
    expect(await entryOf(env(), 'week', inside.username)).toMatchObject({ totalBets: 30, events: 30 });
    expect(await entryOf(env(), 'week', outside.username)).toBeUndefined();
    expect(await entryOf(env(), 'month', outside.username)).toMatchObject({ totalBets: 30 });
  });

  it('ranks only records with counted picks on 30 events: pending, void, self-reported and sub-1.20 picks do not count', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env());
    await insertBets(env(), b.userId, [
      ...times(29, { status: 'won', graded: true, settledAt: new Date(now - DAY_MS) }),
      { status: 'pending', graded: true },
      { status: 'void', graded: true, settledAt: new Date(now - DAY_MS) },
      { status: 'won', odds: '1.19', graded: true, settledAt: new Date(now - DAY_MS) },
      ...times(5, { status: 'won', settledAt: new Date(now - DAY_MS) }),
    ]);
    expect(await entryOf(env(), 'week', b.username)).toBeUndefined();
    await insertBets(env(), b.userId, [
      { status: 'lost', odds: '1.20', graded: true, settledAt: new Date(now - DAY_MS) },
    ]);
    expect(await entryOf(env(), 'week', b.username)).toMatchObject({ totalBets: 30, wonBets: 29, events: 30 });
  });

  it('leaves out private profiles, and brings them back when made public', async () => {
    const hidden = await createBettor(env(), { public: false });
    await insertBets(env(), hidden.userId, times(32, { status: 'won', graded: true }));
    expect(await entryOf(env(), 'week', hidden.username)).toBeUndefined();
    await setPublic(env(), hidden.userId, true);
    expect(await entryOf(env(), 'week', hidden.username)).toMatchObject({ totalBets: 32 });
  });

  it('gives each entry its figures, and a streak in the order of the games, not of settling', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env(), { displayName: 'Stella Streak', verified: true });
    await insertBets(env(), b.userId, [
      ...times(20, { status: 'won', sport: 'tennis', eventAt: new Date(now - 5 * DAY_MS), graded: true }),
      ...times(8, {
        status: 'lost',
        sport: 'mma',
        eventAt: new Date(now - 4 * DAY_MS),
        graded: true,
        settledAt: new Date(now - DAY_MS),
      }),
      // Played last, settled before the losses.
      ...times(2, {
        status: 'won',
        sport: 'tennis',
        eventAt: new Date(now - 3 * DAY_MS),
        graded: true,
        settledAt: new Date(now - 2 * DAY_MS),
      }),
    ]);
    const entry = await entryOf(env(), 'week', b.username);
    expect(entry).toMatchObject({
      displayName: 'Stella Streak',
      verified: true,
      totalBets: 30,
      wonBets: 22,
      events: 30,
      winRate: 73.3,
      // 22 wins at 2.5 × $10 (+$15 each), 8 losses (−$10 each)
      totalProfit: '250.00',
      roi: 83.3,
      levelStakesYield: 83.3,
      streak: { result: 'won', length: 2 },
      favouriteSport: 'tennis',
    });
    const [profile] = (
      (await env().db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as c from profiles where user_id = ${b.userId}`,
      )) as unknown as { rows: { c: string }[] }
    ).rows;
    expect(entry?.joinedDate).toBe(profile!.c);
  });

  it('ranks by luck-adjusted yield, and over the period, so the ranking follows the tab', async () => {
    const now = env().clock.now().getTime();
    const recent = await createBettor(env());
    const steady = await createBettor(env());
    // Recent: 30 of 30 at 2.00 this week. Steady: 60 of 100 at 2.00 over the last two months, 3 lost this week.
    await insertBets(env(), recent.userId, times(30, { status: 'won', odds: '2.00', graded: true }));
    await insertBets(env(), steady.userId, [
      ...times(60, { status: 'won', odds: '2.00', graded: true, eventAt: new Date(now - 40 * DAY_MS) }),
      ...times(37, { status: 'lost', odds: '2.00', graded: true, eventAt: new Date(now - 40 * DAY_MS) }),
      ...times(3, { status: 'lost', odds: '2.00', graded: true }),
    ]);
    const quarter = (await allEntries(env(), 'quarter')).map((e) => e.username);
    expect(quarter.indexOf(recent.username)).toBeLessThan(quarter.indexOf(steady.username));
    expect(await entryOf(env(), 'quarter', steady.username)).toMatchObject({ totalBets: 100, luckAdjustedYield: 0.4 });
    expect(await entryOf(env(), 'week', steady.username)).toBeUndefined();
  });

  it('pages with limit and offset, without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) {
      const b = await createBettor(env());
      await insertBets(env(), b.userId, times(30 + i, { status: 'won', graded: true }));
    }
    const all = await allEntries(env(), 'week');
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = await spotlight(env(), '?period=week&limit=2');
    expect(first.entries.map((e) => e.username)).toEqual(all.slice(0, 2).map((e) => e.username));
    expect(first.nextOffset).toBe(2);
    expect(first.total).toBe(all.length);
    const second = await spotlight(env(), '?period=week&limit=2&offset=2');
    expect(second.entries.map((e) => e.rank)).toEqual([3, 4]);
    expect(second.entries.map((e) => e.username)).toEqual(all.slice(2, 4).map((e) => e.username));
    const past = await spotlight(env(), `?period=week&limit=2&offset=${all.length + 5}`);
    expect(past).toMatchObject({ entries: [], nextOffset: null, total: all.length });
  });

  it('answers 422 with a message per field for a bad period, limit or offset', async () => {
    for (const [query, field, message] of [
      ['?period=decade', 'period', 'Period must be one of week, month, quarter, year'],
      ['?limit=0', 'limit', 'Limit must be a whole number from 1 to 50'],
      ['?limit=51', 'limit', 'Limit must be a whole number from 1 to 50'],
      ['?limit=abc', 'limit', 'Limit must be a whole number from 1 to 50'],
      ['?offset=-1', 'offset', 'Offset must be a whole number from 0 to 10000'],
    ] as const) {
      const res = await env().request(`/api/community/spotlight${query}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ fields: { [field]: message } });
    }
  });

  it('keeps the summary of positions equal to a recount from the bets', async () => {
    const b = await createBettor(env());
    await insertBets(env(), b.userId, times(31, { status: 'won', odds: '3.00', graded: true }));
    await insertBets(env(), b.userId, times(4, { status: 'lost', odds: '1.50', graded: true }));
    const recount = () =>
      env().db.execute(sql`
        select (select cum_positions from user_position_days where user_id = ${b.userId} order by day desc limit 1) as stored,
               (select count(*)::int from bets where user_id = ${b.userId} and status in ('won', 'lost')
                  and decimal_odds >= 1.2) as counted`);
    const rowsOf = async () =>
      ((await recount()) as unknown as { rows: { stored: number; counted: number }[] }).rows[0]!;
    expect(await rowsOf()).toEqual({ stored: 35, counted: 35 });
  });
});
