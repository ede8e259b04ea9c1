/**
 * The bets API contract: one set of zod schemas validates the server's input, types the client,
 * feeds the record-bet form's resolver and generates the OpenAPI document. The rules they apply
 * live in bets.ts, which builds no schema (docs/decisions/015).
 */
import { z } from 'zod';
import { cursorParamSchema, pageLimitParam } from './paging.ts';
import {
  INVALID_ODDS_MESSAGE,
  ODDS_BELOW_MINIMUM_MESSAGE,
  ODDS_MAX_LENGTH,
  isBelowMinimumOdds,
  parseOdds,
} from './odds.ts';
import {
  BET_SPORTS,
  BET_STATUSES,
  BETS_PAGE_DEFAULT,
  BETS_PAGE_MAX,
  DESCRIPTION_MAX_LENGTH,
  eventTimeError,
  SETTLED_STATUSES,
  SPORT_NOT_LISTED_MESSAGE,
  SPORTS,
  STAKE_MESSAGES,
  stakeProblem,
} from './bets.ts';
import { BET_KINDS, MARKETS, SELECTIONS } from './events.ts';

/** A zod error callback: `required` for a missing value, `invalid` for a value of the wrong type. */
const typeError = (required: string, invalid: string | ((input: unknown) => string)) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? required
    : typeof invalid === 'string'
      ? invalid
      : invalid(issue.input);

const ISO_WITH_OFFSET = z.iso.datetime({ offset: true });

export const descriptionSchema = z
  .string({ error: typeError('Description is required', 'Description must be text') })
  .trim()
  .min(1, 'Description is required')
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
  .refine((s) => !s.includes('\u0000'), 'Description must not contain control character NUL');

