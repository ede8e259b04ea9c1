/**
 * A user's summary and statistics: one primary-key read of the trigger-maintained summary
 * (user_bet_stats), the count of overdue bets, and the statistics built from both, kept by this
 * server while they stand (kept-answers.ts). Profiles, rankings and imports read the same helpers.
 */
import { eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import type { JsonText } from '../../db/sql.ts';
import { betLegs, betRecordVersions, bets, userBetStats, userSettings } from '../../db/schema/index.ts';
import { keptStats } from './kept-answers.ts';
import { OVERDUE_AFTER_MS } from '../../../shared/bets.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { parseMoney, type Cents } from '../../../shared/money.ts';
import { ZERO_TOTALS, buildStats, parseScaled, type StatsTotals } from '../../../shared/stats.ts';

/**
 * The summary's columns the pages show: the totals and sums behind the statistics, the runs and
 * drawdown, the largest stake, the latest settlement (not the rest of the triggers' bookkeeping).
 */
const {
  userId: _summaryOwner,
  currentWinStreak: _current,
  currentLossStreak: _currentLoss,
  peakProfit: _peak,
  lastSettledId: _lastId,
  ...summaryColumns
} = getTableColumns(userBetStats);
export { summaryColumns };

export type BetSummary = Pick<typeof userBetStats.$inferSelect, keyof typeof summaryColumns>;

/** Numeric text from either driver at a fixed scale (see StatsTotals for each sum's unit). */
const scaled = (text: string, scale: number) => parseScaled(text, scale);

export const totalsFromSummary = (row: BetSummary | undefined | null): StatsTotals =>
  row
    ? {
        totalBets: row.totalBets,
        won: row.won,
        lost: row.lost,
        pending: row.pending,
        voided: row.voided,
        totalStaked: parseMoney(row.totalStaked) ?? 0n,
        totalProfit: parseMoney(row.totalProfit) ?? 0n,
        settledStaked: parseMoney(row.settledStaked) ?? 0n,
        // Odds have 6 decimals; money 2, so money² 4 and money² × odds 10.
        oddsSum: scaled(row.oddsSum, 6),
        levelProfit: scaled(row.levelProfit, 6),
        levelProfitSq: scaled(row.levelProfitSq, 12),
        profitSq: scaled(row.profitSq, 4),
        profitStake: scaled(row.profitStake, 4),
        stakeSq: scaled(row.stakeSq, 4),
        breakEvenVariance: scaled(row.breakEvenVar, 10),
        maxDrawdown: parseMoney(row.maxDrawdown) ?? 0n,
        longestWinningRun: row.longestWinStreak,
        longestLosingRun: row.longestLossStreak,
      }
    : ZERO_TOTALS;

const summaryStatement = preparedPerDb((db) =>
  db
    .select(summaryColumns)
    .from(userBetStats)
    .where(eq(userBetStats.userId, sql.placeholder('userId')))
    .prepare('bets_summary'),
);

/** The user's summary (totals, longest streak, largest stake); undefined before their first bet. */
export async function getBetSummary(db: Db, userId: string): Promise<BetSummary | undefined> {
  const [row] = await summaryStatement(db).execute({ userId });
  return row;
}

/** The unit size as the settings store it (numeric text or null). */
export const unitSizeCents = (value: string | null | undefined): Cents | null =>
  value === null || value === undefined ? null : parseMoney(value);

/** The user's unit size setting now (null when not set), for statistics over many bets. */
export async function getUnitSize(db: Db, userId: string): Promise<Cents | null> {
  const [row] = await db
    .select({ unitSize: userSettings.unitSize })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return unitSizeCents(row?.unitSize);
}

export const statsOfSummary = (
  row: BetSummary | undefined | null,
  overdue = 0,
  unitSize: string | null = null,
): BetStats => buildStats(totalsFromSummary(row), { overdue, unitSize: unitSizeCents(unitSize) });

/**
 * The number of the user's bets overdue at `now` (see overdueCondition): an index range scan of
 * bets_user_id_pending_event_idx. The SQL form is for queries that read it along with other
 * columns, for the user id in `userColumn`.
 */
export const overdueCountSql = (userColumn: SQLWrapper, now: Date | SQL) =>
  sql<number>`(select count(*)::int from ${bets} where ${bets.userId} = ${userColumn} and ${bets.status} = 'pending'
    and ${bets.eventDate} <= ${now} and ${overdueCondition(now)})`;

/**
 * Which pending bets whose (first) start is before `before` are overdue (decision 041): a
 * self-reported single bet; a parlay with a pending self-reported leg that started before `before`,
 * whatever its other legs; never a graded single (its result comes from the feed, not the bettor).
 * Added to `event_date <= before`, which it implies (a parlay's event_date is its first leg's
 * start), so the index still bounds the scan; a parlay's legs are read by their bet_id index.
 */
export const overdueCondition = (before: Date | SQL) =>
  sql`(case when ${bets.legCount} is null then ${bets.eventId} is null
       else exists (select 1 from ${betLegs} ol where ol.bet_id = ${bets.id} and ol.status = 'pending'
                    and ol.event_id is null and ol.event_date <= ${before}) end)`;

/** The latest event start that makes a pending bet overdue at `now`. */
export const overdueBefore = (now: Date) => new Date(now.getTime() - OVERDUE_AFTER_MS);

export async function countOverdue(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: overdueCountSql(sql`${userId}`, overdueBefore(now)) }).from(sql`(select 1) one`);
  return row?.n ?? 0;
}

