/**
 * Prices that could be had and the closing line (docs/decisions/040). Pure and isomorphic: the
 * database computes the same per bet (db/functions/bet_prices_apply.sql) and market.test.ts holds
 * both to the decision's worked examples. The API's schemas are in market-schemas.ts, so a page that
 * shows prices loads no zod (docs/decisions/015).
 */
export type { BetMarket, MarketFigures } from './market-schemas.ts';

/** A graded bet whose odds exceed the best price seen by more than this share counts at that price. */
export const ABOVE_MARKET_TOLERANCE = 0.05;
export const ABOVE_MARKET_LABEL = 'odds above market';

/**
 * Fair odds of each selection of one bookmaker's market, the margin removed in proportion: the
 * implied probabilities 1/p are scaled to sum to 1, so the fair odds of p_i are p_i × Σ 1/p_j.
 */
export function fairOdds(prices: readonly number[]): number[] {
  if (prices.length < 2 || prices.some((p) => !(p > 1)))
    throw new RangeError('a market has two or more prices above 1');
  const book = prices.reduce((sum, p) => sum + 1 / p, 0);
  return prices.map((p) => p * book);
}

/** Closing-line value: the odds taken over the fair closing odds, less 1 (+0.05 is 5% better than the close). */
export const closingLineValue = (taken: number, fairClose: number): number => taken / fairClose - 1;

/** The odds a graded bet counts at in public figures: the best price seen when it took 5% more than that. */
export const countedOdds = (taken: number, best: number | null): number =>
  best !== null && taken > best * (1 + ABOVE_MARKET_TOLERANCE) ? best : taken;

/** "+3.2%" / "−1.0%": a closing-line value or share as people read it. */
export const signedPercent = (value: number): string => {
  const text = (Math.abs(value) * 100).toFixed(1);
  if (text === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '−'}${text}%`;
};
