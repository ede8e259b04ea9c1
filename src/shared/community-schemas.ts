/**
 * The community API's query and answer shapes (the Spotlight and the Influencers directory), built
 * on the rules of community.ts, which builds no schema (docs/decisions/015).
 */
import { z } from 'zod';
import { recordDisclosureSchema } from './disclosure-schemas.ts';
import { BET_SPORTS, SPORTS } from './bets.ts';
import { intervalSchema } from './bet-schemas.ts';
import { wholeNumberParam } from './paging.ts';
import {
  COMMUNITY_OFFSET_MAX,
  INFLUENCER_DEFAULT_SORT,
  INFLUENCER_SEARCH_MAX_LENGTH,
  INFLUENCER_SORTS,
  INFLUENCER_SPORT_FILTERS,
  INFLUENCERS_PAGE_DEFAULT,
  INFLUENCERS_PAGE_MAX,
  SPOTLIGHT_DEFAULT_PERIOD,
  SPOTLIGHT_PAGE_DEFAULT,
  SPOTLIGHT_PAGE_MAX,
  SPOTLIGHT_PERIODS,
  TIERS,
  TRENDS,
} from './community.ts';

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

/** What both rankings show of a ranked record (docs/decisions/038). */
const rankedFigures = {
  luckAdjustedYield: z
    .number()
    .describe(
      "Level-stakes yield of the counted positions less 1.96 × a break-even bettor's spread on the same prices, " +
        'percent with one decimal: what the ranking orders by.',
    ),
  breakEvenChance: z
    .number()
    .nullable()
    .describe('The chance a break-even bettor on the same prices does at least this well (level stakes).'),
  /** Distinct events of the counted positions (the minimum is on these). */
  events: z.number().int(),
};

export const spotlightEntrySchema = z.object({
  rank: z.number().int().positive(),
  username: z.string(),
  displayName: z.string().nullable(),
  verified: z.boolean(),
  /**
   * Every figure is over the counted positions of the period: graded positions (one per pick)
   * won or lost at odds of 1.20 or more whose event started in the period.
   * winRate: won / (won + lost) × 100, one decimal.
   */
  winRate: z.number(),
  /** Counted positions (void ones are not counted). */
  totalBets: z.number().int(),
  wonBets: z.number().int(),
  /** Sum of the profit of those positions. */
  totalProfit: moneyString,
  /** Profit / stake of those positions × 100, one decimal. */
  roi: z.number().nullable(),
  levelStakesYield: z.number().describe('Level-stakes yield over those positions, percent with one decimal.'),
  yieldInterval: intervalSchema.describe("The yield's 95% interval (docs/decisions/007)."),
  ...rankedFigures,
  /** The current run of results of the bettor's counted positions, in order of event start (null with none). */
  streak: streakSchema.nullable(),
  /** The sport the bettor has recorded most bets in (all time). */
  favouriteSport: z.enum(SPORTS).nullable(),
  joinedDate: isoString,
});
export type SpotlightEntry = z.infer<typeof spotlightEntrySchema>;

export const spotlightPageSchema = z.object({
  period: z.enum(SPOTLIGHT_PERIODS),
  /** The window: positions on events that started at or after `from` (a UTC day's start) and by `to` count. */
  from: isoString,
  to: isoString,
  /** Distinct events a record needs to be ranked. */
  minEvents: z.number().int(),
  /** How many bettors qualify in the period. */
  total: z.number().int(),
  entries: z.array(spotlightEntrySchema),
  /** Pass as `offset` for the next page; null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type SpotlightPage = z.infer<typeof spotlightPageSchema>;

/**
 * What each listed bettor's record holds besides the ranked figures (docs/decisions/041), by
 * username: graded, self-reported, void, deleted and overdue bets, shown on every public row.
 */
const disclosuresSchema = z.record(z.string(), recordDisclosureSchema);

/** GET /api/community/spotlight: the page with each entry's disclosure. */
export const spotlightAnswerSchema = spotlightPageSchema.extend({ disclosures: disclosuresSchema });
export type SpotlightAnswer = z.infer<typeof spotlightAnswerSchema>;

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
   * and filters; null under the minimum (RANK_MIN_EVENTS) (not ranked).
   */
  rank: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe(
      'Place in the ranking of all public bettors by luck-adjusted yield (docs/decisions/038), all time, whatever ' +
        'the sort and filters; null under the minimum of distinct events (not ranked). Every sort lists the ranked first.',
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
  /** The ranked record (docs/decisions/038), all time: null with no counted position. */
  luckAdjustedYield: rankedFigures.luckAdjustedYield.nullable(),
  breakEvenChance: rankedFigures.breakEvenChance,
  events: rankedFigures.events,
  closes: z
    .number()
    .int()
    .describe('Graded picks with a closing price (void aside), all time: the closing-line value is over these.'),
  averageClv: z
    .number()
    .nullable()
    .describe(
      'Average closing-line value of those picks (odds taken ÷ fair closing odds − 1), a fraction: 0.032 is +3.2%; ' +
        'null with none. The clv sort orders by it, those with CLV_MIN_CLOSES picks with a close first.',
    ),
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

/** GET /api/community/influencers: the page with each entry's disclosure. */
export const influencerAnswerSchema = influencerPageSchema.extend({ disclosures: disclosuresSchema });
export type InfluencerAnswer = z.infer<typeof influencerAnswerSchema>;

export const siteCountsSchema = z.object({
  publicBettors: z.number().int().nonnegative().describe('Public, email-confirmed accounts with at least one bet.'),
  betsRecorded: z.number().int().nonnegative().describe('Bets on the site now, public or private.'),
  betsGraded: z
    .number()
    .int()
    .nonnegative()
    .describe('Of those, bets on a listed event: graded from its published result, never by the bettor.'),
  ledgerEntries: z.number().int().nonnegative().describe('Rows of every hash-chained ledger (docs/LEDGER.md).'),
  countedAt: isoString.describe('When the database counted them (the server clock).'),
});
export type SiteCounts = z.infer<typeof siteCountsSchema>;
