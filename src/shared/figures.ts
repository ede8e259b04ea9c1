/**
 * Every public statistic of a record, defined once: the name every page gives it and one line
 * saying what it is. The dashboard, a profile, the Spotlight, the directory, the admin lists and
 * the demo all label a figure from here (docs/decisions/033), so one number never goes by two
 * names, and two different numbers never go by one.
 */
export interface FigureDefinition {
  label: string;
  explanation: string;
}

export const FIGURES = {
  record: { label: 'Record', explanation: 'Won – lost; void / push bets returned the stake and count in neither.' },
  totalBets: { label: 'Total Bets', explanation: 'Every bet recorded: pending, won, lost and void.' },
  settledBets: {
    label: 'Won or Lost',
    explanation: 'Bets settled won or lost: what the rates are worked out from (pending and void bets are not).',
  },
  winRate: { label: 'Win Rate', explanation: 'Won ÷ (won + lost); void and pending bets are left out.' },
  levelStakesYield: {
    label: 'Yield',
    explanation: 'Level-stakes yield: the profit per unit had every won or lost bet staked the same.',
  },
  yieldRange: {
    label: 'Yield 95% range',
    explanation: "Where the bettor's true level-stakes yield likely lies, given how many bets there are.",
  },
  roi: { label: 'ROI', explanation: 'Profit ÷ the money staked on won and lost bets: big stakes weigh more.' },
  roiRange: { label: 'ROI 95% range', explanation: 'Where the true ROI likely lies, given the bets and stakes.' },
  yieldVsRoi: {
    label: 'Why yield and ROI differ',
    explanation:
      'Yield counts every bet alike; ROI weighs each by its stake. A few large winning stakes can make ROI positive while yield is negative, and the other way round.',
  },
  totalProfit: { label: 'Total Profit', explanation: 'Won bets’ winnings less lost stakes, in money.' },
  totalStaked: { label: 'Total Staked', explanation: 'The money put on every bet recorded, pending ones included.' },
  daysSinceJoining: { label: 'Days Since Joining', explanation: 'Days since the account was created.' },
  payout: { label: 'Payout', explanation: 'Stake × decimal odds: what a win pays back, stake included.' },
  toWin: { label: 'To win', explanation: 'Payout less the stake: the profit if the bet wins.' },
} as const satisfies Record<string, FigureDefinition>;

export type FigureKey = keyof typeof FIGURES;

/** What a figure with nothing to measure yet reads (no won or lost bet): never 0, which reads as bad. */
export const NOTHING_MEASURED = '—';
export const NO_SETTLED_BETS = 'No settled bets yet';
