import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Summaries behind the Spotlight leaderboard and the Influencers directory, kept by statement-level
 * triggers on `bets` (db/functions/community_summaries_apply.sql) whatever code writes bets, like user_bet_stats.
 */

/**
 * Per user and UTC day of settlement: the won and lost bets settled that day (a void bet is in no
 * day), and running totals through that day. Only days with a won or lost bet have a row. A user's totals of bets settled before a day are
 * then one lookup (the latest row before it), however long the history.
 */
export const userBetDays = pgTable(
  'user_bet_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** (settled_at at time zone 'UTC')::date */
    day: date('day', { mode: 'string' }).notNull(),
    settled: integer('settled').notNull().default(0),
    won: integer('won').notNull().default(0),
    profit: numeric('profit', { precision: 20, scale: 2 }).notNull().default('0'),
    staked: numeric('staked', { precision: 20, scale: 2 }).notNull().default('0'),
    /** Σ u, Σ u² and Σ decimal odds of those bets (migration 0019): the level-stakes yield's interval. */
    levelProfit: numeric('level_profit').notNull().default('0'),
    levelProfitSq: numeric('level_profit_sq').notNull().default('0'),
    oddsSum: numeric('odds_sum').notNull().default('0'),
    /** Totals of every won or lost bet the user settled on this day or before. */
    cumSettled: integer('cum_settled').notNull().default(0),
    cumWon: integer('cum_won').notNull().default(0),
    cumProfit: numeric('cum_profit', { precision: 20, scale: 2 }).notNull().default('0'),
    cumStaked: numeric('cum_staked', { precision: 20, scale: 2 }).notNull().default('0'),
    cumLevelProfit: numeric('cum_level_profit').notNull().default('0'),
    cumLevelProfitSq: numeric('cum_level_profit_sq').notNull().default('0'),
    cumOddsSum: numeric('cum_odds_sum').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'user_bet_days_pkey', columns: [t.userId, t.day] })],
);

/** Per user and sport: how many bets (any status, void included) and the won and lost results. Rows with no bets are removed. */
export const userSportStats = pgTable(
  'user_sport_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** bets.bet_type */
    sport: text('sport').notNull(),
    bets: integer('bets').notNull().default(0),
    won: integer('won').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    profit: numeric('profit', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'user_sport_stats_pkey', columns: [t.userId, t.sport] }),
    /** The Influencers sport filter: everyone with a bet in one sport, as an index-only range. */
    index('user_sport_stats_sport_user_id_idx').on(t.sport, t.userId),
  ],
);

/*
 * Also for the community queries (migration 0011, SQL only: the table's schema lives in
 * profiles.ts): user_settings_public_user_id_idx, the user ids of public profiles
 * (privacy_settings->>'profile_public' = 'true'), so both pages read them index-only instead of
 * extracting the flag from every settings row's JSON.
 */

/**
 * The days for which `user_bet_totals_before` holds every user's totals: the first (UTC) days of
 * the Spotlight's rolling windows, written the first time a window starting that day is asked for
 * (a few per day; rows older than 36 hours are dropped then).
 */
export const userBetTotalsBeforeDays = pgTable('user_bet_totals_before_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each user's totals of the bets settled before `day` (UTC), for the days listed in
 * user_bet_totals_before_days; no row means zero. A window (S, E]'s totals for every user are then
 * one range scan: all-time − settled after E − totals before S's day − settled on S's day up to S.
 * The bets triggers keep these rows current when a bet settled before `day` is written or deleted.
 */
export const userBetTotalsBefore = pgTable(
  'user_bet_totals_before',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => userBetTotalsBeforeDays.day, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    settled: integer('settled').notNull().default(0),
    won: integer('won').notNull().default(0),
    profit: numeric('profit', { precision: 20, scale: 2 }).notNull().default('0'),
    staked: numeric('staked', { precision: 20, scale: 2 }).notNull().default('0'),
    levelProfit: numeric('level_profit').notNull().default('0'),
    levelProfitSq: numeric('level_profit_sq').notNull().default('0'),
    oddsSum: numeric('odds_sum').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'user_bet_totals_before_pkey', columns: [t.day, t.userId] })],
);
