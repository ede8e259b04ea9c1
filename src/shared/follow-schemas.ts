/** Request and answer shapes of following and the feed (rules and messages: follows.ts). */
import { z } from 'zod';
import { BET_SPORTS, BET_STATUSES } from './bets.ts';
import { cursorParamSchema, pageLimitParam } from './paging.ts';
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from './follows.ts';
import { INFLUENCERS_PAGE_MAX, SPOTLIGHT_PAGE_MAX } from './community.ts';

/** POST and DELETE /api/profiles/:username/follow answer where the follow stands now. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().describe("The profile's follower count after the change."),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** GET /api/feed?sport&bettor&cursor&limit */
export const feedQuerySchema = z.object({
  sport: z.enum(BET_SPORTS, { error: 'Unknown sport' }).optional(),
  /** A followed bettor's username: only their picks. */
  bettor: z
    .string()
    .trim()
    .toLowerCase()
    .max(30, 'Unknown bettor')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  limit: pageLimitParam(FEED_PAGE_MAX, FEED_PAGE_DEFAULT),
  cursor: cursorParamSchema,
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

const isoString = z.iso.datetime({ offset: true });

export const feedPickSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  description: z.string(),
  sport: z.enum(BET_SPORTS),
  /** The event's start (a parlay's earliest leg). */
  eventDate: isoString,
  /** The listed event's id (events catalog), null for a self-reported pick. */
  eventId: z.uuid().nullable(),
  /** Graded from the listed event's result (true) or settled by the bettor (false). */
  graded: z.boolean(),
  /** The odds as recorded, and the stake at recording. */
  odds: z.string(),
  amount: z.string(),
  status: z.enum(BET_STATUSES),
  profitLoss: z.string().nullable(),
  settledAt: isoString.nullable(),
  recordedAt: isoString,
  /** How long before the start it was recorded, in seconds. */
  leadSeconds: z.number().int(),
});
export type FeedPick = z.infer<typeof feedPickSchema>;

export const feedPageSchema = z.object({
  picks: z.array(feedPickSchema),
  /** The bettors followed (public ones), for the bettor filter. */
  following: z.array(z.object({ username: z.string(), displayName: z.string().nullable() })),
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** The most usernames one follow-states question may ask about: the largest page of a list of bettors. */
export const FOLLOW_STATES_MAX = Math.max(SPOTLIGHT_PAGE_MAX, INFLUENCERS_PAGE_MAX);

/** GET /api/follows/state?usernames=a,b,c — whether the signed-in reader follows each, in one request. */
export const followStatesQuerySchema = z.object({
  usernames: z
    .string({ error: 'Usernames are required' })
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((u) => u.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(30, 'Unknown username'))
        .min(1, 'Usernames are required')
        .max(FOLLOW_STATES_MAX, `At most ${FOLLOW_STATES_MAX} usernames`),
    ),
});

/** Of the usernames asked, those whose (public) records the reader follows. */
export const followStatesSchema = z.object({ following: z.array(z.string()) });
export type FollowStates = z.infer<typeof followStatesSchema>;
