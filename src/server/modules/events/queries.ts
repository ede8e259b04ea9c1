/**
 * The events catalog: importing a feed's events (and grading the bets on those that became final
 * or cancelled, which the database does in the same transaction: migration 0027, events_grade),
 * listing the upcoming ones, and an admin's correction. docs/decisions/022 and 023.
 */
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminLogs, betLegs, bets, eventPrices, events } from '../../db/schema/index.ts';
import { isUuid, queryRows, violatedConstraint } from '../../db/sql.ts';
import { MIN_EVENT_LEAD_MS, type Sport } from '../../../shared/bets.ts';
import {
  EVENT_FINAL_NEEDS_START_MESSAGE,
  MARKET_SELECTIONS,
  MARKETS,
  selectionProblem,
  type EventStatus,
  type Market,
  type Selection,
} from '../../../shared/events.ts';
import type {
  AdminEventPage,
  CatalogEvent,
  CorrectEventInput,
  EventPage,
  ImportEventsResult,
} from '../../../shared/event-schemas.ts';
import type { FeedEvent, FeedRowError, ParsedFeed } from './feeds/types.ts';

/** Where events come from: a feed format, or the demo and seed's sample catalog. */
export type EventSource = ParsedFeedSource;
type ParsedFeedSource = 'football-json' | 'football-data' | 'the-odds-api' | 'sample';

export const ADMIN_EVENT_CORRECTION = 'event_correction';

