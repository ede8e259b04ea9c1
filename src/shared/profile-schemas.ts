/**
 * The profiles API contract: public profile, own profile, settings, analytics.
 * The server validates with these schemas and answers in these shapes; the client uses the types
 * (and its forms the resolvers). The rules they state are profiles.ts (docs/decisions/015).
 */
import { z } from 'zod';
import { ledgerHeadSchema } from './ledger.ts';
import { BET_SPORTS, MAX_STAKE_CENTS, MIN_STAKE_CENTS } from './bets.ts';
import { betPageSchema, betSchema, betStatsSchema } from './bet-schemas.ts';
import { parseMoney } from './money.ts';
import { displayNameSchema } from './display-name.ts';
import { USERNAME_MESSAGES, USERNAME_PATTERN, isUnchoosableUsername } from './usernames.ts';
import { UNIT_SIZE_MESSAGE, VERIFICATION_STATUSES } from './profiles.ts';
import { recordDisclosureSchema } from './disclosure-schemas.ts';
import { betMarketSchema, marketFiguresSchema } from './market-schemas.ts';

/**
 * A username as the API takes it: trimmed, lowercased, then the checks of checkUsername (usernames.ts)
 * in the same order and words; a zod chain so the OpenAPI document states the length and pattern.
 */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, USERNAME_MESSAGES.tooShort)
  .max(30, USERNAME_MESSAGES.tooLong)
  .regex(USERNAME_PATTERN, USERNAME_MESSAGES.characters)
  .refine((name) => !isUnchoosableUsername(name), USERNAME_MESSAGES.reserved);

// --- social links ---------------------------------------------------------------------------

const HANDLE = /^[A-Za-z0-9_.]{1,50}$/;
const isHttpsUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.');
  } catch {
    return false;
  }
};
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};

/** A handle without '@' (letters, digits, _ and .) or a full https:// URL; empty means unset. */
const handleOrUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .refine(
      (v) => v === '' || HANDLE.test(v) || isHttpsUrl(v),
      `${label}: enter a handle without @ or a full https:// URL`,
    );

