import { and, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bets, user } from '../../db/schema/index.ts';
import { describeEachDatabase, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { SPORTS, canDelete, canSettle } from '../../../shared/bets.ts';
import { formatCents } from '../../../shared/money.ts';
import { deleteBet, recordBet, settleBet } from '../bets/queries.ts';
import { DAY, createBettor, insertBets } from './helpers.test-support.ts';
import { ensureTotalsBefore, readCommunitySummaries, recountCommunitySummaries } from './queries.ts';

/**
 * What can happen to bets: through the app's own functions, or any SQL statement. Statements the
 * record refuses (moving or changing a settled bet, moving bets between users, deleting settled
 * ones) are an operator's repair with the guard off, after which the summaries must still be right.
 */
type Command =
  | { kind: 'record'; user: number; cents: bigint; sport: (typeof SPORTS)[number]; started: boolean }
  | { kind: 'settle'; user: number; pick: number; status: 'won' | 'lost' }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'backdated'; user: number; count: number; daysAgo: number; won: boolean }
  | { kind: 'move'; user: number; pick: number; days: number }
  | { kind: 'resport'; user: number; sport: (typeof SPORTS)[number] }
  | { kind: 'bulkDelete'; status: 'pending' | 'won' | 'lost' }
  | { kind: 'reassign'; from: number; to: number }
  | { kind: 'windowStart'; daysAgo: number };

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
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      user: userIndex,
      pick: fc.nat(),
      status: fc.constantFrom('won' as const, 'lost' as const),
    }),
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
      status: fc.constantFrom('pending' as const, 'won' as const, 'lost' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reassign' as const), from: userIndex, to: userIndex }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('windowStart' as const), daysAgo: fc.integer({ min: 0, max: 400 }) }),
  },
);

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function betsOf(env: TestEnv, userId: string, settledOnly = false) {
  return env.db
    .select({ id: bets.id, status: bets.status, eventDate: bets.eventDate })
    .from(bets)
    .where(and(eq(bets.userId, userId), settledOnly ? ne(bets.status, 'pending') : undefined))
    .orderBy(bets.id);
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function run(env: TestEnv, userIds: string[], cmd: Command) {
  const now = env.clock.now();
  switch (cmd.kind) {
    case 'record': {
      // Ahead: a day ahead, recorded now. Started: yesterday, recorded (back-dated) a day before.
      const eventDate = new Date(now.getTime() + (cmd.started ? -DAY : DAY));
      const input = {
        description: 'bet',
        amount: formatCents(cmd.cents),
        odds: '+150',
        sport: cmd.sport,
        eventDate: eventDate.toISOString(),
      };
      const recordedAt = cmd.started ? new Date(eventDate.getTime() - DAY) : now;
      expect((await recordBet(env.db, userIds[cmd.user]!, input, recordedAt)).ok).toBe(true);
      return;
    }
    case 'settle':
    case 'delete': {
      const userId = userIds[cmd.user]!;
      const list = await betsOf(env, userId);
      if (!list.length) return;
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
    case 'backdated':
      await insertBets(
        env,
        userIds[cmd.user]!,
        Array.from({ length: cmd.count }, (_, i) => ({
          status: cmd.won !== (i % 2 === 1) ? ('won' as const) : ('lost' as const),
          amount: `${i + 1}.25`,
          settledAt: new Date(now.getTime() - cmd.daysAgo * DAY - i * 3_600_000),
        })),
      );
      return;
    case 'move': {
      // A settled bet moved in time, whole (its event still before its settlement): a repair.
      const settled = await betsOf(env, userIds[cmd.user]!, true);
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
    case 'windowStart':
      // A Spotlight window starting that day: its stored totals must then follow every change.
      await ensureTotalsBefore(env.db, dayOf(new Date(now.getTime() - cmd.daysAgo * DAY)));
      return;
  }
}

async function expectSummariesMatchBets(env: TestEnv, userId: string) {
  expect(await readCommunitySummaries(env.db, userId)).toEqual(await recountCommunitySummaries(env.db, userId));
  // Every stored "totals before a day" equals a count of the bets settled before it (no row: none).
  const stored = rows<{ day: string; settled: number; won: number; profit: string; staked: string }>(
    await env.db.execute(sql`
      select m.day::text as day, coalesce(t.settled, 0) as settled, coalesce(t.won, 0) as won,
             coalesce(t.profit, 0)::numeric(20, 2)::text as profit, coalesce(t.staked, 0)::numeric(20, 2)::text as staked
      from user_bet_totals_before_days m
      left join user_bet_totals_before t on t.day = m.day and t.user_id = ${userId}
      order by m.day`),
  );
  const recount = rows<{ day: string; settled: number; won: number; profit: string; staked: string }>(
    await env.db.execute(sql`
      select m.day::text as day, count(b.id)::int as settled, (count(b.id) filter (where b.status = 'won'))::int as won,
             coalesce(sum(b.profit_loss), 0)::numeric(20, 2)::text as profit,
             coalesce(sum(b.amount), 0)::numeric(20, 2)::text as staked
      from user_bet_totals_before_days m
      left join bets b on b.user_id = ${userId} and b.status <> 'pending'
        and b.settled_at < m.day::timestamp at time zone 'UTC'
      group by m.day order by m.day`),
  );
  expect(stored).toEqual(recount);
}

describeEachDatabase('community summaries (user_bet_days, user_sport_stats, user_bet_totals_before)', (env) => {
  it('equal a recount from the bets after any sequence of record, settle, delete and bulk or back-dated SQL', async () => {
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) userIds.push((await createBettor(env())).userId);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        for (const cmd of commands) await run(env(), userIds, cmd);
        for (const userId of userIds) await expectSummariesMatchBets(env(), userId);
      }),
      { numRuns: 20 },
    );
    // Twenty sequences of up to twenty statements, each checked against recounts: slow on a busy machine.
  }, 180_000);

  it('go with a deleted user', async () => {
    const { userId } = await createBettor(env());
    const now = env().clock.now().getTime();
    await insertBets(env(), userId, [
      { status: 'won', settledAt: new Date(now - 3 * DAY), sport: 'mma' },
      { status: 'lost', settledAt: new Date(now - 50 * DAY) },
    ]);
    await ensureTotalsBefore(env().db, dayOf(new Date(now - 10 * DAY)));
    await expectSummariesMatchBets(env(), userId);
    await env().db.delete(user).where(eq(user.id, userId));
    expect(await readCommunitySummaries(env().db, userId)).toEqual({ days: [], sports: [] });
    const left = rows<{ n: number }>(
      await env().db.execute(sql`select count(*)::int as n from user_bet_totals_before where user_id = ${userId}`),
    );
    expect(left[0]!.n).toBe(0);
  });
});
