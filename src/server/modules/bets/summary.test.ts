import { and, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bets, user, userBetStats } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { SPORTS, canDelete, canSettle } from '../../../shared/bets.ts';
import { formatCents } from '../../../shared/money.ts';
import { computeStats } from '../../../shared/stats.ts';
import { getBetStats } from './bet-stats.ts';
import { deleteBet, recordBet, settleBet } from './bet-writes.ts';
import { recountBetStats } from '../../test/recount-bet-stats.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

/**
 * When a recorded bet's event is: ahead (it can be deleted, not settled), started a day ago (it can
 * be settled) or four days ago (pending, it is overdue). Bets are recorded a day before their event.
 */
const EVENT_OFFSETS = { ahead: DAY_MS, started: -DAY_MS, overdue: -4 * DAY_MS } as const;
type EventTime = keyof typeof EVENT_OFFSETS;

/**
 * What can happen to bets, through our code or through any SQL statement: what the record allows,
 * and (bulkDelete of settled bets, reassign) what only an operator's repair with the guard off does.
 */
type Command =
  | { kind: 'record'; user: number; cents: bigint; odds: string; sport: (typeof SPORTS)[number]; event: EventTime }
  | { kind: 'settle'; user: number; pick: number; status: 'won' | 'lost' | 'void' }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'bulkInsert'; user: number; count: number }
  | { kind: 'bulkSettle'; user: number; status: 'won' | 'lost' | 'void' }
  | { kind: 'bulkDelete'; status: 'pending' | 'won' | 'lost' | 'void' }
  | { kind: 'reassign'; from: number; to: number };

