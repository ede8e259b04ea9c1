/**
 * Recording, settling and deleting bets: each write one statement (or one transaction) that the
 * database's rules check, and each refusal the database reports translated into the API's answer.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { violatedConstraint, sqlErrorIn } from '../../db/sql.ts';
import { betLegs, bets, events } from '../../db/schema/index.ts';
import { betColumns, isBetId, toBet, toBets } from './bet-rows.ts';
import {
  DELETE_WINDOW_MS,
  EVENT_TOO_SOON_MESSAGE,
  SPORTS,
  eventTimeError,
  type SettledStatus,
  type Sport,
} from '../../../shared/bets.ts';
import type { Bet, RecordBetInput } from '../../../shared/bet-schemas.ts';
import { formatCents, parseMoney, potentialWinCents } from '../../../shared/money.ts';
import { decimalOddsString, parseOdds, rational } from '../../../shared/odds.ts';
import { PARLAY_SPORT, combinedOdds, parlayDescription, shortDecimal } from '../../../shared/parlays.ts';
import type { RecordAnyParlayInput } from '../../../shared/parlay-schemas.ts';
import { gradedDescription, selectionLabel, type Market, type Selection } from '../../../shared/events.ts';
import type { RecordListedBetInput } from '../../../shared/event-schemas.ts';
import { eventRows } from '../events/queries.ts';

export type RecordBetResult =
  | { ok: true; bet: Bet }
  | { ok: false; reason: 'invalid' | 'event-not-open' }
  /**
   * The event's start is not recordable now (6 hours or less ahead, or over 2 years): `message` says
   * which; `field` is where the body gave the start, or named the event whose start it is (eventId,
   * legs.N.eventDate, legs.N.eventId).
   */
  | { ok: false; reason: 'event-time'; field: string; message: string }
  /** One position per pick: `held` names the selection already held on the market ("Arsenal", "Over 2.5"). */
  | { ok: false; reason: 'side-held'; held: string }
  /** `field`: where the body named the event (eventId, or legs.N.eventId). */
  | { ok: false; reason: 'event-not-found'; field: string }
  /** `field`: where the body named the sport (sport, or legs.N.sport). */
  | { ok: false; reason: 'sport-not-listed'; field: string };

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

/** The listed sports (migration 0040). */
const SPORT_CHECK = 'bets_sport';
const LEG_SPORT_CHECK = 'bet_legs_sport';

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
  SPORT_CHECK,
  LEG_SPORT_CHECK,
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
    return recordingRefused(err, 'eventDate');
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
  const timeError = eventTimeError(event.startsAt, now);
  if (timeError) return { ok: false, reason: 'event-time', field, message: timeError };
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

/**
 * The database's refusal of a recording, as the API's answer; rethrows anything else. `startField`:
 * the field that gave the start the 6-hour CHECK refused (the earliest leg's, for a parlay); `legSports`:
 * a parlay's legs' sports, to name the leg whose sport the database refused.
 */
function recordingRefused(
  err: unknown,
  startField: string,
  legSports: readonly string[] = [],
): Exclude<RecordBetResult, { ok: true }> {
  const check = violatedCheck(err);
  if (check === EVENT_CHECK || check === LEG_EVENT_CHECK)
    return { ok: false, reason: 'event-time', field: startField, message: EVENT_TOO_SOON_MESSAGE };
  if (check === SPORT_CHECK) return { ok: false, reason: 'sport-not-listed', field: 'sport' };
  if (check === LEG_SPORT_CHECK) {
    const leg = legSports.findIndex((sport) => !(SPORTS as readonly string[]).includes(sport));
    return { ok: false, reason: 'sport-not-listed', field: leg < 0 ? 'legs' : `legs.${leg}.sport` };
  }
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
    return recordingRefused(err, 'eventId');
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
    const earliest = starts.indexOf(Math.min(...starts));
    return recordingRefused(
      err,
      `legs.${earliest}.${picks[earliest]!.eventId === null ? 'eventDate' : 'eventId'}`,
      picks.map((l) => l.sport),
    );
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
async function getBet(db: Db, userId: string, betId: string): Promise<Bet | undefined> {
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