/** A stake: a decimal string ("10", "10.50"), never a JSON number (a float cannot hold cents). */
export const amountSchema = z
  .string({
    error: typeError(STAKE_MESSAGES.required, (input) =>
      typeof input === 'number'
        ? 'Stake (amount) must be a decimal string such as "10.50", not a JSON number'
        : 'Stake (amount) must be a decimal string such as "10.50"',
    ),
  })
  .trim()
  .min(1, STAKE_MESSAGES.required)
  .superRefine((text, ctx) => {
    if (text.length === 0) return;
    const problem = stakeProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Odds as typed: American (+150, -110, 150), decimal (2.50) or fractional (5/2). Kept as typed (trimmed). */
export const oddsSchema = z
  .string({ error: typeError('Odds are required', INVALID_ODDS_MESSAGE) })
  .trim()
  .min(1, 'Odds are required')
  .max(ODDS_MAX_LENGTH, INVALID_ODDS_MESSAGE)
  .refine((s) => s.length === 0 || s.length > ODDS_MAX_LENGTH || parseOdds(s).ok, INVALID_ODDS_MESSAGE)
  .refine((s) => {
    const parsed = parseOdds(s);
    return !parsed.ok || !isBelowMinimumOdds(parsed.decimal);
  }, ODDS_BELOW_MINIMUM_MESSAGE);

export const sportSchema = z.enum(SPORTS, {
  error: typeError('Sport is required', SPORT_NOT_LISTED_MESSAGE),
});

const EVENT_DATE_FORMAT_MESSAGE =
  'Event date must be an ISO 8601 date-time with an offset, such as 2026-05-01T18:00:00Z';

export const eventDateSchema = z.iso.datetime({
  offset: true,
  error: typeError('Event date is required', EVENT_DATE_FORMAT_MESSAGE),
});

/** A JSON body's object: an unknown key is reported as such (validate()), anything else as not an object. */
export const strictBody = {
  error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? undefined : 'Expected a JSON object'),
};

/**
 * An event's start. Given a clock, it also checks the time (more than 6 hours ahead, at most 2
 * years): the server passes its clock, the form passes the browser's for a fast answer.
 */
export function eventDateAt(now?: () => Date) {
  if (!now) return eventDateSchema;
  return eventDateSchema.superRefine((value, ctx) => {
    if (!ISO_WITH_OFFSET.safeParse(value).success) return;
    const error = eventTimeError(new Date(value), now());
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
}

/** The record-bet body; given a clock, its event time is checked too (eventDateAt). */
export function createRecordBetSchema(now?: () => Date) {
  return z.strictObject(
    {
      description: descriptionSchema,
      amount: amountSchema,
      odds: oddsSchema,
      sport: sportSchema,
      eventDate: eventDateAt(now),
    },
    strictBody,
  );
}

/** The record-bet body's shape without the clock-dependent checks (for types and documentation). */
export const recordBetSchema = createRecordBetSchema();
export type RecordBetInput = z.input<typeof recordBetSchema>;

export const settleBetSchema = z.strictObject(
  {
    status: z.enum(SETTLED_STATUSES, {
      error: typeError('Status is required', "Status must be 'won', 'lost' or 'void'"),
    }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'Expected a JSON object') },
);
export type SettleBetInput = z.input<typeof settleBetSchema>;

export const listBetsQuerySchema = z.object({
  limit: pageLimitParam(BETS_PAGE_MAX, BETS_PAGE_DEFAULT),
  cursor: cursorParamSchema,
});
export type ListBetsQuery = z.input<typeof listBetsQuerySchema>;

const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);
const isoString = z.iso.datetime({ offset: true });

/** Where a bet or leg on a listed event says which; all null for a self-reported one. */
const gradedFields = (what: 'bet' | 'leg') => ({
  kind: z
    .enum(BET_KINDS)
    .describe(
      what === 'bet'
        ? "'graded': on listed events, settled from their results (a parlay whose every leg is); 'self-reported': settled by the bettor."
        : "'graded': on a listed event, settled from its result; 'self-reported': settled by the bettor.",
    ),
  eventId: z.string().nullable().describe('The listed event (GET /api/events); null when self-reported.'),
  market: z.enum(MARKETS).nullable(),
  selection: z.enum(SELECTIONS).nullable(),
  line: z.number().nullable().describe("The spread's home handicap or the total's line; null otherwise."),
});

/** A parlay's leg as the API answers it. */
export const betLegSchema = z.object({
  id: z.string(),
  /** 1, 2, ... in the order typed. */
  position: z.number().int(),
  description: z.string(),
  sport: z.enum(SPORTS),
  odds: z.string(),
  decimalOdds: z.string(),
  eventDate: isoString,
  status: z.enum(BET_STATUSES),
  settledAt: isoString.nullable(),
  ...gradedFields('leg'),
});
export type BetLeg = z.infer<typeof betLegSchema>;

export const betSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** Stake, decimal string with 2 places. */
  amount: moneyString,
  /** The odds as typed. */
  odds: z.string(),
  /** Decimal odds to 6 places. */
  decimalOdds: z.string(),
  sport: z.enum(BET_SPORTS).describe("The sport; 'parlay' for a parlay."),
  eventDate: isoString.describe("The event's start; a parlay's earliest leg's start."),
  status: z.enum(BET_STATUSES),
  potentialWin: moneyString,
  profitLoss: moneyString.nullable(),
  settledAt: isoString.nullable(),
  createdAt: isoString,
  unitSize: moneyString
    .nullable()
    .describe(
      "The bettor's unit size when the bet was recorded, kept with it (a later change of the setting restates " +
        'no past bet): its stake and profit in units are amount ÷ unitSize. null when none was set then.',
    ),
  legs: z
    .array(betLegSchema)
    .nullable()
    .describe(
      "A parlay's legs in the order typed (each settled on its own with PATCH /api/bets/{id}/legs/{legId}); null for a single bet.",
    ),
  ...gradedFields('bet'),
});
export type Bet = z.infer<typeof betSchema>;

/**
 * A bet as a list shows it: the API's Bet narrowed to what a row reads. The dashboard's and a
 * profile's bets are Bets; an imported bet (imports.ts ImportedBet) and the landing demo's bet
 * (client demo-bets.ts DemoBet) are this shape as they are, with nothing filled in to fit. `kind` is
 * absent where nothing is graded (an imported bet), `unitSize` where no unit size was kept with the
 * bet (an imported or a demo bet: shown in dollars alone); the potential win is the owner's view's
 * alone, so it is not part of it.
 */
export type BetSummary = Pick<
  Bet,
  'id' | 'description' | 'status' | 'sport' | 'odds' | 'amount' | 'profitLoss' | 'eventDate'
> & { kind?: Bet['kind']; unitSize?: Bet['unitSize'] };

/** The most parts a position lists (its `bets` counts them all): a page stays bounded. */
export const POSITION_PARTS_LISTED = 20;

/** One bet of a position: when it was recorded, its stake, odds and unit size. */
export const positionPartSchema = z.object({
  id: z.string(),
  createdAt: isoString,
  amount: moneyString,
  decimalOdds: z.string(),
  unitSize: moneyString.nullable().describe("The bet's unit size, kept from its recording (as a Bet's)."),
});
export type PositionPart = z.infer<typeof positionPartSchema>;

