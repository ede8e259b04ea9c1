/**
 * The sessions this server has recently read (session.ts), so that an authenticated request needs
 * no query to learn who sent it: on PGlite that query was a third of a signed-in read's CPU, on
 * PostgreSQL a round trip as long as the read's own (bench/RESULTS.md).
 *
 * An entry is only as good as the database's word that nothing behind it changed: a trigger
 * (db/functions/notify_session_change.sql) notifies every server of each change to a session or a user, and the user's entries are dropped
 * (`forgetUser`). So a sign-out, a revoked session, a changed role reach this server as soon as the
 * notification does: at once on PGlite (one process; delivered as the changing statement returns),
 * a moment after the commit on PostgreSQL. A write through this server's own /api/auth and
 * /api/admin does not wait for that: app.ts empties the cache when it answers (`forgetAll`).
 * While notifications cannot be trusted (before LISTEN is in place, or after its connection
 * dropped) nothing is cached or answered from the cache.
 *
 * A read that began before an invalidation must not store what it read after it (it may be what
 * was just changed): every invalidation moves `epoch` on, and a read stores its row only if the
 * epoch is the one it began with.
 *
 * Expiry and the daily refresh are not the cache's business: session.ts checks them against the
 * clock on every request, cached or not.
 */
import type { Auth } from './better-auth.ts';

export type SignedInSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

/** Enough for every session active on one server at a time; the oldest entry goes first. */
export const SESSION_CACHE_SIZE = 10_000;

export class SessionCache {
  readonly #byToken = new Map<string, SignedInSession>();
  readonly #tokensOfUser = new Map<string, Set<string>>();
  #epoch = 0;
  #trusted = false;

  constructor(private readonly capacity = SESSION_CACHE_SIZE) {}

  /** The cached session of `token`, if the cache is trusted and holds one. */
  get(token: string): SignedInSession | undefined {
    return this.#trusted ? this.#byToken.get(token) : undefined;
  }

  /** To be taken before reading a session, and handed back to `store`. */
  get epoch(): number {
    return this.#epoch;
  }

  /** Keeps `session`, read when the epoch was `readAt`, unless something changed since. */
  store(token: string, session: SignedInSession, readAt: number): void {
    if (!this.#trusted || readAt !== this.#epoch) return;
    if (this.#byToken.size >= this.capacity) this.#evictOldest();
    this.#byToken.set(token, session);
    const userId = session.user.id;
    const tokens = this.#tokensOfUser.get(userId) ?? new Set();
    tokens.add(token);
    this.#tokensOfUser.set(userId, tokens);
  }

  /** A session or the user of `userId` changed: their sessions are read afresh. */
  forgetUser(userId: string): void {
    this.#epoch++;
    for (const token of this.#tokensOfUser.get(userId) ?? []) this.#byToken.delete(token);
    this.#tokensOfUser.delete(userId);
  }

  /** Anything may have changed: every session is read afresh. */
  forgetAll(): void {
    this.#epoch++;
    this.#byToken.clear();
    this.#tokensOfUser.clear();
  }

  /** Whether notifications are arriving (`listening`) or may have been missed (`lost`). */
  trust(trusted: boolean): void {
    this.forgetAll();
    this.#trusted = trusted;
  }

  get size(): number {
    return this.#byToken.size;
  }

  #evictOldest() {
    const [token, session] = this.#byToken.entries().next().value!;
    this.#byToken.delete(token);
    const tokens = this.#tokensOfUser.get(session.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.#tokensOfUser.delete(session.user.id);
  }
}
