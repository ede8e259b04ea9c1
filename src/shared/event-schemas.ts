/**
 * The events API contract (GET /api/events, the admin's import and correction, a bet on a listed
 * event): zod schemas that validate the server's input, type the client and generate the OpenAPI
 * document. The rules they apply live in events.ts (docs/decisions/015).
 */
import { z } from 'zod';
import { amountSchema, oddsSchema, strictBody } from './bet-schemas.ts';
import { SPORTS, SPORT_NOT_LISTED_MESSAGE } from './bets.ts';
import {
  EVENT_DESCRIPTION_FROM_CATALOG_MESSAGE,
  EVENT_SPORT_FROM_CATALOG_MESSAGE,
  EVENT_START_FROM_CATALOG_MESSAGE,
  EVENT_STATUSES,
  FEED_FORMATS,
  MARKETS,
  SELECTIONS,
  selectionProblem,
} from './events.ts';
import { cursorParamSchema, pageLimitParam } from './paging.ts';

export const EVENTS_PAGE_DEFAULT = 20;
export const EVENTS_PAGE_MAX = 50;
export const EVENT_SEARCH_MAX_LENGTH = 100;

const isoString = z.iso.datetime({ offset: true });

export const marketSchema = z.enum(MARKETS, { error: `Market must be one of ${MARKETS.join(', ')}` });
export const selectionSchema = z.enum(SELECTIONS, { error: `Selection must be one of ${SELECTIONS.join(', ')}` });

/** A key a bet on a listed event must not send, refused with `message` when present. */
const refused = (message: string) => z.undefined({ error: message }).optional();

/** The pick on a listed event: its id, the market, the selection and (spread, total) the line. */
const pickShape = {
  eventId: z.uuid({ error: 'eventId must be the id of a listed event (GET /api/events)' }),
  market: marketSchema,
  selection: selectionSchema,
  line: z.number({ error: 'The line must be a number, such as -1.5 or 2.5' }).optional(),
  odds: oddsSchema,
  description: refused(EVENT_DESCRIPTION_FROM_CATALOG_MESSAGE),
  sport: refused(EVENT_SPORT_FROM_CATALOG_MESSAGE),
  eventDate: refused(EVENT_START_FROM_CATALOG_MESSAGE),
};

const checkPick = (
  pick: { market: (typeof MARKETS)[number]; selection: (typeof SELECTIONS)[number]; line?: number },
  ctx: z.RefinementCtx,
) => {
  const problem = selectionProblem(pick.market, pick.selection, pick.line);
  if (problem)
    ctx.addIssue({ code: 'custom', message: problem, path: [problem.includes('line') ? 'line' : 'selection'] });
};

/** POST /api/bets on a listed event: `{ eventId, market, selection, line?, odds, amount }`. */
export const recordListedBetSchema = z
  .strictObject({ ...pickShape, amount: amountSchema }, strictBody)
  .superRefine(checkPick);
export type RecordListedBetInput = z.input<typeof recordListedBetSchema>;

/** A parlay's leg on a listed event: `{ eventId, market, selection, line?, odds }`. */
export const listedLegSchema = z.strictObject(pickShape, strictBody).superRefine(checkPick);
export type ListedLegInput = z.input<typeof listedLegSchema>;

/** Whether a body (or a parlay's leg) names a listed event. */
export const isListedBody = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'eventId' in value;

export const scoreSchema = z.strictObject({
  home: z.number().int('A score is a whole number').min(0).max(10000),
  away: z.number().int('A score is a whole number').min(0).max(10000),
});

/** The best pre-match price seen for one selection (the highest of the feed's bookmakers'). */
export const eventPriceSchema = z.object({
  market: z.enum(MARKETS),
  selection: z.enum(SELECTIONS),
  line: z.number().nullable(),
  odds: z.string().describe('Decimal odds, 6 places.'),
  bookmaker: z.string(),
});

