/**
 * The landing page's illustration of a record: three example bets and the figures they add up to,
 * as the page shows them. Written out here so the landing page loads no money, odds or formatting
 * code (its JavaScript budget, tests/e2e/page-budgets.spec.ts); sample-record.test.ts works each
 * figure out again with the shared code every record uses, so none is made up
 * (docs/decisions/032).
 */

export interface SampleBet {
  pick: string;
  odds: string;
  stake: string;
  result: 'won' | 'lost';
  /** Won: the payout less the stake; lost: minus the stake. */
  profit: string;
}

export const SAMPLE_BETS: readonly SampleBet[] = [
  { pick: 'Celtics -4.5 vs Knicks', odds: '-110', stake: '$50.00', result: 'won', profit: '+$45.45' },
  { pick: 'Arsenal to win at Villa', odds: '+140', stake: '$50.00', result: 'lost', profit: '-$50.00' },
  { pick: 'Chiefs ML vs Bills', odds: '2.10', stake: '$50.00', result: 'won', profit: '+$55.00' },
];

/** What the three add up to. */
export const SAMPLE_FIGURES = { winRate: '66.7%', bets: '3', profit: '+$50.45' } as const;
