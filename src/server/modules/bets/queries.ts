import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import {
  cursorTime,
  encodeCursor,
  violatedConstraint,
  isoText,
  isUuid,
  queryRows,
  sqlErrorIn,
  type JsonText,
  type KeysetCursor,
} from '../../db/sql.ts';
import { betLegs, betRecordVersions, bets, events, userBetStats, userSettings } from '../../db/schema/index.ts';
import { firstPages, keptStats } from './kept-answers.ts';
import {
  DELETE_WINDOW_MS,
  eventTimeError,
  OVERDUE_AFTER_MS,
  type BetSport,
  type SettledStatus,
  type Sport,
} from '../../../shared/bets.ts';
import type { Bet, BetLeg, BetPage, BetStats, RecordBetInput } from '../../../shared/bet-schemas.ts';
import { formatCents, parseMoney, potentialWinCents, type Cents } from '../../../shared/money.ts';
import { decimalOddsString, parseOdds, rational } from '../../../shared/odds.ts';
import { PARLAY_SPORT, combinedOdds, parlayDescription, shortDecimal } from '../../../shared/parlays.ts';
import type { RecordAnyParlayInput } from '../../../shared/parlay-schemas.ts';
import { gradedDescription, selectionLabel, type Market, type Selection } from '../../../shared/events.ts';
import type { RecordListedBetInput } from '../../../shared/event-schemas.ts';
import { eventRows } from '../events/queries.ts';
import { ZERO_TOTALS, buildStats, parseScaled, type StatsTotals } from '../../../shared/stats.ts';

/** What a bet's answer is made of: every column but the owner's id (the caller knows it). */
type BetRow = Omit<typeof bets.$inferSelect, 'userId'>;
const { userId: _owner, ...betColumns } = getTableColumns(bets);

/** A malformed id names no bet: callers answer 404, and the database never sees it. */
export const isBetId = isUuid;

/** Numeric text from either driver as the API's two-decimal string. */
const money = (value: string): string => {
  const cents = parseMoney(value);
  if (cents === null) throw new Error(`unexpected money value from the database: ${value}`);
  return formatCents(cents);
};

type LegRow = typeof betLegs.$inferSelect;

/** A bet's or leg's kind and listed pick (all null when self-reported). */
const gradedFieldsOf = (
  row: Pick<LegRow, 'eventId' | 'market' | 'selection' | 'line'>,
  graded: boolean,
): Pick<Bet, 'kind' | 'eventId' | 'market' | 'selection' | 'line'> => ({
  kind: graded ? 'graded' : 'self-reported',
  eventId: row.eventId,
  market: row.market as Market | null,
  selection: row.selection as Selection | null,
  line: row.line === null ? null : Number(row.line),
});

const toLeg = (row: LegRow): BetLeg => ({
  id: row.id,
  position: row.position,
  description: row.description,
  sport: row.sport as Sport,
  odds: row.odds,
  decimalOdds: row.decimalOdds,
  eventDate: row.eventDate.toISOString(),
  status: row.status,
  settledAt: row.settledAt?.toISOString() ?? null,
  ...gradedFieldsOf(row, row.eventId !== null),
});

/** A bet as the API answers it; `legs` are a parlay's (in position order), null for a single bet. */
export function toBet(row: BetRow, legs: readonly LegRow[] | null = null): Bet {
  return {
    id: row.id,
    description: row.description,
    amount: money(row.amount),
    odds: row.odds,
    decimalOdds: row.decimalOdds,
    sport: row.betType as BetSport,
    eventDate: row.eventDate.toISOString(),
    status: row.status,
    potentialWin: money(row.potentialWin),
    profitLoss: row.profitLoss === null ? null : money(row.profitLoss),
    settledAt: row.settledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    legs: row.legCount === null ? null : [...(legs ?? [])].sort((a, b) => a.position - b.position).map(toLeg),
    ...gradedFieldsOf(row, row.graded),
  };
}

