/**
 * A bet's prices and a profile's market figures as the API answers them (docs/decisions/040): zod
 * schemas for the server's validation and the OpenAPI document; the rules are in market.ts.
 */
import { z } from 'zod';

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
