import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BET_SPORTS, BET_STATUSES } from '../../../shared/bets.ts';
import { user } from './auth.ts';
import { eventSelectionColumns } from './events.ts';

export { BET_STATUSES, type BetStatus } from '../../../shared/bets.ts';

/** Money is numeric in SQL and a decimal string in JS (Drizzle's default for numeric): never a float. */
export const bets = pgTable(
  'bets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The odds as the user typed them (+150, 2.5, 5/2). */
    odds: text('odds').notNull(),
    decimalOdds: numeric('decimal_odds', { precision: 14, scale: 6 }).notNull(),
    /** The sport, stored as bet_type. */
    betType: text('bet_type').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: BET_STATUSES }).notNull().default('pending'),
    potentialWin: numeric('potential_win', { precision: 16, scale: 2 }).notNull(),
    profitLoss: numeric('profit_loss', { precision: 16, scale: 2 }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A parlay's number of legs (2-15, rows of bet_legs, migration 0021); null for a single bet. */
    legCount: smallint('leg_count'),
    /** A parlay's last leg's start (its place in the order of the game); null for a single bet. */
    lastEventDate: timestamp('last_event_date', { withTimezone: true }),
    /** The listed event, market, selection and line (migration 0027); null for a self-reported bet. */
    ...eventSelectionColumns(),
    /** Graded from an event's result (a single on a listed event, a parlay of listed legs only). */
    graded: boolean('graded').notNull().default(false),
    /** The owner's unit size when the bet was recorded (migration 0034; the database sets it). */
    unitSize: numeric('unit_size', { precision: 12, scale: 2 }),
  },
  (t) => [
    /**
     * A user's bets newest first: (user_id, created_at desc), with id desc as the keyset tiebreak
     * so a page is a plain index range scan (without id, the planner sorts the user's whole history).
     * NULLS FIRST is what `ORDER BY ... DESC` means; an index ordered otherwise cannot serve it.
     */
    index('bets_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /**
     * A user's settled bets by settlement time, (settled_at, id) (migration 0007): the analytics
     * queries read a user's settled bets from it without sorting (streaks and the profit line
     * follow the order of the game instead, docs/decisions/038). It also holds bet_type (INCLUDE, migration
     * 0042, which Drizzle's builder cannot write): the feed reads its candidates from it alone.
     */
    index('bets_user_id_settled_at_idx')
      .on(t.userId, t.settledAt, t.id)
      .where(sql`status <> 'pending'`),
    /**
     * Bets by settlement time across users: the Spotlight's "settled on the window's first day before
     * it opens" and "settled after now" sums (migration 0009) read one day's worth of it.
     */
    index('bets_settled_at_idx')
      .on(t.settledAt)
      .where(sql`settled_at is not null`),
    /** A user's pending bets by event start: the overdue count and the community pages' exclusion. */
    index('bets_user_id_pending_event_idx')
      .on(t.userId, t.eventDate)
      .where(sql`status = 'pending'`),
    check('bets_amount_min', sql`${t.amount} >= 0.01`),
    check('bets_decimal_odds_gt_one', sql`${t.decimalOdds} > 1`),
    check('bets_status', sql`${t.status} in ('pending', 'won', 'lost', 'void')`),
    /** The listed sports, or 'parlay' for a parlay (migration 0040). */
    check('bets_sport', sql`${t.betType} in (${sql.raw(BET_SPORTS.map((s) => `'${s}'`).join(', '))})`),
    /** A void bet (a cancelled event or a push) returns its stake: profit 0.00 (migration 0019). */
    check('bets_void_returns_stake', sql`${t.status} <> 'void' or ${t.profitLoss} = 0`),
    check('bets_description_length', sql`char_length(${t.description}) between 1 and 500`),
    /** The product's central rule, enforced by the database whatever the application does. */
    check('bets_event_at_least_6h_ahead', sql`${t.eventDate} > ${t.createdAt} + interval '6 hours'`),
    /**
     * A bet is settled only once its event has started (migration 0013 adds it NOT VALID: bets
     * settled early before the rule existed stay as they were, and as the ledger shows them).
     */
    check('bets_settled_after_event_start', sql`${t.settledAt} is null or ${t.settledAt} >= ${t.eventDate}`),
    check('bets_leg_count_range', sql`${t.legCount} is null or ${t.legCount} between 2 and 15`),
    check(
      'bets_parlay_shape',
      sql`(${t.legCount} is null and ${t.lastEventDate} is null and ${t.betType} <> 'parlay') or (${t.legCount} is not null and ${t.lastEventDate} >= ${t.eventDate} and ${t.betType} = 'parlay')`,
    ),
    check(
      'bets_settlement_consistent',
      sql`(${t.status} = 'pending' and ${t.profitLoss} is null and ${t.settledAt} is null) or (${t.status} <> 'pending' and ${t.profitLoss} is not null and ${t.settledAt} is not null)`,
    ),
  ],
);

