import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { INBOX_KINDS, INBOX_PRIORITIES, INBOX_STATUSES, type AdType, type Budget } from '../../../shared/inbox.ts';
import { user } from './auth.ts';

/** The advertiser inquiry's extra answers (absent keys: not chosen). */
export interface AdvertisingDetails {
  budget?: Budget;
  adType?: AdType;
}

/**
 * Everything visitors send us through a form, in one table so the admin's Issues view lists,
 * filters and moves them through one status flow (open → in-progress → resolved → closed):
 *
 * - `kind` 'contact': the contact form. `name` is the person, `subject` is optional, `details` is {}.
 * - `kind` 'advertising': the advertiser inquiry. `name` is the company, `subject` is null,
 *   `details` holds `{ budget?, adType? }` (AdvertisingDetails).
 *
 * `priority` starts at medium for every message; the admin view may change it. `user_id` is the
 * signed-in account that sent it, if any (the Issues view's "User" column); messages outlive it.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    details: jsonb('details').$type<AdvertisingDetails>().notNull().default({}),
    status: text('status', { enum: INBOX_STATUSES }).notNull().default('open'),
    priority: text('priority', { enum: INBOX_PRIORITIES }).notNull().default('medium'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_messages_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('inbox_messages_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    check('inbox_messages_kind', sql`${t.kind} in ('contact', 'advertising')`),
    check('inbox_messages_status', sql`${t.status} in ('open', 'in-progress', 'resolved', 'closed')`),
    check('inbox_messages_priority', sql`${t.priority} in ('low', 'medium', 'high')`),
    check('inbox_messages_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('inbox_messages_email_length', sql`char_length(${t.email}) between 3 and 254`),
    check('inbox_messages_message_length', sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

/**
 * Newsletter sign-ups. Emails are stored lowercased (the CHECK keeps it so), which makes the
 * plain unique constraint case-insensitive: subscribing twice, in any case, keeps one row.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('newsletter_subscriptions_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Fixed-window counters for the inbox forms' spam limits, keyed by form and client address.
 * In the database, so a limit holds across restarts and across instances behind a load balancer.
 */
export const inboxRateLimits = pgTable(
  'inbox_rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('inbox_rate_limits_window_start_idx').on(t.windowStart)],
);