/** The legs of the parlays among `rows`, by bet id: one indexed read, none when there is no parlay. */
export async function legsOf(db: Db, rows: readonly Pick<BetRow, 'id' | 'legCount'>[]): Promise<Map<string, LegRow[]>> {
  const ids = rows.filter((r) => r.legCount !== null).map((r) => r.id);
  const byBet = new Map<string, LegRow[]>();
  if (ids.length === 0) return byBet;
  const legs = await db.select().from(betLegs).where(inArray(betLegs.betId, ids)).orderBy(asc(betLegs.position));
  for (const leg of legs) byBet.set(leg.betId, [...(byBet.get(leg.betId) ?? []), leg]);
  return byBet;
}

/** Rows as bets, each parlay with its legs. */
export async function toBets(db: Db, rows: readonly BetRow[]): Promise<Bet[]> {
  const legs = await legsOf(db, rows);
  return rows.map((row) => toBet(row, legs.get(row.id) ?? null));
}

// ---------------------------------------------------------------------------------------------
// Paging: keyset on (created_at desc, id desc), with the cursor of db/sql.ts.

/** created_at as the driver receives it: PostgreSQL's text, microseconds included. */
const createdAtText = sql<string>`${bets.createdAt}`;

/** The cursor that continues after this row of a page. */
export const cursorAfter = (row: { id: string; createdAtText: string }): KeysetCursor => ({
  createdAt: cursorTime(row.createdAtText),
  id: row.id,
});

interface PageOptions {
  limit: number;
  cursor?: KeysetCursor;
}

/** The rows after `cursor` in page order; the first bounds the index scan, the second breaks ties on created_at. */
const keysetAfter = (cursor: KeysetCursor | undefined) =>
  cursor
    ? and(
        lte(bets.createdAt, sql`${cursor.createdAt}::timestamptz`),
        or(lt(bets.createdAt, sql`${cursor.createdAt}::timestamptz`), lt(bets.id, cursor.id)),
      )
    : undefined;

/**
 * A bet as the API answers it (toBet's shape, field for field), written as JSON by the database:
 * a page of bets is then sent as the database wrote it, with no row parsed, mapped and serialised
 * again in JavaScript (about two thirds of a page's CPU in the server on PostgreSQL: bench/HISTORY.md).
 * Money as numeric's text (two places, as formatCents writes it), odds as stored, times to the
 * millisecond in UTC. page-json.test.ts holds it to toBet for every kind of bet.
 *
 * `legs` is written null and comes last: a parlay's are filled in by withLegs from a second query,
 * run only for a page that has a parlay. A subquery here cost every page, parlays or not, its
 * set-up in the executor (on PGlite a third of a page of 20 singles' query time: bench/HISTORY.md).
 */
const betJson = sql<string>`json_build_object(
  'id', ${bets.id}, 'description', ${bets.description}, 'amount', ${bets.amount}::text, 'odds', ${bets.odds},
  'decimalOdds', ${bets.decimalOdds}::text, 'sport', ${bets.betType}, 'eventDate', ${isoText('bets.event_date')},
  'status', ${bets.status}, 'potentialWin', ${bets.potentialWin}::text, 'profitLoss', ${bets.profitLoss}::text,
  'settledAt', ${isoText('bets.settled_at')}, 'createdAt', ${isoText('bets.created_at')},
  'kind', case when ${bets.graded} then 'graded' else 'self-reported' end, 'eventId', ${bets.eventId},
  'market', ${bets.market}, 'selection', ${bets.selection}, 'line', ${bets.line}, 'legs', null)::text`;

/** How json_build_object writes betJson's last member (PostgreSQL's own spacing). */
const NO_LEGS = '"legs" : null}';

/** A parlay's legs in position order, as toLeg's JSON array. */
const legsJson = sql<string>`json_agg(json_build_object(
  'id', ${betLegs.id}, 'position', ${betLegs.position}, 'description', ${betLegs.description},
  'sport', ${betLegs.sport}, 'odds', ${betLegs.odds}, 'decimalOdds', ${betLegs.decimalOdds}::text,
  'eventDate', ${isoText('bet_legs.event_date')}, 'status', ${betLegs.status},
  'settledAt', ${isoText('bet_legs.settled_at')},
  'kind', case when ${betLegs.eventId} is null then 'self-reported' else 'graded' end, 'eventId', ${betLegs.eventId},
  'market', ${betLegs.market}, 'selection', ${betLegs.selection}, 'line', ${betLegs.line}) order by ${betLegs.position})::text`;

