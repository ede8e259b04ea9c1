/**
 * Parlays (docs/decisions/008): through the API on the injected clock, and the database's
 * own rules with direct SQL, on each database.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { betLegs, bets } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql.ts';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { countLedger, entryOf, listLedgerRows } from '../ledger/queries.ts';
import { EVENT_TOO_SOON_MESSAGE } from '../../../shared/bets.ts';
import type { Bet, BetPage, BetStats } from '../../../shared/bet-schemas.ts';
import { parseCsv } from '../../../shared/csv-read.ts';
import { verifyChain, type LedgerEntry } from '../../../shared/ledger.ts';
import {
  LEG_ALREADY_SETTLED_MESSAGE,
  PARLAY_ALREADY_SETTLED_MESSAGE,
  PARLAY_LEG_COUNT_MESSAGE,
  PARLAY_SETTLED_BY_LEGS_MESSAGE,
} from '../../../shared/parlays.ts';
import { computeStats } from '../../../shared/stats.ts';
import { getBetStats } from './bet-stats.ts';
import { recountBetStats } from '../../test/recount-bet-stats.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

/** Three legs starting 8, 10 and 12 hours ahead: -110 (21/11), 5/2 and 2.5 (odds 16.704545…). */
const threeLegs = (env: TestEnv) => [
  { description: 'Chiefs ML', sport: 'football', odds: '-110', eventDate: eventIn(env, 8 * HOUR_MS) },
  { description: 'Lakers -4.5', sport: 'basketball', odds: '5/2', eventDate: eventIn(env, 10 * HOUR_MS) },
  { description: 'Arsenal to win', sport: 'soccer', odds: '2.5', eventDate: eventIn(env, 12 * HOUR_MS) },
];

