import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { BET_PART_OF_RECORD_MESSAGE } from '../../../shared/bets.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { countLedger } from '../ledger/queries.ts';
import { SPOTLIGHT_PERIODS } from '../../../shared/community.ts';
import type { SpotlightEntry, SpotlightPage } from '../../../shared/community-schemas.ts';
import { DAY, MINUTE, createBettor, insertBets, setPublic, times } from './helpers.test-support.ts';

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

/**
 * Moves every settled bet of a user to `at` (and its recording and event before it). A settled bet
 * is final, so this is an operator's repair with the guard off: the windows must still be right.
 */
const settleAllAt = (env: TestEnv, userId: string, at: Date) =>
  withRecordGuardOff(
    env,
    sql`update bets set settled_at = ${at.toISOString()}::timestamptz,
               created_at = ${at.toISOString()}::timestamptz - interval '1 day',
               event_date = ${at.toISOString()}::timestamptz - interval '1 day' + interval '7 hours'
        where user_id = ${userId} and status <> 'pending'`,
  );

describeEachDatabase('community: spotlight', (env) => {
  it('answers the month by default, with the window and the minimum it used', async () => {
    const before = env().clock.now().getTime();
    const page = await spotlight(env());
    expect(page.period).toBe('month');
    expect(page.minSettledBets).toBe(20);
    const to = Date.parse(page.to);
    expect(to).toBeGreaterThanOrEqual(before);
    expect(to - Date.parse(page.from)).toBe(30 * DAY);
  });

  it('counts a bet settled 7 days minus a minute ago in the week, and one 7 days plus a minute ago only in the month', async () => {
    const now = env().clock.now().getTime();
    const inside = await createBettor(env());
    const outside = await createBettor(env());
    await insertBets(env(), inside.userId, times(20, { status: 'won', settledAt: new Date(now - 7 * DAY + MINUTE) }));
    await insertBets(env(), outside.userId, times(20, { status: 'won', settledAt: new Date(now - 7 * DAY - MINUTE) }));

    expect(await entryOf(env(), 'week', inside.username)).toMatchObject({ totalBets: 20, wonBets: 20 });
    expect(await entryOf(env(), 'week', outside.username)).toBeUndefined();
    expect(await entryOf(env(), 'month', outside.username)).toMatchObject({ totalBets: 20 });
  });

  it.each([
    ['month', 30],
    ['quarter', 90],
    ['year', 365],
  ])('holds the %s window (%i days) at its edges too', async (period, days) => {
    const now = env().clock.now().getTime();
    const inside = await createBettor(env());
    const outside = await createBettor(env());
    await insertBets(
      env(),
      inside.userId,
      times(20, { status: 'lost', settledAt: new Date(now - days * DAY + MINUTE) }),
    );
    await insertBets(
      env(),
      outside.userId,
      times(20, { status: 'lost', settledAt: new Date(now - days * DAY - MINUTE) }),
    );
    const entries = await allEntries(env(), period);
    expect(entries.find((e) => e.username === inside.username)).toMatchObject({
      totalBets: 20,
      totalProfit: '-200.00',
    });
    expect(entries.find((e) => e.username === outside.username)).toBeUndefined();
  });

  it('ranks only bettors with at least 20 won or lost bets in the period (19 is not enough; pending and void bets do not count)', async () => {
    const now = env().clock.now().getTime();
    const nineteen = await createBettor(env());
    const twenty = await createBettor(env());
    await insertBets(env(), nineteen.userId, [
      ...times(19, { status: 'won', settledAt: new Date(now - DAY) }),
      ...times(5, { status: 'pending' }),
      ...times(5, { status: 'void', settledAt: new Date(now - DAY) }),
      // Settled, but before the week.
      ...times(3, { status: 'won', settledAt: new Date(now - 10 * DAY) }),
    ]);
    await insertBets(env(), twenty.userId, times(20, { status: 'won', settledAt: new Date(now - DAY) }));
    const week = await allEntries(env(), 'week');
    expect(week.find((e) => e.username === nineteen.username)).toBeUndefined();
    expect(week.find((e) => e.username === twenty.username)).toBeDefined();
    // Over the month the earlier three count: 22.
    expect(await entryOf(env(), 'month', nineteen.username)).toMatchObject({ totalBets: 22 });
  });

  it('leaves out private profiles, and brings them back when made public', async () => {
    const now = env().clock.now().getTime();
    const hidden = await createBettor(env(), { public: false });
    await insertBets(env(), hidden.userId, times(22, { status: 'won', settledAt: new Date(now - DAY) }));
    for (const period of SPOTLIGHT_PERIODS) expect(await entryOf(env(), period, hidden.username)).toBeUndefined();
    await setPublic(env(), hidden.userId, true);
    expect(await entryOf(env(), 'week', hidden.username)).toBeDefined();
  });

  it('ranks by the low end of the yield interval: one big stake on a short price or a lucky dozen cannot buy a place', async () => {
    const now = env().clock.now().getTime();
    const at = (i: number) => new Date(now - 2 * DAY + i * MINUTE);
    // The steady bettor: 15 of 25 level $10 bets won at 2.00 (yield +20.0%, interval −19.2% to +59.2%).
    const steady = await createBettor(env());
    await insertBets(
      env(),
      steady.userId,
      [...'LLLWWWWWLWWLLWWWLWWLLWWWL'].map((r, i) => ({
        status: r === 'W' ? ('won' as const) : ('lost' as const),
        odds: '2.00',
        settledAt: at(i),
      })),
    );
    // The whale: 24 losing $1 bets at 2.00 and one $99,999 at 1.01, won: +$975.99, the most profit.
    const whale = await createBettor(env());
    await insertBets(env(), whale.userId, [
      ...times(24, { status: 'lost', amount: '1.00', odds: '2.00', settledAt: at(0) }),
      { status: 'won', amount: '99999.00', odds: '1.01', settledAt: at(30) },
    ]);
    // The lucky dozen: 12 wins at 5.00, and nothing else.
    const lucky = await createBettor(env());
    await insertBets(env(), lucky.userId, times(12, { status: 'won', odds: '5.00', settledAt: at(0) }));

    const week = await allEntries(env(), 'week');
    const position = (name: string) => week.findIndex((e) => e.username === name);
    expect(position(steady.username)).toBeGreaterThanOrEqual(0);
    expect(position(whale.username)).toBeGreaterThan(position(steady.username));
    expect(position(lucky.username)).toBe(-1);
    expect(week[position(steady.username)]).toMatchObject({
      totalBets: 25,
      wonBets: 15,
      totalProfit: '50.00',
      roi: 20,
      levelStakesYield: 20,
      // A negative low end is ranked, not hidden.
      yieldInterval: { low: -19.2, high: 59.2 },
    });
    expect(week[position(whale.username)]).toMatchObject({ totalProfit: '975.99', levelStakesYield: -96 });
    // Ranks run 1, 2, 3... with the low ends never rising.
    week.forEach((e, i) => expect(e.rank).toBe(i + 1));
    for (let i = 1; i < week.length; i++) {
      expect(week[i - 1]!.yieldInterval.low).toBeGreaterThanOrEqual(week[i]!.yieldInterval.low);
    }
  });

  it('ranks over the period, so the ranking follows the tab', async () => {
    const now = env().clock.now().getTime();
    // Recent: 20 wins at 2.00 this week. Steady: 40 wins at 3.00 three weeks ago, 20 losses this week.
    const recent = await createBettor(env());
    const steady = await createBettor(env());
    await insertBets(env(), recent.userId, times(20, { status: 'won', odds: '2.00', settledAt: new Date(now - DAY) }));
    await insertBets(env(), steady.userId, [
      ...times(40, { status: 'won', odds: '3.00', settledAt: new Date(now - 21 * DAY) }),
      ...times(20, { status: 'lost', odds: '2.00', settledAt: new Date(now - 2 * DAY) }),
    ]);
    const week = await allEntries(env(), 'week');
    const month = await allEntries(env(), 'month');
    const position = (list: SpotlightEntry[], name: string) => list.findIndex((e) => e.username === name);
    expect(position(week, recent.username)).toBeLessThan(position(week, steady.username));
    expect(position(month, steady.username)).toBeLessThan(position(month, recent.username));
    expect(week.find((e) => e.username === steady.username)).toMatchObject({ totalBets: 20, totalProfit: '-200.00' });
    expect(month.find((e) => e.username === steady.username)).toMatchObject({
      totalBets: 60,
      wonBets: 40,
      winRate: 66.7,
      totalProfit: '600.00',
      levelStakesYield: 100,
    });
  });

  it('gives each entry its win rate, streak, favourite sport, joined date and verified badge', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env(), { displayName: 'Stella Streak', verified: true });
    await insertBets(env(), b.userId, [
      ...times(12, { status: 'won', sport: 'tennis', settledAt: new Date(now - 5 * DAY) }),
      ...times(6, { status: 'lost', sport: 'mma', settledAt: new Date(now - 4 * DAY) }),
      { status: 'won', sport: 'tennis', settledAt: new Date(now - 3 * DAY) },
      { status: 'won', sport: 'tennis', settledAt: new Date(now - 2 * DAY) },
      { status: 'pending', sport: 'mma' },
    ]);
    const entry = await entryOf(env(), 'week', b.username);
    expect(entry).toMatchObject({
      displayName: 'Stella Streak',
      verified: true,
      totalBets: 20,
      wonBets: 14,
      winRate: 70,
      // 14 wins at 2.5 × $10 (+$15 each), 6 losses (−$10 each)
      totalProfit: '150.00',
      roi: 75,
      levelStakesYield: 75,
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

  it('counts a losing streak too', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env());
    await insertBets(env(), b.userId, [
      ...times(17, { status: 'won', settledAt: new Date(now - 3 * DAY) }),
      ...times(3, { status: 'lost', settledAt: new Date(now - DAY) }),
      // A void bet since then neither ends nor extends the run.
      { status: 'void', settledAt: new Date(now - DAY / 2) },
    ]);
    expect((await entryOf(env(), 'week', b.username))?.streak).toEqual({ result: 'lost', length: 3 });
  });

  it('pages with limit and offset, without gaps or repeats', async () => {
    const now = env().clock.now().getTime();
    for (let i = 0; i < 5; i++) {
      const b = await createBettor(env());
      await insertBets(
        env(),
        b.userId,
        times(20, { status: 'won', amount: `${i + 1}.00`, settledAt: new Date(now - DAY) }),
      );
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

  it('follows bets recorded, settled and deleted through the API, and equals a recount from the bets', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const [{ username }] = (
      (await env().db.execute(sql`select username from profiles where user_id = ${userId}`)) as unknown as {
        rows: { username: string }[];
      }
    ).rows as [{ username: string }];
    const eventDate = new Date(env().clock.now().getTime() + 7 * 60 * MINUTE).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await env().request('/api/bets', {
        cookie,
        body: { description: `Pick ${i}`, amount: '20', odds: '+150', sport: 'soccer', eventDate },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as Bet).id);
    }
    // A correction before the event: the bet goes, and pending bets never count anyway.
    const typo = ids.pop()!;
    expect((await env().request(`/api/bets/${typo}`, { cookie, method: 'DELETE' })).status).toBe(204);
    expect(await entryOf(env(), 'week', username)).toBeUndefined();

    // The events start; the bets are settled: 14 won, then 7 lost.
    env().clock.advance(7 * 60 * MINUTE + MINUTE);
    try {
      const settle = async (i: number) => {
        const res = await env().request(`/api/bets/${ids[i]}`, {
          cookie,
          method: 'PATCH',
          body: { status: i < 14 ? 'won' : 'lost' },
        });
        expect(res.status).toBe(200);
      };
      for (let i = 0; i < 19; i++) await settle(i);
      // Below the minimum of 20 won or lost bets: not listed.
      expect(await entryOf(env(), 'week', username)).toBeUndefined();
      await settle(19);
      expect(await entryOf(env(), 'week', username)).toMatchObject({
        totalBets: 20,
        wonBets: 14,
        totalProfit: '300.00',
      });
      await settle(20);
      const entry = await entryOf(env(), 'week', username);
      expect(entry).toMatchObject({
        totalBets: 21,
        wonBets: 14,
        totalProfit: '280.00', // 14 × 30 − 7 × 20
        streak: { result: 'lost', length: 7 },
        favouriteSport: 'soccer',
      });

      // A settled bet is part of the record: deleting a win (or a loss) is refused and changes nothing.
      const rowsOfUser = () => env().db.select().from(bets).where(eq(bets.userId, userId)).orderBy(bets.id);
      const rowsBefore = await rowsOfUser();
      const ledgerBefore = await countLedger(env().db, userId);
      for (const id of [ids[0]!, ids[10]!]) {
        const res = await env().request(`/api/bets/${id}`, { cookie, method: 'DELETE' });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
      }
      expect(await rowsOfUser()).toEqual(rowsBefore);
      expect(await countLedger(env().db, userId)).toBe(ledgerBefore);
      expect(await entryOf(env(), 'week', username)).toEqual(entry);
      await expectWindowsMatchRecount(env(), userId, username);
    } finally {
      env().clock.reset();
    }
  });

  it('keeps the windows right when settled bets move across a window start or are deleted afterwards', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env());
    await insertBets(env(), b.userId, [
      ...times(20, { status: 'won', settledAt: new Date(now - 3 * DAY) }),
      ...times(4, { status: 'void', settledAt: new Date(now - 3 * DAY) }),
      ...times(20, { status: 'lost', settledAt: new Date(now - 40 * DAY) }),
    ]);
    // Every window's stored totals exist now (asked for above in other tests, or here).
    for (const period of SPOTLIGHT_PERIODS) await allEntries(env(), period);
    await expectWindowsMatchRecount(env(), b.userId, b.username);
    // Back-dated: the week's bets move before the quarter; then half the rest are deleted.
    await settleAllAt(env(), b.userId, new Date(now - 100 * DAY));
    await expectWindowsMatchRecount(env(), b.userId, b.username);
    // Settled bets are deleted only by a repair with the guard off: the windows must follow it too.
    await withRecordGuardOff(
      env(),
      sql`delete from bets where id in (select id from bets where user_id = ${b.userId} limit 20)`,
    );
    await expectWindowsMatchRecount(env(), b.userId, b.username);
    await insertBets(env(), b.userId, times(25, { status: 'won', settledAt: new Date(now - 200 * DAY) }));
    await expectWindowsMatchRecount(env(), b.userId, b.username);
  });

  it('leaves out bets settled after the server clock (a clock that stepped back)', async () => {
    const now = env().clock.now().getTime();
    const b = await createBettor(env());
    await insertBets(env(), b.userId, [
      ...times(20, { status: 'won', settledAt: new Date(now - DAY) }),
      ...times(5, { status: 'lost', settledAt: new Date(now + 2 * DAY) }),
    ]);
    expect(await entryOf(env(), 'week', b.username)).toMatchObject({ totalBets: 20, totalProfit: '300.00' });
  });
});

