import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth.ts';

/**
 * The bettor's own wellbeing settings (migration 0030, docs/decisions/034 and 035): a budget, a
 * cool-off (never shortened: function user_wellbeing_cool_off_only_longer), the reminders, and how
 * often the loss-chasing question was asked. Read and written only for the session's own user.
 */
export const userWellbeing = pgTable(
  'user_wellbeing',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    budgetPeriod: text('budget_period', { enum: ['week', 'month', 'payday'] }),
    payDay: smallint('pay_day'),
    stakeLimit: numeric('stake_limit', { precision: 12, scale: 2 }),
    lossLimit: numeric('loss_limit', { precision: 12, scale: 2 }),
    coolOffStartedAt: timestamp('cool_off_started_at', { withTimezone: true }),
    coolOffUntil: timestamp('cool_off_until', { withTimezone: true }),
    realityCheckMinutes: smallint('reality_check_minutes'),
    monthlyStatement: boolean('monthly_statement').notNull().default(false),
    lastStatementMonth: date('last_statement_month'),
    lossChasePrompts: integer('loss_chase_prompts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_wellbeing_budget_period', sql`${t.budgetPeriod} IN ('week', 'month', 'payday')`),
    check('user_wellbeing_pay_day', sql`${t.payDay} BETWEEN 1 AND 31`),
  ],
);

/** What each user staked per UTC day of recording, kept by function user_stake_days_apply's triggers on bets. */
export const userStakeDays = pgTable(
  'user_stake_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    staked: numeric('staked', { precision: 20, scale: 2 }).notNull().default('0'),
    bets: integer('bets').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'user_stake_days_pkey', columns: [t.userId, t.day] })],
);