async function recordParlay(env: TestEnv, cookie: string, body: Record<string, unknown> = {}): Promise<Bet> {
  const res = await env.request('/api/bets', { cookie, body: { amount: '10', legs: threeLegs(env), ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

const settleLeg = (env: TestEnv, cookie: string, bet: Bet, position: number, status: string) =>
  env.request(`/api/bets/${bet.id}/legs/${bet.legs![position - 1]!.id}`, { cookie, method: 'PATCH', body: { status } });

async function settledOk(env: TestEnv, cookie: string, bet: Bet, position: number, status: string): Promise<Bet> {
  const res = await settleLeg(env, cookie, bet, position, status);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Bet;
}

async function ledgerOf(env: TestEnv, userId: string): Promise<LedgerEntry[]> {
  return (await listLedgerRows(env.db, userId, { after: 0, limit: 1000 })).map(entryOf);
}

async function expectStatsRecount(env: TestEnv, userId: string) {
  const rows = await env.db
    .select({
      id: bets.id,
      status: bets.status,
      eventDate: bets.eventDate,
      amount: bets.amount,
      profitLoss: bets.profitLoss,
      decimalOdds: bets.decimalOdds,
      settledAt: bets.settledAt,
      lastEventDate: bets.lastEventDate,
    })
    .from(bets)
    .where(eq(bets.userId, userId));
  const oracle = computeStats(rows, env.clock.now());
  expect(await getBetStats(env.db, userId, env.clock.now())).toEqual({ ...oracle, overdue: expect.any(Number) });
  expect(await recountBetStats(env.db, userId, env.clock.now())).toEqual({ ...oracle, overdue: expect.any(Number) });
}

describeEachDatabase('parlays', (env) => {
  it('records a 3-leg parlay as one bet: combined odds, potential win, earliest start, legs with ids', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordParlay(env(), cookie);
    // 21/11 × 7/2 × 5/2 = 735/44 = 16.7045454…; $10 → $167.045454… → $167.05.
    expect(bet).toMatchObject({
      description: 'Parlay: Chiefs ML + Lakers -4.5 + Arsenal to win',
      sport: 'parlay',
      amount: '10.00',
      odds: '16.704545',
      decimalOdds: '16.704545',
      potentialWin: '167.05',
      status: 'pending',
    });
    expect(bet.eventDate).toBe(bet.legs![0]!.eventDate);
    expect(bet.legs!.map((l) => [l.position, l.description, l.sport, l.odds, l.decimalOdds, l.status])).toEqual([
      [1, 'Chiefs ML', 'football', '-110', '1.909091', 'pending'],
      [2, 'Lakers -4.5', 'basketball', '5/2', '3.500000', 'pending'],
      [3, 'Arsenal to win', 'soccer', '2.5', '2.500000', 'pending'],
    ]);
    expect(bet.legs!.every((l) => /^[0-9a-f-]{36}$/.test(l.id))).toBe(true);
    // The list carries the legs too; a single bet's legs are null.
    await env().request('/api/bets', {
      cookie,
      body: { description: 'single', amount: '5', odds: '2', sport: 'tennis', eventDate: eventIn(env(), 7 * HOUR_MS) },
    });
    const page = (await (await env().request('/api/bets', { cookie })).json()) as BetPage;
    expect(page.bets.map((b) => b.legs?.length ?? null)).toEqual([null, 3]);
    expect(page.bets[1]).toEqual(bet);
    const stats = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
    expect(stats).toMatchObject({ totalBets: 2, pending: 2, totalStaked: '15.00' });
    // The CSV export: one row per bet, the parlay's legs in the legs column.
    const csv = parseCsv(await (await env().request('/api/profile/export.csv', { cookie })).text());
    const legsColumn = csv[0]!.indexOf('legs');
    expect(csv.map((row) => row[legsColumn])).toEqual([
      'legs',
      '',
      bet
        .legs!.map(
          (l) => `${l.position}. ${l.description} | ${l.sport} | ${l.odds} | ${l.eventDate} | pending | self-reported`,
        )
        .join('; '),
    ]);
    // One recorded entry for the parlay, its legs in it, all pending.
    const [entry] = await ledgerOf(env(), userId);
    expect(entry).toMatchObject({
      kind: 'recorded',
      bet: { id: bet.id, sport: 'parlay', stake: 1000, status: 'pending' },
    });
    expect(entry!.bet.legs!.map((l) => [l.id, l.odds, l.status])).toEqual(
      bet.legs!.map((l) => [l.id, l.odds, 'pending']),
    );
    // The first test of the file pays for warming up a loaded machine (no timing is asserted).
  }, 90_000);

  it('refuses bad parlays with per-field errors and writes nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const legs = threeLegs(env());
    const cases: [unknown, Record<string, string>][] = [
      [[legs[0]], { legs: PARLAY_LEG_COUNT_MESSAGE }],
      [Array(16).fill(legs[0]), { legs: PARLAY_LEG_COUNT_MESSAGE }],
      [[legs[0], { ...legs[1], odds: '1/0' }], { 'legs.1.odds': expect.stringContaining('Invalid odds') as string }],
      [
        [legs[0], { ...legs[1], eventDate: eventIn(env(), 5 * HOUR_MS) }],
        { 'legs.1.eventDate': EVENT_TOO_SOON_MESSAGE },
      ],
      [
        [legs[0], { ...legs[1], sport: 'parlay' }],
        { 'legs.1.sport': expect.stringContaining('Sport must be') as string },
      ],
      [[legs[0], { ...legs[1], extra: 1 }], { 'legs.1.extra': 'Unknown field' }],
      [Array(3).fill({ ...legs[0], odds: '99' }), { legs: 'Combined odds must be at most 100,000' }],
    ];
    for (const [body, fields] of cases) {
      const res = await env().request('/api/bets', { cookie, body: { amount: '10', legs: body } });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual(fields);
    }
    // A parlay with the single bet's fields too is neither.
    const mixed = await env().request('/api/bets', { cookie, body: { amount: '10', legs, odds: '2' } });
    expect(((await mixed.json()) as { fields: Record<string, string> }).fields).toEqual({ odds: 'Unknown field' });
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
    expect(await countLedger(env().db, userId)).toBe(0);
  });

  it('settles each leg after its start; the parlay is won when every leg is, at the exact product', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordParlay(env(), cookie);
    const refused = await settleLeg(env(), cookie, bet, 1, 'won');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Settle after the event starts: .* UTC$/);
    // The parlay itself is settled by its legs only.
    env().clock.advance(12 * HOUR_MS + MINUTE_MS);
    const direct = await env().request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body: { status: 'won' } });
    expect([direct.status, await direct.json()]).toEqual([409, { error: PARLAY_SETTLED_BY_LEGS_MESSAGE }]);
    expect((await settledOk(env(), cookie, bet, 1, 'won')).status).toBe('pending');
    const again = await settleLeg(env(), cookie, bet, 1, 'lost');
    expect([again.status, await again.json()]).toEqual([409, { error: LEG_ALREADY_SETTLED_MESSAGE }]);
    await settledOk(env(), cookie, bet, 2, 'won');
    const won = await settledOk(env(), cookie, bet, 3, 'won');
    expect(won).toMatchObject({
      status: 'won',
      decimalOdds: '16.704545',
      potentialWin: '167.05',
      profitLoss: '157.05',
    });
    expect(won.legs!.map((l) => l.status)).toEqual(['won', 'won', 'won']);
    expect(won.settledAt).toBe(won.legs![2]!.settledAt);
    const stats = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
    expect(stats).toMatchObject({ totalBets: 1, won: 1, totalProfit: '157.05', longestWinningRun: 1 });
    await expectStatsRecount(env(), userId);
    // recorded, three leg-settled, settled: the chain verifies.
    const entries = await ledgerOf(env(), userId);
    expect(entries.map((e) => e.kind)).toEqual(['recorded', 'leg-settled', 'leg-settled', 'leg-settled', 'settled']);
    expect(entries[2]!.leg).toMatchObject({ id: bet.legs![1]!.id, status: 'won' });
    expect(entries[4]!.bet).toMatchObject({ status: 'won', profit: 15705 });
    expect(verifyChain(entries, sha256)).toMatchObject({ ok: true, count: 5 });
    // A leg changed after the fact (its odds in the recording, a leg's result) breaks the chain there.
    const tampered = structuredClone(entries);
    tampered[0]!.bet.legs![1]!.odds = '9/2';
    expect(verifyChain(tampered, sha256)).toMatchObject({
      ok: false,
      seq: 1,
      problem: expect.stringContaining('hash mismatch'),
    });
    const flipped = structuredClone(entries);
    flipped[3]!.leg!.status = 'lost';
    expect(verifyChain(flipped, sha256)).toMatchObject({ ok: false, seq: 4 });
    const { leg: _leg, ...legless } = entries[3]!;
    expect(verifyChain([...entries.slice(0, 3), legless], sha256)).toMatchObject({
      ok: false,
      seq: 4,
      problem: expect.stringContaining('leg') as string,
    });
  });

  it('void legs count 1.00: the payout is recomputed; all void is void; a lost leg loses it at once', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const a = await recordParlay(env(), cookie, { amount: '110' });
    const b = await recordParlay(env(), cookie, { amount: '3' });
    const c = await recordParlay(env(), cookie, { amount: '7.77' });
    env().clock.advance(12 * HOUR_MS + MINUTE_MS);
    // a: -110 won, 5/2 void, 2.5 won → 21/11 × 5/2 = 105/22; $110 → $525.00 exactly.
    await settledOk(env(), cookie, a, 2, 'void');
    await settledOk(env(), cookie, a, 1, 'won');
    expect(await settledOk(env(), cookie, a, 3, 'won')).toMatchObject({
      status: 'won',
      decimalOdds: '4.772727',
      potentialWin: '525.00',
      profitLoss: '415.00',
    });
    // b: all void → void, stake back.
    for (const position of [1, 2, 3]) await settledOk(env(), cookie, b, position, 'void');
    expect((await (await env().request('/api/bets', { cookie })).json()) as BetPage).toMatchObject({
      bets: [{ id: c.id }, { id: b.id, status: 'void', profitLoss: '0.00' }, { id: a.id }],
    });
    // c: lost as soon as a leg loses; the other legs can no longer be settled.
    expect(await settledOk(env(), cookie, c, 2, 'lost')).toMatchObject({ status: 'lost', profitLoss: '-7.77' });
    const late = await settleLeg(env(), cookie, c, 1, 'won');
    expect([late.status, await late.json()]).toEqual([409, { error: PARLAY_ALREADY_SETTLED_MESSAGE }]);
    const stats = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
    expect(stats).toMatchObject({ totalBets: 3, won: 1, lost: 1, voided: 1, totalProfit: '407.23' });
    await expectStatsRecount(env(), userId);
    expect(verifyChain(await ledgerOf(env(), userId), sha256).ok).toBe(true);
  });

  it('deletes a parlay only before its earliest leg starts; overdue 72 hours after its first pending leg starts', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const gone = await recordParlay(env(), cookie);
    const res = await env().request(`/api/bets/${gone.id}`, { cookie, method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await env().db.$count(betLegs, eq(betLegs.betId, gone.id))).toBe(0);
    const kept = await recordParlay(env(), cookie);
    env().clock.advance(8 * HOUR_MS + MINUTE_MS);
    expect((await env().request(`/api/bets/${kept.id}`, { cookie, method: 'DELETE' })).status).toBe(409);
    // Overdue 72 hours after its first leg started, whatever its later legs.
    env().clock.advance(72 * HOUR_MS - 2 * MINUTE_MS);
    expect(((await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats).overdue).toBe(0);
    env().clock.advance(2 * MINUTE_MS);
    expect(((await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats).overdue).toBe(1);
  });

  it("answers 404 for another user's leg, an unknown leg, or a malformed id", async () => {
    const owner = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    const bet = await recordParlay(env(), owner.cookie);
    env().clock.advance(12 * HOUR_MS + MINUTE_MS);
    const leg = bet.legs![0]!.id;
    for (const [cookie, path] of [
      [other.cookie, `/api/bets/${bet.id}/legs/${leg}`],
      [owner.cookie, `/api/bets/${bet.id}/legs/00000000-0000-4000-8000-000000000000`],
      [owner.cookie, `/api/bets/${bet.id}/legs/nope`],
    ] as const) {
      const res = await env().request(path, { cookie, method: 'PATCH', body: { status: 'won' } });
      expect([res.status, await res.json()]).toEqual([404, { error: 'Leg not found' }]);
    }
    expect((await env().db.select().from(betLegs).where(eq(betLegs.id, leg)))[0]!.status).toBe('pending');
  });
});

