import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bets, user, userBetStats } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { SPORTS } from '../../../shared/bets.ts';
import { formatCents } from '../../../shared/money.ts';
import { computeStats } from '../../../shared/stats.ts';
import { deleteBet, getBetStats, recordBet, recountBetStats, settleBet } from './queries.ts';

const DAY = 24 * 60 * 60 * 1000;

/** What can happen to bets, through our code or through any SQL statement. */
type Command =
  | { kind: 'record'; user: number; cents: bigint; odds: string; sport: (typeof SPORTS)[number] }
  | { kind: 'settle'; user: number; pick: number; status: 'won' | 'lost' }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'bulkInsert'; user: number; count: number }
  | { kind: 'bulkSettle'; user: number; status: 'won' | 'lost' }
  | { kind: 'bulkDelete'; status: 'pending' | 'won' | 'lost' }
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
      status: fc.constantFrom('won' as const, 'lost' as const),
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
);

async function idsOf(env: TestEnv, userId: string): Promise<string[]> {
  const rows = await env.db.select({ id: bets.id }).from(bets).where(eq(bets.userId, userId)).orderBy(bets.id);
  return rows.map((r) => r.id);
}

async function run(env: TestEnv, userIds: string[], cmd: Command) {
  const now = new Date();
  const eventDate = new Date(now.getTime() + DAY).toISOString();
  switch (cmd.kind) {
    case 'record': {
      const input = { description: 'bet', amount: formatCents(cmd.cents), odds: cmd.odds, sport: cmd.sport, eventDate };
      const result = await recordBet(env.db, userIds[cmd.user]!, input, now);
      expect(result.ok).toBe(true);
      return;
    }
    case 'settle':
    case 'delete': {
      const ids = await idsOf(env, userIds[cmd.user]!);
      if (ids.length === 0) return;
      const id = ids[cmd.pick % ids.length]!;
      if (cmd.kind === 'settle') await settleBet(env.db, userIds[cmd.user]!, id, cmd.status, now);
      else expect(await deleteBet(env.db, userIds[cmd.user]!, id)).toBe(true);
      return;
    }
    case 'bulkInsert':
      // One statement, many rows, some already settled: the triggers see them all at once.
      await env.db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                          potential_win, profit_loss, settled_at, created_at)
        select ${userIds[cmd.user]!}, 'bulk ' || g, (g * 1.37)::numeric(12, 2), '2.5', 2.5, 'tennis',
               now() + interval '1 day',
               (array['pending', 'won', 'lost'])[1 + g % 3],
               (g * 1.37 * 2.5)::numeric(16, 2),
               case g % 3 when 0 then null when 1 then (g * 1.37 * 1.5)::numeric(16, 2) else -(g * 1.37)::numeric(12, 2) end,
               case g % 3 when 0 then null else now() end,
               now()
        from generate_series(1, ${cmd.count}) g`);
      return;
    case 'bulkSettle':
      await env.db.execute(sql`
        update bets set status = ${cmd.status}, settled_at = now(),
               profit_loss = case when ${cmd.status} = 'won' then potential_win - amount else -amount end
        where user_id = ${userIds[cmd.user]!} and status = 'pending'`);
      return;
    case 'bulkDelete':
      // Crosses users: one statement, several users' totals change.
      await env.db.execute(sql`delete from bets where status = ${cmd.status} and user_id in ${userIds}`);
      return;
    case 'reassign':
      await env.db.execute(sql`update bets set user_id = ${userIds[cmd.to]!} where user_id = ${userIds[cmd.from]!}`);
      return;
  }
}

async function expectSummaryMatchesRows(env: TestEnv, userId: string) {
  const rows = await env.db
    .select({ status: bets.status, amount: bets.amount, profitLoss: bets.profitLoss })
    .from(bets)
    .where(eq(bets.userId, userId));
  const oracle = computeStats(rows);
  expect(await getBetStats(env.db, userId, new Date())).toEqual(oracle);
  expect(await recountBetStats(env.db, userId, new Date())).toEqual(oracle);
}

describeEachDatabase('bet statistics summary (user_bet_stats)', (env) => {
  it('equals a recount from the rows after any sequence of record, settle, delete and bulk SQL', async () => {
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) userIds.push((await signUpAndSignIn(env())).userId);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        for (const cmd of commands) await run(env(), userIds, cmd);
        for (const userId of userIds) await expectSummaryMatchesRows(env(), userId);
      }),
      { numRuns: 25 },
    );
  });

  it('is zeros for a user with no bets, and zeros again after deleting them all', async () => {
    const { userId } = await signUpAndSignIn(env());
    expect((await getBetStats(env().db, userId, new Date())).totalBets).toBe(0);
    await run(env(), [userId], { kind: 'bulkInsert', user: 0, count: 9 });
    expect((await getBetStats(env().db, userId, new Date())).totalBets).toBe(9);
    await env().db.delete(bets).where(eq(bets.userId, userId));
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
        await tx.delete(bets).where(eq(bets.userId, userId));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await getBetStats(env().db, userId, new Date())).totalBets).toBe(3);
    await expectSummaryMatchesRows(env(), userId);
  });
});
