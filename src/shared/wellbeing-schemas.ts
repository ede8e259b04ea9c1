/**
 * The wellbeing API's wire format (GET/PUT /api/me/wellbeing, POST /api/me/wellbeing/check,
 * POST /api/me/cool-off), zod built on the rules in wellbeing.ts (docs/decisions/015).
 */
import { z } from 'zod';
import { amountSchema } from './bet-schemas.ts';
import {
  BUDGET_PERIODS,
  COOL_OFF_DAYS,
  REALITY_CHECK_MINUTES,
  type BudgetStanding,
  type LossChase,
} from './wellbeing.ts';

const PERIOD_MESSAGE = 'Choose a period: week, month or payday';

export const budgetSchema = z
  .object({
    period: z.enum(BUDGET_PERIODS, { error: PERIOD_MESSAGE }),
    /** The day of the month pay arrives: only with the period 'payday'. */
    payDay: z
      .number({ error: 'Pay day must be a day of the month, 1 to 31' })
      .int('Pay day must be a day of the month, 1 to 31')
      .min(1, 'Pay day must be a day of the month, 1 to 31')
      .max(31, 'Pay day must be a day of the month, 1 to 31')
      .nullish(),
    stakeLimit: amountSchema.nullish(),
    lossLimit: amountSchema.nullish(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.stakeLimit && !b.lossLimit)
      ctx.addIssue({ code: 'custom', path: ['stakeLimit'], message: 'Set a limit on stakes, on net loss, or both' });
    if (b.period === 'payday' && !b.payDay)
      ctx.addIssue({ code: 'custom', path: ['payDay'], message: 'Choose the day of the month you are paid' });
    if (b.period !== 'payday' && b.payDay)
      ctx.addIssue({ code: 'custom', path: ['payDay'], message: 'A pay day goes with the period "payday" only' });
  });
export type BudgetInput = z.infer<typeof budgetSchema>;

/** PUT /api/me/wellbeing: the settings sent are replaced; those left out stay as they are. */
export const putWellbeingSchema = z
  .object({
    /** null removes the budget. */
    budget: budgetSchema.nullable().optional(),
    realityCheckMinutes: z
      .union(
        REALITY_CHECK_MINUTES.map((n) => z.literal(n)),
        { error: 'Reality check: every 30, 60 or 120 minutes, or null for none' },
      )
      .nullable()
      .optional(),
    monthlyStatement: z.boolean({ error: 'monthlyStatement must be true or false' }).optional(),
  })
  .strict();
export type PutWellbeingInput = z.infer<typeof putWellbeingSchema>;

export const coolOffSchema = z
  .object({
    days: z.union(
      COOL_OFF_DAYS.map((n) => z.literal(n)),
      { error: 'days: 1, 7, 30 or 182' },
    ),
  })
  .strict();

export const wellbeingCheckSchema = z.object({ amount: amountSchema }).strict();

export interface Budget {
  period: (typeof BUDGET_PERIODS)[number];
  payDay: number | null;
  stakeLimit: string | null;
  lossLimit: string | null;
}

export interface CoolOff {
  startedAt: string;
  until: string;
}

/** GET /api/me/wellbeing (and PUT's answer): the owner's settings and where they stand now. */
export interface Wellbeing {
  budget: Budget | null;
  standing: BudgetStanding | null;
  /** The cool-off, while it lasts (null once it has ended). */
  coolOff: CoolOff | null;
  realityCheckMinutes: number | null;
  monthlyStatement: boolean;
}

/** POST /api/me/wellbeing/check: what recording a bet with this stake would mean, asked before recording it. */
export interface WellbeingCheck {
  /** The standing as if the bet were recorded; null without a budget. */
  budget: BudgetStanding | null;
  budgetWarning: string | null;
  lossChase: LossChase | null;
  question: string | null;
}

/** Added to POST /api/bets's answer when the bettor has a budget: the standing with the new bet. */
export interface BudgetAfterBet {
  budget?: BudgetStanding;
}