const pageFields = { json: betJson, id: bets.id, createdAtText, isParlay: sql<boolean>`${bets.legCount} is not null` };

type PageRow = { json: string; id: string; createdAtText: string; isParlay: boolean };

/** A page's rows, each bet as its JSON text but its legs (one row more than the page, to know whether another follows). */
export function selectBetsPage(db: Db, userId: string, opts: PageOptions) {
  return db
    .select(pageFields)
    .from(bets)
    .where(and(eq(bets.userId, userId), keysetAfter(opts.cursor)))
    .orderBy(desc(bets.createdAt), desc(bets.id))
    .limit(opts.limit + 1);
}

/** selectBetsPage without a cursor, prepared once per database. */
const firstPageStatement = preparedPerDb((db) =>
  db
    .select(pageFields)
    .from(bets)
    .where(eq(bets.userId, sql.placeholder('userId')))
    .orderBy(desc(bets.createdAt), desc(bets.id))
    .limit(sql.placeholder('limit'))
    .prepare('bets_first_page'),
);

/** Each parlay's JSON with its legs in place of betJson's null: one indexed read, none for a page of singles. */
async function withLegs(db: Db, rows: PageRow[]): Promise<PageRow[]> {
  const parlays = rows.filter((r) => r.isParlay).map((r) => r.id);
  if (parlays.length === 0) return rows;
  const found = await db
    .select({ betId: betLegs.betId, json: legsJson })
    .from(betLegs)
    .where(inArray(betLegs.betId, parlays))
    .groupBy(betLegs.betId);
  const legsOfBet = new Map(found.map((r) => [r.betId, r.json]));
  return rows.map((row) => {
    if (!row.isParlay) return row;
    if (!row.json.endsWith(NO_LEGS)) throw new Error(`unexpected bet JSON from the database: ${row.json}`);
    return { ...row, json: `${row.json.slice(0, -NO_LEGS.length)}"legs" : ${legsOfBet.get(row.id) ?? 'null'}}` };
  });
}

/** A page's rows (one more than asked, when there is one) with each bet's JSON complete. */
export async function betsPageRows(db: Db, userId: string, opts: PageOptions): Promise<PageRow[]> {
  const rows = opts.cursor
    ? await selectBetsPage(db, userId, opts)
    : await firstPageStatement(db).execute({ userId, limit: opts.limit + 1 });
  return withLegs(db, rows);
}

/** The user's record version (migration 0024), or undefined before their first bet. */
const recordVersionStatement = preparedPerDb((db) =>
  db
    .select({ version: betRecordVersions.version })
    .from(betRecordVersions)
    .where(eq(betRecordVersions.userId, sql.placeholder('userId')))
    .prepare('bet_record_version'),
);

/** The user's record version as text ('0' before their first bet): it moves with every change to their bets. */
export async function getBetRecordVersion(db: Db, userId: string): Promise<string> {
  const [current] = await recordVersionStatement(db).execute({ userId });
  return current ? String(current.version) : '0';
}

/** A page's JSON text from its rows (one more than the page when another page follows). */
function pageText(rows: PageRow[], limit: number): JsonText<BetPage> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? JSON.stringify(encodeCursor(cursorAfter(last))) : 'null';
  return `{"bets":[${page.map((r) => r.json).join(',')}],"nextCursor":${nextCursor}}` as JsonText<BetPage>;
}

/**
 * One page of a user's bets, newest recorded first (a range scan of bets_user_id_created_at_idx),
 * as the API's JSON text: a BetPage. The first page is kept by this server and sent again while
 * the user's record version is unchanged (kept-answers.ts; the version is read first).
 */