/**
 * The summary, the overdue count and the unit size in one read: the settings row (every account
 * has one, from the sign-up trigger) with the summary joined (none before the first bet). With
 * them, when the count will next change on its own: the earliest start, plus 72 hours, of a pending
 * self-reported bet or parlay leg not yet overdue (null when there is none).
 */
const statsStatement = preparedPerDb((db) => {
  const before = sql`${sql.placeholder('overdueBefore')}::timestamptz`;
  return db
    .select({
      summary: summaryColumns,
      unitSize: userSettings.unitSize,
      overdue: overdueCountSql(userSettings.userId, before),
      // The earliest start, after `before`, of a pending self-reported single or leg of a pending parlay.
      nextOverdueMs: sql<number | null>`(select (extract(epoch from min(s.start)) * 1000)::float8 from (
          select ${bets.eventDate} as start from ${bets}
          where ${bets.userId} = ${userSettings.userId} and ${bets.status} = 'pending' and ${bets.legCount} is null
            and ${bets.eventId} is null and ${bets.eventDate} > ${before}
          union all
          select nl.event_date from ${bets} join ${betLegs} nl on nl.bet_id = ${bets.id}
          where ${bets.userId} = ${userSettings.userId} and ${bets.status} = 'pending' and ${bets.legCount} is not null
            and nl.status = 'pending' and nl.event_id is null and nl.event_date > ${before}) s)`.mapWith(
        (ms: number | string | null) => (ms === null ? null : Number(ms) + OVERDUE_AFTER_MS),
      ),
    })
    .from(userSettings)
    .leftJoin(userBetStats, eq(userBetStats.userId, userSettings.userId))
    .where(eq(userSettings.userId, sql.placeholder('userId')))
    .prepare('bets_stats');
});

export async function getBetStats(db: Db, userId: string, now: Date): Promise<BetStats> {
  return JSON.parse(await betStatsText(db, userId, now)) as BetStats;
}

/** The user's record version and unit size: what kept statistics are checked against. */
const statsKeyStatement = preparedPerDb((db) =>
  db
    .select({ version: betRecordVersions.version, unitSize: userSettings.unitSize })
    .from(userSettings)
    .innerJoin(betRecordVersions, eq(betRecordVersions.userId, userSettings.userId))
    .where(eq(userSettings.userId, sql.placeholder('userId')))
    .prepare('bets_stats_key'),
);

/**
 * `GET /api/bets/stats` (the owner's own bets) as JSON text: kept by this server while the user's
 * record version and unit size stand and no pending bet has become overdue (kept-answers.ts).
 */
export async function betStatsText(db: Db, userId: string, now: Date): Promise<JsonText<BetStats>> {
  const [current] = await statsKeyStatement(db).execute({ userId });
  const at = now.getTime();
  if (current) {
    const kept = keptStats.get(db, userId, `${current.version}/${current.unitSize}`, at);
    if (kept !== undefined) return kept as JsonText<BetStats>;
  }
  const [row] = await statsStatement(db).execute({ userId, overdueBefore: overdueBefore(now).toISOString() });
  if (!row) {
    // No settings row (an account from before they existed, say): the summary alone, read each time.
    const [summary, overdue] = await Promise.all([getBetSummary(db, userId), countOverdue(db, userId, now)]);
    return JSON.stringify(statsOfSummary(summary, overdue)) as JsonText<BetStats>;
  }
  const text = JSON.stringify(statsOfSummary(row.summary, row.overdue, row.unitSize)) as JsonText<BetStats>;
  // Keyed on the unit size these figures were computed with (it may have changed since the key's read).
  if (current) {
    keptStats.keep(db, userId, `${current.version}/${row.unitSize}`, text, {
      from: at,
      until: row.nextOverdueMs ?? Infinity,
    });
  }
  return text;
}
