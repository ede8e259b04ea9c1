import { and, asc, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bets, user, userBetStats } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { canDelete, canSettle } from '../../../shared/bets.ts';
import { formatCents, parseMoney } from '../../../shared/money.ts';
import { deleteBet, recordBet, settleBet } from '../bets/bet-writes.ts';
import { getAnalytics } from './queries.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

/**
 * What can happen to bets: through our code (with a clock that may step back, so a settlement can
 * come before the last one) or through any SQL statement (bulk imports of settled history, bulk
 * settles, deletes across users, reassignments, a changed settled_at or stake). The record allows
 * only some of it (a settled bet is final, a bet changes only by being settled, a bet is deleted
 * only before its event): the rest is an operator's repair with the guard off (withRecordGuardOff),
 * after which the summaries must still be right.
 */
type Command =
  | { kind: 'record'; user: number; cents: bigint; started: boolean }
  | { kind: 'settle'; user: number; pick: number; status: 'won' | 'lost' | 'void'; clockStep: number }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'bulkInsert'; user: number; count: number; pattern: number; daysAgo: number }
  | { kind: 'bulkSettle'; user: number; status: 'won' | 'lost' | 'void' }
  | { kind: 'bulkDelete'; status: 'pending' | 'won' | 'lost' }
  | { kind: 'reassign'; from: number; to: number }
  | { kind: 'reorder'; user: number; pick: number; minutes: number }
  | { kind: 'restake'; user: number; pick: number; cents: bigint }
  | { kind: 'flip'; user: number; pick: number };

