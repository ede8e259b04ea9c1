/**
 * The numbers the record's rules and the ranking are made of, with no imports: the landing page
 * states them from here without loading the rules' code (its script budget, tests/e2e/page-budgets).
 * bets.ts and ranking.ts, the rules' homes, export them with the rest.
 */

/** A bet may be deleted only this long after it was recorded (and before its start): a typo's fix (decision 041). */
export const DELETE_WINDOW_MINUTES = 15;

/** A bet still pending this long after its event started is overdue (shown on the profile). */
export const OVERDUE_AFTER_HOURS = 72;

/** Positions priced below this (decimal) count in no ranking: near-certain prices prove nothing. */
export const RANK_MIN_ODDS = 1.2;
/** A record is ranked with won or lost positions priced ≥ RANK_MIN_ODDS on at least this many distinct events. */
export const RANK_MIN_EVENTS = 30;
