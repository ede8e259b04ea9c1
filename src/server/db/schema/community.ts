import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Summaries behind the Spotlight leaderboard and the Influencers directory, kept by statement-level
 * triggers on `bets` (db/functions/community_summaries_apply.sql) whatever code writes bets, like user_bet_stats.
 */

/**
 * Per user and UTC day of settlement: the won and lost bets settled that day (a void bet is in no
 * day) and their profit. Only days with a won or lost bet have a row. Plain sums, so a settlement
 * adds to its own day only; readers sum a user's days for running totals (the profile's analytics)
 * or a period (the well-being budget and statements).
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
  },
  (t) => [primaryKey({ name: 'user_bet_days_pkey', columns: [t.userId, t.day] })],
);

/**
 * Per user and UTC day of the games: the won and lost bets and their profit (migration 0041, kept
 * by db/functions/user_game_days_apply.sql), for the profit line in the order of the games.
 */
export const userGameDays = pgTable(
  'user_game_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** (coalesce(last_event_date, event_date) at time zone 'UTC')::date */
    day: date('day', { mode: 'string' }).notNull(),
    settled: integer('settled').notNull().default(0),
    profit: numeric('profit', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'user_game_days_pkey', columns: [t.userId, t.day] })],
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
