import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A number per user that moves with every change to their bets or parlay legs, whatever makes it
 * (statement triggers, db/functions/bet_record_versions_bump.sql, on `bets` and `bet_legs`; a row moved to another
 * user moves both owners): the version a kept first page of bets or kept statistics are checked
 * against (modules/bets/kept-answers.ts, decision 014). Absent for a user who has never had a bet.
 */
export const betRecordVersions = pgTable('bet_record_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
