/**
 * Per-user quotas (quotas.ts): writes, analytics and the export each limited a minute and a day,
 * counted in the database in one statement, refused with 429 and Retry-After, a refusal changing
 * nothing; heavy reads answered from the cache until the record changes (record-cache.ts); and the
 * configuration they come from.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { bets, userQuotas } from '../db/schema/index.ts';
import { loadConfig } from '../env.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { takeQuota, type QuotaRule } from './quotas.ts';
import { snapshotTables } from '../test/db-snapshot.ts';
import { createSiblingApp, describeEachDatabase, signUpAndSignIn, type TestEnv } from '../test/harness.ts';
import { EMPTY_SOCIAL_LINKS } from '../../shared/profiles.ts';
import { QUOTA_DEFAULTS, QUOTA_WINDOWS, quotaMessage, waitInWords, type QuotaBucket } from '../../shared/quotas.ts';

// Each test signs up its own accounts (a password hash each): slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const MINUTE = QUOTA_WINDOWS.minute;
const DAY = QUOTA_WINDOWS.day;

/** Low limits, so a test reaches them in a few requests. */
const LIMITS = {
  WRITE_QUOTA_PER_MINUTE: '5',
  WRITE_QUOTA_PER_DAY: '12',
  HEAVY_READ_QUOTA_PER_MINUTE: '3',
  HEAVY_READ_QUOTA_PER_DAY: '5',
};
const WRITES: QuotaRule = { perMinute: 5, perDay: 12 };

describe('quota configuration', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://' };

  it('defaults: 60 writes a minute and 1,000 a day, heavy reads 30 and 1,000, 64 MB of ledger downloads a minute per address, a 10 s statement timeout, a pool of 2 × cores + 1', () => {
    const config = loadConfig(base);
    expect({
      writesPerMinute: config.WRITE_QUOTA_PER_MINUTE,
      writesPerDay: config.WRITE_QUOTA_PER_DAY,
      heavyReadsPerMinute: config.HEAVY_READ_QUOTA_PER_MINUTE,
      heavyReadsPerDay: config.HEAVY_READ_QUOTA_PER_DAY,
      ledgerDownloadBytesPerMinute: config.LEDGER_DOWNLOAD_BYTES_PER_MINUTE,
    }).toEqual(QUOTA_DEFAULTS);
    expect(QUOTA_DEFAULTS).toEqual({
      writesPerMinute: 60,
      writesPerDay: 1000,
      heavyReadsPerMinute: 30,
      heavyReadsPerDay: 1000,
      ledgerDownloadBytesPerMinute: 64 * 1024 * 1024,
    });
    expect(config.DB_STATEMENT_TIMEOUT_MS).toBe(10_000);
    expect(config.DB_POOL_SIZE).toBe(2 * availableParallelism() + 1);
  });

  it('takes whole numbers from the environment and names a bad one', () => {
    const config = loadConfig({
      ...base,
      WRITE_QUOTA_PER_MINUTE: '7',
      DB_POOL_SIZE: '3',
      DB_STATEMENT_TIMEOUT_MS: '0',
    });
    expect([config.WRITE_QUOTA_PER_MINUTE, config.DB_POOL_SIZE, config.DB_STATEMENT_TIMEOUT_MS]).toEqual([7, 3, 0]);
    for (const [name, value, message] of [
      ['WRITE_QUOTA_PER_MINUTE', '0', 'must be a whole number of at least 1'],
      ['WRITE_QUOTA_PER_DAY', 'lots', 'must be a whole number of at least 1'],
      ['HEAVY_READ_QUOTA_PER_MINUTE', '2.5', 'must be a whole number of at least 1'],
      ['DB_POOL_SIZE', '0', 'must be a whole number of at least 1'],
      ['DB_STATEMENT_TIMEOUT_MS', '-1', 'must be a whole number of at least 0'],
    ] as const) {
      expect(() => loadConfig({ ...base, [name]: value }), name).toThrow(
        `Invalid configuration:\n  ${name}: ${message}`,
      );
    }
  });

  it('words a wait as precisely as is useful, rounded up', () => {
    expect([1, 42, 119, 120, 121, 3600, 7199, 7200, 7260, 86_280, 86_400].map(waitInWords)).toEqual([
      '1 second',
      '42 seconds',
      '119 seconds',
      '2 minutes',
      '3 minutes',
      '60 minutes',
      '2 hours',
      '2 hours',
      '2 hours 1 minute',
      '23 hours 58 minutes',
      '24 hours',
    ]);
    expect(quotaMessage('writes', 'recording bets', 'minute', 60, 42)).toBe(
      "You're recording bets too fast. Try again in 42 seconds.",
    );
    expect(quotaMessage('writes', 'saving profile changes', 'day', 1000, 18_000)).toBe(
      "You've reached today's limit of 1,000 changes. Try again in 5 hours.",
    );
    expect(quotaMessage('export', 'exporting your bets', 'day', 5, 60)).toBe(
      "You've reached today's limit of 5 exports. Try again in 60 seconds.",
    );
  });
});