/** Each period's entry for the user equals a count straight from their bets (or is absent below 20). */
async function expectWindowsMatchRecount(env: TestEnv, userId: string, username: string) {
  for (const period of SPOTLIGHT_PERIODS) {
    const entries = await allEntries(env, period);
    // The window as the server drew it (its clock has moved on by milliseconds: no bet is that close to an edge).
    const page = await spotlight(env, `?period=${period}&limit=1`);
    const entry = entries.find((e) => e.username === username);
    const result = (await env.db.execute(sql`
      select count(*)::int as settled, (count(*) filter (where status = 'won'))::int as won,
             coalesce(sum(profit_loss), 0)::numeric(20, 2)::text as profit,
             coalesce(sum(case status when 'won' then decimal_odds - 1 else -1 end), 0)::float8 as level
      from bets where user_id = ${userId} and status in ('won', 'lost')
        and settled_at > ${page.from}::timestamptz and settled_at <= ${page.to}::timestamptz`)) as unknown as {
      rows: { settled: number; won: number; profit: string; level: number }[];
    };
    const recount = result.rows[0]!;
    if (recount.settled < 20) {
      expect(entry, `${period}: ${username} has ${recount.settled} settled`).toBeUndefined();
    } else {
      expect(entry, period).toMatchObject({
        totalBets: recount.settled,
        wonBets: recount.won,
        totalProfit: recount.profit,
        levelStakesYield: Math.round((recount.level / recount.settled) * 1000) / 10,
      });
    }
  }
}