/**
 * A position: an account's bets on one event, market, selection and line, counted as one pick
 * (stakes summed, odds weighted by stake, one result).
 */
export const betPositionSchema = z.object({
  selection: z.enum(SELECTIONS),
  line: z.number().nullable(),
  bets: z.number().int().describe('How many bets make it (its parts list at most 20 of them).'),
  stake: moneyString,
  /** Σ stake × odds / Σ stake, decimal to 6 places. */
  odds: z.string(),
  status: z.enum(BET_STATUSES),
  profitLoss: moneyString.nullable(),
  /** Its bets, first recorded first. */
  parts: z.array(positionPartSchema),
});
export type BetPosition = z.infer<typeof betPositionSchema>;

/** The positions of several bets among a page's graded bets, by positionKey; absent when none is. */
const pagePositions = z
  .record(z.string(), betPositionSchema)
  .optional()
  .describe("The positions of more than one bet among the page's bets, by 'eventId/market'.");

export const betPageSchema = z.object({
  bets: z.array(betSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  positions: pagePositions,
});
export type BetPage = z.infer<typeof betPageSchema>;

/** A 95% interval, in percent with one decimal (docs/decisions/007). */
export const intervalSchema = z
  .object({ low: z.number(), high: z.number() })
  .describe('A 95% interval, in percent with one decimal (low end never under -100).');
export type Interval = z.infer<typeof intervalSchema>;

/**
 * A user's statistics. The descriptions (here, and so in the OpenAPI document) say what each
 * figure is; docs/decisions/007 says how the interval and the p-value are computed.
 */
export const betStatsSchema = z.object({
  totalBets: z.number().int().describe('Every recorded bet, whatever its status.'),
  won: z.number().int(),
  lost: z.number().int(),
  pending: z.number().int(),
  voided: z
    .number()
    .int()
    .describe('Bets settled void / push (a cancelled event or a push): stake returned, profit 0.00, in no rate.'),
  winRate: z.number().describe('won / (won + lost) × 100, one decimal; 0 when nothing is won or lost.'),
  totalStaked: moneyString.describe('Stake of every bet.'),
  totalProfit: moneyString.describe('Sum of the profit of settled bets.'),
  settledStaked: moneyString.describe("Stake of won and lost bets (void excluded): ROI's denominator."),
  roi: z
    .number()
    .nullable()
    .describe('totalProfit / settledStaked × 100, one decimal; null when no bet is won or lost.'),
  roiInterval: intervalSchema
    .nullable()
    .describe(
      'A 95% interval for ROI: the normal approximation of the ratio of profit to stake, its spread never ' +
        "smaller than a break-even bettor's on the same stakes and odds; null when no bet is won or lost.",
    ),
  levelStakesYield: z
    .number()
    .nullable()
    .describe(
      'Level-stakes yield: the profit per unit staked had every won or lost bet staked one unit ' +
        '(won: odds − 1, lost: −1), in percent with one decimal (15 of 25 won at 2.00 is 20.0); null with none.',
    ),
  yieldInterval: intervalSchema
    .nullable()
    .describe(
      'A 95% interval for level-stakes yield, as the Spotlight and the directory rank by it (docs/decisions/007); null when no bet is won or lost.',
    ),
  pValue: z
    .number()
    .nullable()
    .describe(
      'The chance (0 to 1, four significant digits) that a break-even bettor, winning each bet with probability ' +
        '1 / decimal odds, makes at least this profit with the same stakes and odds (normal approximation); ' +
        'null when no bet is won or lost.',
    ),
  maxDrawdown: moneyString.describe(
    'The largest fall of cumulative profit from a peak in the order of the game: event start (a parlay: its last leg), then id (the start counts as a peak of 0.00).',
  ),
  longestWinningRun: z
    .number()
    .int()
    .describe(
      'The longest run of won bets in the order of the game: event start (a parlay: its last leg), then id (a void bet neither breaks nor extends a run).',
    ),
  longestLosingRun: z.number().int().describe('The longest run of lost bets, likewise.'),
  averageOdds: z.string().nullable().describe('Mean decimal odds of won and lost bets, 2 places; null with none.'),
  overdue: z
    .number()
    .int()
    .describe(
      'Self-reported bets still pending 72 hours after their event started (a parlay: any pending self-reported leg, from its own start); a graded bet is never overdue.',
    ),
  unitSize: moneyString
    .nullable()
    .describe("The bettor's unit size, when set (stakes and profit are shown in units too); null otherwise."),
});
export type BetStats = z.infer<typeof betStatsSchema>;

export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
