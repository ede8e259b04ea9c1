/**
 * The per-account sign-in lock: failed sign-ins counted per email over the last hour (in the
 * database, so every instance sees them), whatever address they come from; hooks.ts refuses a
 * sign-in past MAX_FAILURES_PER_ACCOUNT_PER_HOUR, and a password reset clears the count.
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInFailure } from '../../db/schema/index.ts';

export const MAX_FAILURES_PER_ACCOUNT_PER_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;

export async function countRecentSignInFailures(db: Db, email: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailure)
    .where(
      and(eq(signInFailure.email, email.toLowerCase()), gt(signInFailure.createdAt, new Date(now.getTime() - HOUR_MS))),
    );
  return row?.n ?? 0;
}

export async function recordSignInFailure(db: Db, email: string, now: Date): Promise<void> {
  await db.insert(signInFailure).values({ email: email.toLowerCase(), createdAt: now });
  // Keep the table small: rows older than the window no longer count for anything.
  await db.delete(signInFailure).where(lt(signInFailure.createdAt, new Date(now.getTime() - HOUR_MS)));
}

/** Forgets an account's failures (after a password reset). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.email, email.toLowerCase()));
}
