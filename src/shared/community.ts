/**
 * The community contract (issue 7): the Spotlight leaderboard and the Influencers directory.
 * Both are computed on the server from the bets people recorded, only for public profiles; the
 * rules they follow (periods, minimum bets, tiers, trend) live here so the pages can state them
 * with the same numbers the server uses.
 */
import { z } from 'zod';
import { BET_SPORTS, intervalSchema, SPORTS, type Sport } from './bets.ts';
import type { Cents } from './money.ts';
import { wholeNumberParam } from './paging.ts';

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
 * Both rankings (the Spotlight per period, the influencers all time) order bettors by the low end
 * of the 95% interval of their level-stakes yield, and rank only those with at least this many won
 * or lost bets (void bets do not count) in the period: docs/decisions/007.
 */
export const RANKING_MIN_SETTLED_BETS = 20;
/** A bettor is ranked only with at least this many won or lost bets settled within the period. */
export const SPOTLIGHT_MIN_SETTLED_BETS = RANKING_MIN_SETTLED_BETS;
/** The ranking rule as the pages state it. */
export const RANKING_RULE = `Ranked by the low end of the 95% range of level-stakes yield: a long record with a steady edge ranks above a short lucky run or one big stake on a short price.`;
export const RANKING_MINIMUM_RULE = `At least ${RANKING_MIN_SETTLED_BETS} won or lost bets to be ranked (void bets don't count); every record that has them is ranked, below zero included.`;
/** How many entries the page highlights. */
export const SPOTLIGHT_HIGHLIGHTED = 5;
export const SPOTLIGHT_PAGE_DEFAULT = 10;
export const SPOTLIGHT_PAGE_MAX = 50;

/** Deepest offset either list pages to (a directory is browsed, not dumped). */
export const COMMUNITY_OFFSET_MAX = 10_000;

const wholeNumber = (name: string, min: number, max: number) =>
  wholeNumberParam(`${name} must be a whole number from ${min} to ${max}`, min, max);

const enumParam = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

export const spotlightQuerySchema = z.object({
  period: enumParam('Period', SPOTLIGHT_PERIODS).default(SPOTLIGHT_DEFAULT_PERIOD),
  limit: wholeNumber('Limit', 1, SPOTLIGHT_PAGE_MAX).default(SPOTLIGHT_PAGE_DEFAULT),
  offset: wholeNumber('Offset', 0, COMMUNITY_OFFSET_MAX).default(0),
});
export type SpotlightQuery = z.input<typeof spotlightQuerySchema>;

const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);
const isoString = z.iso.datetime({ offset: true });

/** A run of equal results at the end of a bettor's settled bets: 'W3' = three wins in a row. */
export const streakSchema = z.object({ result: z.enum(['won', 'lost']), length: z.number().int().positive() });
export type Streak = z.infer<typeof streakSchema>;
export const formatStreak = (streak: Streak | null): string =>
  streak ? `${streak.result === 'won' ? 'W' : 'L'}${streak.length}` : '—';

export const spotlightEntrySchema = z.object({
  rank: z.number().int().positive(),
  username: z.string(),
  displayName: z.string().nullable(),
  verified: z.boolean(),
  /** Over the bets settled within the period: won / (won + lost) × 100, one decimal. */
  winRate: z.number(),
  /** Bets settled won or lost within the period (void bets are not counted). */
  totalBets: z.number().int(),
  wonBets: z.number().int(),
  /** Sum of the profit of the bets settled within the period. */
  totalProfit: moneyString,
  /** Profit / stake of the won and lost bets settled within the period × 100, one decimal. */
  roi: z.number().nullable(),
  levelStakesYield: z.number().describe('Level-stakes yield over those bets, percent with one decimal.'),
  yieldInterval: intervalSchema.describe(
    "The yield's 95% interval (docs/decisions/007); the ranking orders by `low`, then by more bets.",
  ),
  /** The current run of results over all the bettor's settled bets (null with none). */
  streak: streakSchema.nullable(),
  /** The sport the bettor has recorded most bets in (all time). */
  favouriteSport: z.enum(SPORTS).nullable(),
  joinedDate: isoString,
});
export type SpotlightEntry = z.infer<typeof spotlightEntrySchema>;

