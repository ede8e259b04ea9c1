/** A bet's statuses: its own module, below both bets.ts and money.ts, which use it. */
export const BET_STATUSES = ['pending', 'won', 'lost', 'void'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