export async function listBets(db: Db, userId: string, opts: PageOptions): Promise<JsonText<BetPage>> {
  if (opts.cursor) return pageText(await betsPageRows(db, userId, opts), opts.limit);
  const [current] = await recordVersionStatement(db).execute({ userId });
  if (!current) return pageText(await betsPageRows(db, userId, opts), opts.limit);
  const key = `${current.version}/${opts.limit}`;
  const kept = firstPages.get(db, userId, key);
  if (kept !== undefined) return kept as JsonText<BetPage>;
  const text = pageText(await betsPageRows(db, userId, opts), opts.limit);
  firstPages.keep(db, userId, key, text);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Statistics: one primary-key read of the trigger-maintained summary.

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

// ---------------------------------------------------------------------------------------------
// Writes

export type RecordBetResult =
  | { ok: true; bet: Bet }
  | { ok: false; reason: 'event-too-soon' | 'invalid' | 'event-not-open' }
  /** One position per pick: `held` names the selection already held on the market ("Arsenal", "Over 2.5"). */
  | { ok: false; reason: 'side-held'; held: string }
  /** `field`: where the body named the event (eventId, or legs.N.eventId). */
  | { ok: false; reason: 'event-not-found'; field: string };

/** The database's 6-hour rule. */
const EVENT_CHECK = 'bets_event_at_least_6h_ahead';
/** The record's rules as the database names them (migration 0013). */
const SETTLED_AFTER_START_CHECK = 'bets_settled_after_event_start';
const SETTLED_IS_FINAL = 'bets_settled_is_final';
const DELETE_BEFORE_START = 'bets_delete_before_event_start';
/** The delete window (migration 0035, bets_guard_record). */
const DELETE_WITHIN_WINDOW = 'bets_delete_within_window';

/** A parlay's rules (migration 0021). */
const LEG_EVENT_CHECK = 'bet_legs_event_at_least_6h_ahead';
const LEG_SETTLED_AFTER_START = 'bet_legs_settled_after_event_start';
const LEG_SETTLED_IS_FINAL = 'bet_legs_settled_is_final';
const LEG_PARLAY_SETTLED = 'bet_legs_parlay_settled';
const PARLAY_SETTLED_BY_LEGS = 'bets_parlay_settled_by_legs';

/** A listed event's rules (migration 0027). */
const EVENT_OPEN = 'bets_event_open';
const GRADED_FROM_RESULT = 'bets_graded_from_result';
const LEGS_ONE_PER_EVENT = 'bet_legs_one_per_event';
/** One position per pick (migration 0034, db/functions/bet_positions_apply.sql). */
const ONE_SIDE_PER_MARKET = 'bet_positions_one_side_per_market';

const NAMED_RULES = [
  EVENT_CHECK,
  SETTLED_AFTER_START_CHECK,
  SETTLED_IS_FINAL,
  DELETE_BEFORE_START,
  DELETE_WITHIN_WINDOW,
  LEG_EVENT_CHECK,
  LEG_SETTLED_AFTER_START,
  LEG_SETTLED_IS_FINAL,
  LEG_PARLAY_SETTLED,
  PARLAY_SETTLED_BY_LEGS,
  EVENT_OPEN,
  GRADED_FROM_RESULT,
];

/** The CHECK constraint (or rule trigger) a database error reports as violated, if that is what it is. */
function violatedCheck(err: unknown): string | null {
  const e = sqlErrorIn(err, '23514');
  if (!e) return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // A driver that drops the field still has the name in the message.
  return NAMED_RULES.find((name) => typeof e.message === 'string' && e.message.includes(name)) ?? 'unknown';
}

/**
 * Records a bet at `now`: created_at is `now`, so the database CHECK enforces the 6-hour rule
 * against the same clock the request was validated with. Potential win = stake × decimal odds.
 */
export async function recordBet(db: Db, userId: string, input: RecordBetInput, now: Date): Promise<RecordBetResult> {
  const odds = parseOdds(input.odds);
  const stake = parseMoney(input.amount.trim());
  if (!odds.ok || stake === null) return { ok: false, reason: 'invalid' };
  try {
    const [row] = await db
      .insert(bets)
      .values({
        userId,
        description: input.description.trim(),
        amount: formatCents(stake),
        odds: input.odds.trim(),
        decimalOdds: decimalOddsString(odds.decimal),
        betType: input.sport,
        eventDate: new Date(input.eventDate),
        potentialWin: formatCents(potentialWinCents(stake, odds.decimal)),
        createdAt: now,
      })
      .returning();
    return { ok: true, bet: toBet(row!) };
  } catch (err) {
    const check = violatedCheck(err);
    if (check === EVENT_CHECK) return { ok: false, reason: 'event-too-soon' };
    if (check) return { ok: false, reason: 'invalid' };
    throw err;
  }
}

/** A pick on a listed event, with what the event gives it: its description, sport and start. */
interface ResolvedPick {
  description: string;
  sport: Sport;
  start: Date;
  eventId: string | null;
  market: Market | null;
  selection: Selection | null;
  line: string | null;
}

type PickResolution = { ok: true; pick: ResolvedPick } | Exclude<RecordBetResult, { ok: true }>;

/**
 * What a listed event gives a pick (description, sport, start), or why it cannot be taken at
 * `now`: no such event, or not open (not scheduled, no start, or less than 6 hours ahead).
 */
function resolveListed(
  event: typeof events.$inferSelect | undefined,
  pick: { eventId: string; market: Market; selection: Selection; line?: number },
  field: string,
  now: Date,
): PickResolution {
  if (!event) return { ok: false, reason: 'event-not-found', field };
  if (event.status !== 'scheduled' || event.startsAt === null) return { ok: false, reason: 'event-not-open' };
  if (eventTimeError(event.startsAt, now)) return { ok: false, reason: 'event-too-soon' };
  const line = pick.line ?? null;
  return {
    ok: true,
    pick: {
      description: gradedDescription(event, pick.market, pick.selection, line),
      sport: event.sport as Sport,
      start: event.startsAt,
      eventId: event.id,
      market: pick.market,
      selection: pick.selection,
      line: line === null ? null : String(line),
    },
  };
}

/** The database's refusal of a recording, as the API's answer; rethrows anything else. */
function recordingRefused(err: unknown): Exclude<RecordBetResult, { ok: true }> {
  const check = violatedCheck(err);
  if (check === EVENT_CHECK || check === LEG_EVENT_CHECK) return { ok: false, reason: 'event-too-soon' };
  // The event was closed (went live, was postponed) between the read and the insert.
  if (check === EVENT_OPEN) return { ok: false, reason: 'event-not-open' };
  if (check) return { ok: false, reason: 'invalid' };
  if (violatedConstraint(err, '23505', [LEGS_ONE_PER_EVENT])) return { ok: false, reason: 'invalid' };
  throw err;
}

/**
 * Records a bet on a listed event at `now`: its description, sport and start are the event's (the
 * database checks the start and sport match, and that the event is open), so the bettor chooses
 * neither the event's time nor its result; the bet is graded when the event's result arrives.
 */
export async function recordListedBet(
  db: Db,
  userId: string,
  input: RecordListedBetInput,
  now: Date,
): Promise<RecordBetResult> {
  const odds = parseOdds(input.odds);
  const stake = parseMoney(input.amount.trim());
  if (!odds.ok || stake === null) return { ok: false, reason: 'invalid' };
  const event = (await eventRows(db, [input.eventId])).get(input.eventId);
  const resolved = resolveListed(event, input, 'eventId', now);
  if (!resolved.ok) return resolved;
  const { pick } = resolved;
  try {
    const [row] = await db
      .insert(bets)
      .values({
        userId,
        description: pick.description,
        amount: formatCents(stake),
        odds: input.odds.trim(),
        decimalOdds: decimalOddsString(odds.decimal),
        betType: pick.sport,
        eventDate: pick.start,
        potentialWin: formatCents(potentialWinCents(stake, odds.decimal)),
        createdAt: now,
        eventId: pick.eventId,
        market: pick.market,
        selection: pick.selection,
        line: pick.line,
        graded: true,
      })
      .returning();
    return { ok: true, bet: toBet(row!) };
  } catch (err) {
    if (violatedConstraint(err, '23505', [ONE_SIDE_PER_MARKET])) {
      return { ok: false, reason: 'side-held', held: await heldSelection(db, userId, event!, input.market) };
    }
    return recordingRefused(err);
  }
}

/** The selection an account holds on a market of an event, in words ("Arsenal", "Over 2.5"). */
async function heldSelection(
  db: Db,
  userId: string,
  event: typeof events.$inferSelect,
  market: Market,
): Promise<string> {
  const [held] = await db
    .select({ selection: bets.selection, line: bets.line })
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.eventId, event.id), eq(bets.market, market), isNull(bets.legCount)))
    .orderBy(asc(bets.createdAt), asc(bets.id))
    .limit(1);
  if (!held?.selection) return 'another selection';
  return selectionLabel(event, market, held.selection as Selection, held.line === null ? null : Number(held.line));
}

