import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A number per user that moves with every change to their bets or parlay legs, whatever makes it
 * (statement triggers of migration 0024 on `bets` and `bet_legs`): the version a cached first page
 * of bets is checked against (modules/bets/page-cache.ts, decision 014). Absent for a user who has
 * never had a bet.
 */
export const betRecordVersions = pgTable('bet_record_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
