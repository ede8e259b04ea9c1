import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inboxMessages, inboxRateLimits, newsletterSubscriptions } from '../../db/schema/index.ts';
import type { AdvertiserInquiry, ContactMessage } from '../../../shared/inbox.ts';

export interface StoredMessage {
  id: string;
  createdAt: Date;
}

/** Stores a contact-form message (kind 'contact', status open). */
export async function storeContactMessage(
  db: Db,
  input: ContactMessage,
  opts: { userId: string | null; now: Date },
): Promise<StoredMessage> {
  const [row] = await db
    .insert(inboxMessages)
    .values({
      kind: 'contact',
      name: input.name,
      email: input.email,
      subject: input.subject ? input.subject : null,
      message: input.message,
      details: {},
      userId: opts.userId,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .returning({ id: inboxMessages.id, createdAt: inboxMessages.createdAt });
  return row!;
}

/** Stores an advertiser inquiry (kind 'advertising'; the company is the sender's name). */
export async function storeAdvertiserInquiry(
  db: Db,
  input: AdvertiserInquiry,
  opts: { userId: string | null; now: Date },
): Promise<StoredMessage> {
  const details: Record<string, string> = {};
  if (input.budget) details.budget = input.budget;
  if (input.adType) details.adType = input.adType;
  const [row] = await db
    .insert(inboxMessages)
    .values({
      kind: 'advertising',
      name: input.company,
      email: input.email,
      subject: null,
      message: input.message,
      details,
      userId: opts.userId,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .returning({ id: inboxMessages.id, createdAt: inboxMessages.createdAt });
  return row!;
}

/**
 * Subscribes an email to the newsletter, once: the address is stored lowercased and a second
 * subscription (in any letter case) changes nothing. Answers whether a row was added.
 */
export async function subscribeToNewsletter(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email: email.toLowerCase(), createdAt: now })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

export interface RateLimitRule {
  /** Length of the fixed window. */
  windowMs: number;
  /** Requests allowed per window; the next one is refused. */
  max: number;
}

/**
 * Counts one request against `key`'s fixed window, in one atomic upsert (safe across instances
 * on one database): a window older than `windowMs` starts over at 1. Answers the count including
 * this request and when the window ends.
 */
export async function countRequest(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${inboxRateLimits.windowStart} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(inboxRateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: inboxRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${inboxRateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowSql} else ${inboxRateLimits.windowStart} end`,
      },
    })
    .returning({ count: inboxRateLimits.count, windowStart: inboxRateLimits.windowStart });
  return { count: row!.count, resetAt: new Date(row!.windowStart.getTime() + rule.windowMs) };
}

/** Forgets rate-limit windows that ended before `cutoff` (they no longer count for anything). */
export async function pruneRateLimits(db: Db, cutoff: Date): Promise<void> {
  await db.delete(inboxRateLimits).where(lt(inboxRateLimits.windowStart, cutoff));
}
