/**
 * Per-user quotas: one account cannot wear the server down for everyone. Every write of a user's
 * (bets, profile, verification) counts into one quota, and each heavy read (analytics, the CSV
 * export) into its own: at most so many a minute and so many a day (env.ts: WRITE_QUOTA_*,
 * HEAVY_READ_QUOTA_*). Over either, the request is answered 429 with Retry-After and a message
 * that says what to do (shared/quotas.ts), before anything else is read or written: a refused
 * request changes nothing, not even its counter.
 *
 * The counts live in the database (user_quotas, migration 0018), so servers behind a load balancer
 * add up into one quota. Checking and counting are one statement (takeQuota), so requests at
 * once, on one server or several, cannot overrun it. Each window is fixed: it starts with the
 * first request after the previous one ended and lasts its length; the day is 24 hours from then,
 * not a calendar day.
 *
 * A quota bounds how many of a user's requests get through, not how many arrive at once: sixty
 * writes sent together would still take the database from everyone while they run. So each
 * server also handles a user's requests of one bucket one at a time, the rest waiting their turn
 * (keyed-queue.ts); bench/noisy.ts measures what others see while one account floods.
 *
 * The address-based limits (Better Auth's on /api/auth, the inbox forms') count clients before
 * anyone is signed in; these count accounts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { userQuotas } from '../db/schema/index.ts';
import type { Config } from '../env.ts';
import { apiError, isSafeMethod } from './http.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import type { Logger } from '../lib/logger.ts';
import type { AppEnv } from '../modules/auth/index.ts';
import {
  QUOTA_WINDOWS,
  quotaMessage,
  type QuotaActivity,
  type QuotaBucket,
  type QuotaWindow,
} from '../../shared/quotas.ts';

/** How many requests a quota allows in each window. */
export interface QuotaRule {
  perMinute: number;
  perDay: number;
}

export type QuotaAnswer =
  | { ok: true }
  | {
      ok: false;
      /** The window that refused (the day's, when both are used up). */
      window: QuotaWindow;
      limit: number;
      /** When the refusing window ends: the first moment a request is counted again. */
      until: Date;
    };

const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Whether a window that began at `start` is over at `now`: its length has passed, or it begins
 * more than its length ahead (the clock was set back: the window would otherwise hold for as long
 * as the clock jumped). Servers' clocks a little apart count into the same window.
 */
const windowOver = (start: unknown, now: number, ms: number) =>
  sql`(${start} <= ${iso(now - ms)} or ${start} > ${iso(now + ms)})`;

/**
 * Counts one request of `userId` against `bucket`, or refuses it: one INSERT ... ON CONFLICT DO
 * UPDATE whose WHERE lets the update through only while both windows have room. PostgreSQL locks
 * the row for the update and re-reads it as committed, so requests at once are counted one after
 * another and exactly as many as the rule allows pass. A refused request leaves the row as it was.
 */
export async function takeQuota(
  db: Db,
  userId: string,
  bucket: QuotaBucket,
  rule: QuotaRule,
  now: Date,
  /** How many requests' worth this one counts for (an import: one per IMPORT_ROWS_PER_WRITE rows). */
  count = 1,
): Promise<QuotaAnswer> {
  const at = now.getTime();
  // More than a whole window holds: refused whatever the counts (the day's, when both are too small).
  if (count > rule.perDay)
    return { ok: false, window: 'day', limit: rule.perDay, until: new Date(at + QUOTA_WINDOWS.day) };
  if (count > rule.perMinute)
    return { ok: false, window: 'minute', limit: rule.perMinute, until: new Date(at + QUOTA_WINDOWS.minute) };
  const minuteOver = windowOver(userQuotas.minuteStart, at, QUOTA_WINDOWS.minute);
  const dayOver = windowOver(userQuotas.dayStart, at, QUOTA_WINDOWS.day);
  const counted = await db
    .insert(userQuotas)
    .values({ userId, bucket, minuteStart: now, minuteCount: count, dayStart: now, dayCount: count })
    .onConflictDoUpdate({
      target: [userQuotas.userId, userQuotas.bucket],
      set: {
        minuteStart: sql`case when ${minuteOver} then ${iso(at)} else ${userQuotas.minuteStart} end`,
        minuteCount: sql`case when ${minuteOver} then ${count}::int else ${userQuotas.minuteCount} + ${count}::int end`,
        dayStart: sql`case when ${dayOver} then ${iso(at)} else ${userQuotas.dayStart} end`,
        dayCount: sql`case when ${dayOver} then ${count}::int else ${userQuotas.dayCount} + ${count}::int end`,
      },
      setWhere: sql`(${minuteOver} or ${userQuotas.minuteCount} + ${count}::int <= ${rule.perMinute})
                and (${dayOver} or ${userQuotas.dayCount} + ${count}::int <= ${rule.perDay})`,
    })
    .returning({ minuteCount: userQuotas.minuteCount });
  if (counted.length > 0) return { ok: true };

  // Refused: read which window is full and when it ends (a read only, for Retry-After).
  const [row] = await db
    .select()
    .from(userQuotas)
    .where(and(eq(userQuotas.userId, userId), eq(userQuotas.bucket, bucket)));
  const full: { window: QuotaWindow; limit: number; until: number }[] = [];
  const inWindow = (start: Date, ms: number) => start.getTime() > at - ms && start.getTime() <= at + ms;
  if (row && inWindow(row.minuteStart, QUOTA_WINDOWS.minute) && row.minuteCount + count > rule.perMinute)
    full.push({ window: 'minute', limit: rule.perMinute, until: row.minuteStart.getTime() + QUOTA_WINDOWS.minute });
  if (row && inWindow(row.dayStart, QUOTA_WINDOWS.day) && row.dayCount + count > rule.perDay)
    full.push({ window: 'day', limit: rule.perDay, until: row.dayStart.getTime() + QUOTA_WINDOWS.day });
  // Neither, when a window ended between the two statements: a second's wait says "try again".
  const last = full.sort((a, b) => b.until - a.until)[0] ?? {
    window: 'minute',
    limit: rule.perMinute,
    until: at + 1000,
  };
  return { ok: false, window: last.window, limit: last.limit, until: new Date(last.until) };
}