describe('the API reference', () => {
  it("documents the quota's 429 with Retry-After on every request a quota counts, and on no other", () => {
    const documented: string[] = [];
    const counted: string[] = [];
    for (const [path, item] of Object.entries(buildOpenApiDocument().paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const refusal = operation.responses['429'];
        if (refusal?.description.startsWith("Over the user's quota")) {
          expect(refusal.headers?.['Retry-After'], `${method} ${path}`).toBeDefined();
          documented.push(`${method} ${path}`);
        }
        // The modules that count writes (quotas.writes) and the heavy reads (quotas.limit).
        const writes =
          (/^\/api\/(bets|profile|verification|me)(\/|$)/.test(path) || path === '/api/profiles/{username}/follow') &&
          method !== 'get';
        const heavy = ['/api/profile/analytics', '/api/profile/export.csv', '/api/bets/stats'].includes(path);
        if (writes || heavy) counted.push(`${method} ${path}`);
      }
    }
    expect(documented.sort()).toEqual(counted.sort());
    expect(counted).toHaveLength(20);
  });
});

/** The user's quota row for `bucket`, as stored. */
async function quotaRow(env: TestEnv, userId: string, bucket: QuotaBucket = 'writes') {
  const [row] = await env.db
    .select()
    .from(userQuotas)
    .where(and(eq(userQuotas.userId, userId), eq(userQuotas.bucket, bucket)));
  return row ?? null;
}

const storedBets = async (env: TestEnv, userId: string) =>
  (await env.db.select({ n: count() }).from(bets).where(eq(bets.userId, userId)))[0]!.n;