/**
 * Records a parlay at `now`, in one transaction: the bets row (stake, combined odds = the product
 * of the legs', event_date = the earliest leg's start, last_event_date = the latest's) and its
 * legs, each self-reported or on a listed event (which gives it its description, sport and
 * start). The parlay is graded when every leg is on a listed event. The database checks the same
 * (each leg 6+ hours ahead, the combined figures, 2-15 legs at commit, one leg per event, the
 * events' starts and sports) and appends the recording, legs included, to the ledger.
 */
export async function recordParlay(
  db: Db,
  userId: string,
  input: RecordAnyParlayInput,
  now: Date,
): Promise<RecordBetResult> {
  const stake = parseMoney(input.amount.trim());
  const parsedOdds = input.legs.map((leg) => parseOdds(leg.odds));
  if (stake === null || parsedOdds.some((p) => !p.ok)) return { ok: false, reason: 'invalid' };
  const listed = await eventRows(
    db,
    input.legs.flatMap((leg) => ('eventId' in leg && leg.eventId !== undefined ? [leg.eventId] : [])),
  );
  const picks: ResolvedPick[] = [];
  for (const [i, leg] of input.legs.entries()) {
    if ('market' in leg && leg.eventId !== undefined) {
      const resolved = resolveListed(listed.get(leg.eventId), leg, `legs.${i}.eventId`, now);
      if (!resolved.ok) return resolved;
      picks.push(resolved.pick);
    } else if ('description' in leg && leg.description !== undefined) {
      picks.push({
        description: leg.description.trim(),
        sport: leg.sport,
        start: new Date(leg.eventDate),
        eventId: null,
        market: null,
        selection: null,
        line: null,
      });
    }
  }
  const exact = parsedOdds.map((p) => (p.ok ? p.decimal : rational(1n)));
  const odds = combinedOdds(exact);
  const starts = picks.map((l) => l.start.getTime());
  try {
    const [betRow, legRows] = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bets)
        .values({
          userId,
          description: parlayDescription(picks.map((l) => l.description)),
          amount: formatCents(stake),
          odds: shortDecimal(odds),
          decimalOdds: decimalOddsString(odds),
          betType: PARLAY_SPORT,
          eventDate: new Date(Math.min(...starts)),
          lastEventDate: new Date(Math.max(...starts)),
          legCount: picks.length,
          potentialWin: formatCents(potentialWinCents(stake, odds)),
          createdAt: now,
          graded: picks.every((l) => l.eventId !== null),
        })
        .returning();
      const inserted = await tx
        .insert(betLegs)
        .values(
          picks.map((leg, i) => ({
            betId: row!.id,
            position: i + 1,
            description: leg.description,
            sport: leg.sport,
            odds: input.legs[i]!.odds.trim(),
            decimalOdds: decimalOddsString(exact[i]!),
            oddsNum: exact[i]!.num.toString(),
            oddsDen: exact[i]!.den.toString(),
            eventDate: leg.start,
            eventId: leg.eventId,
            market: leg.market,
            selection: leg.selection,
            line: leg.line,
          })),
        )
        .returning();
      return [row!, inserted] as const;
    });
    return { ok: true, bet: toBet(betRow, legRows) };
  } catch (err) {
    return recordingRefused(err);
  }
}

