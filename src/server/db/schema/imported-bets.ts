import { index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { BET_STATUSES } from '../../../shared/bets.ts';
import { user } from './auth.ts';

/**
 * A bettor's imported history (migration 0022, docs/decisions/009): bets typed in after the fact.
 * Apart from `bets` on purpose: no trigger, summary, ledger or community query reads this table,
 * so nothing public can count an imported bet. Its CHECKs are in the migration.
 */
export const importedBets = pgTable(
  'imported_bets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').notNull(),
    /** sha256 of the row's normalised fields: unique per user, so a re-import adds nothing. */
    rowHash: text('row_hash').notNull(),
    description: text('description').notNull(),
    sport: text('sport').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    odds: text('odds').notNull(),
    decimalOdds: numeric('decimal_odds', { precision: 14, scale: 6 }).notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: BET_STATUSES }).notNull(),
    profitLoss: numeric('profit_loss', { precision: 16, scale: 2 }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('imported_bets_user_row_hash_unique').on(t.userId, t.rowHash),
    index('imported_bets_user_event_idx').on(t.userId, t.eventDate.desc(), t.id.desc()),
  ],
);
