/**
 * Money in shared code is a BigInt count of cents; in the API it is a decimal string with two
 * places ("25.00"); in SQL it is numeric. It never passes through a binary float
 * (docs/decisions/003-money-transport.md).
 */
import type { BetStatus } from './bets.ts';
import { roundHalfAwayFromZero, type Rational } from './odds.ts';

export type Cents = bigint;

/** A signed amount with at most two decimals, as SQL numeric and the API write it. */
const MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Longest money text accepted; far above any amount the product stores. */
const MONEY_MAX_LENGTH = 40;

/** "10.50" → 1050n, "-3" → -300n, "0.5" → 50n; anything else (more decimals, spaces, "1e3") → null. */
export function parseMoney(text: string): Cents | null {
  if (typeof text !== 'string' || text.length > MONEY_MAX_LENGTH) return null;
  const m = MONEY.exec(text);
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents !== 0n ? -cents : cents;
}

/** 1050n → "10.50", -5n → "-0.05". */
export function formatCents(cents: Cents): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${magnitude / 100n}.${fraction}`;
}

/**
 * Stake × decimal odds, rounded half up to the cent, computed exactly: $10 at +150 → 2500n,
 * $110 at -110 → 21000n, $10 at 5/2 → 3500n.
 */
export const potentialWinCents = (stake: Cents, decimalOdds: Rational): Cents =>
  roundHalfAwayFromZero(stake * decimalOdds.num, decimalOdds.den);

/** Profit of a settled bet: won → potential win − stake; lost → −stake; pending → null. */
export function settlementProfitCents(status: BetStatus, stake: Cents, potentialWin: Cents): Cents | null {
  switch (status) {
    case 'won':
      return potentialWin - stake;
    case 'lost':
      return -stake;
    case 'pending':
      return null;
  }
}