/** A file refused whole: each bad row named, nothing stored. */
export class FeedRefusedError extends Error {
  constructor(readonly rows: FeedRowError[]) {
    super(`Nothing was imported: ${rows.length} ${rows.length === 1 ? 'row has an error' : 'rows have errors'}`);
  }
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 9 (events) or 7 (prices) each. */
const CHUNK = 1000;
const chunks = <T>(list: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** Sets the grading clock for this transaction: bets settle at the request's time (grading_clock()). */
const setGradingClock = (tx: Db, now: Date) =>
  tx.execute(sql`select set_config('betproof.grading_at', ${now.toISOString()}, true)`);

/** Pending bets and parlay legs on these events (what a grading may settle). */
async function pendingOn(tx: Db, eventIds: readonly string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select ((select count(*) from ${bets} where ${inArray(bets.eventId, [...eventIds])} and ${bets.status} = 'pending')
             + (select count(*) from ${betLegs} where ${inArray(betLegs.eventId, [...eventIds])} and ${betLegs.status} = 'pending'))::int as n`,
  );
  return row?.n ?? 0;
}

/** Event ids by source id, for these source ids of one feed. */
async function idsBySource(tx: Db, feed: EventSource, sourceIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(sourceIds)) {
    const rows = await tx
      .select({ id: events.id, sourceId: events.sourceId })
      .from(events)
      .where(and(eq(events.sourceFeed, feed), inArray(events.sourceId, part)));
    for (const r of rows) found.set(r.sourceId, r.id);
  }
  return found;
}

/**
 * A postponed or cancelled event (an admin's correction, or the sweep's) that the file has nothing new
 * about: neither a result (final, with its score) nor a different start. Its status and start are kept,
 * so the next pull of a feed that still lists the game as scheduled (or live) at the same time does not
 * undo the correction, and the 72-hour sweep still counts it (decision 063). A file with no start for it
 * is nothing new either. Its names may still change.
 */
const keptByImport = sql`(${events.status} in ('postponed', 'cancelled') and excluded.status <> 'final'
  and (excluded.starts_at is null or excluded.starts_at = ${events.startsAt}))`;
/** The status and start an import writes to a known event: the file's, unless the event is kept. */
const importedStatus = sql`case when ${keptByImport} then ${events.status} else excluded.status end`;
const importedStart = sql`case when ${keptByImport} then ${events.startsAt} else excluded.starts_at end`;

/** What is wrong with one event of a file (besides what the parser found), or null. */
function eventProblem(e: FeedEvent): string | null {
  if (e.status === 'final' && !e.score) return 'A final event needs its score';
  if (e.status === 'final' && !e.startsAt) return EVENT_FINAL_NEEDS_START_MESSAGE;
  if (e.status !== 'final' && e.score) return 'Only a final event has a score';
  for (const p of e.prices) {
    const problem = selectionProblem(p.market, p.selection, p.line);
    if (problem) return `Price ${p.bookmaker} ${p.market} ${p.selection}: ${problem}`;
    if (!(Number(p.odds) > 1)) return `Price ${p.bookmaker} ${p.market} ${p.selection}: odds must be over 1`;
  }
  return null;
}

/**
 * Stores a parsed feed's events, all or nothing, in one transaction: new events are created, known
 * ones (the same feed and feed id) updated where the file says something new, their prices kept
 * (the latest file's price for each bookmaker, kind, selection and line). Events that become
 * final or cancelled grade their pending bets and legs in the same transaction (the database's
 * trigger), at `now`; postponed events past their time count as cancelled first (decision 023). A
 * postponed or cancelled event keeps its status unless the file gives it a result or a new start
 * (decision 063).
 * A file with any bad row is refused whole (FeedRefusedError): the parser's row errors, an event
 * that repeats, or one that contradicts a final result already graded.
 */
export async function importFeed(
  db: Db,
  feed: EventSource,
  parsed: ParsedFeed,
  now: Date,
): Promise<ImportEventsResult> {
  const problems: FeedRowError[] = [...parsed.rowErrors];
  const seen = new Set<string>();
  parsed.events.forEach((e, i) => {
    const problem = seen.has(e.sourceId) ? `The event ${e.sourceId} appears twice in the file` : eventProblem(e);
    seen.add(e.sourceId);
    if (problem) problems.push({ row: i + 1, message: `Row ${i + 1}: ${problem}` });
  });
  if (problems.length > 0) throw new FeedRefusedError(problems.sort((a, b) => a.row - b.row));
  if (parsed.events.length === 0) return { created: 0, updated: 0, graded: 0 };

  return db.transaction(async (tx) => {
    await setGradingClock(tx, now);
    await tx.execute(sql`select events_cancel_postponed(${now.toISOString()}::timestamptz)`);
    const sourceIds = parsed.events.map((e) => e.sourceId);
    const known = await idsBySource(tx, feed, sourceIds);

    // A final result is final (events_result_is_final): a file that says otherwise is refused by row.
    const finals = await finalResults(tx, [...known.values()]);
    const conflicts: FeedRowError[] = [];
    parsed.events.forEach((e, i) => {
      const id = known.get(e.sourceId);
      const final = id ? finals.get(id) : undefined;
      if (!final) return;
      const same =
        e.status === 'final' &&
        e.score?.home === final.homeScore &&
        e.score?.away === final.awayScore &&
        e.startsAt !== null &&
        new Date(e.startsAt).getTime() === final.startsAt.getTime();
      if (!same)
        conflicts.push({
          row: i + 1,
          message: `Row ${i + 1}: ${e.home} v ${e.away} is final at ${final.homeScore}-${final.awayScore}, graded; this file says otherwise`,
        });
    });
    if (conflicts.length > 0) throw new FeedRefusedError(conflicts);

    const before = await pendingOn(tx, [...known.values()]);
    let created = 0;
    let updated = 0;
    for (const part of chunks(parsed.events)) {
      const rows = await tx
        .insert(events)
        .values(
          part.map((e) => ({
            sourceFeed: feed,
            sourceId: e.sourceId,
            sport: e.sport,
            competition: e.competition,
            home: e.home,
            away: e.away,
            startsAt: e.startsAt ? new Date(e.startsAt) : null,
            status: e.status,
            homeScore: e.score?.home ?? null,
            awayScore: e.score?.away ?? null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [events.sourceFeed, events.sourceId],
          set: {
            sport: sql`excluded.sport`,
            competition: sql`excluded.competition`,
            home: sql`excluded.home`,
            away: sql`excluded.away`,
            startsAt: importedStart,
            status: importedStatus,
            homeScore: sql`excluded.home_score`,
            awayScore: sql`excluded.away_score`,
            updatedAt: sql`excluded.updated_at`,
          },
          // Only what changed is written (and counted): a file imported twice updates nothing.
          setWhere: sql`(${events.sport}, ${events.competition}, ${events.home}, ${events.away}, ${events.startsAt},
                         ${events.status}, ${events.homeScore}, ${events.awayScore})
                        is distinct from (excluded.sport, excluded.competition, excluded.home, excluded.away,
                         ${importedStart}, ${importedStatus}, excluded.home_score, excluded.away_score)`,
        })
        .returning({ id: events.id, inserted: sql<boolean>`xmax = 0` });
      for (const r of rows) {
        if (r.inserted) created++;
        else updated++;
      }
    }
    const after = await pendingOn(tx, [...known.values()]);

    const ids = await idsBySource(tx, feed, sourceIds);
    const prices = parsed.events.flatMap((e) =>
      e.prices.map((p) => ({
        eventId: ids.get(e.sourceId)!,
        bookmaker: p.bookmaker,
        kind: p.kind,
        market: p.market,
        selection: p.selection,
        line: p.line === undefined ? null : String(p.line),
        odds: p.odds,
      })),
    );
    for (const part of chunks(prices)) {
      await tx
        .insert(eventPrices)
        .values(part)
        .onConflictDoUpdate({
          target: [
            eventPrices.eventId,
            eventPrices.bookmaker,
            eventPrices.kind,
            eventPrices.market,
            eventPrices.selection,
            eventPrices.line,
          ],
          set: { odds: sql`excluded.odds` },
        });
    }
    return { created, updated, graded: before - after };
  });
}

/** The final events among these, with their result. */
async function finalResults(tx: Db, ids: string[]) {
  const found = new Map<string, { homeScore: number; awayScore: number; startsAt: Date }>();
  for (const part of chunks(ids)) {
    const rows = await tx
      .select({ id: events.id, homeScore: events.homeScore, awayScore: events.awayScore, startsAt: events.startsAt })
      .from(events)
      .where(and(inArray(events.id, part), eq(events.status, 'final')));
    for (const r of rows) found.set(r.id, { homeScore: r.homeScore!, awayScore: r.awayScore!, startsAt: r.startsAt! });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Reading

type EventRow = typeof events.$inferSelect;

const MARKET_LIST = MARKETS.map((market) => ({ market, selections: [...MARKET_SELECTIONS[market]] }));

/** An event as the API answers it, with the best pre-match price of each selection. */
function toEvent(row: EventRow, prices: CatalogEvent['prices'] = []): CatalogEvent {
  return {
    id: row.id,
    sport: row.sport as Sport,
    competition: row.competition,
    home: row.home,
    away: row.away,
    startsAt: row.startsAt?.toISOString() ?? null,
    status: row.status,
    score: row.homeScore === null || row.awayScore === null ? null : { home: row.homeScore, away: row.awayScore },
    source: { feed: row.sourceFeed, id: row.sourceId },
    markets: MARKET_LIST,
    prices,
  };
}

/** The best pre-match price of each selection of these events (the highest bookmaker's). */
async function bestPrices(db: Db, ids: string[]): Promise<Map<string, CatalogEvent['prices']>> {
  const byEvent = new Map<string, CatalogEvent['prices']>();
  if (ids.length === 0) return byEvent;
  const rows = await queryRows<{
    eventId: string;
    market: Market;
    selection: Selection;
    line: string | null;
    odds: string;
    bookmaker: string;
  }>(
    db,
    sql`select distinct on (event_id, market, selection, line)
               event_id as "eventId", market, selection, line::text as line, odds::text as odds, bookmaker
        from ${eventPrices}
        where ${inArray(eventPrices.eventId, ids)} and kind = 'pre'
        order by event_id, market, selection, line, odds desc, bookmaker`,
  );
  for (const r of rows) {
    const list = byEvent.get(r.eventId) ?? [];
    list.push({
      market: r.market,
      selection: r.selection,
      line: r.line === null ? null : Number(r.line),
      odds: r.odds,
      bookmaker: r.bookmaker,
    });
    byEvent.set(r.eventId, list);
  }
  return byEvent;
}

/** One event, with its prices; undefined when there is none with this id. */
export async function getEvent(db: Db, id: string): Promise<CatalogEvent | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) return undefined;
  return toEvent(row, (await bestPrices(db, [row.id])).get(row.id));
}

/** The events' rows by id (the bets' recording reads them). */
export async function eventRows(db: Db, ids: string[]): Promise<Map<string, EventRow>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db.select().from(events).where(inArray(events.id, valid));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The events list's cursor: the last event's start (to the millisecond: starts come from feeds) and id. */
const encodeEventCursor = (row: { startsAt: Date | null; id: string }) =>
  Buffer.from(`${row.startsAt!.toISOString()}|${row.id}`, 'utf8').toString('base64url');

export function decodeEventCursor(text: string): { startsAt: Date; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at)) return null;
  const startsAt = new Date(at);
  return Number.isNaN(startsAt.getTime()) ? null : { startsAt, id };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListEventsOptions {
  q?: string;
  sport?: Sport;
  from?: string;
  to?: string;
  limit: number;
  cursor?: { startsAt: Date; id: string };
}

/**
 * The events a bet can be recorded on at `now` — scheduled, starting more than 6 hours from now
 * (the record's rule) — in start order, a page at a time (keyset on start and id, over the
 * upcoming index). `q` matches part of either team's or the competition's name, case-insensitively.
 */
/** Part of either team's or the competition's name, case-insensitive. */
const nameMatches = (q: string): SQL => {
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  return sql`(lower(${events.home}) like ${pattern} or lower(${events.away}) like ${pattern} or lower(${events.competition}) like ${pattern})`;
};

export async function listEvents(db: Db, opts: ListEventsOptions, now: Date): Promise<EventPage> {
  const earliest = new Date(now.getTime() + MIN_EVENT_LEAD_MS);
  const conditions: (SQL | undefined)[] = [eq(events.status, 'scheduled'), gt(events.startsAt, earliest)];
  if (opts.from) conditions.push(gte(events.startsAt, new Date(opts.from)));
  if (opts.to) conditions.push(lte(events.startsAt, new Date(opts.to)));
  if (opts.sport) conditions.push(eq(events.sport, opts.sport));
  if (opts.q) conditions.push(nameMatches(opts.q));
  if (opts.cursor) {
    const { startsAt, id } = opts.cursor;
    conditions.push(or(gt(events.startsAt, startsAt), and(eq(events.startsAt, startsAt), gt(events.id, id))));
  }
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const prices = await bestPrices(
    db,
    page.map((r) => r.id),
  );
  return {
    events: page.map((r) => toEvent(r, prices.get(r.id))),
    nextCursor: rows.length > opts.limit ? encodeEventCursor(page[page.length - 1]!) : null,
  };
}

/**
 * Every event for the admin's Events tab, any status, the latest start first (events with no start
 * yet last), `q` matching a team or the competition as the bettors' search does.
 */
export async function listAdminEvents(
  db: Db,
  opts: { q?: string | undefined; status?: EventStatus | undefined; limit: number; offset: number },
): Promise<AdminEventPage> {
  const conditions: (SQL | undefined)[] = [];
  if (opts.status) conditions.push(eq(events.status, opts.status));
  if (opts.q) conditions.push(nameMatches(opts.q));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(sql`${events.startsAt} desc nulls last`, desc(events.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(where),
  ]);
  return { events: rows.map((r) => toEvent(r)), total: count?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// An admin's correction

export type CorrectEventResult =
  | { ok: true; event: CatalogEvent; graded: number }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'final' }
  | { ok: false; reason: 'invalid'; message: string; field: string };

/**
 * Corrects an event's start, status or score, in one transaction with its audit log entry (what
 * changed, from what). A correction that makes it final (with a score) or cancelled grades its
 * bets at `now`, as an import would; a final event is not changed (its bets were graded from it),
 * nor made final without a start (the database's events_final_has_start: 422 on `startsAt`). The
 * answer is the event as stored after the postponed sweep: postponed 72 hours or more after its
 * start, it is cancelled, its bets void (decision 023).
 */
export async function correctEvent(
  db: Db,
  opts: { id: string; adminUserId: string; change: CorrectEventInput; now: Date },
): Promise<CorrectEventResult> {
  if (!isUuid(opts.id)) return { ok: false, reason: 'not-found' };
  const { change, now } = opts;
  try {
    return await db.transaction(async (tx) => {
      await setGradingClock(tx, now);
      const [row] = await tx.select().from(events).where(eq(events.id, opts.id)).for('update');
      if (!row) return { ok: false, reason: 'not-found' } as const;
      const status: EventStatus = change.status ?? row.status;
      const score =
        change.score === undefined
          ? row.homeScore === null
            ? null
            : { home: row.homeScore, away: row.awayScore! }
          : change.score;
      const startsAt = change.startsAt === undefined ? row.startsAt : new Date(change.startsAt);
      if (status === 'final' && !score)
        return { ok: false, reason: 'invalid', field: 'score', message: 'A final event needs its score' } as const;
      if (status !== 'final' && change.score)
        return { ok: false, reason: 'invalid', field: 'status', message: 'Only a final event has a score' } as const;
      const next = {
        startsAt,
        status,
        homeScore: status === 'final' ? score!.home : null,
        awayScore: status === 'final' ? score!.away : null,
      };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (next.startsAt?.getTime() !== row.startsAt?.getTime())
        changes.startsAt = { from: row.startsAt?.toISOString() ?? null, to: next.startsAt?.toISOString() ?? null };
      if (next.status !== row.status) changes.status = { from: row.status, to: next.status };
      if (next.homeScore !== row.homeScore || next.awayScore !== row.awayScore)
        changes.score = {
          from: row.homeScore === null ? null : `${row.homeScore}-${row.awayScore}`,
          to: next.homeScore === null ? null : `${next.homeScore}-${next.awayScore}`,
        };
      if (Object.keys(changes).length === 0) return { ok: true, event: toEvent(row), graded: 0 } as const;
      if (row.status === 'final') return { ok: false, reason: 'final' } as const;
      const before = await pendingOn(tx, [row.id]);
      await tx
        .update(events)
        .set({ ...next, updatedAt: now })
        .where(eq(events.id, row.id));
      await tx.insert(adminLogs).values({
        adminUserId: opts.adminUserId,
        actionType: ADMIN_EVENT_CORRECTION,
        details: { eventId: row.id, event: `${row.home} v ${row.away}`, changes },
        createdAt: now,
      });
      await tx.execute(sql`select events_cancel_postponed(${now.toISOString()}::timestamptz)`);
      const graded = before - (await pendingOn(tx, [row.id]));
      // Answered as stored after the sweep: postponed long past its start, it is cancelled now.
      const [stored] = await tx.select().from(events).where(eq(events.id, row.id));
      return { ok: true, event: toEvent(stored!, (await bestPrices(tx, [row.id])).get(row.id)), graded } as const;
    });
  } catch (err) {
    const violated = violatedConstraint(err, '23514', ['events_result_is_final', 'events_final_has_start']);
    if (violated === 'events_result_is_final') return { ok: false, reason: 'final' };
    // Final with no start (the feed gave no usable time): the database refuses it; the start is what to send.
    if (violated === 'events_final_has_start')
      return { ok: false, reason: 'invalid', field: 'startsAt', message: EVENT_FINAL_NEEDS_START_MESSAGE };
    throw err;
  }
}
