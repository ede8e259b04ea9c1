/**
 * The rules of a bet: what a bet is (sports, statuses, limits), when it may be recorded, settled
 * and deleted, and the messages that say so. No zod here: a page that shows bets imports these and
 * builds no schema (docs/decisions/015); the wire format is bet-schemas.ts, built on these rules.
 */
import { formatCents, parseMoney, potentialWinCents, type Cents } from './money.ts';
import { INVALID_ODDS_MESSAGE, parseOdds } from './odds.ts';
import type { BetKind } from './events.ts';
import { formatDateTime, type Zone } from './date-format.ts';

export const SPORTS = ['football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other'] as const;
export type Sport = (typeof SPORTS)[number];
/** A sport outside the list, refused by the API and by the database (bets_sport, bet_legs_sport). */
export const SPORT_NOT_LISTED_MESSAGE = `Sport must be one of ${SPORTS.join(', ')}`;
/**
 * What a recorded bet's `sport` can be: a single bet's sport, or 'parlay' for a parlay (its legs
 * have their own sports; docs/decisions/008-parlays.md). By-sport figures count parlays under it.
 */
export const BET_SPORTS = [...SPORTS, 'parlay'] as const;
export type BetSport = (typeof BET_SPORTS)[number];

export { BET_STATUSES, type BetStatus } from './bet-status.ts';
import type { BetStatus } from './bet-status.ts';
import { DELETE_WINDOW_MINUTES, OVERDUE_AFTER_HOURS } from './rule-numbers.ts';
/**
 * The results a pending bet settles to. `void` is a cancelled event or a push: the stake comes
 * back (profit 0.00) and the bet counts in no rate (win rate, ROI, yield, streaks, drawdown).
 */
export const SETTLED_STATUSES = ['won', 'lost', 'void'] as const;
export type SettledStatus = (typeof SETTLED_STATUSES)[number];
/** How each result is written on screen (buttons, badges, the CSV's readers). */
export const STATUS_LABELS: Record<BetStatus, string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void / push',
};

/** An event must start more than this long after the server's clock when the bet is recorded. */
export const MIN_EVENT_LEAD_HOURS = 6;
export const MIN_EVENT_LEAD_MS = MIN_EVENT_LEAD_HOURS * 60 * 60 * 1000;
/** An event may start at most this many years ahead. */
export const MAX_EVENT_LEAD_YEARS = 2;
export const DESCRIPTION_MAX_LENGTH = 500;
export const MIN_STAKE_CENTS = 1n;
export const MAX_STAKE_CENTS = 100_000_000n;
export const BETS_PAGE_DEFAULT = 20;
export const BETS_PAGE_MAX = 100;

/** The 6-hour rule's message (its number from MIN_EVENT_LEAD_MS), in the API and in the UI. */
export const EVENT_TOO_SOON_MESSAGE = `Bets can only be recorded for events starting at least ${MIN_EVENT_LEAD_HOURS} hours from now`;
export const EVENT_TOO_FAR_MESSAGE = `Event date must be at most ${MAX_EVENT_LEAD_YEARS} years ahead`;
/** The API's headline `error` when the odds are the only invalid field. */
export const INVALID_ODDS_ERROR = 'Invalid odds';
export const BET_NOT_FOUND_MESSAGE = 'Bet not found';
export const BET_ALREADY_SETTLED_MESSAGE = 'Bet is already settled';
/** Why a started (or settled) bet has no Delete: the record keeps it. */
export const BET_PART_OF_RECORD_MESSAGE =
  "This bet's event has started, so it is part of your record and can't be deleted";

export { DELETE_WINDOW_MINUTES, OVERDUE_AFTER_HOURS };
export const DELETE_WINDOW_MS = DELETE_WINDOW_MINUTES * 60 * 1000;
/** Why a bet recorded more than 15 minutes ago has no Delete, though its event is still ahead. */
export const DELETE_WINDOW_PASSED_MESSAGE = `A bet can be deleted only in the ${DELETE_WINDOW_MINUTES} minutes after you record it, so this one is part of your record`;

export const OVERDUE_AFTER_MS = OVERDUE_AFTER_HOURS * 60 * 60 * 1000;

type Timed = {
  status: BetStatus;
  eventDate: string | Date;
  legs?: readonly { eventDate: string | Date; status?: BetStatus; kind?: BetKind }[] | null;
  /** A graded bet waits for its event's result, never for the bettor: never overdue. */
  kind?: BetKind;
  /** When it was recorded: the delete window runs from it (a bet without one is judged by its start only). */
  createdAt?: string | Date;
};
const eventStart = (bet: Timed) => new Date(bet.eventDate).getTime();

