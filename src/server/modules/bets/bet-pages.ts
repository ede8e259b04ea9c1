/**
 * A user's bets page by page, newest recorded first: keyset paging on (created_at desc, id desc)
 * with the cursor of db/sql.ts, each page written as JSON by the database and the first one kept
 * by this server while the user's record version stands (kept-answers.ts).
 */
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { cursorTime, encodeCursor, isoText, type JsonText, type KeysetCursor } from '../../db/sql.ts';
import { betLegs, betRecordVersions, bets } from '../../db/schema/index.ts';
import { firstPages } from './kept-answers.ts';
import type { BetPage } from '../../../shared/bet-schemas.ts';

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
  'unitSize', ${bets.unitSize}::text,
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