describeEachDatabase('takeQuota, the statement that checks and counts', (env) => {
  const t0 = new Date('2027-03-01T12:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('allows perMinute in a minute; the minute window ends exactly 60 s after its first request', async () => {
    const { userId } = await signUpAndSignIn(env());
    for (let i = 0; i < 5; i++)
      expect(await takeQuota(env().db, userId, 'writes', WRITES, at(i * 1000))).toEqual({ ok: true });
    const before = await quotaRow(env(), userId);
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(MINUTE - 1))).toEqual({
      ok: false,
      window: 'minute',
      limit: 5,
      until: at(MINUTE),
    });
    // The refusal changed nothing, not even the count.
    expect(await quotaRow(env(), userId)).toEqual(before);
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(MINUTE))).toEqual({ ok: true });
    expect(await quotaRow(env(), userId)).toMatchObject({
      minuteStart: at(MINUTE),
      minuteCount: 1,
      dayStart: t0,
      dayCount: 6,
    });
  });

  it('allows perDay in a day; the day window ends exactly 24 h after its first request', async () => {
    const { userId } = await signUpAndSignIn(env());
    // 12 over three minute windows: 5, 5, 2.
    for (let i = 0; i < 12; i++) {
      const when = at(Math.floor(i / 5) * MINUTE + (i % 5));
      expect(await takeQuota(env().db, userId, 'writes', WRITES, when), `request ${i + 1}`).toEqual({ ok: true });
    }
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(3 * MINUTE))).toEqual({
      ok: false,
      window: 'day',
      limit: 12,
      until: at(DAY),
    });
    const before = await quotaRow(env(), userId);
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(DAY - 1))).toMatchObject({
      ok: false,
      window: 'day',
    });
    expect(await quotaRow(env(), userId)).toEqual(before);
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(DAY))).toEqual({ ok: true });
    expect(await quotaRow(env(), userId)).toMatchObject({ dayStart: at(DAY), dayCount: 1, minuteCount: 1 });
  });

  it('says the later end when both windows are full', async () => {
    const { userId } = await signUpAndSignIn(env());
    const rule = { perMinute: 3, perDay: 3 };
    for (let i = 0; i < 3; i++) await takeQuota(env().db, userId, 'export', rule, at(i));
    expect(await takeQuota(env().db, userId, 'export', rule, at(10))).toEqual({
      ok: false,
      window: 'day',
      limit: 3,
      until: at(DAY),
    });
  });

  it('starts a new window when the clock was set back by more than its length', async () => {
    const { userId } = await signUpAndSignIn(env());
    for (let i = 0; i < 5; i++) await takeQuota(env().db, userId, 'writes', WRITES, at(i));
    // Back by 30 s: still the same minute window (servers' clocks a little apart share it)...
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(-30_000))).toMatchObject({ ok: false });
    // ...back by more than a minute: a window that begins in the future is over.
    expect(await takeQuota(env().db, userId, 'writes', WRITES, at(-MINUTE - 5))).toEqual({ ok: true });
  });

  it('counts each bucket apart', async () => {
    const { userId } = await signUpAndSignIn(env());
    const rule = { perMinute: 1, perDay: 10 };
    for (const bucket of ['writes', 'analytics', 'export'] as const) {
      expect(await takeQuota(env().db, userId, bucket, rule, t0), bucket).toEqual({ ok: true });
      expect(await takeQuota(env().db, userId, bucket, rule, t0), bucket).toMatchObject({ ok: false });
    }
  });

  it('lets exactly perMinute of 40 simultaneous requests through', async () => {
    const { userId } = await signUpAndSignIn(env());
    const rule = { perMinute: 7, perDay: 100 };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => takeQuota(env().db, userId, 'writes', rule, t0)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(7);
    expect(await quotaRow(env(), userId)).toMatchObject({ minuteCount: 7, dayCount: 7 });
  });

  it('the database refuses a bucket it does not know and a count below 1 (CHECKs)', async () => {
    const { userId } = await signUpAndSignIn(env());
    await expect(
      env().db.execute(sql`insert into user_quotas values (${userId}, 'sign-ins', now(), 1, now(), 1)`),
    ).rejects.toThrow();
    await expect(
      env().db.execute(sql`insert into user_quotas values (${userId}, 'writes', now(), 0, now(), 1)`),
    ).rejects.toThrow();
    expect(await quotaRow(env(), userId)).toBeNull();
  });
});

