import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { BET_STATUSES, SPORTS } from '../../../shared/bets.ts';
import { bets } from './bets.ts';
import { eventSelectionColumns } from './events.ts';

/**
 * A parlay's legs (migration 0021, docs/decisions/008-parlays.md). The parlay itself is one `bets`
 * row; each leg is settled on its own, and the legs' trigger settles the parlay. The triggers of
 * 0021 hold the rest: 2-15 legs, each starting 6+ hours after the recording, final once settled.
 */
export const betLegs = pgTable(
  'bet_legs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    betId: uuid('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    /** 1, 2, ... in the order the bettor typed them. */
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    sport: text('sport').notNull(),
    /** As typed (+150, 2.5, 5/2). */
    odds: text('odds').notNull(),
    decimalOdds: numeric('decimal_odds', { precision: 14, scale: 6 }).notNull(),
    /** The odds as an exact fraction (src/shared/odds.ts), which the settlement multiplies. */
    oddsNum: numeric('odds_num').notNull(),
    oddsDen: numeric('odds_den').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: BET_STATUSES }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The listed event, market, selection and line (migration 0027); null for a self-reported leg. */
    ...eventSelectionColumns(),
  },
  (t) => [
    unique('bet_legs_bet_id_position_unique').on(t.betId, t.position),
    check('bet_legs_position_range', sql`${t.position} between 1 and 15`),
    check('bet_legs_description_length', sql`char_length(${t.description}) between 1 and 500`),
    /** The listed sports (migration 0040). */
    check('bet_legs_sport', sql`${t.sport} in (${sql.raw(SPORTS.map((s) => `'${s}'`).join(', '))})`),
    check('bet_legs_status', sql`${t.status} in ('pending', 'won', 'lost', 'void')`),
    check(
      'bet_legs_odds_exact',
      sql`${t.oddsDen} >= 1 and ${t.oddsNum} > ${t.oddsDen} and ${t.oddsNum} = trunc(${t.oddsNum}) and ${t.oddsDen} = trunc(${t.oddsDen}) and ${t.decimalOdds} = div(2 * ${t.oddsNum} * 1000000 + ${t.oddsDen}, 2 * ${t.oddsDen}) / 1000000`,
    ),
    check('bet_legs_settled_after_event_start', sql`${t.settledAt} is null or ${t.settledAt} >= ${t.eventDate}`),
    check('bet_legs_settlement_consistent', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
  ],
);
