/**
 * What every fixtures/results feed parser produces: one shape, whatever the published format.
 * A parser is pure — `parse(text, options) → { events, rowErrors }` — and keeps the format's own
 * field names inside itself; the catalog (modules/events) stores these and grades bets from them.
 */
import type { Sport } from '../../../../shared/bets.ts';
import type { EventStatus } from '../../../../shared/events.ts';

// Defined in src/shared (the client and the API's schemas use them too, and shared code imports
// nothing from server/); re-exported here as part of the parsers' contract.
export { EVENT_STATUSES, FEED_FORMATS, type EventStatus, type FeedFormat } from '../../../../shared/events.ts';

/** A bookmaker's decimal price for one selection, before the event ('pre') or at its close. */
export interface FeedPrice {
  /** The feed's own name for the source of the price, e.g. 'B365', 'Max', 'Avg', 'PS' (Pinnacle). */
  bookmaker: string;
  kind: 'pre' | 'closing';
  market: 'moneyline' | '1x2' | 'spread' | 'total';
  selection: 'home' | 'draw' | 'away' | 'over' | 'under';
  /** The handicap (home side) or total line, for spread and total; absent otherwise. */
  line?: number;
  /** Decimal odds as published, e.g. '2.10'. */
  odds: string;
}

export interface FeedEvent {
  /** The feed's own id, or a key derived from competition, date and teams when the feed has none. */
  sourceId: string;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  /** The start in UTC (ISO 8601, `Z`); null when the feed gives a date but no usable time. */
  startsAt: string | null;
  status: EventStatus;
  /** The final (full-time) score; null until the event is final. */
  score: { home: number; away: number } | null;
  prices: FeedPrice[];
}

export interface FeedRowError {
  /** 1-based row (CSV line after the header, or the match's position in the file); 0: the file as a whole. */
  row: number;
  message: string;
}

export interface ParseOptions {
  /** IANA time zone of the feed's local times (football.json); required where the format needs it. */
  timezone?: string;
  /** Competition name to use where the file does not say (football-data's `Div` code otherwise). */
  competition?: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  rowErrors: FeedRowError[];
}