/**
 * Per-user totals over `bets`, kept by triggers on `bets` (db/functions/user_bet_stats_apply.sql) whatever code writes
 * bets, so statistics (and later leaderboards) read one row instead of a user's whole history.
 */
export const userBetStats = pgTable('user_bet_stats', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  totalBets: integer('total_bets').notNull().default(0),
  won: integer('won').notNull().default(0),
  lost: integer('lost').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  totalStaked: numeric('total_staked', { precision: 20, scale: 2 }).notNull().default('0'),
  totalProfit: numeric('total_profit', { precision: 20, scale: 2 }).notNull().default('0'),
  /** Bets settled void / push (migration 0019): counted, in no rate. */
  voided: integer('voided').notNull().default(0),
  /** Stake of won and lost bets (ROI's denominator; a void bet's stake came back). */
  settledStaked: numeric('settled_staked', { precision: 20, scale: 2 }).notNull().default('0'),
  /**
   * Sums over won and lost bets behind the yield, the intervals and the p-value (migration 0019;
   * src/shared/stats.ts StatsTotals says what each is): Σ decimal odds, Σ u and Σ u² (u the
   * return per unit staked), Σ profit², Σ profit × stake, Σ stake², Σ stake² × (odds − 1).
   */
  oddsSum: numeric('odds_sum').notNull().default('0'),
  levelProfit: numeric('level_profit').notNull().default('0'),
  levelProfitSq: numeric('level_profit_sq').notNull().default('0'),
  profitSq: numeric('profit_sq').notNull().default('0'),
  profitStake: numeric('profit_stake').notNull().default('0'),
  stakeSq: numeric('stake_sq').notNull().default('0'),
  breakEvenVar: numeric('break_even_var').notNull().default('0'),
  /**
   * Streaks over settled bets in the order of the game: event start (a parlay's last leg's), then
   * id (docs/decisions/038). Kept by a trigger (db/functions/user_bet_streaks_apply.sql): a result
   * after the last one in that order extends the run; anything else (a delete, a result for an
   * earlier event) recounts that user.
   */
  longestWinStreak: integer('longest_win_streak').notNull().default(0),
  /** Wins in a row at the end of that order. */
  currentWinStreak: integer('current_win_streak').notNull().default(0),
  /** The same for lost bets (migration 0019; void bets neither break nor extend a run). */
  longestLossStreak: integer('longest_loss_streak').notNull().default(0),
  currentLossStreak: integer('current_loss_streak').notNull().default(0),
  /**
   * The running total of profit in that order: its highest point (the start counts as 0)
   * and its largest fall from a peak (migration 0019), kept like the streaks.
   */
  peakProfit: numeric('peak_profit', { precision: 20, scale: 2 }).notNull().default('0'),
  maxDrawdown: numeric('max_drawdown', { precision: 20, scale: 2 }).notNull().default('0'),
  /** The last settled bet in that order (null when none): where an append must start after. `lastSettledAt` holds its event start. */
  lastSettledAt: timestamp('last_settled_at', { withTimezone: true }),
  lastSettledId: uuid('last_settled_id'),
  /** The largest single stake among the user's bets, 0 with none (the High Roller achievement). */
  maxAmount: numeric('max_amount', { precision: 12, scale: 2 }).notNull().default('0'),
});

export const adminLogs = pgTable(
  'admin_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: text('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    targetUserId: text('target_user_id').references(() => user.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_logs_created_at_idx').on(t.createdAt.desc())],
);
