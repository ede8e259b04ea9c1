/**
 * Achievements: the one definition both profile pages (and the server) use. Pure and isomorphic:
 * the server decides `earned` from a user's summary; the client may list the requirement texts
 * (for locked ones) straight from {@link ACHIEVEMENTS}. Each counts graded positions (one per pick)
 * won or lost at odds of ACHIEVEMENT_MIN_ODDS or more, at the price they count at in public figures
 * (docs/decisions/047): a self-reported bet, a near-certain price or a pick entered many times earns
 * nothing. The database keeps the figures (user_achievement_figures).
 */
import { parseMoney } from './money.ts';
import type { Achievement } from './profile-schemas.ts';
import { winRate } from './stats.ts';

export type AchievementId = Achievement['id'];

/** A pick priced under this risked too little to count toward an achievement (a 1-in-3 loss or more). */
export const ACHIEVEMENT_MIN_ODDS = 1.5;

/** What deciding achievements takes: the user's graded positions at ACHIEVEMENT_MIN_ODDS or more. */
export interface AchievementInput {
  /** Those won or lost, and won. */
  positions: number;
  won: number;
  /** Their counted profit, decimal string ("1000.00"). */
  profit: string;
  /** Longest run of them won in a row, in the order of the game; any other won or lost position ends it. */
  longestWinStreak: number;
  /** The largest stake of one of them, decimal string; "0.00" with none. */
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
const AT_RISK = `at odds of ${ACHIEVEMENT_MIN_ODDS.toFixed(2)} or more`;

/** In display order. */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: 'first-win',
    name: 'First Win',
    requirement: `Win your first graded pick ${AT_RISK}`,
    earned: ({ won }) => won >= FIRST_WIN_MIN_WINS,
  },
  {
    id: 'century-club',
    name: 'Century Club',
    requirement: `Have ${CENTURY_CLUB_MIN_BETS} graded picks won or lost ${AT_RISK}`,
    earned: ({ positions }) => positions >= CENTURY_CLUB_MIN_BETS,
  },
  {
    id: 'profit-maker',
    name: 'Profit Maker',
    requirement: `Reach $1,000 in profit on graded picks ${AT_RISK}`,
    earned: ({ profit }) => cents(profit) >= PROFIT_MAKER_MIN_PROFIT_CENTS,
  },
  {
    id: 'master-bettor',
    name: 'Master Bettor',
    requirement: `Keep a win rate of ${MASTER_BETTOR_MIN_WIN_RATE}% or more with at least ${MASTER_BETTOR_MIN_BETS} graded picks ${AT_RISK}`,
    // The win rate as shown (one decimal, half up): 79.95% shows, and counts, as 80.0%. Void
    // positions are not counted: 2 wins and 8 voids are not a record of 10.
    earned: ({ positions, won }) =>
      positions >= MASTER_BETTOR_MIN_BETS && winRate(won, positions - won) >= MASTER_BETTOR_MIN_WIN_RATE,
  },
  {
    id: 'hot-streak',
    name: 'Hot Streak',
    requirement: `Win ${HOT_STREAK_MIN_WINS_IN_A_ROW} graded picks in a row, each ${AT_RISK}`,
    earned: ({ longestWinStreak }) => longestWinStreak >= HOT_STREAK_MIN_WINS_IN_A_ROW,
  },
  {
    id: 'high-roller',
    name: 'High Roller',
    requirement: `Stake $1,000 or more on a single graded pick ${AT_RISK}`,
    earned: ({ maxStake }) => cents(maxStake) >= HIGH_ROLLER_MIN_STAKE_CENTS,
  },
];

/** Every achievement, in display order, with whether `input` has earned it. */
export const computeAchievements = (input: AchievementInput): Achievement[] =>
  ACHIEVEMENTS.map(({ id, name, requirement, earned }) => ({ id, name, requirement, earned: earned(input) }));
