import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Usernames a profile has given up, written only by the `profiles_username_history` trigger
 * (db/functions/profiles_record_old_username.sql) on every change of profiles.username. `/{old name}` redirects to the profile's
 * current name for 30 days after renamed_at, while no profile holds the old name
 * (modules/profiles/pages.ts).
 */
export const usernameHistory = pgTable(
  'username_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    oldUsername: text('old_username').notNull(),
    renamedAt: timestamp('renamed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('username_history_old_username_idx').on(t.oldUsername, t.renamedAt)],
);
