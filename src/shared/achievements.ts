/**
 * Achievements: the one definition both profile pages (and the server) use. Pure and isomorphic:
 * the server decides `earned` from a user's summary; the client may list the requirement texts
 * (for locked ones) straight from {@link ACHIEVEMENTS}.
 */
import type { BetStats } from './bet-schemas.ts';
import { parseMoney } from './money.ts';
import type { Achievement } from './profile-schemas.ts';

export type AchievementId = Achievement['id'];

/** What deciding achievements takes: the statistics plus two numbers the summary keeps. */
export interface AchievementInput {
  stats: Pick<BetStats, 'totalBets' | 'voided' | 'won' | 'winRate' | 'totalProfit'>;
  /** Longest run of won bets in a row, settled bets ordered by settlement time (void bets skipped). */
  longestWinStreak: number;
  /** The largest single stake recorded, decimal string ("1000.00"); "0.00" with no bets. */
  maxStake: string;
}

export interface AchievementDefinition {
  id: AchievementId;
  name: string;
  /** What it takes, shown on locked ones too. */
  requirement: string;
  earned(input: AchievementInput): boolean;
}

export const FIRST_WIN_MIN_WINS = 1;
export const CENTURY_CLUB_MIN_BETS = 100;
/** $1,000.00 in cents. */
export const PROFIT_MAKER_MIN_PROFIT_CENTS = 100_000n;
export const MASTER_BETTOR_MIN_WIN_RATE = 80;
export const MASTER_BETTOR_MIN_BETS = 10;
export const HOT_STREAK_MIN_WINS_IN_A_ROW = 5;
/** $1,000.00 in cents. */
export const HIGH_ROLLER_MIN_STAKE_CENTS = 100_000n;

const cents = (text: string) => parseMoney(text) ?? 0n;

/** In display order. */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: 'first-win',
    name: 'First Win',
    requirement: 'Win your first bet',
    earned: ({ stats }) => stats.won >= FIRST_WIN_MIN_WINS,
  },
  {
    id: 'century-club',
    name: 'Century Club',
    requirement: `Record ${CENTURY_CLUB_MIN_BETS} bets`,
    earned: ({ stats }) => stats.totalBets >= CENTURY_CLUB_MIN_BETS,
  },
  {
    id: 'profit-maker',
    name: 'Profit Maker',
    requirement: 'Reach $1,000 in total profit',
    earned: ({ stats }) => cents(stats.totalProfit) >= PROFIT_MAKER_MIN_PROFIT_CENTS,
  },
  {
    id: 'master-bettor',
    name: 'Master Bettor',
    requirement: `Keep a win rate of ${MASTER_BETTOR_MIN_WIN_RATE}% or more with at least ${MASTER_BETTOR_MIN_BETS} bets`,
    // The win rate as shown (one decimal, half up): 79.95% shows, and counts, as 80.0%. Void bets
    // are not bets here: 2 wins and 8 voids are not a record of 10.
    earned: ({ stats }) =>
      stats.totalBets - stats.voided >= MASTER_BETTOR_MIN_BETS && stats.winRate >= MASTER_BETTOR_MIN_WIN_RATE,
  },
  {
    id: 'hot-streak',
    name: 'Hot Streak',
    requirement: `Win ${HOT_STREAK_MIN_WINS_IN_A_ROW} settled bets in a row`,
    earned: ({ longestWinStreak }) => longestWinStreak >= HOT_STREAK_MIN_WINS_IN_A_ROW,
  },
  {
    id: 'high-roller',
    name: 'High Roller',
    requirement: 'Stake $1,000 or more on a single bet',
    earned: ({ maxStake }) => cents(maxStake) >= HIGH_ROLLER_MIN_STAKE_CENTS,
  },
];

/** Every achievement, in display order, with whether `input` has earned it. */
export const computeAchievements = (input: AchievementInput): Achievement[] =>
  ACHIEVEMENTS.map(({ id, name, requirement, earned }) => ({ id, name, requirement, earned: earned(input) }));
