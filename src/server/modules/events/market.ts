/**
 * Prices that could be had and the closing line, as a profile shows them (docs/decisions/040): the
 * database keeps each graded bet's best price seen and closing-line value (bet_prices) and each
 * user's sums (user_market_figures, one row); this reads them and takes bets above the market at
 * the best price in the public figures.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { betPrices, userMarketFigures } from '../../db/schema/index.ts';
import { parseScaled, type StatsTotals } from '../../../shared/stats.ts';
import type { BetMarket, MarketFigures } from '../../../shared/market.ts';

export type MarketFiguresRow = typeof userMarketFigures.$inferSelect;

/** user_market_figures' columns, for a profile read to join (left join: null before any priced bet). */
export const marketFigureColumns = {
  aboveMarket: userMarketFigures.aboveMarket,
  profitExcess: userMarketFigures.profitExcess,
  oddsExcess: userMarketFigures.oddsExcess,
  levelProfitExcess: userMarketFigures.levelProfitExcess,
  levelProfitSqExcess: userMarketFigures.levelProfitSqExcess,
  profitSqExcess: userMarketFigures.profitSqExcess,
  profitStakeExcess: userMarketFigures.profitStakeExcess,
  breakEvenVarExcess: userMarketFigures.breakEvenVarExcess,
  closes: userMarketFigures.closes,
  beatClose: userMarketFigures.beatClose,
  clvSum: userMarketFigures.clvSum,
};
export type MarketFigureRow = Omit<MarketFiguresRow, 'userId'>;

/**
 * The totals with the bets above the market counted at the best price seen: each sum less what
 * those bets add beyond it (the excess columns, in the sums' own units). The runs are not
 * restated (a capped win is still a win), nor is the drawdown: it stays the record's as settled,
 * as the market figures card says (a capped win can make it larger or smaller at market prices).
 */
export function atMarketPrices(totals: StatsTotals, row: MarketFigureRow | null | undefined): StatsTotals {
  if (!row || row.aboveMarket === 0) return totals;
  return {
    ...totals,
    totalProfit: totals.totalProfit - parseScaled(row.profitExcess, 2),
    oddsSum: totals.oddsSum - parseScaled(row.oddsExcess, 6),
    levelProfit: totals.levelProfit - parseScaled(row.levelProfitExcess, 6),
    levelProfitSq: totals.levelProfitSq - parseScaled(row.levelProfitSqExcess, 12),
    profitSq: totals.profitSq - parseScaled(row.profitSqExcess, 4),
    profitStake: totals.profitStake - parseScaled(row.profitStakeExcess, 4),
    breakEvenVariance: totals.breakEvenVariance - parseScaled(row.breakEvenVarExcess, 10),
  };
}

/** The profile's closing-line value and bets above the market. */
export function marketFiguresOf(row: MarketFigureRow | null | undefined): MarketFigures {
  if (!row) return { aboveMarket: 0, closes: 0, averageClv: null, beatCloseShare: null };
  return {
    aboveMarket: row.aboveMarket,
    closes: row.closes,
    averageClv: row.closes > 0 ? Number(row.clvSum) / row.closes : null,
    beatCloseShare: row.closes > 0 ? row.beatClose / row.closes : null,
  };
}

/** Each of these bets' prices (only bets on an event with prices have any). */
export async function betMarketsOf(
  db: Db,
  bets: readonly { id: string; decimalOdds: string }[],
): Promise<Map<string, BetMarket>> {
  const found = new Map<string, BetMarket>();
  if (bets.length === 0) return found;
  const rows = await db
    .select()
    .from(betPrices)
    .where(
      inArray(
        betPrices.betId,
        bets.map((b) => b.id),
      ),
    );
  const odds = new Map(bets.map((b) => [b.id, b.decimalOdds]));
  for (const r of rows) {
    found.set(r.betId, {
      bestOdds: r.bestOdds,
      aboveMarket: r.aboveMarket,
      countedOdds: r.aboveMarket && r.bestOdds !== null ? r.bestOdds : odds.get(r.betId)!,
      fairClose: r.fairClose,
      clv: r.clv === null ? null : Number(r.clv),
    });
  }
  return found;
}
