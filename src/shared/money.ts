/**
 * Money in shared code is a BigInt count of cents; in the API it is a decimal string with two
 * places ("25.00"); in SQL it is numeric. It never passes through a binary float
 * (docs/decisions/003-money-transport.md).
 */
import type { BetStatus } from './bet-status.ts';
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

/** Profit of a settled bet: won → potential win − stake; lost → −stake; void → 0 (the stake comes back); pending → null. */
export function settlementProfitCents(status: BetStatus, stake: Cents, potentialWin: Cents): Cents | null {
  switch (status) {
    case 'won':
      return potentialWin - stake;
    case 'lost':
      return -stake;
    case 'void':
      return 0n;
    case 'pending':
      return null;
  }
}

/**
 * An amount in units of `unitSize`, rounded half away from zero to two decimals, as a plain
 * decimal ("2.50", "-0.33"): how stakes and profit read for a bettor who set a unit size.
 */
export function toUnits(amount: Cents, unitSize: Cents): string {
  if (unitSize <= 0n) throw new RangeError('the unit size must be positive');
  return formatCents(roundHalfAwayFromZero(amount * 100n, unitSize));
}

/** "2.50" → "2.5u", "-1.00" → "-1u", with a sign when asked: "+2.5u" (shown beside dollars). */
export function formatUnits(units: string, signed = false): string {
  const trimmed = units.replace(/\.?0+$/, '');
  const text = trimmed === '-0' ? '0' : trimmed;
  return `${signed && !text.startsWith('-') && text !== '0' ? '+' : ''}${text}u`;
}