export const spotlightPageSchema = z.object({
  period: z.enum(SPOTLIGHT_PERIODS),
  /** The window: bets settled after `from` and at or before `to` count. */
  from: isoString,
  to: isoString,
  minSettledBets: z.number().int(),
  /** How many bettors qualify in the period. */
  total: z.number().int(),
  entries: z.array(spotlightEntrySchema),
  /** Pass as `offset` for the next page; null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type SpotlightPage = z.infer<typeof spotlightPageSchema>;

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
 * first, then by the ranking; the others by their figure alone. Each is exactly the order chosen.
 */
export const INFLUENCER_SORTS = ['rank', 'verified', 'profit', 'winrate', 'bets'] as const;
export type InfluencerSort = (typeof INFLUENCER_SORTS)[number];
export const INFLUENCER_DEFAULT_SORT: InfluencerSort = 'rank';
export const INFLUENCER_SORT_LABELS: Record<InfluencerSort, string> = {
  rank: 'Ranking',
  verified: 'Verified first',
  profit: 'Profit',
  winrate: 'Win rate',
  bets: 'Total bets',
};

export const INFLUENCERS_PAGE_DEFAULT = 12;
export const INFLUENCERS_PAGE_MAX = 48;
export const INFLUENCER_SEARCH_MAX_LENGTH = 60;
/** How many of a bettor's latest settled bets a card shows. */
export const RECENT_PICKS = 3;
/** The trend compares the profit of the last this-many days with the same span before it. */
export const TREND_DAYS = 30;

export const influencersQuerySchema = z.object({
  /** Part of the display name or username, any case; blank means no search. */
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(INFLUENCER_SEARCH_MAX_LENGTH, `Search must be at most ${INFLUENCER_SEARCH_MAX_LENGTH} characters`)
    .refine((s) => !s.includes('\u0000'), 'Search must not contain control character NUL')
    .optional(),
  sport: enumParam('Sport', INFLUENCER_SPORT_FILTERS).default('all'),
  sort: enumParam('Sort', INFLUENCER_SORTS).default(INFLUENCER_DEFAULT_SORT),
  limit: wholeNumber('Limit', 1, INFLUENCERS_PAGE_MAX).default(INFLUENCERS_PAGE_DEFAULT),
  offset: wholeNumber('Offset', 0, COMMUNITY_OFFSET_MAX).default(0),
});
export type InfluencersQuery = z.input<typeof influencersQuerySchema>;

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

export const recentPickSchema = z.object({
  description: z.string(),
  /** 'parlay' for a parlay (docs/decisions/008). */
  sport: z.enum(BET_SPORTS),
  result: z.enum(['won', 'lost', 'void']),
  profit: moneyString,
  settledAt: isoString,
});
export type RecentPick = z.infer<typeof recentPickSchema>;

export const influencerSchema = z.object({
  /**
   * Place in the ranking of all public bettors (RANKING_RULE, all time), whatever the page's sort
   * and filters; null with fewer than RANKING_MIN_SETTLED_BETS won or lost bets (not ranked).
   */
  rank: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe(
      'Place in the ranking of all public bettors by the low end of the 95% interval of level-stakes yield, ' +
        'all time, whatever the sort and filters; null with fewer than 20 won or lost bets (not ranked).',
    ),
  username: z.string(),
  displayName: z.string().nullable(),
  verified: z.boolean(),
  /** All-time, over settled bets. */
  winRate: z.number(),
  totalBets: z.number().int(),
  /** Won and lost bets. */
  settledBets: z.number().int(),
  totalProfit: moneyString,
  roi: z.number().nullable(),
  levelStakesYield: z.number().nullable().describe('Level-stakes yield, all time; null with no won or lost bet.'),
  yieldInterval: intervalSchema.nullable().describe("The yield's 95% interval; null with no won or lost bet."),
  tier: z.enum(TIERS),
  /** The sport of most of their bets. */
  mainSport: z.enum(SPORTS).nullable(),
  trend: z.enum(TRENDS),
  /** Profit of bets settled in the last 30 days, and in the 30 days before. */
  recentProfit: moneyString,
  previousProfit: moneyString,
  /** The latest settled bets, newest first (at most three). */
  recentPicks: z.array(recentPickSchema),
  joinedDate: isoString,
});
export type Influencer = z.infer<typeof influencerSchema>;

export const influencerPageSchema = z.object({
  total: z.number().int(),
  entries: z.array(influencerSchema),
  nextOffset: z.number().int().nullable(),
});
export type InfluencerPage = z.infer<typeof influencerPageSchema>;
