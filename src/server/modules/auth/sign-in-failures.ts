/**
 * What failed sign-ins cost, without letting anyone lock out someone else. Failures are counted
 * per (account, client) and per client over the last hour, in the database so every instance sees
 * them; the client is its limit key (client-address.ts: an IPv6 address counts as its /64).
 *
 * - A slow-down, never a lock: after SLOW_DOWN.freePerAccountAndClient failures of one account
 *   from one client, that client waits before its next try of that account, one second after the
 *   first extra failure and twice as long after each further one (at most SLOW_DOWN.maxDelayMs).
 *   A client failing on many accounts (credential stuffing) is slowed the same way after
 *   SLOW_DOWN.freePerClient failures. A sign-in while the wait runs is refused with 429 and
 *   Retry-After before the password is checked, so it changes nothing and is not a failure.
 *   Nobody's failures slow down another client: the owner, from an address that has not been
 *   failing, signs in however many wrong passwords others sent.
 * - The owner hears of it: after ALERT_AFTER_FAILURES failures within the hour from clients the
 *   owner has no session from, the owner is mailed, at most once an hour (sign_in_alerts).
 * - A password reset forgets the account's failures.
 *
 * The wait is computed from the injected clock (app.ts `now`), so tests move the clock instead of
 * sleeping.
 */
import { APIError } from 'better-auth/api';
import { and, count, eq, gt, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, signInAlert, signInFailure, user } from '../../db/schema/index.ts';
import { limitKey } from '../../edge/client-address.ts';

export const SLOW_DOWN = {
  /** Failures of one account from one client within the hour that cost no wait. */
  freePerAccountAndClient: 5,
  /** Failures from one client (all accounts together) within the hour that cost no wait. */
  freePerClient: 30,
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
} as const;

/** Failures within the hour, from clients the owner has no session from, that get the owner mailed. */
export const ALERT_AFTER_FAILURES = 10;

export const SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

/** The wait after `failures` failures when `free` of them cost none. */
export function slowDownMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SLOW_DOWN.firstDelayMs * 2 ** (failures - free), SLOW_DOWN.maxDelayMs);
}

export const signInDelayedMessage = (seconds: number) =>
  `Too many failed sign-in attempts from your network. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again, or reset your password.`;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** How long a sign-in to `email` from `client` must still wait, in ms (0: it may go ahead). */
export async function signInWaitMs(db: Db, email: string, client: string, now: Date): Promise<number> {
  const sameAccount = eq(signInFailure.email, normalEmail(email));
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${sameAccount})`.mapWith(Number),
      pairLast: sql<Date | null>`max(${signInFailure.createdAt}) filter (where ${sameAccount})`.mapWith(
        signInFailure.createdAt,
      ),
      client: count(),
      clientLast: max(signInFailure.createdAt),
    })
    .from(signInFailure)
    .where(
      and(
        eq(signInFailure.client, limitKey(client)),
        gt(signInFailure.createdAt, new Date(now.getTime() - SIGN_IN_WINDOW_MS)),
      ),
    );
  if (!row) return 0;
  const until = Math.max(
    row.pairLast ? row.pairLast.getTime() + slowDownMs(row.pair, SLOW_DOWN.freePerAccountAndClient) : 0,
    row.clientLast ? row.clientLast.getTime() + slowDownMs(row.client, SLOW_DOWN.freePerClient) : 0,
  );
  return Math.max(0, until - now.getTime());
}

/** A 429 with Retry-After while a sign-in must wait; nothing is read or written besides the count. */
export async function assertSignInMayProceed(db: Db, email: string, client: string, now: Date): Promise<void> {
  const waitMs = await signInWaitMs(db, email, client, now);
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { message: signInDelayedMessage(seconds), code: 'SIGN_IN_DELAYED' },
    { 'Retry-After': String(seconds) },
  );
}

export async function recordSignInFailure(db: Db, email: string, client: string, now: Date): Promise<void> {
  await db.insert(signInFailure).values({ email: normalEmail(email), client: limitKey(client), createdAt: now });
  // Keep the table small: rows older than the window no longer count for anything.
  await db.delete(signInFailure).where(lt(signInFailure.createdAt, new Date(now.getTime() - SIGN_IN_WINDOW_MS)));
}

/**
 * Whether the owner of `email` is to be mailed about failed sign-ins now: ALERT_AFTER_FAILURES
 * failures within the hour from clients the owner has no session from, and no such mail within the
 * hour. Claims the hour atomically (one instance mails, whichever sees it first). False for an
 * address without an account.
 */
export async function claimSignInAlert(db: Db, email: string, now: Date): Promise<boolean> {
  const address = normalEmail(email);
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const byClient = await db
    .select({ client: signInFailure.client, failures: count() })
    .from(signInFailure)
    .where(and(eq(signInFailure.email, address), gt(signInFailure.createdAt, since)))
    .groupBy(signInFailure.client);
  if (byClient.reduce((sum, r) => sum + r.failures, 0) < ALERT_AFTER_FAILURES) return false;

  const owner = await db
    .select({ ipAddress: session.ipAddress })
    .from(user)
    .leftJoin(session, and(eq(session.userId, user.id), isNotNull(session.ipAddress)))
    .where(eq(user.email, address));
  if (owner.length === 0) return false;
  // Better Auth stores the address it was given (our limit key) in its own spelling: compare keys.
  const theirs = new Set(owner.flatMap((r) => (r.ipAddress ? [limitKey(r.ipAddress)] : [])));
  const fromElsewhere = byClient.filter((r) => !theirs.has(r.client)).reduce((sum, r) => sum + r.failures, 0);
  if (fromElsewhere < ALERT_AFTER_FAILURES) return false;

  const claimed = await db
    .insert(signInAlert)
    .values({ email: address, sentAt: now })
    .onConflictDoUpdate({
      target: signInAlert.email,
      set: { sentAt: now },
      setWhere: lt(signInAlert.sentAt, since),
    })
    .returning({ email: signInAlert.email });
  return claimed.length > 0;
}

/** Forgets an account's failures (after a password reset). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.email, normalEmail(email)));
}