describeEachDatabase(
  'write quota over HTTP',
  (env) => {
    const HOUR = 60 * MINUTE;
    const betBody = () => ({
      description: 'Quota: Lakers ML',
      amount: '10',
      odds: '+150',
      sport: 'basketball',
      eventDate: new Date(env().clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    const record = (cookie: string) => env().request('/api/bets', { cookie, body: betBody() });

    /** Retry-After and the message of a 429, checked against each other. */
    async function refusal(res: Response, activity: string, window: 'minute' | 'day' = 'minute', limit = 5) {
      expect(res.status).toBe(429);
      const seconds = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
      expect(await res.json()).toEqual({ error: quotaMessage('writes', activity, window, limit, seconds) });
      return seconds;
    }

    it('the 6th write in a minute is a 429 with Retry-After; it changes no row; after the wait a write goes through', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      for (let i = 0; i < 5; i++) expect((await record(cookie)).status, `bet ${i + 1}`).toBe(201);
      const tables = await snapshotTables(env());
      const quota = await quotaRow(env(), userId);

      const refused = await record(cookie);
      const seconds = await refusal(refused, 'recording bets');
      expect(seconds).toBeGreaterThanOrEqual(50);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(await snapshotTables(env())).toEqual(tables);
      expect(await quotaRow(env(), userId)).toEqual(quota);
      expect(await storedBets(env(), userId)).toBe(5);

      env().clock.advance(seconds * 1000);
      try {
        expect((await record(cookie)).status).toBe(201);
        expect(await storedBets(env(), userId)).toBe(6);
      } finally {
        env().clock.reset();
      }
    });

    it('the same refused request sent again is refused before its session is looked up; any other request is not', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      for (let i = 0; i < 5; i++) expect((await record(cookie)).status, `bet ${i + 1}`).toBe(201);
      await refusal(await record(cookie), 'recording bets');
      // The session ends (as a sign-out elsewhere would end it): the database no longer knows the cookie.
      await env().db.execute(sql`delete from sessions where user_id = ${userId}`);
      // The very request that was refused is refused again, the same way: the server never asked who sent it.
      await refusal(await record(cookie), 'recording bets');
      // Anything else with that cookie is looked up, and the session is gone.
      expect((await env().request('/api/bets', { cookie })).status).toBe(401);
      expect(
        (await env().request('/api/profile', { cookie, method: 'PATCH', body: { displayName: 'X' } })).status,
      ).toBe(401);
      // Once the window ends, the request is looked up again like any other.
      env().clock.advance(MINUTE);
      try {
        expect((await record(cookie)).status).toBe(401);
      } finally {
        env().clock.reset();
      }
    });

    it('every write counts into one quota, each refused in its own words; reads never count', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const bet = (await (await record(cookie)).json()) as { id: string };
      const writes = {
        settle: () => env().request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body: { status: 'won' } }),
        delete: () => env().request(`/api/bets/${bet.id}`, { cookie, method: 'DELETE' }),
        profile: () =>
          env().request('/api/profile', { cookie, method: 'PATCH', body: { displayName: 'Quota Tester' } }),
        settings: () =>
          env().request('/api/profile/settings', {
            cookie,
            method: 'PUT',
            body: { profilePublic: true, social: EMPTY_SOCIAL_LINKS },
          }),
        apply: () => env().request('/api/verification/apply', { cookie, body: {} }),
      };
      // 1 recorded + a refused settle (409: not started) + a profile change + settings + a 422 = 5.
      expect((await writes.settle()).status).toBe(409);
      expect((await writes.profile()).status).toBe(200);
      expect((await writes.settings()).status).toBe(200);
      expect((await env().request('/api/bets', { cookie, body: { amount: 'ten' } })).status).toBe(422);

      for (const path of ['/api/bets', '/api/bets/stats', '/api/profile', '/api/verification']) {
        for (let i = 0; i < 8; i++) expect((await env().request(path, { cookie })).status, path).toBe(200);
      }
      const tables = await snapshotTables(env());
      await refusal(await record(cookie), 'recording bets');
      await refusal(await writes.settle(), 'settling bets');
      await refusal(await writes.delete(), 'deleting bets');
      await refusal(await writes.profile(), 'saving profile changes');
      await refusal(await writes.settings(), 'saving profile changes');
      await refusal(await writes.apply(), 'applying for verification');
      expect(await snapshotTables(env())).toEqual(tables);
      expect(await quotaRow(env(), userId)).toMatchObject({ minuteCount: 5, dayCount: 5 });
      // Someone else writes as usual.
      const other = await signUpAndSignIn(env());
      expect((await record(other.cookie)).status).toBe(201);
    });

    it('the day quota: 12 writes over three minutes, then refused until 24 h after the first', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      try {
        for (let i = 0; i < 12; i++) {
          if (i > 0 && i % 5 === 0) env().clock.advance(MINUTE);
          expect((await record(cookie)).status, `bet ${i + 1}`).toBe(201);
        }
        env().clock.advance(MINUTE);
        const seconds = await refusal(await record(cookie), 'recording bets', 'day', 12);
        // The day began three minutes (and the requests' own time) ago.
        expect(seconds).toBeGreaterThan(DAY / 1000 - 4 * 60);
        expect(seconds).toBeLessThanOrEqual(DAY / 1000 - 3 * 60);
        expect(await storedBets(env(), userId)).toBe(12);
        env().clock.advance(seconds * 1000);
        expect((await record(cookie)).status).toBe(201);
      } finally {
        env().clock.reset();
      }
    });

    it('of 20 writes sent at once exactly 5 are stored', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const statuses = await Promise.all(Array.from({ length: 20 }, () => record(cookie).then((r) => r.status)));
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect(await storedBets(env(), userId)).toBe(5);
    });

    it('two servers on one database share the quota: 3 on one and 2 on the other, then both refuse', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const sibling = createSiblingApp(env(), LIMITS);
      const on = (i: number) => (i % 2 === 0 ? env() : sibling);
      for (let i = 0; i < 5; i++)
        expect((await on(i).request('/api/bets', { cookie, body: betBody() })).status, `bet ${i + 1}`).toBe(201);
      for (const server of [sibling, env()])
        expect((await server.request('/api/bets', { cookie, body: betBody() })).status).toBe(429);
      expect(await storedBets(env(), userId)).toBe(5);
    });
  },
  LIMITS,
);