type Refusal = Extract<QuotaAnswer, { ok: false }> & { since: number };

/**
 * How long a repeated refused request waits for its 429 (`refuseRepeated`). Answered at once, a
 * client sending it again as soon as the answer comes gets thousands of answers a second, each
 * cheap but all on the one thread that serves everyone else (the others' p50 3.7× their quiet one
 * in the noisy-neighbour bench on PostgreSQL). Held for half a second, each of its connections
 * sends two a second. It is told to wait anyway (Retry-After).
 */
export const REPEATED_REFUSAL_DELAY_MS = 500;

/** Waits REPEATED_REFUSAL_DELAY_MS before a refusal is answered (here, and the download budget's). */
export const holdRefusal = () => new Promise((resolve) => setTimeout(resolve, REPEATED_REFUSAL_DELAY_MS));

/** How many refusals a server keeps (users, and repeated requests); past it the oldest go first. */
const MAX_KEPT_REFUSALS = 10_000;

/**
 * Refusals this server has had from the database, kept until their window ends. A window's count
 * only grows until it ends, so every request of that user and bucket before then would be refused
 * too: it is refused here without asking the database again, and a flood of refused requests
 * costs the database nothing beyond the session lookup. Ignored if the clock is set back past the
 * moment it was learnt.
 */
class Refusals<R extends Refusal = Refusal> {
  private readonly byKey = new Map<string, R>();

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string, now: number): R | undefined {
    const refusal = this.byKey.get(key);
    if (!refusal) return undefined;
    if (now >= refusal.since && now < refusal.until.getTime()) return refusal;
    this.byKey.delete(key);
    return undefined;
  }

  set(key: string, refusal: R) {
    // Only refusals of the last day are here; drop the ended ones now and then, and past the cap
    // the oldest (a forgotten one is only asked of the database again).
    if (this.byKey.size >= MAX_KEPT_REFUSALS) {
      for (const [k, r] of this.byKey) if (r.until.getTime() <= refusal.since) this.byKey.delete(k);
      for (const k of this.byKey.keys()) {
        if (this.byKey.size < MAX_KEPT_REFUSALS) break;
        this.byKey.delete(k);
      }
    }
    this.byKey.delete(key);
    this.byKey.set(key, refusal);
  }
}

export interface QuotasDeps {
  db: Db;
  config: Config;
  logger: Logger;
  now: () => Date;
}