/** The record's three time rules, one place for the server's handlers and the client's buttons. */
export const eventHasStarted = (bet: Timed, now: Date): boolean => now.getTime() >= eventStart(bet);
/** Won / Lost / Void are open once the event has started, for a bet still pending (a parlay's legs settle it). */
export const canSettle = (bet: Timed, now: Date): boolean =>
  bet.status === 'pending' && !bet.legs && eventHasStarted(bet, now);
/** The delete window is still open: recorded less than 15 minutes before `now`. */
export const inDeleteWindow = (bet: Timed, now: Date): boolean =>
  bet.createdAt === undefined || now.getTime() < new Date(bet.createdAt).getTime() + DELETE_WINDOW_MS;
/**
 * Delete is a correction: within 15 minutes of recording and before the event; after either a bet
 * is part of the record.
 */
export const canDelete = (bet: Timed, now: Date): boolean =>
  bet.status === 'pending' && !eventHasStarted(bet, now) && inDeleteWindow(bet, now);
/**
 * Pending 72 hours after the event started, for a self-reported bet; a parlay, once any pending
 * self-reported leg is 72 hours past its own start, whatever its other legs (graded ones wait for
 * their results, not the bettor). The database's count is bets/bet-stats.ts overdueCountSql.
 */
export const isOverdue = (bet: Timed, now: Date): boolean => {
  if (bet.status !== 'pending') return false;
  const due = (start: string | Date) => now.getTime() >= new Date(start).getTime() + OVERDUE_AFTER_MS;
  if (bet.legs?.length)
    return bet.legs.some(
      (leg) => (leg.status ?? 'pending') === 'pending' && leg.kind !== 'graded' && due(leg.eventDate),
    );
  return bet.kind !== 'graded' && due(bet.eventDate);
};

/** Why Won / Lost / Void wait, in the same words in the API's 409 and beside the disabled buttons. */
export const settleAfterMessage = (eventDate: string | Date, zone: Zone = 'local') =>
  `Settle after the event starts: ${formatDateTime(eventDate, zone)}${zone === 'utc' ? ' UTC' : ''}`;
export { INVALID_ODDS_MESSAGE };

/** The latest event start accepted at `now`: the same calendar date and time, 2 years on. */
export function latestEventDate(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_EVENT_LEAD_YEARS);
  return latest;
}

/** Null when an event starting at `eventDate` may be recorded at `now`, else the reason. */
export function eventTimeError(eventDate: Date, now: Date): string | null {
  if (!(eventDate.getTime() > now.getTime() + MIN_EVENT_LEAD_MS)) return EVENT_TOO_SOON_MESSAGE;
  if (eventDate.getTime() > latestEventDate(now).getTime()) return EVENT_TOO_FAR_MESSAGE;
  return null;
}

/** The stake messages, worded for the person typing in "Stake ($)" and for the API alike. */
export const STAKE_MESSAGES = {
  required: 'Stake is required',
  format: 'Stake must be a number with at most 2 decimals, such as 10 or 10.50',
  tooSmall: 'Stake must be at least $0.01',
  tooLarge: 'Stake must be at most $1,000,000',
} as const;

/** What is wrong with a stake as typed (trimmed, not empty), most basic problem first; null when fine. */
export function stakeProblem(text: string): string | null {
  // A minus sign or a zero is a stake too small, whatever else is odd about it.
  if (/^-\s*[\d.]/.test(text) || /^0*(\.0*)?$/.test(text)) return STAKE_MESSAGES.tooSmall;
  if (text.length > 20 || !/^\d+(\.\d{1,2})?$/.test(text)) return STAKE_MESSAGES.format;
  const cents = parseMoney(text);
  if (cents === null || cents > MAX_STAKE_CENTS) return STAKE_MESSAGES.tooLarge;
  return cents < MIN_STAKE_CENTS ? STAKE_MESSAGES.tooSmall : null;
}
/** A stake as typed (trimmed), in cents; null while it is not a valid stake (amountSchema's rule). */
export function stakeCents(amount: string): Cents | null {
  const text = amount.trim();
  return text.length === 0 || stakeProblem(text) ? null : parseMoney(text);
}

/**
 * The potential win for a stake and odds as typed, for a live preview ("25.00"); null while
 * either is not valid yet.
 */
export function previewPotentialWin(amount: string, odds: string): string | null {
  const stake = stakeCents(amount);
  const parsed = parseOdds(odds);
  if (stake === null || !parsed.ok) return null;
  return formatCents(potentialWinCents(stake, parsed.decimal));
}

/**
 * A bet's position key in a page's `positions`: its event and market. Here, not beside the page's
 * schema, so the public profile that reads it loads no zod (decision 015).
 */
export const positionKey = (bet: { eventId: string | null; market: string | null }): string | null =>
  bet.eventId && bet.market ? `${bet.eventId}/${bet.market}` : null;
