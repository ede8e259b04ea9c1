import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { NOTIFY_CHOICES } from '../../../shared/notifications.ts';

/**
 * Who follows whom (migration 0032; docs/decisions/036). One row per pair, never oneself. Whether
 * the followee's picks are shown is read at feed time from their visibility (profiles/visibility.ts),
 * not stored here.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the follower is told of the followee's picks (migration 0036_notifications; docs/decisions/045). */
    notify: text('notify', { enum: NOTIFY_CHOICES }).notNull().default('none'),
  },
  (t) => [
    primaryKey({ name: 'follows_pkey', columns: [t.followerId, t.followeeId] }),
    /** A profile's followers (its count). */
    index('follows_followee_id_idx').on(t.followeeId, t.followerId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
