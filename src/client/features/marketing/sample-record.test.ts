import { describe, expect, it } from 'vitest';
import { formatCents, potentialWinCents, settlementProfitCents } from '../../../shared/money.ts';
import { parseOdds } from '../../../shared/odds.ts';
import { computeStats, decimalOddsOf } from '../../../shared/stats.ts';
import { formatMoney, formatPercent, formatSignedMoney } from '../../lib/format.ts';
import { SAMPLE_BETS, SAMPLE_FIGURES } from './sample-record.ts';

const STAKE = 5000n;

/** A sample bet's profit as the shared money code settles it. */
function settled(bet: (typeof SAMPLE_BETS)[number]): string {
  const odds = parseOdds(bet.odds);
  if (!odds.ok) throw new Error(`not odds: ${bet.odds}`);
  return formatCents(settlementProfitCents(bet.result, STAKE, potentialWinCents(STAKE, odds.decimal))!);
}

describe("the landing page's example record", () => {
  it.each(SAMPLE_BETS)('$pick: its stake and profit are what the shared money code settles it at', (bet) => {
    expect(bet.stake).toBe(formatMoney(formatCents(STAKE)));
    expect(bet.profit).toBe(formatSignedMoney(settled(bet)));
  });

  it('adds up to the figures it shows, as the statistics work them out', () => {
    const stats = computeStats(
      SAMPLE_BETS.map((b) => ({
        status: b.result,
        amount: STAKE,
        profitLoss: settled(b),
        decimalOdds: decimalOddsOf(b.odds),
      })),
    );
    expect(SAMPLE_FIGURES).toEqual({
      winRate: formatPercent(stats.winRate),
      bets: String(stats.totalBets),
      profit: formatSignedMoney(stats.totalProfit),
    });
  });
});
