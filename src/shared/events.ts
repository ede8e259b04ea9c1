/**
 * Listed events and the bets placed on them: the markets, their selections and lines, how a bet
 * is graded from the final score, and the messages that say so. No zod here (docs/decisions/015);
 * the wire format is event-schemas.ts. The database grades with the same rule (migration 0027,
 * bet_grade), and grading.property.test.ts holds the two to agreeing with a plain reference.
 */
export const FEED_FORMATS = ['football-json', 'football-data', 'the-odds-api'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const EVENT_STATUSES = ['scheduled', 'live', 'final', 'postponed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MARKETS = ['moneyline', '1x2', 'spread', 'total'] as const;
export type Market = (typeof MARKETS)[number];
export const SELECTIONS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type Selection = (typeof SELECTIONS)[number];

/** Which selections each market has. */
export const MARKET_SELECTIONS: Record<Market, readonly Selection[]> = {
  moneyline: ['home', 'away'],
  '1x2': ['home', 'draw', 'away'],
  spread: ['home', 'away'],
  total: ['over', 'under'],
};

export const MARKET_LABELS: Record<Market, string> = {
  moneyline: 'Money line',
  '1x2': '1X2',
  spread: 'Spread',
  total: 'Total',
};

/** A spread's and a total's line: a whole or half number (no quarter lines) within this bound. */
export const LINE_MAX = 99999.5;

/** Spread and total need a line; money line and 1X2 take none. */
export const marketHasLine = (market: Market): boolean => market === 'spread' || market === 'total';

/** What is wrong with a market, selection and line together; null when they fit. */
export function selectionProblem(market: Market, selection: Selection, line: number | undefined | null): string | null {
  if (!MARKET_SELECTIONS[market].includes(selection))
    return `A ${MARKET_LABELS[market].toLowerCase()} bet is on ${MARKET_SELECTIONS[market].join(', ')}`;
  if (!marketHasLine(market)) return line === undefined || line === null ? null : `A ${market} bet takes no line`;
  if (line === undefined || line === null) return `A ${market} bet needs its line, such as -1.5 or 2.5`;
  if (!Number.isFinite(line) || !Number.isInteger(line * 2) || Math.abs(line) > LINE_MAX)
    return 'The line must be a whole or half number, such as -1.5, 0 or 2.5';
  if (market === 'total' && line < 0) return 'A total line cannot be negative';
  return null;
}

export const BET_KINDS = ['graded', 'self-reported'] as const;
export type BetKind = (typeof BET_KINDS)[number];
export const BET_KIND_LABELS: Record<BetKind, string> = { graded: 'Graded', 'self-reported': 'Self-reported' };

export type GradeResult = 'won' | 'lost' | 'void';
export interface Score {
  home: number;
  away: number;
}

/** -1, 0 or 1, as SQL's sign(). */
const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);
const bySign = (s: number): GradeResult => (s > 0 ? 'won' : s < 0 ? 'lost' : 'void');

/**
 * The result of a bet from the final score (docs/decisions/022):
 * - moneyline (2-way): the side that scored more wins; a draw is void (the stake comes back, as
 *   "draw no bet" and the US books' two-way lines settle a tie);
 * - 1x2 (3-way): home, draw or away, exactly one wins;
 * - spread: `line` is the home side's handicap: home wins when home + line > away, away when
 *   home + line < away; a whole line landing exactly is a push, void;
 * - total: over wins when home + away > line, under when below; exactly on it is void.
 * Lines are whole or half numbers, so every sum here is exact in floating point.
 */
export function grade(market: Market, selection: Selection, line: number | null, score: Score): GradeResult {
  const { home, away } = score;
  switch (market) {
    case 'moneyline':
      return home === away ? 'void' : selection === (home > away ? 'home' : 'away') ? 'won' : 'lost';
    case '1x2':
      return selection === (home === away ? 'draw' : home > away ? 'home' : 'away') ? 'won' : 'lost';
    case 'spread':
      return bySign(sign(home + (line ?? 0) - away) * (selection === 'home' ? 1 : -1));
    case 'total':
      return bySign(sign(home + away - (line ?? 0)) * (selection === 'over' ? 1 : -1));
  }
}

/** A line as shown: "+1.5", "-0.5", "0" for a spread; "2.5" for a total. */
export const formatLine = (market: Market, line: number): string =>
  market === 'spread' && line > 0 ? `+${line}` : String(line);

export interface EventNames {
  home: string;
  away: string;
}

/** The pick in words: "Arsenal", "Draw", "Arsenal -1.5", "Over 2.5". */
export function selectionLabel(event: EventNames, market: Market, selection: Selection, line: number | null): string {
  const side = selection === 'home' ? event.home : selection === 'away' ? event.away : null;
  if (market === 'total') return `${selection === 'over' ? 'Over' : 'Under'} ${line ?? 0}`;
  if (market === 'spread') {
    // The line is the home side's; the away side takes its opposite.
    const own = selection === 'home' ? (line ?? 0) : -(line ?? 0);
    return `${side} ${formatLine('spread', own === 0 ? 0 : own)}`;
  }
  return side ?? 'Draw';
}

/** A graded bet's description: "Arsenal v Chelsea: Arsenal -1.5 (spread)". */
export function gradedDescription(
  event: EventNames,
  market: Market,
  selection: Selection,
  line: number | null,
): string {
  return `${event.home} v ${event.away}: ${selectionLabel(event, market, selection, line)} (${MARKET_LABELS[market].toLowerCase()})`;
}

/** An event's name as listed: "Arsenal v Chelsea". */
export const eventName = (event: EventNames) => `${event.home} v ${event.away}`;

export const EVENT_NOT_FOUND_MESSAGE = 'Event not found';
export const EVENT_NOT_OPEN_MESSAGE = 'This event is no longer open for bets';
/** Why a bet on a listed event sends no start (nor description or sport). */
export const EVENT_START_FROM_CATALOG_MESSAGE =
  "Leave eventDate out: a bet on a listed event takes the event's start from the catalog";
export const EVENT_SPORT_FROM_CATALOG_MESSAGE = "Leave sport out: a bet on a listed event takes the event's sport";
export const EVENT_DESCRIPTION_FROM_CATALOG_MESSAGE =
  'Leave description out: a bet on a listed event is described from the event and your pick';
/** The 409 to a bettor settling, voiding or deleting (after its start) a graded bet. */
export const GRADED_FROM_RESULT_MESSAGE =
  "This bet is graded from the event's result: it settles itself when the result arrives, and can't be settled, voided or deleted by hand once the event has started";
export const GRADED_LEG_FROM_RESULT_MESSAGE =
  "This leg is graded from its event's result: it settles itself when the result arrives";
export const PARLAY_SAME_EVENT_MESSAGE = "A parlay's legs must be on different events";
/** One position per pick: a second selection or line of a market already held (both sides, a middle) is refused. */
export const sideHeldMessage = (held: string) => `You already hold ${held} on this market`;
/**
 * A final event without a start (the feed gave no usable time): a file's row saying so is refused, and an
 * admin's correction making one final answers 422 on `startsAt` (the database's events_final_has_start).
 */
export const EVENT_FINAL_NEEDS_START_MESSAGE = 'A final event needs its start';
/** The 409 to an admin correcting an event whose result is final. */
export const EVENT_RESULT_FINAL_MESSAGE =
  "This event's result is final: its bets were graded from it and are in the ledger";

/** A postponed event still unplayed this long after its latest known start counts as cancelled (decision 023). */
export const POSTPONED_CANCEL_AFTER_HOURS = 72;