export type SettleBetResult =
  | { ok: true; bet: Bet }
  | { ok: false; reason: 'not-found' | 'already-settled' | 'parlay' | 'graded' }
  | { ok: false; reason: 'not-started'; eventDate: Date };

/** A settlement's profit, in SQL: won → potential win − stake; lost → −stake; void → 0 (the stake comes back). */
const settledProfit = (status: SettledStatus) =>
  status === 'won' ? sql`${bets.potentialWin} - ${bets.amount}` : status === 'lost' ? sql`-${bets.amount}` : sql`0`;

/**
 * Settles a pending bet whose event has started, in one conditional UPDATE, so two concurrent
 * settles cannot both win: won → profit = potential win − stake, lost → −stake, void (a cancelled
 * event or a push) → 0, settled_at = now.
 * The database holds the same rules (settled_at ≥ event start, a settled bet is final); when the
 * UPDATE changes nothing, one read says which rule refused it.
 */
export async function settleBet(
  db: Db,
  userId: string,
  betId: string,
  status: SettledStatus,
  now: Date,
): Promise<SettleBetResult> {
  if (!isBetId(betId)) return { ok: false, reason: 'not-found' };
  const owned = and(eq(bets.id, betId), eq(bets.userId, userId));
  try {
    const [row] = await db
      .update(bets)
      .set({
        status,
        profitLoss: settledProfit(status),
        settledAt: now,
      })
      .where(
        and(owned, eq(bets.status, 'pending'), lte(bets.eventDate, now), isNull(bets.legCount), isNull(bets.eventId)),
      )
      .returning();
    if (row) return { ok: true, bet: toBet(row) };
  } catch (err) {
    // Another settle of the same bet won the race between our read of it and the UPDATE.
    if (violatedCheck(err) !== SETTLED_IS_FINAL && violatedCheck(err) !== SETTLED_AFTER_START_CHECK) throw err;
  }
  const [existing] = await db
    .select({ status: bets.status, eventDate: bets.eventDate, legCount: bets.legCount, eventId: bets.eventId })
    .from(bets)
    .where(owned)
    .limit(1);
  if (!existing) return { ok: false, reason: 'not-found' };
  if (existing.legCount !== null) return { ok: false, reason: 'parlay' };
  // Graded from its event's result (bets_graded_from_result): never settled by hand.
  if (existing.eventId !== null && existing.status === 'pending') return { ok: false, reason: 'graded' };
  if (existing.status !== 'pending') return { ok: false, reason: 'already-settled' };
  return { ok: false, reason: 'not-started', eventDate: existing.eventDate };
}