const USERS = 3;
const userIndex = fc.nat(USERS - 1);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      user: userIndex,
      cents: fc.bigInt({ min: 1n, max: 100_000_000n }),
      odds: fc.constantFrom('+150', '-110', '5/2', '2.5', '1.01', '150', '11/10', '+9999900'),
      sport: fc.constantFrom(...SPORTS),
      event: fc.constantFrom<EventTime>('ahead', 'started', 'overdue'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      user: userIndex,
      pick: fc.nat(),
      status: fc.constantFrom('won' as const, 'lost' as const, 'void' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), user: userIndex, pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkInsert' as const),
      user: userIndex,
      count: fc.integer({ min: 1, max: 20 }),
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
      status: fc.constantFrom('pending' as const, 'won' as const, 'lost' as const, 'void' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reassign' as const), from: userIndex, to: userIndex }) },
);

async function betsOf(env: TestEnv, userId: string) {
  return env.db
    .select({ id: bets.id, status: bets.status, eventDate: bets.eventDate })
    .from(bets)
    .where(eq(bets.userId, userId))
    .orderBy(bets.id);
}

/**
 * Many rows in one statement, a quarter of them pending (every other one with its event ahead, the
 * rest started up to four days ago) and the others settled won, lost or void half an hour after
 * their event: recorded a day before the event, as the record allows.
 */
const bulkInsert = (userId: string, count: number) => sql`
  insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                    potential_win, profit_loss, settled_at, created_at)
  select ${userId}, 'bulk ' || g, (g * 1.37)::numeric(12, 2), '2.5', 2.5, 'tennis', e.event_date,
         (array['pending', 'won', 'lost', 'void'])[1 + g % 4],
         (g * 1.37 * 2.5)::numeric(16, 2),
         case g % 4 when 0 then null when 1 then (g * 1.37 * 2.5)::numeric(16, 2) - (g * 1.37)::numeric(12, 2)
                    when 2 then -(g * 1.37)::numeric(12, 2) else 0 end,
         case g % 4 when 0 then null else e.event_date + interval '30 minutes' + (g % 7) * interval '1 minute' end,
         e.event_date - interval '1 day'
  from generate_series(1, ${count}) g
  cross join lateral (
    select case when g % 8 = 0 then now() + interval '1 day'
                else now() - (g % 5) * interval '1 day' - interval '1 hour' end as event_date
  ) e`;

async function run(env: TestEnv, userIds: string[], cmd: Command) {
  const now = new Date();
  switch (cmd.kind) {
    case 'record': {
      const eventDate = new Date(now.getTime() + EVENT_OFFSETS[cmd.event]);
      const input = {
        description: 'bet',
        amount: formatCents(cmd.cents),
        odds: cmd.odds,
        sport: cmd.sport,
        eventDate: eventDate.toISOString(),
      };
      // Recorded (back-dated, for an event already started) a day before its event.
      const result = await recordBet(env.db, userIds[cmd.user]!, input, new Date(eventDate.getTime() - DAY_MS));
      expect(result.ok).toBe(true);
      return;
    }
    case 'settle':
    case 'delete': {
      const userId = userIds[cmd.user]!;
      const list = await betsOf(env, userId);
      if (list.length === 0) return;
      const bet = list[cmd.pick % list.length]!;
      if (cmd.kind === 'settle') {
        const result = await settleBet(env.db, userId, bet.id, cmd.status, now);
        const refusal = bet.status === 'pending' ? 'not-started' : 'already-settled';
        expect(result.ok ? 'settled' : result.reason).toBe(canSettle(bet, now) ? 'settled' : refusal);
      } else {
        const result = await deleteBet(env.db, userId, bet.id, now);
        expect(result).toEqual(canDelete(bet, now) ? { ok: true } : { ok: false, reason: 'part-of-record' });
      }
      return;
    }
    case 'bulkInsert':
      // One statement, many rows, some already settled: the triggers see them all at once.
      await env.db.execute(bulkInsert(userIds[cmd.user]!, cmd.count));
      return;
    case 'bulkSettle':
      // Every started pending bet of the user (settling waits for the event: the CHECK).
      await env.db.execute(sql`
        update bets set status = ${cmd.status}, settled_at = now(),
               profit_loss = case ${cmd.status} when 'won' then potential_win - amount when 'lost' then -amount else 0 end
        where user_id = ${userIds[cmd.user]!} and status = 'pending' and event_date <= now()`);
      return;
    case 'bulkDelete':
      // Crosses users: one statement, several users' totals change. Pending bets go as corrections
      // (those whose event is ahead); settled ones only by an operator's repair with the guard off.
      if (cmd.status === 'pending') {
        await env.db.execute(
          sql`delete from bets where status = 'pending' and event_date > now() and user_id in ${userIds}`,
        );
      } else {
        await withRecordGuardOff(env, sql`delete from bets where status = ${cmd.status} and user_id in ${userIds}`);
      }
      return;
    case 'reassign':
      // Moving bets between users is no change the record allows: an operator's repair.
      await withRecordGuardOff(
        env,
        sql`update bets set user_id = ${userIds[cmd.to]!} where user_id = ${userIds[cmd.from]!}`,
      );
      return;
  }
}

async function expectSummaryMatchesRows(env: TestEnv, userId: string) {
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
  const now = new Date();
  const oracle = computeStats(rows, now);
  expect(await getBetStats(env.db, userId, now)).toEqual(oracle);
  expect(await recountBetStats(env.db, userId, now)).toEqual(oracle);
}

describeEachDatabase('bet statistics summary (user_bet_stats)', (env) => {
  it('equals a recount from the rows after any sequence of record, settle (won, lost, void), delete and bulk SQL', async () => {
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) userIds.push((await signUpAndSignIn(env())).userId);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        for (const cmd of commands) await run(env(), userIds, cmd);
        for (const userId of userIds) await expectSummaryMatchesRows(env(), userId);
      }),
      { numRuns: 25 },
    );
    // Hundreds of statements and recounts on PGlite (as in streaks.test.ts): give a loaded machine
    // room beyond the default 30 s (no timing is asserted).
  }, 180_000);

  it('is zeros for a user with no bets, and zeros again after deleting them all', async () => {
    const { userId } = await signUpAndSignIn(env());
    expect(await getBetStats(env().db, userId, new Date())).toEqual(computeStats([]));
    await run(env(), [userId], { kind: 'bulkInsert', user: 0, count: 9 });
    expect(await getBetStats(env().db, userId, new Date())).toMatchObject({
      totalBets: 9,
      won: 3,
      lost: 2,
      voided: 2,
      pending: 2,
      overdue: 1,
    });
    // Settled and started bets are part of the record: only a repair with the guard off deletes them.
    await withRecordGuardOff(env(), sql`delete from bets where user_id = ${userId}`);
    expect(await getBetStats(env().db, userId, new Date())).toEqual(computeStats([]));
  });

  it('lets a user with bets be deleted, taking their summary with them', async () => {
    const { userId } = await signUpAndSignIn(env());
    await run(env(), [userId], { kind: 'bulkInsert', user: 0, count: 5 });
    await env().db.delete(user).where(eq(user.id, userId));
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
    expect(await env().db.$count(userBetStats, eq(userBetStats.userId, userId))).toBe(0);
  });

  it('rolls back with the transaction that wrote the bets', async () => {
    const { userId } = await signUpAndSignIn(env());
    await run(env(), [userId], { kind: 'bulkInsert', user: 0, count: 3 });
    await expect(
      env().db.transaction(async (tx) => {
        await tx.execute(bulkInsert(userId, 8));
        // The one bet of those whose event is ahead (a correction the record allows).
        const gone = await tx
          .delete(bets)
          .where(and(eq(bets.userId, userId), eq(bets.status, 'pending'), gt(bets.eventDate, sql`now()`)))
          .returning({ id: bets.id });
        expect(gone).toHaveLength(1);
        await tx.execute(sql`update bets set status = 'won', profit_loss = potential_win - amount, settled_at = now()
                             where user_id = ${userId} and status = 'pending' and event_date <= now()`);
        expect((await getBetStats(tx as unknown as TestEnv['db'], userId, new Date())).totalBets).toBe(10);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await getBetStats(env().db, userId, new Date())).toMatchObject({
      totalBets: 3,
      won: 1,
      lost: 1,
      voided: 1,
      pending: 0,
    });
    await expectSummaryMatchesRows(env(), userId);
  });
});
