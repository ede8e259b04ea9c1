/**
 * The record-parlay body (docs/decisions/008-parlays.md), built on the rules of parlays.ts and
 * bets.ts; POST /api/bets takes a single bet or a parlay through createRecordAnyBetSchema.
 */
import { z } from 'zod';
import {
  amountSchema,
  createRecordBetSchema,
  descriptionSchema,
  eventDateAt,
  oddsSchema,
  sportSchema,
  strictBody,
} from './bet-schemas.ts';
import { parseOdds, rational } from './odds.ts';
import { isListedBody, listedLegSchema, recordListedBetSchema } from './event-schemas.ts';
import { PARLAY_SAME_EVENT_MESSAGE } from './events.ts';
import {
  combinedOdds,
  combinedOddsError,
  PARLAY_LEG_COUNT_MESSAGE,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
} from './parlays.ts';

/** A parlay of `leg`s: 2-15 of them, on different listed events, their combined odds in range. */
function parlayOf<Leg extends z.ZodType<{ odds: string; eventId?: string }>>(leg: Leg) {
  return z.strictObject(
    {
      amount: amountSchema,
      legs: z
        .array(leg, { error: 'Legs must be a list of legs' })
        .min(PARLAY_MIN_LEGS, PARLAY_LEG_COUNT_MESSAGE)
        .max(PARLAY_MAX_LEGS, PARLAY_LEG_COUNT_MESSAGE)
        .superRefine((legs, ctx) => {
          const events = legs.flatMap((l) => (l.eventId === undefined ? [] : [l.eventId]));
          if (new Set(events).size < events.length)
            ctx.addIssue({ code: 'custom', message: PARLAY_SAME_EVENT_MESSAGE });
          const parsed = legs.map((l) => parseOdds(l.odds));
          if (parsed.some((p) => !p.ok)) return;
          const error = combinedOddsError(combinedOdds(parsed.map((p) => (p.ok ? p.decimal : rational(1n)))));
          if (error) ctx.addIssue({ code: 'custom', message: error });
        }),
    },
    strictBody,
  );
}

/** A self-reported leg: `{ description, sport, odds, eventDate }`, its start checked given a clock. */
const ownLegSchema = (now?: () => Date) =>
  z.strictObject(
    { description: descriptionSchema, sport: sportSchema, odds: oddsSchema, eventDate: eventDateAt(now) },
    strictBody,
  );

/**
 * The record-parlay body of self-reported legs: `{ amount, legs: [{ description, sport, odds,
 * eventDate }, ...] }` (the record dialog's and the demo's form). Given a clock, each leg's start
 * is checked as a single bet's (more than 6 hours ahead, at most 2 years), so the parlay's
 * earliest leg keeps the 6-hour rule.
 */
export function createRecordParlaySchema(now?: () => Date) {
  return parlayOf(ownLegSchema(now));
}

/**
 * The record-parlay body POST /api/bets takes: each leg self-reported, or on a listed event
 * (`{ eventId, market, selection, line?, odds }`, its start, sport and description from the
 * event: event-schemas.ts). Two legs on one event are refused.
 */
export function createRecordAnyParlaySchema(now?: () => Date) {
  const own = ownLegSchema(now);
  return parlayOf(
    z
      .unknown()
      .transform((value, ctx): z.output<typeof own> | z.output<typeof listedLegSchema> =>
        isListedBody(value) ? forwardIssues(listedLegSchema, value, ctx) : forwardIssues(own, value, ctx),
      ),
  );
}

/** createRecordAnyParlaySchema's shape for the OpenAPI document (each leg one of the two forms). */
export const recordAnyParlayDocSchema = z.strictObject({
  amount: amountSchema,
  legs: z
    .array(z.union([ownLegSchema(), listedLegSchema]))
    .min(PARLAY_MIN_LEGS)
    .max(PARLAY_MAX_LEGS),
});
export type RecordAnyParlayInput = z.output<ReturnType<typeof createRecordAnyParlaySchema>>;

export const recordParlaySchema = createRecordParlaySchema();
export type RecordParlayInput = z.input<typeof recordParlaySchema>;
export type RecordParlayLeg = RecordParlayInput['legs'][number];

/**
 * `schema`'s parse of `value`, its issues forwarded as custom issues at the same paths (an unknown
 * key as validate() words it), so the field errors name the body's own fields.
 */
function forwardIssues<T extends z.ZodType>(schema: T, value: unknown, ctx: z.RefinementCtx): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        ctx.addIssue({ code: 'custom', message: 'Unknown field', path: [...issue.path, key] });
    } else ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
}

const isParlayBody = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'legs' in value;

/**
 * POST /api/bets: a body with `legs` is a parlay, one with `eventId` a single bet on a listed
 * event, any other a self-reported single bet, each validated by its own schema (so the field
 * errors name that body's fields, such as `legs.1.odds`).
 */
export function createRecordAnyBetSchema(now?: () => Date) {
  const single = createRecordBetSchema(now);
  const parlay = createRecordAnyParlaySchema(now);
  return z
    .unknown()
    .transform(
      (value, ctx): z.output<typeof single> | z.output<typeof parlay> | z.output<typeof recordListedBetSchema> =>
        isParlayBody(value)
          ? forwardIssues(parlay, value, ctx)
          : isListedBody(value)
            ? forwardIssues(recordListedBetSchema, value, ctx)
            : forwardIssues(single, value, ctx),
    );
}
