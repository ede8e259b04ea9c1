import { and, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bets, user } from '../../db/schema/index.ts';
import { describeEachDatabase, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { SPORTS, canDelete, canSettle } from '../../../shared/bets.ts';
import { formatCents } from '../../../shared/money.ts';
import { deleteBet, recordBet, settleBet } from '../bets/bet-writes.ts';
import { createBettor, insertBets } from './helpers.test-support.ts';
import { readCommunitySummaries, recountCommunitySummaries } from './queries.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

/**
 * What can happen to bets: through the app's own functions, or any SQL statement. Statements the
 * record refuses (moving or changing a settled bet, moving bets between users, deleting settled
 * ones) are an operator's repair with the guard off, after which the summaries must still be right.
 * Settling (settleBet, or one UPDATE settling many bets over several users and days) takes the
 * summary trigger's settle fast path (db/functions/community_summaries_apply.sql); the repairs take its general path. Time
 * moves on the injected clock, so settlements land on later days than the ones before them.
 */
type Command =
  | { kind: 'record'; user: number; cents: bigint; sport: (typeof SPORTS)[number]; started: boolean }
  | { kind: 'settle'; user: number; pick: number; status: 'won' | 'lost' | 'void'; amongPending: boolean }
  | { kind: 'settleMany'; users: number[]; hours: number; won: boolean }
  | { kind: 'advance'; hours: number }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'backdated'; user: number; count: number; daysAgo: number; won: boolean }
  | { kind: 'move'; user: number; pick: number; days: number }
  | { kind: 'resport'; user: number; sport: (typeof SPORTS)[number] }
  | { kind: 'bulkDelete'; status: 'pending' | 'won' | 'lost' | 'void' }
  | { kind: 'reassign'; from: number; to: number };