export const eventSchema = z.object({
  id: z.string(),
  sport: z.enum(SPORTS),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: isoString.nullable().describe('The start in UTC; null when the feed gave no usable time.'),
  status: z.enum(EVENT_STATUSES),
  score: scoreSchema.nullable().describe('The final score; null until the event is final.'),
  source: z.object({ feed: z.string(), id: z.string() }).describe("The feed it came from and the feed's own id."),
  markets: z
    .array(z.object({ market: z.enum(MARKETS), selections: z.array(z.enum(SELECTIONS)) }))
    .describe('The markets a bet can take on it, each graded from the final score.'),
  prices: z.array(eventPriceSchema).describe('The best pre-match price the feed carried for each selection.'),
});
export type CatalogEvent = z.infer<typeof eventSchema>;

export const eventPageSchema = z.object({
  events: z.array(eventSchema),
  nextCursor: z.string().nullable(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const listEventsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(EVENT_SEARCH_MAX_LENGTH, `Search at most ${EVENT_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .describe('Part of a team or competition name (case-insensitive).'),
  sport: z.enum(SPORTS, { error: SPORT_NOT_LISTED_MESSAGE }).optional(),
  from: isoString.optional().describe('Events starting at or after this time.'),
  to: isoString.optional().describe('Events starting at or before this time.'),
  limit: pageLimitParam(EVENTS_PAGE_MAX, EVENTS_PAGE_DEFAULT),
  cursor: cursorParamSchema,
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

/** GET /api/admin/events: every event, any status, latest start first (the admin's Events tab). */
export const adminEventsQuerySchema = z.object({
  q: listEventsQuerySchema.shape.q,
  status: z
    .enum(EVENT_STATUSES, { error: `Status must be one of ${EVENT_STATUSES.join(', ')}` })
    .optional()
    .describe('Only events of this status.'),
  limit: pageLimitParam(EVENTS_PAGE_MAX, EVENTS_PAGE_DEFAULT),
  offset: z.coerce
    .number({ error: 'Offset must be a whole number from 0' })
    .int('Offset must be a whole number from 0')
    .min(0, 'Offset must be a whole number from 0')
    .max(1_000_000, 'Offset must be at most 1,000,000')
    .default(0),
});
export type AdminEventsQuery = z.input<typeof adminEventsQuerySchema>;

export const adminEventPageSchema = z.object({
  events: z.array(eventSchema),
  total: z.number().int().describe('Events matching the search, on every page.'),
});
export type AdminEventPage = z.infer<typeof adminEventPageSchema>;

export const importEventsQuerySchema = z.object({
  format: z.enum(FEED_FORMATS, { error: `format must be one of ${FEED_FORMATS.join(', ')}` }),
  timezone: z
    .string()
    .max(64)
    .optional()
    .describe("The IANA time zone of the file's local times (football-json), e.g. Europe/London."),
  competition: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('The competition, where the file does not name it.'),
});

export const importEventsResultSchema = z.object({
  created: z.number().int().describe('Events new to the catalog.'),
  updated: z.number().int().describe('Events the file changed (start, status, score, names).'),
  graded: z.number().int().describe('Pending bets and parlay legs settled from the results (or voided) by this file.'),
});
export type ImportEventsResult = z.infer<typeof importEventsResultSchema>;

export const importEventsRefusalSchema = z.object({
  error: z.string(),
  rows: z.array(z.object({ row: z.number().int(), message: z.string() })).optional(),
});
export type ImportEventsRefusal = z.infer<typeof importEventsRefusalSchema>;

/** PATCH /api/admin/events/{id}: any of the start, the status and the score. */
export const correctEventSchema = z
  .strictObject(
    {
      startsAt: isoString.optional(),
      status: z.enum(EVENT_STATUSES, { error: `Status must be one of ${EVENT_STATUSES.join(', ')}` }).optional(),
      score: scoreSchema.nullable().optional().describe('The final score (with status final); null to clear it.'),
    },
    strictBody,
  )
  .refine((v) => v.startsAt !== undefined || v.status !== undefined || v.score !== undefined, {
    message: 'Send at least one of startsAt, status and score',
  });
export type CorrectEventInput = z.input<typeof correctEventSchema>;

export const correctedEventSchema = z.object({
  event: eventSchema,
  graded: z.number().int().describe('Pending bets and parlay legs the correction settled.'),
});