/** A pending parlay written with SQL: legs at +1 and +2 days, recorded a day before the first. */
async function insertParlay(env: TestEnv, userId: string, legs = 2, odds = 4): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await env.db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, last_event_date,
                        leg_count, potential_win, created_at)
      values (${userId}, 'sql parlay', 10, ${String(odds)}, ${odds}, 'parlay', now() + interval '1 day',
              now() + interval '2 days', ${legs}, ${odds * 10}, now())
      returning id`),
  );
  return row!.id;
}

/** The rule (constraint name) that refused a transaction, or its error text. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    const cause = (err as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (err as { constraint?: string }).constraint ?? String(err);
  }
  return 'not refused';
}

const legValues = (betId: string, position: number, start = "now() + interval '1 day'") =>
  sql`(${betId}, ${position}, 'leg', 'tennis', '2', 2, 2, 1, ${sql.raw(start)})`;

describeEachDatabase('parlays in the database (direct SQL)', (env) => {
  const insertLegs = (...values: ReturnType<typeof legValues>[]) =>
    sql`insert into bet_legs (bet_id, position, description, sport, odds, decimal_odds, odds_num, odds_den, event_date)
        values ${sql.join(values, sql`, `)}`;

  it('holds a parlay to 2-15 legs, its own figures and each leg 6+ hours after the recording', async () => {
    const { userId } = await signUpAndSignIn(env());
    // Legs missing at commit: refused (the deferred count).
    expect(
      await refusal(
        env().db.transaction(async (t) => {
          const [row] = rowsOf<{ id: string }>(
            await t.execute(sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date,
                               last_event_date, leg_count, potential_win, created_at)
                               values (${userId}, 'p', 10, '4', 4, 'parlay', now() + interval '1 day',
                                       now() + interval '1 day', 2, 40, now()) returning id`),
          );
          await t.execute(insertLegs(legValues(row!.id, 1)));
        }),
      ),
    ).toBe('bets_parlay_leg_count');
    expect(
      await refusingConstraint(
        env(),
        sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, last_event_date,
                              leg_count, potential_win) values (${userId}, 'p', 10, '4', 4, 'parlay', now() + interval '1 day',
                              now() + interval '1 day', 16, 40)`,
        '23514',
        ['bets_leg_count_range'],
      ),
    ).toBe('bets_leg_count_range');
    // A leg whose event is within 6 hours of the recording.
    expect(
      await refusal(
        env().db.transaction(async (t) => {
          const id = await insertParlay({ ...env(), db: t as unknown as TestEnv['db'] }, userId);
          await t.execute(insertLegs(legValues(id, 1), legValues(id, 2, "now() + interval '5 hours'")));
        }),
      ),
    ).toBe('bet_legs_event_at_least_6h_ahead');
    // Combined odds that are not the legs' product (2 × 2 = 4, not 5).
    expect(
      await refusal(
        env().db.transaction(async (t) => {
          const id = await insertParlay({ ...env(), db: t as unknown as TestEnv['db'] }, userId, 2, 5);
          await t.execute(insertLegs(legValues(id, 1), legValues(id, 2, "now() + interval '2 days'")));
        }),
      ),
    ).toBe('bets_parlay_matches_legs');
    // A stored decimal that is not the exact odds rounded.
    expect(
      await refusal(
        env().db.transaction(async (t) => {
          const id = await insertParlay({ ...env(), db: t as unknown as TestEnv['db'] }, userId);
          await t.execute(
            sql`insert into bet_legs (bet_id, position, description, sport, odds, decimal_odds, odds_num, odds_den, event_date)
                values (${id}, 1, 'l', 'tennis', '-110', 1.909090, 21, 11, now() + interval '1 day')`,
          );
        }),
      ),
    ).toBe('bet_legs_odds_exact');
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
    // And a right one goes in (legs at the parlay's first and last starts).
    await env().db.transaction(async (t) => {
      const id = await insertParlay({ ...env(), db: t as unknown as TestEnv['db'] }, userId);
      await t.execute(insertLegs(legValues(id, 1), legValues(id, 2, "now() + interval '2 days'")));
    });
    expect(await countLedger(env().db, userId)).toBe(1);
  });

  it('settles legs only after their start, finally, and the parlay only through them', async () => {
    const { userId } = await signUpAndSignIn(env());
    // Recorded 3 days ago for legs that started 2 days and 1 hour ago (back-dated, as the seed does).
    const id = await env().db.transaction(async (t) => {
      const [row] = rowsOf<{ id: string }>(
        await t.execute(sql`
          insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, last_event_date,
                            leg_count, potential_win, created_at)
          values (${userId}, 'old parlay', 10, '4', 4, 'parlay', now() - interval '2 days', now() + interval '1 hour',
                  2, 40, now() - interval '3 days')
          returning id`),
      );
      await t.execute(
        insertLegs(
          legValues(row!.id, 1, "now() - interval '2 days'"),
          legValues(row!.id, 2, "now() + interval '1 hour'"),
        ),
      );
      return row!.id;
    });
    const legs = await env().db.select().from(betLegs).where(eq(betLegs.betId, id)).orderBy(betLegs.position);
    const [first, second] = [legs[0]!.id, legs[1]!.id];
    const check = (q: ReturnType<typeof sql>, names: string[]) => refusingConstraint(env(), q, '23514', names);
    // The second leg has not started.
    expect(
      await check(sql`update bet_legs set status = 'won', settled_at = now() where id = ${second}`, [
        'bet_legs_settled_after_event_start',
      ]),
    ).toBe('bet_legs_settled_after_event_start');
    // The parlay is not settled directly.
    expect(
      await check(sql`update bets set status = 'won', profit_loss = 30, settled_at = now() where id = ${id}`, [
        'bets_parlay_settled_by_legs',
      ]),
    ).toBe('bets_parlay_settled_by_legs');
    await env().db.execute(sql`update bet_legs set status = 'won', settled_at = now() where id = ${first}`);
    // A settled leg is final; a pending one only settles.
    expect(
      await check(sql`update bet_legs set status = 'lost' where id = ${first}`, ['bet_legs_settled_is_final']),
    ).toBe('bet_legs_settled_is_final');
    expect(
      await check(sql`update bet_legs set odds = '3' where id = ${second}`, ['bet_legs_pending_only_settles']),
    ).toBe('bet_legs_pending_only_settles');
    // Legs go only with their parlay, which has started.
    expect(await check(sql`delete from bet_legs where id = ${second}`, ['bet_legs_delete_with_bet'])).toBe(
      'bet_legs_delete_with_bet',
    );
    expect(await check(sql`delete from bets where id = ${id}`, ['bets_delete_before_event_start'])).toBe(
      'bets_delete_before_event_start',
    );
    const [parlay] = await env().db.select().from(bets).where(eq(bets.id, id));
    expect(parlay).toMatchObject({ status: 'pending', profitLoss: null });
    // The second leg lost (settled at its start, 1 hour ahead): the parlay settles itself, lost.
    await env().db.execute(
      sql`update bet_legs set status = 'lost', settled_at = now() + interval '2 hours' where id = ${second}`,
    );
    const [lost] = await env().db.select().from(bets).where(eq(bets.id, id));
    expect(lost).toMatchObject({ status: 'lost', profitLoss: '-10.00' });
    const [stats] = rowsOf<{ lost: number; profit: string }>(
      await env().db.execute(sql`select lost, total_profit::text as profit from user_bet_stats
                                                 where user_id = ${userId}`),
    );
    expect(stats).toEqual({ lost: 1, profit: '-10.00' });
    expect(verifyChain(await ledgerOf(env(), userId), sha256)).toMatchObject({ ok: true, count: 4 });
  });
});