/** The quotas of one server (createApp makes one): the rules from the configuration, and the middleware. */
export function createQuotas({ db, config, logger, now }: QuotasDeps) {
  const rules: Record<QuotaBucket, QuotaRule> = {
    writes: { perMinute: config.WRITE_QUOTA_PER_MINUTE, perDay: config.WRITE_QUOTA_PER_DAY },
    analytics: { perMinute: config.HEAVY_READ_QUOTA_PER_MINUTE, perDay: config.HEAVY_READ_QUOTA_PER_DAY },
    export: { perMinute: config.HEAVY_READ_QUOTA_PER_MINUTE, perDay: config.HEAVY_READ_QUOTA_PER_DAY },
  };
  const refusals = new Refusals();
  /**
   * The same request again (method, path with its query, and Cookie header) after a quota refused it: the same
   * user, bucket and answer, until the window ends. Refused before the session is even looked up
   * (`refuseRepeated`): a flood of one refused request then costs no query at all, where each
   * would otherwise still cost its session lookup, about half of what another user's read costs
   * (bench/RESULTS.md, noisy neighbour).
   */
  const repeated = new Refusals<Refusal & { message: (seconds: number) => string }>();
  const repeatKey = (c: Context<AppEnv>) => {
    const cookie = c.req.header('cookie');
    // The query too: a refused `?includeImported=true` says nothing of the same path without it.
    return cookie ? `${c.req.method} ${c.req.path}${new URL(c.req.url).search}\n${cookie}` : null;
  };
  const answer429 = (c: Context, refusal: Refusal, message: (seconds: number) => string, at: Date) => {
    const seconds = Math.max(1, Math.ceil((refusal.until.getTime() - at.getTime()) / 1000));
    c.header('Retry-After', String(seconds));
    return apiError(c, 429, message(seconds));
  };
  /** Each user's requests per bucket, one at a time (keyed-queue.ts says why). */
  const inTurn = new KeyedQueue();

  /** The refusal that stands for this request, if any (counted in the database when none is known). */
  const take = async (userId: string, bucket: QuotaBucket, at: Date): Promise<Refusal | null> => {
    const key = `${bucket}:${userId}`;
    const known = refusals.get(key, at.getTime());
    if (known) return known;
    const answer = await takeQuota(db, userId, bucket, rules[bucket], at);
    if (answer.ok) return null;
    const refusal = { ...answer, since: at.getTime() };
    refusals.set(key, refusal);
    logger.warn('quota reached', { bucket, window: answer.window, userId, until: answer.until.toISOString() });
    return refusal;
  };

  /**
   * Counts the request against `bucket`; a refused one is answered 429 and goes no further. One
   * request of a user's per bucket is counted and handled at a time on this server; the others
   * wait their turn (and a refusal known meanwhile answers them without the database).
   */
  const limit = (
    bucket: QuotaBucket,
    activity: QuotaActivity | ((c: Context<AppEnv>) => QuotaActivity),
    counts: (c: Context<AppEnv>) => boolean = () => true,
  ): MiddlewareHandler<AppEnv> =>
    createMiddleware<AppEnv>(async (c, next) => {
      if (!counts(c)) return next();
      const userId = c.get('user').id;
      const refuse = (refusal: Refusal, at: Date) => {
        const doing = typeof activity === 'function' ? activity(c) : activity;
        const message = (seconds: number) => quotaMessage(bucket, doing, refusal.window, refusal.limit, seconds);
        const key = repeatKey(c);
        if (key) repeated.set(key, { ...refusal, message });
        return answer429(c, refusal, message, at);
      };
      const arrived = now();
      const known = refusals.get(`${bucket}:${userId}`, arrived.getTime());
      if (known) return refuse(known, arrived);
      const release = await inTurn.acquire(`${bucket}:${userId}`);
      try {
        const at = now();
        const refusal = await take(userId, bucket, at);
        if (refusal) return refuse(refusal, at);
        await next();
      } finally {
        release();
      }
    });

  /**
   * Counts `count` more requests of the user's against `bucket` within a request already counted
   * once by `limit` (an import, once it knows how many rows it stores): null when they fit, else
   * the 429 to answer, nothing counted. Within the request's turn (limit's queue), so in order.
   */
  const charge = async (
    c: Context<AppEnv>,
    bucket: QuotaBucket,
    count: number,
    activity: QuotaActivity,
  ): Promise<Response | null> => {
    if (count <= 0) return null;
    const at = now();
    const answer = await takeQuota(db, c.get('user').id, bucket, rules[bucket], at, count);
    if (answer.ok) return null;
    const refusal = { ...answer, since: at.getTime() };
    logger.warn('quota reached', { bucket, window: answer.window, userId: c.get('user').id, count });
    return answer429(
      c,
      refusal,
      (seconds) => quotaMessage(bucket, activity, refusal.window, refusal.limit, seconds),
      at,
    );
  };

  return {
    rules,
    charge,
    /**
     * For every API request, before anything else reads the database: a request a quota refused,
     * sent again as it was (same method, path and cookies), gets the same 429 until its window
     * ends. If the session is signed out meanwhile, it is still a 429 until then, not a 401.
     */
    refuseRepeated: createMiddleware<AppEnv>(async (c, next) => {
      const key = repeatKey(c);
      // The clock is read only for a request that was refused before (most are not).
      if (!key || !repeated.has(key)) return next();
      const at = now();
      const known = repeated.get(key, at.getTime());
      if (!known) return next();
      await holdRefusal();
      return answer429(c, known, known.message, at);
    }),
    /** For a route: every request counts against `bucket` (a heavy read). After requireUser. */
    limit,
    /**
     * For a module whose writes count: every request but GET, HEAD and OPTIONS counts against the
     * user's write quota, before its body is validated (an invalid write costs the server too).
     * After requireUser.
     */
    writes: (activity: QuotaActivity | ((c: Context<AppEnv>) => QuotaActivity)) =>
      limit('writes', activity, (c) => !isSafeMethod(c.req.method)),
  };
}

export type Quotas = ReturnType<typeof createQuotas>;