describeEachDatabase(
  'heavy reads: limited per user, answered from the cache until the record changes',
  (env) => {
    const HOUR = 60 * MINUTE;
    const betBody = () => ({
      description: 'Cache: Arsenal to win',
      amount: '10',
      odds: '+150',
      sport: 'soccer',
      eventDate: new Date(env().clock.now().getTime() + 24 * HOUR).toISOString(),
    });

    /**
     * Changes the user's bets with the ledger's trigger off (and the record's guard, which refuses
     * such a change): the summaries follow as for any change, but the record's version (the ledger
     * head) does not move. What a request answers then shows whether it was computed again.
     */
    const changeBehindTheLedger = (userId: string) =>
      env().db.transaction(async (tx) => {
        await tx.execute(sql`alter table bets disable trigger bets_ledger_append`);
        await tx.execute(sql`alter table bets disable trigger bets_guard_record`);
        await tx.execute(sql`update bets set bet_type = 'tennis', description = 'Changed' where user_id = ${userId}`);
        await tx.execute(sql`alter table bets enable trigger bets_guard_record`);
        await tx.execute(sql`alter table bets enable trigger bets_ledger_append`);
      });

    it('analytics: 3 a minute, the 4th a 429; the export counts apart', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      for (let i = 0; i < 3; i++) expect((await env().request('/api/profile/analytics', { cookie })).status).toBe(200);
      const quota = await quotaRow(env(), userId, 'analytics');
      const refused = await env().request('/api/profile/analytics', { cookie });
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      expect(await refused.json()).toEqual({
        error: quotaMessage('analytics', 'asking for your analytics', 'minute', 3, seconds),
      });
      expect(await quotaRow(env(), userId, 'analytics')).toEqual(quota);
      for (let i = 0; i < 3; i++) expect((await env().request('/api/profile/export.csv', { cookie })).status).toBe(200);
      const export4 = await env().request('/api/profile/export.csv', { cookie });
      expect(export4.status).toBe(429);
      expect(((await export4.json()) as { error: string }).error).toMatch(/^You're exporting your bets too fast\. /);
      // Writes have their own quota.
      expect((await env().request('/api/bets', { cookie, body: betBody() })).status).toBe(201);
    });

    it('analytics are served from the cache while the record is unchanged, and computed again after a change', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      expect((await env().request('/api/bets', { cookie, body: betBody() })).status).toBe(201);
      const first = (await (await env().request('/api/profile/analytics', { cookie })).json()) as {
        bySport: { sport: string; bets: number }[];
      };
      expect(first.bySport.map((s) => [s.sport, s.bets])).toEqual([['soccer', 1]]);

      await changeBehindTheLedger(userId);
      const cached = (await (await env().request('/api/profile/analytics', { cookie })).json()) as typeof first;
      expect(cached).toEqual(first);

      // A change on another server moves the record's version in the database: every cache misses.
      const sibling = createSiblingApp(env(), LIMITS);
      expect((await sibling.request('/api/bets', { cookie, body: betBody() })).status).toBe(201);
      const fresh = (await (await env().request('/api/profile/analytics', { cookie })).json()) as typeof first;
      expect(fresh.bySport.map((s) => [s.sport, s.bets])).toEqual([
        ['soccer', 1],
        ['tennis', 1],
      ]);
    });

    it('the export is served from the cache while the record is unchanged, and made again after a change', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      expect((await env().request('/api/bets', { cookie, body: betBody() })).status).toBe(201);
      const csv = async () => {
        const res = await env().request('/api/profile/export.csv', { cookie });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        return res.text();
      };
      const first = await csv();
      expect(first).toContain('Cache: Arsenal to win');

      await changeBehindTheLedger(userId);
      expect(await csv()).toBe(first);

      const bet = (await (await env().request('/api/bets', { cookie, body: betBody() })).json()) as { id: string };
      const fresh = await csv();
      expect(fresh).not.toBe(first);
      expect(fresh).toContain('Changed');
      expect(fresh).toContain(bet.id);
      expect(fresh.split('\r\n').filter(Boolean)).toHaveLength(3);
    });
  },
  LIMITS,
);
