/**
 * Parlays (docs/decisions/008-parlays.md): the maths — exact, as in odds.ts — that the server
 * records with, the form previews with and the database's trigger repeats at settlement (migration
 * 0021, parlay_odds and rational_round). No zod: the record-parlay body is parlay-schemas.ts.
 */
import { DESCRIPTION_MAX_LENGTH, stakeCents, type BetStatus } from './bets.ts';
import { formatCents, potentialWinCents, settlementProfitCents, type Cents } from './money.ts';
import { MAX_DECIMAL_ODDS, decimalOddsString, parseOdds, rational, type Rational } from './odds.ts';
import { groupThousands } from './number-format.ts';

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 15;
export const PARLAY_SPORT = 'parlay';
export const PARLAY_LABEL = 'Parlay';

export const PARLAY_LEG_COUNT_MESSAGE = `A parlay has ${PARLAY_MIN_LEGS} to ${PARLAY_MAX_LEGS} legs`;
export const PARLAY_ODDS_TOO_HIGH_MESSAGE = `Combined odds must be at most ${groupThousands(String(MAX_DECIMAL_ODDS))}`;
/** The 409 of PATCH /api/bets/{id} on a parlay. */
export const PARLAY_SETTLED_BY_LEGS_MESSAGE = 'A parlay is settled by its legs: settle each leg once its event starts';
export const LEG_NOT_FOUND_MESSAGE = 'Leg not found';
export const LEG_ALREADY_SETTLED_MESSAGE = 'Leg is already settled';
export const PARLAY_ALREADY_SETTLED_MESSAGE = 'This parlay is already settled';

/** The product of the legs' decimal odds, exactly. */
export function combinedOdds(legs: readonly Rational[]): Rational {
  return legs.reduce((acc, leg) => rational(acc.num * leg.num, acc.den * leg.den), rational(1n));
}

/** Combined odds the database can store: above 1 (any leg is) and at most the cap of a single bet's. */
export const combinedOddsError = (odds: Rational): string | null =>
  odds.num > MAX_DECIMAL_ODDS * odds.den ? PARLAY_ODDS_TOO_HIGH_MESSAGE : null;

/** Decimal odds as short text: "6.957926", "6.25", "4" (the parlay's `odds`, 6 places at most). */
export const shortDecimal = (odds: Rational) => decimalOddsString(odds).replace(/\.?0+$/, '');

/** A parlay's own description: its legs', joined, cut at the description's limit. */
export function parlayDescription(legDescriptions: readonly string[]): string {
  const text = `Parlay: ${legDescriptions.map((d) => d.trim()).join(' + ')}`;
  return text.length <= DESCRIPTION_MAX_LENGTH ? text : `${text.slice(0, DESCRIPTION_MAX_LENGTH - 1)}…`;
}

export interface LegResult {
  decimal: Rational;
  status: BetStatus;
}

export interface ParlayOutcome {
  status: BetStatus;
  /** The odds paid: every leg's while undecided or lost, the won legs' once won (a void leg is 1.00). */
  decimalOdds: Rational;
  potentialWin: Cents;
  profit: Cents | null;
}

/**
 * Where a parlay stands given its legs: lost as soon as a leg is lost; pending while a leg is;
 * void when every leg is void; otherwise won at the product of the won legs' odds.
 */
export function parlayOutcome(stake: Cents, legs: readonly LegResult[]): ParlayOutcome {
  const all = combinedOdds(legs.map((l) => l.decimal));
  const status: BetStatus = legs.some((l) => l.status === 'lost')
    ? 'lost'
    : legs.some((l) => l.status === 'pending')
      ? 'pending'
      : legs.every((l) => l.status === 'void')
        ? 'void'
        : 'won';
  const decimalOdds =
    status === 'won' ? combinedOdds(legs.filter((l) => l.status !== 'void').map((l) => l.decimal)) : all;
  const potentialWin = potentialWinCents(stake, decimalOdds);
  return { status, decimalOdds, potentialWin, profit: settlementProfitCents(status, stake, potentialWin) };
}

/** The live preview of the form: combined odds (2 places) and potential win, null until every leg's odds and the stake are valid. */
export function previewParlay(
  amount: string,
  legOdds: readonly string[],
): { odds: string; potentialWin: string } | null {
  const stake = stakeCents(amount);
  const parsed = legOdds.map((o) => parseOdds(o));
  if (stake === null || parsed.length < PARLAY_MIN_LEGS || parsed.some((p) => !p.ok)) return null;
  const odds = combinedOdds(parsed.map((p) => (p.ok ? p.decimal : rational(1n))));
  if (combinedOddsError(odds)) return null;
  return {
    odds: decimalOddsString(odds, 2),
    potentialWin: formatCents(potentialWinCents(stake, odds)),
  };
}