export type SettleLegResult =
  | { ok: true; bet: Bet }
  | { ok: false; reason: 'not-found' | 'already-settled' | 'parlay-settled' | 'graded' }
  | { ok: false; reason: 'not-started'; eventDate: Date };

/**
 * Settles one pending leg of one of the user's pending parlays once the leg's event has started,
 * in one conditional UPDATE; the database's trigger appends the leg's ledger entry and settles the
 * parlay when its legs decide it, in the same statement. Answers the parlay as it then stands.
 */
export async function settleLeg(
  db: Db,
  userId: string,
  betId: string,
  legId: string,
  status: SettledStatus,
  now: Date,
): Promise<SettleLegResult> {
  if (!isBetId(betId) || !isBetId(legId)) return { ok: false, reason: 'not-found' };
  const owned = and(eq(bets.id, betId), eq(bets.userId, userId), isNotNull(bets.legCount));
  try {
    const rows = await db
      .update(betLegs)
      .set({ status, settledAt: now })
      .where(
        and(
          eq(betLegs.id, legId),
          eq(betLegs.status, 'pending'),
          lte(betLegs.eventDate, now),
          isNull(betLegs.eventId),
          sql`exists (select 1 from ${bets} where ${owned} and ${bets.id} = ${betLegs.betId} and ${bets.status} = 'pending')`,
        ),
      )
      .returning({ id: betLegs.id });
    if (rows.length > 0) return { ok: true, bet: (await getBet(db, userId, betId))! };
  } catch (err) {
    // Another leg settled the parlay, or this leg, between the guard's read and the UPDATE.
    const check = violatedCheck(err);
    if (check !== LEG_PARLAY_SETTLED && check !== LEG_SETTLED_IS_FINAL && check !== LEG_SETTLED_AFTER_START) throw err;
  }
  const [existing] = await db
    .select({ parlay: bets.status, leg: betLegs.status, eventDate: betLegs.eventDate, eventId: betLegs.eventId })
    .from(betLegs)
    .innerJoin(bets, eq(bets.id, betLegs.betId))
    .where(and(owned, eq(betLegs.id, legId)))
    .limit(1);
  if (!existing) return { ok: false, reason: 'not-found' };
  if (existing.leg !== 'pending') return { ok: false, reason: 'already-settled' };
  if (existing.parlay !== 'pending') return { ok: false, reason: 'parlay-settled' };
  if (existing.eventId !== null) return { ok: false, reason: 'graded' };
  return { ok: false, reason: 'not-started', eventDate: existing.eventDate };
}