const USERS = 3;
const userIndex = fc.nat(USERS - 1);
const sport = fc.constantFrom(...SPORTS);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      user: userIndex,
      cents: fc.bigInt({ min: 1n, max: 10_000_000n }),
      sport,
      // An event already started (it can be settled) or ahead (it can be deleted).
      started: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      user: userIndex,
      pick: fc.nat(),
      status: fc.constantFrom('won' as const, 'lost' as const, 'void' as const),
      // Any of the user's bets (mostly refused: settled already, or not started), or a pending one.
      amongPending: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('settleMany' as const),
      users: fc.uniqueArray(userIndex, { minLength: 1, maxLength: USERS }),
      hours: fc.integer({ min: 0, max: 72 }),
      won: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), user: userIndex, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('backdated' as const),
      user: userIndex,
      count: fc.integer({ min: 1, max: 6 }),
      daysAgo: fc.integer({ min: 0, max: 400 }),
      won: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      user: userIndex,
      pick: fc.nat(),
      days: fc.integer({ min: -60, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resport' as const), user: userIndex, sport }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkDelete' as const),
      status: fc.constantFrom('pending' as const, 'won' as const, 'lost' as const, 'void' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reassign' as const), from: userIndex, to: userIndex }) },
);

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function betsOf(env: TestEnv, userId: string, only?: 'settled' | 'pending') {
  const status =
    only === 'settled' ? ne(bets.status, 'pending') : only === 'pending' ? eq(bets.status, 'pending') : undefined;
  return env.db
    .select({ id: bets.id, status: bets.status, eventDate: bets.eventDate, createdAt: bets.createdAt })
    .from(bets)
    .where(and(eq(bets.userId, userId), status))
    .orderBy(bets.id);
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Bets settled by the commands so far, by how (the property checks that it settled some both ways). */
const settledBy = { settleBet: 0, statement: 0 };

async function run(env: TestEnv, userIds: string[], cmd: Command) {
  const now = env.clock.now();
  switch (cmd.kind) {
    case 'record': {
      // Ahead: a day ahead, recorded now. Started: yesterday, recorded (back-dated) a day before.
      const eventDate = new Date(now.getTime() + (cmd.started ? -DAY_MS : DAY_MS));
      const input = {
        description: 'bet',
        amount: formatCents(cmd.cents),
        odds: '+150',
        sport: cmd.sport,
        eventDate: eventDate.toISOString(),
      };
      const recordedAt = cmd.started ? new Date(eventDate.getTime() - DAY_MS) : now;
      expect((await recordBet(env.db, userIds[cmd.user]!, input, recordedAt)).ok).toBe(true);
      return;
    }
    case 'settle':
    case 'delete': {
      const userId = userIds[cmd.user]!;
      const list = await betsOf(env, userId, cmd.kind === 'settle' && cmd.amongPending ? 'pending' : undefined);
      if (!list.length) return;
      const bet = list[cmd.pick % list.length]!;
      if (cmd.kind === 'settle') {
        const result = await settleBet(env.db, userId, bet.id, cmd.status, now);
        const refusal = bet.status === 'pending' ? 'not-started' : 'already-settled';
        expect(result.ok ? 'settled' : result.reason).toBe(canSettle(bet, now) ? 'settled' : refusal);
        if (result.ok) settledBy.settleBet++;
      } else {
        const result = await deleteBet(env.db, userId, bet.id, now);
        // Refused after the start as part of the record; before it, once the 15-minute window has passed.
        const refusal = bet.status === 'pending' && bet.eventDate > now ? 'delete-window-passed' : 'part-of-record';
        expect(result).toEqual(canDelete(bet, now) ? { ok: true } : { ok: false, reason: refusal });
      }
      return;
    }
    case 'settleMany': {
      // Every started pending bet of these users in one UPDATE, each settled `hours` after its
      // event started (at most now): several users, and several days of one user, at once.
      // Stakes of 7n + 3 cents are void; of the rest, even numbers of cents go one way,
      // odd ones the other.
      const settled = await env.db.execute(sql`
        update bets set status = case when (amount * 100)::bigint % 7 = 3 then 'void'
                                      when ((amount * 100)::bigint % 2 = 0) = ${cmd.won}::boolean then 'won' else 'lost' end,
               profit_loss = case when (amount * 100)::bigint % 7 = 3 then 0
                                  when ((amount * 100)::bigint % 2 = 0) = ${cmd.won}::boolean then potential_win - amount
                                  else -amount end,
               settled_at = least(event_date + make_interval(hours => ${cmd.hours}), ${now.toISOString()}::timestamptz)
        where status = 'pending' and event_date <= ${now.toISOString()}::timestamptz
          and user_id in ${cmd.users.map((i) => userIds[i]!)}
        returning id`);
      settledBy.statement += rows(settled).length;
      return;
    }
    case 'advance':
      env.clock.advance(cmd.hours * HOUR_MS);
      return;
    case 'backdated':
      await insertBets(
        env,
        userIds[cmd.user]!,
        Array.from({ length: cmd.count }, (_, i) => ({
          status: cmd.won !== (i % 2 === 1) ? ('won' as const) : ('lost' as const),
          amount: `${i + 1}.25`,
          settledAt: new Date(now.getTime() - cmd.daysAgo * DAY_MS - i * 3_600_000),
        })),
      );
      return;
    case 'move': {
      // A settled bet moved in time, whole (its event still before its settlement): a repair.
      const settled = await betsOf(env, userIds[cmd.user]!, 'settled');
      if (!settled.length) return;
      const interval = `${cmd.days} days`;
      await withRecordGuardOff(
        env,
        sql`update bets set settled_at = settled_at + ${interval}::interval,
                   created_at = created_at + ${interval}::interval, event_date = event_date + ${interval}::interval
            where id = ${settled[cmd.pick % settled.length]!.id}`,
      );
      return;
    }
    case 'resport':
      await withRecordGuardOff(
        env,
        sql`update bets set bet_type = ${cmd.sport} where user_id = ${userIds[cmd.user]!} and status = 'won'`,
      );
      return;
    case 'bulkDelete':
      // Pending bets go as corrections before their event and within 15 minutes of recording (the
      // database's rule, on its clock); settled ones only with the guard off.
      if (cmd.status === 'pending') {
        await env.db.execute(
          sql`delete from bets where status = 'pending' and event_date > now()
                and created_at > now() - interval '15 minutes' and user_id in ${userIds}`,
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
  }
}

async function expectSummariesMatchBets(env: TestEnv, userId: string) {
  expect(await readCommunitySummaries(env.db, userId)).toEqual(await recountCommunitySummaries(env.db, userId));
}

describeEachDatabase('community summaries (user_bet_days, user_sport_stats, user_game_days)', (env) => {
  it('equal a recount from the bets after any sequence of record, settle, delete and bulk or back-dated SQL', async () => {
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) userIds.push((await createBettor(env())).userId);
    settledBy.settleBet = settledBy.statement = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
          for (const cmd of commands) await run(env(), userIds, cmd);
          for (const userId of userIds) await expectSummariesMatchBets(env(), userId);
        }),
        { numRuns: 30 },
      );
    } finally {
      env().clock.reset();
    }
    // The settle fast path ran, both for one bet and for many in one statement.
    expect(settledBy.settleBet).toBeGreaterThan(0);
    expect(settledBy.statement).toBeGreaterThan(0);
    // Thirty sequences of up to twenty statements, each checked against recounts: slow on a busy machine.
  }, 180_000);

  it('follow one statement settling bets of two users, on days between settled days', async () => {
    const userIds = [(await createBettor(env())).userId, (await createBettor(env())).userId];
    // With the clock at T after its move: user 0 has bets whose events started at T − 54 h and
    // T − 24 h and settled days at T − 5 days and T; user 1 has one whose event started at T − 24 h.
    // One UPDATE settles the three as their events start.
    const sequence: Command[] = [
      { kind: 'record', user: 0, cents: 1_001n, sport: 'tennis', started: true },
      { kind: 'advance', hours: 30 },
      { kind: 'record', user: 0, cents: 2_550n, sport: 'mma', started: true },
      { kind: 'record', user: 1, cents: 700n, sport: 'tennis', started: true },
      { kind: 'backdated', user: 0, count: 1, daysAgo: 0, won: true },
      { kind: 'backdated', user: 0, count: 1, daysAgo: 5, won: false },
      // Even stakes won: the 25.50 at +150 (profit 38.25) and the 7.00; the 10.01 lost.
      { kind: 'settleMany', users: [0, 1], hours: 0, won: true },
    ];
    try {
      for (const cmd of sequence) await run(env(), userIds, cmd);
      for (const userId of userIds) await expectSummariesMatchBets(env(), userId);
      const user0 = await readCommunitySummaries(env().db, userIds[0]!);
      expect(user0.days.map((d) => [d.settled, d.won, d.profit])).toEqual([
        [1, 0, '-1.25'],
        [1, 0, '-10.01'],
        [1, 1, '38.25'],
        [1, 1, '1.88'],
      ]);
      expect(user0.sports.map((s) => [s.sport, s.bets, s.won, s.lost, s.profit])).toEqual([
        ['football', 2, 1, 1, '0.63'],
        ['mma', 1, 1, 0, '38.25'],
        ['tennis', 1, 0, 1, '-10.01'],
      ]);
      expect(await readCommunitySummaries(env().db, userIds[1]!)).toEqual({
        // Settled as its event started, a day before T.
        days: [{ day: dayOf(new Date(env().clock.now().getTime() - DAY_MS)), settled: 1, won: 1, profit: '10.50' }],
        sports: [{ sport: 'tennis', bets: 1, won: 1, lost: 0, profit: '10.50' }],
        // Its game's day, the same.
        gameDays: [{ day: dayOf(new Date(env().clock.now().getTime() - DAY_MS)), settled: 1, profit: '10.50' }],
      });
    } finally {
      env().clock.reset();
    }
  });

  it('go with a deleted user', async () => {
    const { userId } = await createBettor(env());
    const now = env().clock.now().getTime();
    await insertBets(env(), userId, [
      { status: 'won', settledAt: new Date(now - 3 * DAY_MS), sport: 'mma' },
      { status: 'lost', settledAt: new Date(now - 50 * DAY_MS) },
    ]);
    await expectSummariesMatchBets(env(), userId);
    await env().db.delete(user).where(eq(user.id, userId));
    expect(await readCommunitySummaries(env().db, userId)).toEqual({ days: [], sports: [], gameDays: [] });
  });
});
