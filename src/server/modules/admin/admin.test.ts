import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogs, inboxMessages, profiles, userSettings } from '../../db/schema/index.ts';
import { describeEachDatabase, freshIp, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import type {
  AdminAnalytics,
  AdminIssueDetail,
  AdminIssuePage,
  AdminLogPage,
  AdminStats,
  AdminUserPage,
  VerificationChange,
} from '../../../shared/admin.ts';
import { lastWeeks, normaliseSearch, prefixPattern, weekStart } from './queries.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

const ADMIN_EMAIL = 'boss.admin@example.com';

async function rows<T>(env: TestEnv, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await env.db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** Inserts bets for `userId` recorded at `at` (won, lost, pending in the given numbers). */
async function seedBets(
  env: TestEnv,
  userId: string,
  counts: { won?: number; lost?: number; pending?: number },
  at = new Date(),
) {
  const statuses = [
    ...Array<string>(counts.won ?? 0).fill('won'),
    ...Array<string>(counts.lost ?? 0).fill('lost'),
    ...Array<string>(counts.pending ?? 0).fill('pending'),
  ];
  if (!statuses.length) return;
  await env.db.execute(sql`
    insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                      potential_win, profit_loss, settled_at, created_at)
    select ${userId}, 'seeded', 10, '2.0', 2, 'soccer', ${at.toISOString()}::timestamptz + interval '7 hours', s,
           20, case s when 'won' then 10 when 'lost' then -10 end,
           case when s = 'pending' then null else ${at.toISOString()}::timestamptz + interval '1 day' end,
           ${at.toISOString()}::timestamptz
    from unnest(${`{${statuses.join(',')}}`}::text[]) as s`);
}

const getJson = async <T>(env: TestEnv, path: string, cookie: string): Promise<T> => {
  const res = await env.request(path, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

const setVerification = (env: TestEnv, cookie: string, userId: string, status: unknown) =>
  env.request(`/api/admin/users/${userId}/verification`, { cookie, method: 'PATCH', body: { status } });

describe('search helpers', () => {
  it('takes % _ and \\ literally and matches from the start', () => {
    expect(prefixPattern('john')).toBe('john%');
    expect(prefixPattern('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
  });
  it('normalises case, blanks and a leading @', () => {
    expect(normaliseSearch('  JoHn ')).toBe('john');
    expect(normaliseSearch('@Sharp_Bettor')).toBe('sharp_bettor');
    expect(normaliseSearch(undefined)).toBe('');
  });
  it('counts weeks from Monday, UTC, oldest first', () => {
    expect(weekStart(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z'); // a Sunday
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // a Monday
    const weeks = lastWeeks(new Date('2026-11-25T12:00:00Z'));
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-09-07');
    expect(weeks[11]).toBe('2026-11-23');
  });
});

describeEachDatabase(
  'admin users API',
  (env) => {
    let admin: Awaited<ReturnType<typeof signUpAndSignIn>>;
    const tag = Date.now().toString(36);

    beforeAll(async () => {
      admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL, name: 'Boss Admin' });
    });

    it('searches display name, surname, username and the real email, case-insensitively, on the server', async () => {
      const zelda = await signUpAndSignIn(env(), { email: `zq.${tag}@Example.com`, name: 'Zelda Quartermaine' });
      await env()
        .db.update(profiles)
        .set({ username: `sharp_${tag}` })
        .where(eq(profiles.userId, zelda.userId));
      const other = await signUpAndSignIn(env(), { name: 'Someone Else' });

      const search = async (q: string) =>
        getJson<AdminUserPage>(env(), `/api/admin/users?search=${encodeURIComponent(q)}`, admin.cookie);
      for (const q of [
        'zelda',
        'ZELDA q',
        'quarter',
        'QuarterMAINE',
        `SHARP_${tag}`,
        `@sharp_${tag}`,
        `zq.${tag}`,
        `ZQ.${tag.toUpperCase()}@example`,
      ]) {
        const page = await search(q);
        expect(
          page.users.map((u) => u.userId),
          q,
        ).toEqual([zelda.userId]);
        expect(page.total, q).toBe(1);
        expect(page.totalCapped, q).toBe(false);
      }
      const [row] = (await search('zelda')).users;
      expect(row).toEqual({
        userId: zelda.userId,
        displayName: 'Zelda Quartermaine',
        email: zelda.email, // the account's real address, never a fabricated one
        username: `sharp_${tag}`,
        joinDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        totalBets: 0,
        winRate: null,
        verificationStatus: 'unverified',
        role: 'user',
        profilePublic: true,
      });
      // Starts-with, not contains; LIKE wildcards in the search are plain characters.
      expect((await search('elda')).total).toBe(0);
      expect((await search('%')).total).toBe(0);
      expect((await search('_harp')).total).toBe(0);
      // A blank search lists everyone.
      const all = await search('   ');
      expect(all.total).toBeGreaterThanOrEqual(3);
      expect(all.users.map((u) => u.userId)).toEqual(expect.arrayContaining([zelda.userId, other.userId]));
    });

    it("shows each user's total bets and the profile's win rate: won / (won + lost) × 100, pending left out", async () => {
      const bettor = await signUpAndSignIn(env(), { name: `Rate ${tag}` });
      await seedBets(env(), bettor.userId, { won: 1, lost: 1, pending: 1 });
      const page = await getJson<AdminUserPage>(env(), `/api/admin/users?search=rate%20${tag}`, admin.cookie);
      expect(page.users).toHaveLength(1);
      expect(page.users[0]).toMatchObject({ totalBets: 3, winRate: 50 });
    });

    it('filters by verification status and pages newest first with a cursor and a total', async () => {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await signUpAndSignIn(env(), { name: `Pager${tag} ${i}` }));
      // Distinct join times, oldest first.
      for (const [i, u] of made.entries()) {
        await env()
          .db.update(profiles)
          .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
          .where(eq(profiles.userId, u.userId));
      }
      const newestFirst = made.map((u) => u.userId).reverse();

      const seen: string[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const query = new URLSearchParams({ search: `pager${tag}`, limit: '2', ...(cursor ? { cursor } : {}) });
        const page: AdminUserPage = await getJson<AdminUserPage>(env(), `/api/admin/users?${query}`, admin.cookie);
        expect(page.total).toBe(5);
        sizes.push(page.users.length);
        seen.push(...page.users.map((u) => u.userId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([2, 2, 1]);
      expect(seen).toEqual(newestFirst);

      // Two applications and one verification among them.
      await env().request('/api/verification/apply', { cookie: made[0]!.cookie, method: 'POST' });
      await env().request('/api/verification/apply', { cookie: made[1]!.cookie, method: 'POST' });
      expect((await setVerification(env(), admin.cookie, made[2]!.userId, 'verified')).status).toBe(200);
      const byStatus = async (status: string) =>
        (
          await getJson<AdminUserPage>(env(), `/api/admin/users?search=pager${tag}&status=${status}`, admin.cookie)
        ).users.map((u) => u.userId);
      expect(await byStatus('pending')).toEqual([made[1]!.userId, made[0]!.userId]);
      expect(await byStatus('verified')).toEqual([made[2]!.userId]);
      expect(await byStatus('unverified')).toEqual([made[4]!.userId, made[3]!.userId]);
      expect(await byStatus('all')).toHaveLength(5);
      // Without a search, the status filter alone pages the whole table.
      const pendingAll = await getJson<AdminUserPage>(env(), '/api/admin/users?status=pending', admin.cookie);
      expect(pendingAll.users.every((u) => u.verificationStatus === 'pending')).toBe(true);
    });

    it('a broad search walks the newest-first index and counts up to 1,000 ("1,000+")', async () => {
      const prefix = `wide${tag}`;
      await env().db.execute(sql`
        insert into users (id, name, email, email_verified, created_at, updated_at, age_confirmed_at)
        select ${prefix} || g, 'Wide Tester ' || g, ${prefix} || '.' || g || '@example.com', true, now(), now(), now()
        from generate_series(1, 1005) g`);
      await env().db.execute(sql`
        update profiles set created_at = timestamptz '2025-01-01T00:00:00Z' + substring(user_id from ${prefix.length + 1}::int)::int * interval '1 minute',
          verification_status = case when substring(user_id from ${prefix.length + 1}::int)::int % 100 = 0 then 'pending' else 'unverified' end
        where user_id like ${`${prefix}%`}`);
      const newest = (n: number) => Array.from({ length: n }, (_, i) => `${prefix}${1005 - i}`);

      const broad = await getJson<AdminUserPage>(env(), `/api/admin/users?search=${prefix}&limit=5`, admin.cookie);
      expect(broad).toMatchObject({ total: 1000, totalCapped: true });
      expect(broad.users.map((u) => u.userId)).toEqual(newest(5));
      const next = await getJson<AdminUserPage>(
        env(),
        `/api/admin/users?search=${prefix}&limit=5&cursor=${broad.nextCursor}`,
        admin.cookie,
      );
      expect(next.users.map((u) => u.userId)).toEqual(newest(10).slice(5));

      // Broad in one column, narrowed by the status filter: exact again below the cap.
      const pending = await getJson<AdminUserPage>(
        env(),
        `/api/admin/users?search=${prefix}&status=pending`,
        admin.cookie,
      );
      expect(pending).toMatchObject({ total: 10, totalCapped: false });
      expect(pending.users.map((u) => u.userId)).toEqual(
        [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100].map((n) => `${prefix}${n}`),
      );

      // A narrow search (at most 1,000 matches) is counted exactly.
      const narrow = await getJson<AdminUserPage>(env(), `/api/admin/users?search=${prefix}.100`, admin.cookie);
      expect(narrow).toMatchObject({ total: 7, totalCapped: false }); // 100, 1000-1005
    });

    it('rejects bad paging and filter input with a message per field', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=abc', 'limit'],
        ['status=banned', 'status'],
        ['cursor=not-a-cursor!', 'cursor'],
        ['cursor=YWJj', 'cursor'],
        ['sort=name', 'sort'],
        [`search=${'x'.repeat(101)}`, 'search'],
      ] as const) {
        const res = await env().request(`/api/admin/users?${query}`, { cookie: admin.cookie });
        expect(res.status, query).toBe(422);
        const body = (await res.json()) as { fields: Record<string, string> };
        expect(Object.keys(body.fields), query).toContain(field);
      }
    });

    it('verifies, unverifies and declines in one transaction with an admin_logs row each', async () => {
      const target = await signUpAndSignIn(env());
      expect((await env().request('/api/verification/apply', { cookie: target.cookie, method: 'POST' })).status).toBe(
        201,
      );
      const statusOf = async () =>
        (await env().db.select().from(profiles).where(eq(profiles.userId, target.userId)))[0]!.verificationStatus;
      const logsOf = () =>
        env().db.select().from(adminLogs).where(eq(adminLogs.targetUserId, target.userId)).orderBy(adminLogs.createdAt);

      const verify = await setVerification(env(), admin.cookie, target.userId, 'verified');
      expect(verify.status).toBe(200);
      expect((await verify.json()) as VerificationChange).toEqual({
        userId: target.userId,
        status: 'verified',
        previous: 'pending',
        changed: true,
      });
      expect(await statusOf()).toBe('verified');

      // The same status again: nothing written, nothing logged.
      const again = await setVerification(env(), admin.cookie, target.userId, 'verified');
      expect(((await again.json()) as VerificationChange).changed).toBe(false);

      expect((await setVerification(env(), admin.cookie, target.userId, 'unverified')).status).toBe(200);
      expect(await statusOf()).toBe('unverified');

      const logs = await logsOf();
      expect(logs.map((l) => [l.adminUserId, l.actionType, l.targetUserId, l.details])).toEqual([
        [admin.userId, 'user_verification_update', target.userId, { status: 'verified', previous: 'pending' }],
        [admin.userId, 'user_verification_update', target.userId, { status: 'unverified', previous: 'verified' }],
      ]);
    });

    it('leaves the status unchanged when the log row cannot be written', async () => {
      const target = await signUpAndSignIn(env());
      await env().db.execute(sql`
        create function admin_logs_refuse() returns trigger language plpgsql as $$
        begin raise exception 'admin_logs is refusing writes (test)'; end; $$`);
      await env().db.execute(
        sql`create trigger admin_logs_refuse before insert on admin_logs for each row execute function admin_logs_refuse()`,
      );
      try {
        const res = await setVerification(env(), admin.cookie, target.userId, 'verified');
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ error: 'Internal Server Error' });
      } finally {
        await env().db.execute(sql`drop trigger admin_logs_refuse on admin_logs`);
        await env().db.execute(sql`drop function admin_logs_refuse()`);
      }
      const [profile] = await env().db.select().from(profiles).where(eq(profiles.userId, target.userId));
      expect(profile!.verificationStatus).toBe('unverified');
      expect(await env().db.select().from(adminLogs).where(eq(adminLogs.targetUserId, target.userId))).toEqual([]);
      // And the same call goes through once the log can be written.
      expect((await setVerification(env(), admin.cookie, target.userId, 'verified')).status).toBe(200);
    });

    it('answers 404 for an unknown user and 422 for a bad status, changing nothing', async () => {
      const before = await env().db.select().from(adminLogs);
      expect((await setVerification(env(), admin.cookie, 'no-such-user', 'verified')).status).toBe(404);
      expect((await setVerification(env(), admin.cookie, 'bad id with spaces', 'verified')).status).toBe(404);
      const bad = await setVerification(env(), admin.cookie, admin.userId, 'banned');
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { fields: Record<string, string> }).fields.status).toBe(
        'Status must be one of unverified, pending, verified',
      );
      const extra = await env().request(`/api/admin/users/${admin.userId}/verification`, {
        cookie: admin.cookie,
        method: 'PATCH',
        body: { status: 'verified', role: 'admin' },
      });
      expect(extra.status).toBe(422);
      expect(await env().db.select().from(adminLogs)).toHaveLength(before.length);
    });

    it('lets admins read a private profile that others cannot (GET /api/profiles/:username)', async () => {
      const hidden = await signUpAndSignIn(env());
      await env()
        .db.update(userSettings)
        .set({ privacySettings: { profile_public: false } })
        .where(eq(userSettings.userId, hidden.userId));
      const [profile] = await env().db.select().from(profiles).where(eq(profiles.userId, hidden.userId));
      const path = `/api/profiles/${profile!.username}`;
      const stranger = await signUpAndSignIn(env());
      // To everyone else a private profile is a missing one (profiles/routes.ts).
      expect((await env().request(path, { cookie: stranger.cookie })).status).toBe(404);
      expect((await env().request(path)).status).toBe(404);
      expect((await env().request(path, { cookie: admin.cookie })).status).toBe(200);
      const listed = await getJson<AdminUserPage>(env(), `/api/admin/users?search=${profile!.username}`, admin.cookie);
      expect(listed.users[0]).toMatchObject({ userId: hidden.userId, profilePublic: false });
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

describeEachDatabase(
  'admin stats and analytics',
  (env) => {
    it('computes the cards, the average win rate and the weekly series in SQL on a known set', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const a = await signUpAndSignIn(env());
      const b = await signUpAndSignIn(env());
      const c = await signUpAndSignIn(env());
      const d = await signUpAndSignIn(env());

      const now = env().clock.now();
      const thisWeek = weekStart(now).getTime();
      const weeksAgo = (n: number, plusHours = 12) => new Date(thisWeek - n * 7 * DAY_MS + plusHours * HOUR_MS);
      // Bets: a 2 won / 1 lost / 1 pending (66.7%: pending does not count), b 1 won / 2 lost (33.3…%); c and d none.
      await seedBets(env(), a.userId, { won: 2, lost: 1 }, weeksAgo(0, 1));
      await seedBets(env(), a.userId, { pending: 1 }, weeksAgo(3));
      await seedBets(env(), b.userId, { won: 1, lost: 2 }, weeksAgo(11));
      // Signups: admin and a this week, b 3 weeks ago, c 11 weeks ago (the oldest shown), d 12 (not shown).
      const joined: [string, Date][] = [
        [admin.userId, weeksAgo(0, 0)],
        [a.userId, weeksAgo(0, 0)],
        [b.userId, weeksAgo(3)],
        [c.userId, weeksAgo(11, 0)],
        [d.userId, weeksAgo(12)],
      ];
      for (const [userId, at] of joined) {
        await env().db.update(profiles).set({ createdAt: at }).where(eq(profiles.userId, userId));
      }
      await setVerification(env(), admin.cookie, b.userId, 'verified');
      await env().request('/api/verification/apply', { cookie: c.cookie, method: 'POST' });

      const expectedStats: AdminStats = {
        totalUsers: 5,
        activeUsers: 2,
        verifiedUsers: 1,
        pendingUsers: 1,
        totalBets: 7,
        avgWinRate: 50, // mean of 66.67… and 33.33…, one decimal
      };
      expect(await getJson<AdminStats>(env(), '/api/admin/stats', admin.cookie)).toEqual(expectedStats);

      const analytics = await getJson<AdminAnalytics>(env(), '/api/admin/analytics', admin.cookie);
      expect(analytics.overview).toEqual(expectedStats);
      const weeks = lastWeeks(now);
      const series = (counts: Record<number, number>) => weeks.map((week, i) => ({ week, count: counts[11 - i] ?? 0 }));
      expect(analytics.signupsPerWeek).toEqual(series({ 0: 2, 3: 1, 11: 1 }));
      expect(analytics.betsPerWeek).toEqual(series({ 0: 3, 3: 1, 11: 3 }));
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

describeEachDatabase(
  'admin issues and audit log',
  (env) => {
    let admin: Awaited<ReturnType<typeof signUpAndSignIn>>;
    beforeAll(async () => {
      admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
    });

    const contact = async (body: Record<string, unknown>, cookie?: string) => {
      const res = await env().request('/api/inbox/contact', { body, cookie, ip: freshIp() });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };

    it('lists contact messages and inquiries newest first with a title, sender, type, priority and status', async () => {
      const sender = await signUpAndSignIn(env());
      const [senderProfile] = await env().db.select().from(profiles).where(eq(profiles.userId, sender.userId));
      const first = await contact({
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Cannot export CSV',
        message: 'It fails.',
      });
      const second = await contact(
        { name: 'Ben', email: 'ben@example.com', message: 'No subject here' },
        sender.cookie,
      );
      const inquiry = await env().request('/api/inbox/advertise', {
        body: {
          company: 'Acme Odds',
          email: 'ads@acme.test',
          budget: '1000-5000',
          adType: 'banner',
          message: 'Banner please',
        },
        ip: freshIp(),
      });
      expect(inquiry.status).toBe(201);
      const third = ((await inquiry.json()) as { id: string }).id;
      // Distinct times so the order is certain.
      for (const [i, id] of [first, second, third].entries()) {
        await env()
          .db.update(inboxMessages)
          .set({ createdAt: new Date(Date.UTC(2026, 5, 1 + i)) })
          .where(eq(inboxMessages.id, id));
      }

      const page = await getJson<AdminIssuePage>(env(), '/api/admin/issues', admin.cookie);
      expect(page.total).toBe(3);
      expect(page.issues.map((i) => [i.id, i.title, i.type, i.name, i.username, i.priority, i.status])).toEqual([
        [third, 'Advertising inquiry from Acme Odds', 'advertising', 'Acme Odds', null, 'medium', 'open'],
        [second, 'Message from Ben', 'contact', 'Ben', senderProfile!.username, 'medium', 'open'],
        [first, 'Cannot export CSV', 'contact', 'Ann', null, 'medium', 'open'],
      ]);

      const detail = await getJson<AdminIssueDetail>(env(), `/api/admin/issues/${third}`, admin.cookie);
      expect(detail).toMatchObject({
        message: 'Banner please',
        email: 'ads@acme.test',
        budget: '1000-5000',
        adType: 'banner',
        subject: null,
      });

      const typed = await getJson<AdminIssuePage>(
        env(),
        '/api/admin/issues?type=contact&limit=1&offset=1',
        admin.cookie,
      );
      expect(typed).toMatchObject({ total: 2, issues: [{ id: first }] });
    });

    it('persists a status change, logs it, and filters on it', async () => {
      const id = await contact({ name: 'Cat', email: 'cat@example.com', subject: 'Bug', message: 'Broken' });
      const patch = (body: unknown) =>
        env().request(`/api/admin/issues/${id}`, { cookie: admin.cookie, method: 'PATCH', body });

      const res = await patch({ status: 'in-progress' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as AdminIssueDetail).status).toBe('in-progress');
      expect((await patch({ status: 'resolved', priority: 'high' })).status).toBe(200);
      expect((await patch({ status: 'resolved' })).status).toBe(200); // no change, no log

      const detail = await getJson<AdminIssueDetail>(env(), `/api/admin/issues/${id}`, admin.cookie);
      expect(detail).toMatchObject({ status: 'resolved', priority: 'high' });
      const resolved = await getJson<AdminIssuePage>(env(), '/api/admin/issues?status=resolved', admin.cookie);
      expect(resolved.issues.map((i) => i.id)).toContain(id);

      const logs = await rows<{ action_type: string; details: unknown; admin_user_id: string }>(
        env(),
        sql`select action_type, details, admin_user_id from admin_logs where details->>'issueId' = ${id} order by created_at, action_type`,
      );
      expect(
        logs.map((l) => [l.action_type, typeof l.details === 'string' ? JSON.parse(l.details) : l.details]),
      ).toEqual([
        ['issue_status_update', { issueId: id, status: 'in-progress', previous: 'open' }],
        ['issue_priority_update', { issueId: id, priority: 'high', previous: 'medium' }],
        ['issue_status_update', { issueId: id, status: 'resolved', previous: 'in-progress' }],
      ]);

      // Bad input and unknown ids change nothing.
      expect((await patch({})).status).toBe(422);
      expect((await patch({ status: 'archived' })).status).toBe(422);
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const other of [missing, 'not-a-uuid']) {
        const r = await env().request(`/api/admin/issues/${other}`, {
          cookie: admin.cookie,
          method: 'PATCH',
          body: { status: 'closed' },
        });
        expect(r.status).toBe(404);
        expect(await r.json()).toEqual({ error: 'Issue not found' });
        expect((await env().request(`/api/admin/issues/${other}`, { cookie: admin.cookie })).status).toBe(404);
      }
    });

    it('lists the audit log newest first: who did what to whom, and when', async () => {
      const target = await signUpAndSignIn(env());
      await setVerification(env(), admin.cookie, target.userId, 'verified');
      env().clock.advance(1000);
      await setVerification(env(), admin.cookie, target.userId, 'unverified');
      const page = await getJson<AdminLogPage>(env(), '/api/admin/logs?limit=2', admin.cookie);
      expect(page.total).toBeGreaterThanOrEqual(2);
      const [adminProfile] = await env().db.select().from(profiles).where(eq(profiles.userId, admin.userId));
      const [targetProfile] = await env().db.select().from(profiles).where(eq(profiles.userId, target.userId));
      expect(page.logs).toEqual([
        {
          id: expect.any(String),
          action: 'user_verification_update',
          admin: { userId: admin.userId, email: admin.email, username: adminProfile!.username },
          target: { userId: target.userId, email: target.email, username: targetProfile!.username },
          details: { status: 'unverified', previous: 'verified' },
          createdAt: expect.stringMatching(/Z$/),
        },
        expect.objectContaining({
          action: 'user_verification_update',
          details: { status: 'verified', previous: 'unverified' },
        }),
      ]);
      expect(Date.parse(page.logs[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(page.logs[1]!.createdAt));
      const next = await getJson<AdminLogPage>(env(), '/api/admin/logs?limit=2&offset=2', admin.cookie);
      expect(next.logs.map((l) => l.id)).not.toContain(page.logs[0]!.id);
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);
