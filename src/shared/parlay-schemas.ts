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
import {
  combinedOdds,
  combinedOddsError,
  PARLAY_LEG_COUNT_MESSAGE,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
} from './parlays.ts';

/**
 * The record-parlay body: `{ amount, legs: [{ description, sport, odds, eventDate }, ...] }`.
 * Given a clock, each leg's start is checked as a single bet's (more than 6 hours ahead, at most
 * 2 years), so the parlay's earliest leg keeps the 6-hour rule.
 */
export function createRecordParlaySchema(now?: () => Date) {
  const leg = z.strictObject(
    { description: descriptionSchema, sport: sportSchema, odds: oddsSchema, eventDate: eventDateAt(now) },
    strictBody,
  );
  return z.strictObject(
    {
      amount: amountSchema,
      legs: z
        .array(leg, { error: 'Legs must be a list of legs' })
        .min(PARLAY_MIN_LEGS, PARLAY_LEG_COUNT_MESSAGE)
        .max(PARLAY_MAX_LEGS, PARLAY_LEG_COUNT_MESSAGE)
        .superRefine((legs, ctx) => {
          const parsed = legs.map((l) => parseOdds(l.odds));
          if (parsed.some((p) => !p.ok)) return;
          const error = combinedOddsError(combinedOdds(parsed.map((p) => (p.ok ? p.decimal : rational(1n)))));
          if (error) ctx.addIssue({ code: 'custom', message: error });
        }),
    },
    strictBody,
  );
}

export const recordParlaySchema = createRecordParlaySchema();
export type RecordParlayInput = z.input<typeof recordParlaySchema>;
export type RecordParlayLeg = RecordParlayInput['legs'][number];

const isParlayBody = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'legs' in value;

/**
 * POST /api/bets: a body with `legs` is a parlay, any other a single bet, each validated by its
 * own schema (so the field errors name that body's fields, such as `legs.1.odds`).
 */
export function createRecordAnyBetSchema(now?: () => Date) {
  const single = createRecordBetSchema(now);
  const parlay = createRecordParlaySchema(now);
  return z.unknown().transform((value, ctx) => {
    const result = isParlayBody(value)
      ? parlay.safeParse(value)
      : (single.safeParse(value) as z.ZodSafeParseResult<z.output<typeof single> | z.output<typeof parlay>>);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      // Forwarded as custom issues at the same paths (an unknown key as validate() words it).
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          ctx.addIssue({ code: 'custom', message: 'Unknown field', path: [...issue.path, key] });
      } else ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}