export const socialLinksSchema = z.strictObject({
  twitter: handleOrUrl('Twitter'),
  instagram: handleOrUrl('Instagram'),
  youtube: handleOrUrl('YouTube'),
  website: z
    .string()
    .trim()
    .max(200, 'Website must be at most 200 characters')
    .refine((v) => v === '' || isHttpUrl(v), 'Website must be a full http:// or https:// URL'),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

// --- requests -------------------------------------------------------------------------------

/** PATCH /api/profile — either or both. */
export const updateProfileSchema = z
  .strictObject({
    username: usernameSchema.optional(),
    displayName: displayNameSchema('Display name').optional(),
  })
  .refine((v) => v.username !== undefined || v.displayName !== undefined, 'Nothing to update');
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** GET /api/profile/username-availability?username= — may the signed-in user take this name? */
export const usernameAvailabilityQuerySchema = z.object({ username: usernameSchema });
/** Its answer: the name as it would be saved (trimmed, lowercase), and whether it is free (or already yours). */
export const usernameAvailabilitySchema = z.object({ username: z.string(), available: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/**
 * The unit size as typed: a dollar amount like a stake (0.01 to 1,000,000, at most 2 decimals), or
 * '' for none. Stakes and profit are then shown in units as well as dollars.
 */
export const unitSizeSchema = z
  .string({ error: UNIT_SIZE_MESSAGE })
  .trim()
  .refine((v) => {
    if (v === '') return true;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return false;
    const cents = parseMoney(v)!;
    return cents >= MIN_STAKE_CENTS && cents <= MAX_STAKE_CENTS;
  }, UNIT_SIZE_MESSAGE);

/** PUT /api/profile/settings — the whole settings object (`unitSize` left out keeps the one saved). */
export const profileSettingsSchema = z.strictObject({
  profilePublic: z.boolean({ error: 'Profile visibility must be true or false' }),
  social: socialLinksSchema,
  unitSize: unitSizeSchema.optional(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

// --- achievements ---------------------------------------------------------------------------

export const achievementSchema = z.object({
  id: z.enum(['first-win', 'century-club', 'profit-maker', 'master-bettor', 'hot-streak', 'high-roller']),
  name: z.string(),
  /** What it takes, shown on locked ones too. */
  requirement: z.string(),
  earned: z.boolean(),
});
export type Achievement = z.infer<typeof achievementSchema>;

// --- responses ------------------------------------------------------------------------------

/** GET /api/profiles/:username (anyone; private, unconfirmed or missing → 404 PROFILE_NOT_FOUND_ERROR unless owner/admin). */
export const publicProfileSchema = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  /** Days since the profile was created, rounded up: 1 during the first 24 hours, never 0. */
  daysActive: z.number().int(),
  profilePublic: z.boolean(),
  /** True when the signed-in viewer owns this profile. */
  isOwner: z.boolean(),
  social: socialLinksSchema,
  stats: betStatsSchema.extend({
    graded: z
      .number()
      .int()
      .describe("Bets graded from listed events' results (a parlay whose every leg is listed), settled or not."),
    selfReported: z.number().int().describe('Bets on events the catalog does not list, settled by the bettor.'),
  }),
  /** Graded, self-reported, void, deleted and overdue bets: what every public row shows (decision 041). */
  disclosure: recordDisclosureSchema,
  /** Closing-line value and bets above the market (decision 040). */
  market: marketFiguresSchema,
  /** The record the rankings read (docs/decisions/038): graded positions won or lost at odds of 1.20 or more, all time. */
  ranking: z.object({
    positions: z.number().int(),
    /** Distinct events of those positions; ranked from minEvents on. */
    events: z.number().int(),
    minEvents: z.number().int(),
    luckAdjustedYield: z.number().nullable().describe('Percent, one decimal: what the rankings order by.'),
    breakEvenChance: z
      .number()
      .nullable()
      .describe('The chance a break-even bettor on the same prices does at least this well (level stakes).'),
  }),
  achievements: z.array(achievementSchema),
  /** The newest entry of the profile's public ledger (seq 0 and 64 zeros before the first). */
  ledgerHead: ledgerHeadSchema,
  /** How many people follow the profile. */
  followers: z.number().int(),
  /** True when the signed-in viewer follows it (false for visitors and its owner). */
  following: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /api/profiles/:username/bets?limit&cursor — the record followers come for (same privacy rule). */
export const profileBetPageSchema = z.object({
  bets: z.array(betSchema),
  nextCursor: z.string().nullable(),
  /** The prices of the page's graded bets that have any, by bet id (decision 040); absent when none has. */
  markets: z.record(z.string(), betMarketSchema).optional(),
  positions: betPageSchema.shape.positions,
});
export type ProfileBetPage = z.infer<typeof profileBetPageSchema>;

/** GET /api/profile — the signed-in user's own profile (same shape; isOwner true). */
export const ownProfileSchema = publicProfileSchema;
export type OwnProfile = PublicProfile;

/**
 * GET /api/profile/analytics — all computed in SQL from the user's bets. As on the profile, a won
 * bet above the market (decision 040) counts at the best price seen in every profit, the ROI and
 * the average odds here; the runs and the drawdown are the record's as settled.
 */
export const analyticsSchema = z.object({
  /**
   * Running total of profit in the order of the games, one point per won or lost bet up to 500 of
   * them, dated at its event's start (a parlay's last leg's), ties by bet id; beyond that one point
   * per UTC day of games (events' starts, a parlay's last leg's), dated at the day's end (the last
   * at the latest settlement, if earlier), then
   * per week, then per month, whichever first gives at most 500 points. Void bets move no total and
   * draw no point.
   */
  cumulativeProfit: z.array(z.object({ date: z.iso.datetime({ offset: true }), profit: z.string() })),
  /**
   * Per sport with any bet, in SPORTS order, parlays last under 'parlay': `bets` includes pending
   * and void ones; winRate = won / (won + lost).
   */
  bySport: z.array(
    z.object({
      sport: z.enum(BET_SPORTS),
      bets: z.number().int(),
      won: z.number().int(),
      lost: z.number().int(),
      profit: z.string(),
      winRate: z.number(),
    }),
  ),
  /** Profit of the won and lost bets on games of each month (UTC; a parlay at its last leg's start, never the month it was settled), 'YYYY-MM' ascending; `bets` counts them. */
  byMonth: z.array(z.object({ month: z.string(), profit: z.string(), bets: z.number().int() })),
  /** As in the profile's statistics: total profit / stake of settled bets × 100, one decimal; null with none settled. */
  roi: z.number().nullable(),
  /** As in the profile's statistics: mean decimal odds of won and lost bets, 2 places; null with none. */
  averageOdds: z.string().nullable(),
  /** Runs of won and of lost bets in the order of the game (event start, then id; a void bet neither breaks nor extends one). */
  longestWinStreak: z.number().int(),
  longestLossStreak: z.number().int(),
  /** As in the statistics: the largest fall of cumulative profit from a peak (the start is a peak of 0.00). */
  maxDrawdown: z.string(),
  /** Closing-line value and bets above the market, as the profile shows them (decision 040). */
  market: marketFiguresSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;

// GET /api/profile/export.csv — text/csv; charset=utf-8, Content-Disposition attachment, streamed.
