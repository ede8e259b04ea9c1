import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { QuotaBucket } from '../../../shared/quotas.ts';
import { user } from './auth.ts';

/**
 * Per-user quotas (src/server/edge/quotas.ts, migration 0018): for each user and bucket (every write;
 * analytics; the CSV export), how many requests the current minute window and day window have
 * counted and when each began. A window is over once its length has passed since it began; the
 * next request starts a new one at 1. In the database, so every server behind a load balancer
 * counts into the same row.
 */
export const userQuotas = pgTable(
  'user_quotas',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bucket: text('bucket').$type<QuotaBucket>().notNull(),
    minuteStart: timestamp('minute_start', { withTimezone: true }).notNull(),
    minuteCount: integer('minute_count').notNull(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    dayCount: integer('day_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_quotas_pkey', columns: [t.userId, t.bucket] }),
    check('user_quotas_bucket', sql`${t.bucket} in ('writes', 'analytics', 'export')`),
    check('user_quotas_counts_positive', sql`${t.minuteCount} >= 1 and ${t.dayCount} >= 1`),
  ],
);
