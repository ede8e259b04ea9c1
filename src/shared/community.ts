/**
 * The community contract: the Spotlight leaderboard and the Influencers directory.
 * Both are computed on the server from the bets people recorded, only for public profiles; the
 * rules they follow (periods, minimum bets, tiers, trend) live here so the pages can state them
 * with the same numbers the server uses. No zod here (docs/decisions/015): the query and answer
 * shapes are community-schemas.ts.
 */
import type { Sport } from './bets.ts';
import type { Cents } from './money.ts';
import { RANK_MIN_EVENTS } from './ranking.ts';

// --- sports ---------------------------------------------------------------------------------

/** How a sport is written on screen ('mma' is an acronym, the rest are capitalised). */
export const SPORT_LABELS: Record<Sport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  baseball: 'Baseball',
  soccer: 'Soccer',
  tennis: 'Tennis',
  mma: 'MMA',
  other: 'Other',
};

// --- Spotlight ------------------------------------------------------------------------------

export const SPOTLIGHT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type SpotlightPeriod = (typeof SPOTLIGHT_PERIODS)[number];
export const SPOTLIGHT_DEFAULT_PERIOD: SpotlightPeriod = 'month';

/** Each period is a rolling window ending at the server's clock: the last 7, 30, 90 or 365 days. */
export const SPOTLIGHT_PERIOD_DAYS: Record<SpotlightPeriod, number> = { week: 7, month: 30, quarter: 90, year: 365 };
export const SPOTLIGHT_PERIOD_LABELS: Record<SpotlightPeriod, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/**
 * Both rankings (the Spotlight per period, the influencers all time) order bettors by the
 * luck-adjusted yield of their graded positions, and rank only those with won or lost positions
 * priced 1.20 or more on at least RANK_MIN_EVENTS distinct events in the period: docs/decisions/038.
 */
export { RANK_MIN_EVENTS, RANK_MIN_ODDS } from './ranking.ts';
/** The ranking rule as the pages state it. */
export const RANKING_RULE = `Ranked by luck-adjusted yield: the level-stakes yield of graded picks, less what luck alone gives a break-even bettor on the same prices one time in forty. A long record with a steady edge ranks above a short lucky run, one big stake, or a pick entered many times.`;
export const RANKING_MINIMUM_RULE = `To be ranked: graded picks won or lost on at least ${RANK_MIN_EVENTS} different events, each priced 1.20 or more (one pick entered twice counts once; void and self-reported bets don't count). Every record that has them is ranked, below zero included.`;
/** How many entries the page highlights. */
export const SPOTLIGHT_HIGHLIGHTED = 5;
export const SPOTLIGHT_PAGE_DEFAULT = 10;
export const SPOTLIGHT_PAGE_MAX = 50;

/** Deepest offset either list pages to (a directory is browsed, not dumped). */
export const COMMUNITY_OFFSET_MAX = 10_000;

export const formatStreak = (streak: { result: 'won' | 'lost'; length: number } | null): string =>
  streak ? `${streak.result === 'won' ? 'W' : 'L'}${streak.length}` : '—';

// --- Influencers ----------------------------------------------------------------------------

/** The sport filter's values, in the order the pages show them. */
export const INFLUENCER_SPORT_FILTERS = [
  'all',
  'football',
  'basketball',
  'soccer',
  'tennis',
  'mma',
  'baseball',
] as const;
export type InfluencerSportFilter = (typeof INFLUENCER_SPORT_FILTERS)[number];

/**
 * 'rank': the ranking (see RANKING_RULE), then those not ranked yet; 'verified': verified bettors
 * first, then by the ranking; 'clv': average closing-line value, those with CLV_MIN_CLOSES picks
 * with a close first; the others by their figure alone. Every sort lists the ranked first.
 */
export const INFLUENCER_SORTS = ['rank', 'verified', 'profit', 'winrate', 'bets', 'clv'] as const;
export type InfluencerSort = (typeof INFLUENCER_SORTS)[number];
export const INFLUENCER_DEFAULT_SORT: InfluencerSort = 'rank';
export const INFLUENCER_SORT_LABELS: Record<InfluencerSort, string> = {
  rank: 'Ranking',
  verified: 'Verified first',
  profit: 'Profit',
  winrate: 'Win rate',
  bets: 'Total bets',
  clv: 'Closing-line value',
};

/**
 * Graded picks with a closing price a record needs to be sorted by its average closing-line value
 * (docs/decisions/047): at a typical spread of about 10% per pick, 30 picks put the average within
 * about ±3.6% (95%), the size of a real edge; fewer would let a handful of lucky closes lead.
 */
export const CLV_MIN_CLOSES = 30;

export const INFLUENCERS_PAGE_DEFAULT = 12;
export const INFLUENCERS_PAGE_MAX = 48;
export const INFLUENCER_SEARCH_MAX_LENGTH = 60;
/** How many of a bettor's latest settled bets a card shows. */
export const RECENT_PICKS = 3;
/** The trend compares the profit of the last this-many days with the same span before it. */
export const TREND_DAYS = 30;

export const TIERS = ['Elite', 'Pro', 'Rising'] as const;
export type Tier = (typeof TIERS)[number];
export const ELITE_MIN_SETTLED_BETS = 100;
export const PRO_MIN_SETTLED_BETS = 50;

/** The tier rule, as the page writes it. */
export const TIER_RULES: Record<Tier, string> = {
  Elite: `Verified, with ${ELITE_MIN_SETTLED_BETS}+ settled bets and a positive ROI`,
  Pro: `${PRO_MIN_SETTLED_BETS}+ settled bets`,
  Rising: 'Everyone else with a recorded bet',
};

/** Elite: verified, 100+ settled bets and positive ROI (profit > 0); Pro: 50+ settled bets; Rising: the rest. */
export function tierOf(bettor: { verified: boolean; settledBets: number; profit: Cents }): Tier {
  if (bettor.verified && bettor.settledBets >= ELITE_MIN_SETTLED_BETS && bettor.profit > 0n) return 'Elite';
  if (bettor.settledBets >= PRO_MIN_SETTLED_BETS) return 'Pro';
  return 'Rising';
}

export const TRENDS = ['up', 'down', 'stable'] as const;
export type Trend = (typeof TRENDS)[number];

/** Up when the last 30 days made more profit than the 30 before, down when less, stable when equal. */
export function trendOf(recentProfit: Cents, previousProfit: Cents): Trend {
  if (recentProfit > previousProfit) return 'up';
  if (recentProfit < previousProfit) return 'down';
  return 'stable';
}
