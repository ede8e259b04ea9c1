/**
 * Prices that could be had and the closing line (docs/decisions/040). Pure and isomorphic: the
 * database computes the same per bet (db/functions/bet_prices_apply.sql) and market.test.ts holds
 * both to the decision's worked examples.
 */
import { z } from 'zod';

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

/** A bet's prices, on a bet of the public record (null when its event has no prices for it). */
export const betMarketSchema = z.object({
  bestOdds: z.string().nullable().describe('The best price any bookmaker in the feed gave the selection (decimal).'),
  aboveMarket: z
    .boolean()
    .describe('The odds taken exceed the best price by more than 5%: the bet counts at bestOdds in public figures.'),
  countedOdds: z.string().describe('The decimal odds the bet counts at in public figures.'),
  fairClose: z
    .string()
    .nullable()
    .describe('Fair closing odds (closing prices, margin removed); null without a close.'),
  clv: z.number().nullable().describe('Closing-line value: odds taken / fair closing odds − 1.'),
});
export type BetMarket = z.infer<typeof betMarketSchema>;

/** A profile's closing-line value and prices above the market, from one summary row. */
export const marketFiguresSchema = z.object({
  aboveMarket: z.number().int().describe('Graded bets whose odds exceeded the best price seen by more than 5%.'),
  closes: z.number().int().describe('Graded bets (void aside) with closing prices.'),
  averageClv: z.number().nullable().describe('The average closing-line value of those bets; null with none.'),
  beatCloseShare: z
    .number()
    .nullable()
    .describe('The share of those bets whose odds beat the fair close; null with none.'),
});
export type MarketFigures = z.infer<typeof marketFiguresSchema>;

/** "+3.2%" / "−1.0%": a closing-line value or share as people read it. */
export const signedPercent = (value: number): string => {
  const text = (Math.abs(value) * 100).toFixed(1);
  if (text === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '−'}${text}%`;
};
