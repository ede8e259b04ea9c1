/**
 * The statistics recounted from the bets themselves, for tests and the bench to check the
 * trigger-maintained summary (modules/bets/bet-stats.ts) against: no request path reads it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import { bets, userSettings } from '../db/schema/index.ts';
import { countOverdue, totalsFromSummary, unitSizeCents } from '../modules/bets/bet-stats.ts';
import type { BetStats } from '../../shared/bet-schemas.ts';
import { buildStats } from '../../shared/stats.ts';

/**
 * Statistics recounted from the bets themselves, in SQL (tests check the summary against it):
 * the sums in one aggregate, the runs and drawdown by bet_runs_recount (one ordered pass).
 */
export async function recountBetStats(db: Db, userId: string, now: Date): Promise<BetStats> {
  const decided = (value: SQL) =>
    sql<string>`coalesce(sum(${value}) filter (where ${bets.status} in ('won', 'lost')), 0)::text`;
  const unit = sql`case ${bets.status} when 'won' then ${bets.decimalOdds} - 1 else -1 end`;
  const [row] = await db
    .select({
      totalBets: sql<number>`count(*)::int`,
      won: sql<number>`(count(*) filter (where ${bets.status} = 'won'))::int`,
      lost: sql<number>`(count(*) filter (where ${bets.status} = 'lost'))::int`,
      pending: sql<number>`(count(*) filter (where ${bets.status} = 'pending'))::int`,
      voided: sql<number>`(count(*) filter (where ${bets.status} = 'void'))::int`,
      totalStaked: sql<string>`coalesce(sum(${bets.amount}), 0)::numeric(20, 2)::text`,
      totalProfit: sql<string>`coalesce(sum(${bets.profitLoss}), 0)::numeric(20, 2)::text`,
      settledStaked: sql<string>`coalesce(sum(${bets.amount}) filter (where ${bets.status} in ('won', 'lost')), 0)::numeric(20, 2)::text`,
      oddsSum: decided(sql`${bets.decimalOdds}`),
      levelProfit: decided(unit),
      levelProfitSq: decided(sql`(${unit}) * (${unit})`),
      profitSq: decided(sql`${bets.profitLoss} * ${bets.profitLoss}`),
      profitStake: decided(sql`${bets.profitLoss} * ${bets.amount}`),
      stakeSq: decided(sql`${bets.amount} * ${bets.amount}`),
      breakEvenVar: decided(sql`${bets.amount} * ${bets.amount} * (${bets.decimalOdds} - 1)`),
    })
    .from(bets)
    .where(eq(bets.userId, userId))
    .groupBy(bets.userId);
  const [runs] = await queryRows<{ longestWin: number; longestLoss: number; maxDrawdown: string }>(
    db,
    sql`select longest_win as "longestWin", longest_loss as "longestLoss", max_drawdown::numeric(20, 2)::text as "maxDrawdown"
        from bet_runs_recount(${userId})`,
  );
  const [unitSize] = await db
    .select({ unitSize: userSettings.unitSize })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const totals = totalsFromSummary(
    row && {
      ...row,
      maxDrawdown: runs?.maxDrawdown ?? '0',
      longestWinStreak: runs?.longestWin ?? 0,
      longestLossStreak: runs?.longestLoss ?? 0,
      maxAmount: '0',
      lastSettledAt: null,
    },
  );
  return buildStats(totals, {
    overdue: await countOverdue(db, userId, now),
    unitSize: unitSizeCents(unitSize?.unitSize),
  });
}
