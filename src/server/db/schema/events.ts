import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { EventStatus } from '../../../shared/events.ts';
import { user } from './auth.ts';

/**
 * The events catalog (migration 0027, docs/decisions/022): events from fixtures and results feeds.
 * The migration holds the rules (CHECK constraints, the unique source, the triggers that grade
 * bets when an event becomes final or cancelled); this declares the columns for queries.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceFeed: text('source_feed').notNull(),
    sourceId: text('source_id').notNull(),
    sport: text('sport').notNull(),
    competition: text('competition').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    status: text('status').$type<EventStatus>().notNull().default('scheduled'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('events_source_unique').on(t.sourceFeed, t.sourceId),
    index('events_upcoming_idx')
      .on(t.startsAt, t.id)
      .where(sql`status = 'scheduled'`),
  ],
);

/** A bookmaker's decimal price for one selection of an event (before it, or at its close). */
export const eventPrices = pgTable('event_prices', {
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  bookmaker: text('bookmaker').notNull(),
  kind: text('kind').$type<'pre' | 'closing'>().notNull(),
  market: text('market').notNull(),
  selection: text('selection').notNull(),
  line: numeric('line', { precision: 6, scale: 1 }),
  odds: numeric('odds', { precision: 14, scale: 6 }).notNull(),
});

/** Each user's graded and self-reported bets, kept by a statement trigger on bets (migration 0027). */
export const userBetKinds = pgTable('user_bet_kinds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  graded: integer('graded').notNull().default(0),
  selfReported: integer('self_reported').notNull().default(0),
  /** Bets deleted (within the delete window, before the start: migration 0035); never goes down. */
  deleted: integer('deleted').notNull().default(0),
});

/** Columns a bet and a parlay leg share when placed on a listed event (null for self-reported). */
export const eventSelectionColumns = () => ({
  eventId: uuid('event_id').references(() => events.id),
  market: text('market'),
  selection: text('selection'),
  line: numeric('line', { precision: 6, scale: 1 }),
});
