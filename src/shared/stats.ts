/**
 * Betting statistics, computed exactly. The server builds its answer from a per-user summary
 * with {@link buildStats}; {@link computeStats} recounts from the bets themselves (the demo uses
 * it, and tests use it as the oracle the summary must match).
 */
import { isOverdue, type BetStats, type BetStatus } from './bets.ts';
import { formatCents, parseMoney, type Cents } from './money.ts';
import { roundHalfAwayFromZero } from './odds.ts';

/** Won / (won + lost) × 100, rounded half up to one decimal; 0 when nothing is settled. */
export function winRate(won: number, lost: number): number {
  const settled = won + lost;
  if (settled <= 0) return 0;
  return Number(roundHalfAwayFromZero(BigInt(won) * 1000n, BigInt(settled))) / 10;
}

/**
 * Return on the stake of settled bets: profit / settled stake × 100, rounded half away from zero
 * to one decimal; null when nothing is settled (there is no stake to divide by).
 */
export function roi(profit: Cents, settledStake: Cents): number | null {
  if (settledStake <= 0n) return null;
  const tenths = roundHalfAwayFromZero(profit * 1000n, settledStake);
  return Number(tenths) / 10;
}

export interface StatsTotals {
  totalBets: number;
  won: number;
  lost: number;
  pending: number;
  totalStaked: Cents;
  totalProfit: Cents;
  settledStaked: Cents;
}

export const ZERO_TOTALS: StatsTotals = {
  totalBets: 0,
  won: 0,
  lost: 0,
  pending: 0,
  totalStaked: 0n,
  totalProfit: 0n,
  settledStaked: 0n,
};

/**
 * The API's statistics from counts and sums, and the number of overdue bets (pending 72 hours
 * after their event started: it depends on the clock, so it is counted apart from the totals).
 */
export function buildStats(t: StatsTotals, overdue = 0): BetStats {
  return {
    totalBets: t.totalBets,
    won: t.won,
    lost: t.lost,
    pending: t.pending,
    winRate: winRate(t.won, t.lost),
    totalStaked: formatCents(t.totalStaked),
    totalProfit: formatCents(t.totalProfit),
    settledStaked: formatCents(t.settledStaked),
    roi: roi(t.totalProfit, t.settledStaked),
    overdue,
  };
}

/** What a bet contributes to statistics; amounts as decimal strings (API/SQL) or cents. */
export interface StatsInput {
  status: BetStatus;
  /** Needed only to count overdue bets (computeStats with a clock). */
  eventDate?: string | Date;
  amount: string | Cents;
  profitLoss: string | Cents | null;
}

const cents = (value: string | Cents): Cents => {
  if (typeof value === 'bigint') return value;
  const parsed = parseMoney(value);
  if (parsed === null) throw new RangeError(`not a money amount: ${value}`);
  return parsed;
};

/** Counts and sums over every bet given. */
export function totalsOf(bets: Iterable<StatsInput>): StatsTotals {
  const t = { ...ZERO_TOTALS };
  for (const bet of bets) {
    const amount = cents(bet.amount);
    t.totalBets += 1;
    t.totalStaked += amount;
    if (bet.status === 'pending') {
      t.pending += 1;
      continue;
    }
    if (bet.status === 'won') t.won += 1;
    else t.lost += 1;
    t.settledStaked += amount;
    if (bet.profitLoss !== null) t.totalProfit += cents(bet.profitLoss);
  }
  return t;
}

/** Statistics recounted from the bets themselves; overdue bets are counted when `now` is given. */
export function computeStats(bets: Iterable<StatsInput>, now?: Date): BetStats {
  const all = [...bets];
  const overdue = now
    ? all.filter((b) => b.eventDate !== undefined && isOverdue({ status: b.status, eventDate: b.eventDate }, now))
        .length
    : 0;
  return buildStats(totalsOf(all), overdue);
}