/** One of the user's bets with its legs; undefined when they have no such bet. */
export async function getBet(db: Db, userId: string, betId: string): Promise<Bet | undefined> {
  if (!isBetId(betId)) return undefined;
  const [row] = await db
    .select(betColumns)
    .from(bets)
    .where(and(eq(bets.id, betId), eq(bets.userId, userId)));
  return row && (await toBets(db, [row]))[0];
}

export type DeleteBetResult =
  { ok: true } | { ok: false; reason: 'not-found' | 'part-of-record' | 'graded' | 'delete-window-passed' };

/**
 * Deletes one of the user's bets while it is a correction: pending, its event not started at `now`,
 * and recorded at most 15 minutes before `now` (DELETE_WINDOW_MS, decision 041). After that the bet
 * is part of the record. The database refuses the same (the start by its own clock, the window by
 * the request's, set here for the transaction), and its refusal reads as the same answer.
 */
export async function deleteBet(db: Db, userId: string, betId: string, now: Date): Promise<DeleteBetResult> {
  if (!isBetId(betId)) return { ok: false, reason: 'not-found' };
  const owned = and(eq(bets.id, betId), eq(bets.userId, userId));
  try {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('betproof.grading_at', ${now.toISOString()}, true)`);
      return tx
        .delete(bets)
        .where(
          and(
            owned,
            eq(bets.status, 'pending'),
            gt(bets.eventDate, now),
            gt(bets.createdAt, new Date(now.getTime() - DELETE_WINDOW_MS)),
            // A graded bet's event may have started early or been closed: its own start and status decide.
            sql`(${bets.eventId} is null or exists (select 1 from ${events} where ${events.id} = ${bets.eventId}
                 and ${events.status} = 'scheduled' and ${events.startsAt} > ${now.toISOString()}::timestamptz))`,
          ),
        )
        .returning({ id: bets.id });
    });
    if (rows.length > 0) return { ok: true };
  } catch (err) {
    const check = violatedCheck(err);
    if (check !== DELETE_BEFORE_START && check !== GRADED_FROM_RESULT && check !== DELETE_WITHIN_WINDOW) throw err;
  }
  const [existing] = await db
    .select({ eventId: bets.eventId, status: bets.status, eventDate: bets.eventDate, createdAt: bets.createdAt })
    .from(bets)
    .where(owned)
    .limit(1);
  if (!existing) return { ok: false, reason: 'not-found' };
  // Before its start but recorded too long ago: the window, not the start, refused it.
  const windowPassed = existing.createdAt.getTime() <= now.getTime() - DELETE_WINDOW_MS;
  if (existing.status === 'pending' && existing.eventDate > now && windowPassed)
    return { ok: false, reason: 'delete-window-passed' };
  return { ok: false, reason: existing.eventId === null ? 'part-of-record' : 'graded' };
}