const USERS = 3;
const userIndex = fc.nat(USERS - 1);
const stake = fc.oneof(fc.bigInt({ min: 1n, max: 200_000n }), fc.constantFrom(99_999n, 100_000n, 100_001n));
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      user: userIndex,
      cents: stake,
      // Mostly for an event already started (it can be settled), sometimes ahead (it can be deleted).
      started: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      user: userIndex,
      pick: fc.nat(),
      status: fc.constantFrom('won' as const, 'lost' as const, 'void' as const),
      // Mostly forward, as the real clock goes; sometimes back (clock skew between servers).
      clockStep: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }) }, fc.integer({ min: -120, max: 0 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), user: userIndex, pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkInsert' as const),
      user: userIndex,
      count: fc.integer({ min: 1, max: 15 }),
      pattern: fc.nat(7),
      daysAgo: fc.integer({ min: -2, max: 30 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkSettle' as const),
      user: userIndex,
      status: fc.constantFrom('won' as const, 'lost' as const, 'void' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkDelete' as const),
      status: fc.constantFrom('pending' as const, 'won' as const, 'lost' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reassign' as const), from: userIndex, to: userIndex }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reorder' as const),
      user: userIndex,
      pick: fc.nat(),
      minutes: fc.integer({ min: -5000, max: 5000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('restake' as const), user: userIndex, pick: fc.nat(), cents: stake }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('flip' as const), user: userIndex, pick: fc.nat() }) },
);

async function pickBet(env: TestEnv, userId: string, pick: number, settledOnly = false) {
  const rows = await env.db
    .select({ id: bets.id, status: bets.status, eventDate: bets.eventDate })
    .from(bets)
    .where(and(eq(bets.userId, userId), settledOnly ? ne(bets.status, 'pending') : undefined))
    .orderBy(bets.id);
  return rows.length ? rows[pick % rows.length]! : null;
}

async function run(env: TestEnv, userIds: string[], clock: { t: number }, cmd: Command) {
  switch (cmd.kind) {
    case 'record': {
      // A started event is two days back (the clock's steps back never reach it), recorded a day
      // before it; an event ahead is a day ahead, recorded now.
      const eventDate = new Date(clock.t + (cmd.started ? -2 * DAY_MS : DAY_MS));
      const input = {
        description: 'bet',
        amount: formatCents(cmd.cents),
        odds: '2.5',
        sport: 'tennis' as const,
        eventDate: eventDate.toISOString(),
      };
      const recordedAt = new Date(cmd.started ? eventDate.getTime() - DAY_MS : clock.t);
      expect((await recordBet(env.db, userIds[cmd.user]!, input, recordedAt)).ok).toBe(true);
      return;
    }
    case 'settle': {
      clock.t += cmd.clockStep * 1000;
      const now = new Date(clock.t);
      const bet = await pickBet(env, userIds[cmd.user]!, cmd.pick);
      if (bet) {
        const result = await settleBet(env.db, userIds[cmd.user]!, bet.id, cmd.status, now);
        const refusal = bet.status === 'pending' ? 'not-started' : 'already-settled';
        expect(result.ok ? 'settled' : result.reason).toBe(canSettle(bet, now) ? 'settled' : refusal);
      }
      return;
    }
    case 'delete': {
      const now = new Date(clock.t);
      const bet = await pickBet(env, userIds[cmd.user]!, cmd.pick);
      if (bet) {
        const result = await deleteBet(env.db, userIds[cmd.user]!, bet.id, now);
        expect(result).toEqual(canDelete(bet, now) ? { ok: true } : { ok: false, reason: 'part-of-record' });
      }
      return;
    }
    case 'bulkInsert':
      // History imported in one statement, settled at times that may precede earlier settlements.
      await env.db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                          potential_win, profit_loss, settled_at, created_at)
        select ${userIds[cmd.user]!}, 'bulk ' || g, amount, '2.5', 2.5, 'tennis', created_at + interval '7 hours',
               status, amount * 2.5,
               case status when 'won' then amount * 1.5 when 'lost' then -amount when 'void' then 0 end,
               case when status = 'pending' then null
                    else created_at + interval '1 day' + ((g * 7919) % 13) * interval '1 minute' end,
               created_at
        from (
          select g, (g * 37 % 1500 + 1)::numeric(12, 2) as amount,
                 (array['won', 'won', 'lost', 'pending', 'won', 'void'])[1 + (g + ${cmd.pattern}) % 6] as status,
                 to_timestamp(${clock.t / 1000}) - ${cmd.daysAgo} * interval '1 day' + g * interval '1 second' as created_at
          from generate_series(1, ${cmd.count}) g
        ) s`);
      return;
    case 'bulkSettle':
      // Every pending bet of the user whose event has started by the clock (the CHECK).
      clock.t += 1000;
      await env.db.execute(sql`
        update bets set status = ${cmd.status}, settled_at = to_timestamp(${clock.t / 1000}),
               profit_loss = case ${cmd.status} when 'won' then potential_win - amount when 'lost' then -amount else 0 end
        where user_id = ${userIds[cmd.user]!} and status = 'pending' and event_date <= to_timestamp(${clock.t / 1000})`);
      return;
    case 'bulkDelete':
      // Pending bets go as corrections before their event; settled ones only with the guard off.
      if (cmd.status === 'pending') {
        await env.db.execute(
          sql`delete from bets where status = 'pending' and event_date > now() and user_id in ${userIds}`,
        );
      } else {
        await withRecordGuardOff(env, sql`delete from bets where status = ${cmd.status} and user_id in ${userIds}`);
      }
      return;
    case 'reassign':
      await withRecordGuardOff(
        env,
        sql`update bets set user_id = ${userIds[cmd.to]!} where user_id = ${userIds[cmd.from]!}`,
      );
      return;
    case 'reorder': {
      // A settlement moved, with the guard off; never before its event (the CHECK still holds).
      const bet = await pickBet(env, userIds[cmd.user]!, cmd.pick, true);
      if (bet) {
        await withRecordGuardOff(
          env,
          sql`update bets set settled_at = greatest(event_date, settled_at + ${cmd.minutes} * interval '1 minute')
              where id = ${bet.id}`,
        );
      }
      return;
    }
    case 'restake': {
      const bet = await pickBet(env, userIds[cmd.user]!, cmd.pick);
      if (bet) {
        await withRecordGuardOff(env, sql`update bets set amount = ${formatCents(cmd.cents)} where id = ${bet.id}`);
      }
      return;
    }
    case 'flip': {
      const bet = await pickBet(env, userIds[cmd.user]!, cmd.pick, true);
      if (bet) {
        await withRecordGuardOff(
          env,
          sql`update bets set status = case status when 'won' then 'lost' when 'lost' then 'void' else 'won' end,
                     profit_loss = case status when 'won' then -amount when 'lost' then 0 else potential_win - amount end
              where id = ${bet.id}`,
        );
      }
      return;
    }
  }
}

/**
 * The oracle: the user's bets read back, in the order of the games (event start, a parlay's last
 * leg's, then id), counted in JS: runs of won and of
 * lost bets (a void bet neither breaks nor extends one), and the running total of profit, its peak
 * (the start is a peak of 0) and its largest fall from a peak.
 */

async function recount(env: TestEnv, userId: string) {
  const settled = await env.db
    .select({ status: bets.status, profit: bets.profitLoss })
    .from(bets)
    .where(and(eq(bets.userId, userId), ne(bets.status, 'pending')))
    .orderBy(sql`coalesce(${bets.lastEventDate}, ${bets.eventDate})`, asc(bets.id));
  let current = 0;
  let longest = 0;
  let losing = 0;
  let longestLoss = 0;
  let total = 0n;
  let peak = 0n;
  let drawdown = 0n;
  for (const { status, profit } of settled) {
    if (status === 'void') continue;
    current = status === 'won' ? current + 1 : 0;
    longest = Math.max(longest, current);
    losing = status === 'lost' ? losing + 1 : 0;
    longestLoss = Math.max(longestLoss, losing);
    total += parseMoney(profit!)!;
    if (total > peak) peak = total;
    if (peak - total > drawdown) drawdown = peak - total;
  }
  const amounts = await env.db.select({ amount: bets.amount }).from(bets).where(eq(bets.userId, userId));
  const max = amounts.reduce((m, { amount }) => (parseMoney(amount)! > m ? parseMoney(amount)! : m), 0n);
  return {
    longestWinStreak: longest,
    currentWinStreak: current,
    maxStake: formatCents(max),
    longestLossStreak: longestLoss,
    currentLossStreak: losing,
    peakProfit: formatCents(peak),
    maxDrawdown: formatCents(drawdown),
  };
}

async function stored(env: TestEnv, userId: string) {
  const [row] = await env.db
    .select({
      longest: userBetStats.longestWinStreak,
      maxStake: userBetStats.maxAmount,
      current: userBetStats.currentWinStreak,
      longestLoss: userBetStats.longestLossStreak,
      currentLoss: userBetStats.currentLossStreak,
      peak: userBetStats.peakProfit,
      drawdown: userBetStats.maxDrawdown,
    })
    .from(userBetStats)
    .where(eq(userBetStats.userId, userId));
  return {
    longestWinStreak: row?.longest ?? 0,
    maxStake: formatCents(parseMoney(row?.maxStake ?? '0')!),
    currentWinStreak: row?.current ?? 0,
    longestLossStreak: row?.longestLoss ?? 0,
    currentLossStreak: row?.currentLoss ?? 0,
    peakProfit: formatCents(parseMoney(row?.peak ?? '0')!),
    maxDrawdown: formatCents(parseMoney(row?.drawdown ?? '0')!),
  };
}

describeEachDatabase('runs, drawdown and largest stake in user_bet_stats', (env) => {
  it('equal a recount from the rows after any sequence of record, settle, delete and bulk SQL', async () => {
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) userIds.push((await signUpAndSignIn(env())).userId);
    const clock = { t: Date.now() };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        for (const cmd of commands) await run(env(), userIds, clock, cmd);
        for (const userId of userIds) {
          const expected = await recount(env(), userId);
          expect(await stored(env(), userId)).toEqual(expected);
          // The analytics read them from the summary.
          const analytics = await getAnalytics(env().db, userId);
          expect([analytics.longestWinStreak, analytics.longestLossStreak]).toEqual([
            expected.longestWinStreak,
            expected.longestLossStreak,
          ]);
        }
      }),
      { numRuns: 25 },
    );
    // Hundreds of statements and recounts on PGlite: give a loaded machine room (no timing is asserted).
  }, 180_000);

  it('counts wins in a row in the order of the games, not of settling or recording', async () => {
    const { userId } = await signUpAndSignIn(env());
    // Recorded two days ago for an event yesterday, settled an hour after it.
    const t0 = Date.now() - 2 * DAY_MS;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const input = {
        description: `bet ${i}`,
        amount: '10',
        odds: '2',
        sport: 'soccer' as const,
        eventDate: new Date(t0 + DAY_MS + i * MINUTE_MS).toISOString(),
      };
      const result = await recordBet(env().db, userId, input, new Date(t0 + i * 1000));
      if (!result.ok) throw new Error('record failed');
      ids.push(result.bet.id);
    }
    // Games 0..5 in that order: won, lost, then four won. Settled in the order 5, 4, 3, 2, 1, 0 (by
    // settling, the loss would come fifth and leave a run of one): 4 wins in a row, and running.
    const order: [number, 'won' | 'lost'][] = [
      [5, 'won'],
      [4, 'won'],
      [3, 'won'],
      [2, 'won'],
      [1, 'lost'],
      [0, 'won'],
    ];
    for (const [n, [i, status]] of order.entries()) {
      expect((await settleBet(env().db, userId, ids[i]!, status, new Date(t0 + DAY_MS + HOUR_MS + n * 1000))).ok).toBe(
        true,
      );
    }
    expect(await stored(env(), userId)).toMatchObject({ longestWinStreak: 4, currentWinStreak: 4 });
    // The loss is part of the record: the bettor cannot delete it to join the runs.
    expect(await deleteBet(env().db, userId, ids[1]!, new Date())).toEqual({ ok: false, reason: 'part-of-record' });
    expect(await stored(env(), userId)).toMatchObject({ longestWinStreak: 4, currentWinStreak: 4 });
    // An operator's repair with the guard off that deletes it joins them: 5 in a row.
    await withRecordGuardOff(env(), sql`delete from bets where id = ${ids[1]!}`);
    expect(await stored(env(), userId)).toMatchObject({ longestWinStreak: 5, currentWinStreak: 5 });
  });

  it('lets a user with bets be deleted, summary and all', async () => {
    const { userId } = await signUpAndSignIn(env());
    await run(env(), [userId], { t: Date.now() }, { kind: 'bulkInsert', user: 0, count: 8, pattern: 0, daysAgo: 3 });
    await env().db.delete(user).where(eq(user.id, userId));
    expect(await env().db.$count(userBetStats, eq(userBetStats.userId, userId))).toBe(0);
  });
});
