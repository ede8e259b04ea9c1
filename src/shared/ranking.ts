/**
 * The rankings' statistic and minimum (docs/decisions/038-positions-and-the-luck-adjusted-ranking.md).
 *
 * A record is ranked on its graded **positions** (one per account, event and market: its bets there
 * merged, stakes summed, odds weighted by stake) that were won or lost at decimal odds of at least
 * {@link RANK_MIN_ODDS}, each weighed as one unit (level stakes). Its score is the luck-adjusted
 * yield:
 *
 *     score = (Σu − 1.96 × √Σ(odds − 1)) / n
 *
 * u the return per unit (odds − 1 won, −1 lost), n the positions. √Σ(odds − 1) is the standard
 * deviation of a break-even bettor's level profit on the same prices (one who wins each with
 * probability 1 / odds), so the score is the yield less what luck alone gives such a bettor one
 * time in forty. It rises with every extra win and, at a fixed yield and price, with every extra
 * position. db/functions/luck_adjusted_yield.sql is the same formula for SQL to order by.
 */
import { normalUpperTail, Z_95 } from './stats.ts';
import { RANK_MIN_EVENTS, RANK_MIN_ODDS } from './rule-numbers.ts';

export { RANK_MIN_EVENTS, RANK_MIN_ODDS };

const MICRO = 1_000_000n;

/** What the ranking reads of a record: its counted positions' count, Σu and Σodds (millionths), and distinct events. */
export interface RankTotals {
  positions: number;
  events: number;
  /** Σ u, in millionths. */
  levelProfit: bigint;
  /** Σ decimal odds, in millionths. */
  oddsSum: bigint;
}

/** True when the record meets the rankings' minimum. */
export const meetsRankMinimum = (t: Pick<RankTotals, 'events'>): boolean => t.events >= RANK_MIN_EVENTS;

/** The score as a fraction (−0.158 is −15.8%), full precision: what the order follows. Null with no position. */
export function luckAdjustedScore(t: Pick<RankTotals, 'positions' | 'levelProfit' | 'oddsSum'>): number | null {
  if (t.positions <= 0) return null;
  const n = t.positions;
  const spread = Number(t.oddsSum - BigInt(n) * MICRO) / 1e6;
  return (Number(t.levelProfit) / 1e6 - Z_95 * Math.sqrt(Math.max(spread, 0))) / n;
}

/** The score in percent, one decimal half away from zero, as the pages show it. */
export function luckAdjustedYield(t: Pick<RankTotals, 'positions' | 'levelProfit' | 'oddsSum'>): number | null {
  const score = luckAdjustedScore(t);
  if (score === null) return null;
  return (Math.sign(score) * Math.round(Math.abs(score) * 1000)) / 10 || 0;
}

/**
 * The chance that a break-even bettor on the same prices does at least this well at level stakes:
 * P(Z ≥ Σu / √Σ(odds − 1)), normal approximation, four significant digits. Null with no position.
 */
export function breakEvenChance(t: Pick<RankTotals, 'positions' | 'levelProfit' | 'oddsSum'>): number | null {
  if (t.positions <= 0) return null;
  const spread = Number(t.oddsSum - BigInt(t.positions) * MICRO) / 1e6;
  if (spread <= 0) return null;
  return Number(normalUpperTail(Number(t.levelProfit) / 1e6 / Math.sqrt(spread)).toPrecision(4));
}

/** One bet of a position: its stake (cents) and decimal odds (millionths). */
export interface PositionPart {
  stake: bigint;
  odds: bigint;
}

/**
 * A position's stake and odds from its bets: stakes summed, odds Σ stake × odds / Σ stake in
 * millionths, rounded half away from zero (as bet_positions_apply rounds to 6 places).
 */
export function mergePosition(parts: readonly PositionPart[]): { stake: bigint; odds: bigint } {
  const stake = parts.reduce((s, p) => s + p.stake, 0n);
  if (stake <= 0n) throw new RangeError('a position needs a stake');
  const weighted = parts.reduce((s, p) => s + p.stake * p.odds, 0n);
  return { stake, odds: (2n * weighted + stake) / (2n * stake) };
}
