import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitKey } from '../../edge/client-address.ts';
import { rateLimit, session, signInFailure, user } from '../../db/schema/index.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import {
  cookieFrom,
  createSiblingApp,
  describeEachDatabase,
  expectOnceNotified,
  freshIp,
  getSession,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { ALERT_AFTER_FAILURES, SLOW_DOWN, signInDelayedMessage, slowDownMs } from './sign-in-failures.ts';

const ADMIN = 'boss@example.com';

const failuresFor = async (env: TestEnv, email: string) => {
  const rows = await env.db.select().from(signInFailure).where(eq(signInFailure.email, email.toLowerCase()));
  return rows.length;
};

/** Sets up `n` failed sign-ins for an account from a client address, `agoMs` before now. */
const insertFailures = async (env: TestEnv, email: string, n: number, ip: string, agoMs = 0) => {
  const createdAt = new Date(env.clock.now().getTime() - agoMs);
  const client = limitKey(ip);
  await env.db
    .insert(signInFailure)
    .values(Array.from({ length: n }, () => ({ email: email.toLowerCase(), client, createdAt })));
};

const ALERT_SUBJECT = 'Someone is trying to sign in to your betproof account';
const alertsTo = (env: TestEnv, email: string) =>
  env.mailer.sent.filter((m) => m.to === email && m.subject === ALERT_SUBJECT);

/** Runs `body` with the test clock moved forward, and puts it back after. */
async function later(env: TestEnv, ms: number, body: () => Promise<void>) {
  env.clock.advance(ms);
  try {
    await body();
  } finally {
    env.clock.reset();
  }
}

const roleOf = async (env: TestEnv, email: string) => {
  const [row] = await env.db.select({ role: user.role }).from(user).where(eq(user.email, email));
  return row?.role;
};

describeEachDatabase(
  'sign-in',
  (env) => {
    describe('sign-in, sessions and sign-out', () => {
      // One confirmed account serves the tests that only read.
      let alice: Awaited<ReturnType<typeof signUpAndSignIn>>;
      beforeAll(async () => {
        alice = await signUpAndSignIn(env(), { email: uniqueEmail('alice') });
      });

      it('answers a wrong password with 401 and records the failure', async () => {
        const before = await failuresFor(env(), alice.email);
        const res = await signIn(env(), alice.email, 'not-her-password');
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
        expect(res.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
        expect(await failuresFor(env(), alice.email)).toBe(before + 1);
      });

      it('answers an unknown email exactly like a wrong password', async () => {
        const email = uniqueEmail('nobody');
        const res = await signIn(env(), email);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
        expect(await failuresFor(env(), email)).toBe(1);
      });

      it('signs in with any letter case of the email', async () => {
        const res = await signIn(env(), `  ${alice.email.toUpperCase()} `);
        expect(res.status).toBe(200);
      });

      it('answers a malformed sign-in with 400', async () => {
        const res = await signIn(env(), 'not-an-email');
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'INVALID_EMAIL' });
      });

      it('returns the signed-in user with role "user" from get-session', async () => {
        const current = await getSession(env(), alice.cookie);
        expect(current?.user).toMatchObject({
          id: alice.userId,
          email: alice.email,
          role: 'user',
          emailVerified: true,
        });
        const [row] = await env().db.select().from(session).where(eq(session.id, current!.session.id));
        expect(row?.userId).toBe(alice.userId);
      });

      it('returns null from get-session without a cookie or with a forged one', async () => {
        expect(await getSession(env(), '')).toBeNull();
        const forged = alice.cookie.replace(/session_token=[^.;]+/, 'session_token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        expect(forged).not.toBe(alice.cookie);
        expect(await getSession(env(), forged)).toBeNull();
      });

      it('does not let a user make themself an admin (update-user is switched off)', async () => {
        const res = await env().request('/api/auth/update-user', {
          body: { role: 'admin' },
          cookie: alice.cookie,
          ip: freshIp(),
        });
        expect(res.status).toBe(404);
        expect(await roleOf(env(), alice.email)).toBe('user');
      });

      it('keeps the session for 7 days in a persistent cookie, refreshed while in use', async () => {
        const { email, password } = await signUpAndSignIn(env());
        const res = await signIn(env(), email, password);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
        expect(cookie).toMatch(/Max-Age=604800/);
        const current = (await getSession(env(), cookieFrom(res)))!;
        const row = async () => (await env().db.select().from(session).where(eq(session.id, current.session.id)))[0];
        const week = 7 * 24 * 60 * 60 * 1000;
        expect((await row())!.expiresAt.getTime()).toBeGreaterThan(Date.now() + week - 60_000);

        // Two days later (five left), using the site extends the session to a full week again.
        await env()
          .db.update(session)
          .set({ expiresAt: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000) })
          .where(eq(session.id, current.session.id));
        const used = await env().request('/api/auth/get-session', { cookie: cookieFrom(res), ip: freshIp() });
        expect(used.status).toBe(200);
        expect((await row())!.expiresAt.getTime()).toBeGreaterThan(Date.now() + week - 60_000);
        expect(used.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))).toMatch(
          /Max-Age=604800/,
        );

        // An expired session is no session.
        await env()
          .db.update(session)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(session.id, current.session.id));
        expect(await getSession(env(), cookieFrom(res))).toBeNull();
        expect((await env().request('/api/admin/access', { cookie: cookieFrom(res) })).status).toBe(401);
      });

      it('revokes the session on the server at sign-out', async () => {
        const { cookie, userId } = await signUpAndSignIn(env());
        const other = cookieFrom(await signIn(env(), (await getSession(env(), cookie))!.user.email));
        expect(await getSession(env(), cookie)).not.toBeNull();

        const res = await env().request('/api/auth/sign-out', { body: {}, cookie, ip: freshIp() });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ success: true });
        const cleared = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
        expect(cleared).toMatch(/Max-Age=0/i);

        // Replaying the old cookie gets nothing: the session row is gone, not just the cookie.
        expect(await getSession(env(), cookie)).toBeNull();
        const rows = await env().db.select().from(session).where(eq(session.userId, userId));
        expect(rows).toHaveLength(1);
        // Signing out one device leaves the others signed in.
        expect(await getSession(env(), other)).not.toBeNull();
      });

      it('limits sign-in to 10 attempts a minute per address, then answers 429', async () => {
        const ip = freshIp();
        for (let attempt = 1; attempt <= 10; attempt++) {
          const res = await signIn(env(), uniqueEmail('bruteforce'), `guess-number-${attempt}`, ip);
          expect(res.status).toBe(401);
        }
        const limited = await signIn(env(), uniqueEmail('bruteforce'), 'guess-number-11', ip);
        expect(limited.status).toBe(429);
        const body = (await limited.json()) as { code: string; message: string };
        expect(body.code).toBe('RATE_LIMITED');
        expect(body.message).toMatch(
          /^Too many sign-in attempts from your network\. Please wait \d+ seconds and try again\.$/,
        );
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

        // Even the right password of a real account is refused from that address now ...
        expect((await signIn(env(), alice.email, alice.password, ip)).status).toBe(429);
        // ... while another address is not affected.
        expect((await signIn(env(), alice.email, alice.password, freshIp())).status).toBe(200);

        // The count is in the database, so it holds across servers and restarts.
        const [row] = await env()
          .db.select()
          .from(rateLimit)
          .where(eq(rateLimit.key, `${ip}|/sign-in/email`));
        expect(row?.count).toBe(10);
        const sibling = createSiblingApp(env());
        expect((await signIn(sibling, alice.email, alice.password, ip)).status).toBe(429);
      });

      it('does not let a client choose its rate-limit bucket with headers', async () => {
        const ip = freshIp();
        for (let attempt = 1; attempt <= 10; attempt++) {
          const res = await env().request('/api/auth/sign-in/email', {
            body: { email: uniqueEmail('spoofer'), password: `guess-${attempt}` },
            ip,
            headers: { 'x-forwarded-for': freshIp(), 'x-betproof-client-ip': freshIp(), 'x-real-ip': freshIp() },
          });
          expect(res.status).toBe(401);
        }
        const limited = await env().request('/api/auth/sign-in/email', {
          body: { email: uniqueEmail('spoofer'), password: 'guess-11' },
          ip,
          headers: { 'x-forwarded-for': freshIp(), 'x-betproof-client-ip': freshIp() },
        });
        expect(limited.status).toBe(429);
      });

      it('behind a trusted proxy, counts the address the proxy appended, not what the client wrote', async () => {
        const behindProxy = createSiblingApp(env(), { ADMIN_EMAILS: ADMIN, TRUST_PROXY: 'true' });
        const proxy = freshIp();
        const client = freshIp();
        const attempt = (forwardedFor: string) =>
          behindProxy.request('/api/auth/sign-in/email', {
            body: { email: uniqueEmail('proxied'), password: 'some-guess-1' },
            ip: proxy,
            headers: { 'x-forwarded-for': forwardedFor },
          });
        for (let i = 1; i <= 10; i++) expect((await attempt(`${freshIp()}, ${client}`)).status).toBe(401);
        expect((await attempt(`${freshIp()}, ${client}`)).status).toBe(429);
        expect((await attempt(client)).status).toBe(429);
        // Another visitor through the same proxy is not affected.
        expect((await attempt(freshIp())).status).toBe(401);
      });

      it('limits sign-ups per address too', async () => {
        const ip = freshIp();
        for (let i = 0; i < 10; i++)
          expect((await signUp(env(), { email: uniqueEmail('flood') }, ip)).status).toBe(200);
        const limited = await signUp(env(), { email: uniqueEmail('flood') }, ip);
        expect(limited.status).toBe(429);
        expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      });

      it('no one can lock out the owner: 100+ wrong passwords from other addresses, then the right one from a fresh address works', async () => {
        const ownIp = freshIp();
        const { email, password } = await signUpAndSignIn(env(), { ip: ownIp });
        // A handful of addresses hammering the account: each is slowed down after a few failures.
        for (const ip of Array.from({ length: 5 }, freshIp)) {
          for (let i = 1; i <= SLOW_DOWN.freePerAccountAndClient; i++) {
            expect((await signIn(env(), email, `wrong-password-${i}`, ip)).status).toBe(401);
          }
          const slowed = await signIn(env(), email, 'wrong-password-6', ip);
          expect(slowed.status).toBe(429);
          expect(slowed.headers.getSetCookie()).toEqual([]);
        }
        // ... and a hundred more, each from its own address.
        for (let i = 0; i < 100; i++) {
          expect((await signIn(env(), email, `wrong-password-x${i}`)).status).toBe(401);
        }
        expect(await failuresFor(env(), email)).toBeGreaterThanOrEqual(100);

        expect((await signIn(env(), email, password, freshIp())).status).toBe(200);
        expect((await signIn(env(), email, password, ownIp)).status).toBe(200);
      }, 120_000);

      it('slows one address trying one account down with a growing wait (Retry-After), and a refused try changes nothing', async () => {
        const { email, password } = await signUpAndSignIn(env());
        const ip = freshIp();
        for (let i = 1; i <= SLOW_DOWN.freePerAccountAndClient; i++) {
          expect((await signIn(env(), email, `wrong-password-${i}`, ip)).status).toBe(401);
        }
        const waits: number[] = [];
        // Waits of 1, 2 and 4 s: on a loaded machine the sign-ins themselves could outlast them.
        env().clock.freeze();
        try {
          for (let round = 0; round < 2; round++) {
            const before = await snapshotTables(env());
            // The right password too: the wait comes before the password is checked.
            const refused = await signIn(env(), email, password, ip);
            expect(refused.status).toBe(429);
            const seconds = Number(refused.headers.get('retry-after'));
            expect(await refused.json()).toEqual({ code: 'SIGN_IN_DELAYED', message: signInDelayedMessage(seconds) });
            expect(refused.headers.getSetCookie()).toEqual([]);
            expect(await snapshotTables(env())).toEqual(before);
            waits.push(seconds);
            env().clock.advance(seconds * 1000);
            expect((await signIn(env(), email, `wrong-again-${round}`, ip)).status).toBe(401);
          }
          const third = await signIn(env(), email, password, ip);
          expect(third.status).toBe(429);
          waits.push(Number(third.headers.get('retry-after')));
        } finally {
          env().clock.reset();
        }
        expect(waits).toEqual([1, 2, 4]);
        expect(waits).toEqual([5, 6, 7].map((n) => slowDownMs(n, SLOW_DOWN.freePerAccountAndClient) / 1000));
        // Meanwhile the owner, from anywhere else, signs in.
        expect((await signIn(env(), email, password, freshIp())).status).toBe(200);
      });

      it('keeps the wait to that account and address, ends it by the clock, and caps it', async () => {
        const { email, password } = await signUpAndSignIn(env());
        const other = await signUpAndSignIn(env());
        const ip = freshIp();
        // 12 failures: 2^(12 - 5) = 128 s from the last one (the test clock runs with real time, so
        // the checks below keep a margin for the time the sign-ins themselves take).
        await insertFailures(env(), email, 12, ip);
        const res = await signIn(env(), email, password, ip);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(110);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(128);
        // Another account from that address, and that account from another address: no wait.
        expect((await signIn(env(), other.email, other.password, ip)).status).toBe(200);
        expect((await signIn(env(), email, password, freshIp())).status).toBe(200);
        await later(env(), 60_000, async () => {
          expect((await signIn(env(), email, password, ip)).status).toBe(429);
        });
        await later(env(), 128_000, async () => {
          expect((await signIn(env(), email, password, ip)).status).toBe(200);
        });

        const stubborn = freshIp();
        await insertFailures(env(), email, 60, stubborn);
        const capped = await signIn(env(), email, password, stubborn);
        expect(capped.status).toBe(429);
        expect(Number(capped.headers.get('retry-after'))).toBe(SLOW_DOWN.maxDelayMs / 1000);
      });

      it('slows an address failing on many accounts (credential stuffing) for every account', async () => {
        const { email, password } = await signUpAndSignIn(env());
        const ip = freshIp();
        for (let i = 0; i < SLOW_DOWN.freePerClient; i++) await insertFailures(env(), uniqueEmail('stuffed'), 1, ip);
        const res = await signIn(env(), email, password, ip);
        expect(res.status).toBe(429);
        expect(res.headers.get('retry-after')).toBe('1');
        expect((await signIn(env(), email, password, freshIp())).status).toBe(200);
      });

      it('forgets failures older than an hour', async () => {
        const { email, password } = await signUpAndSignIn(env());
        const ip = freshIp();
        await insertFailures(env(), email, 40, ip, 61 * 60 * 1000);
        expect((await signIn(env(), email, password, ip)).status).toBe(200);
        // ... and a new failure prunes them.
        expect((await signIn(env(), email, 'wrong-password-2', ip)).status).toBe(401);
        expect(await failuresFor(env(), email)).toBe(1);
      });

      it(`mails the owner after ${ALERT_AFTER_FAILURES} failures within an hour from addresses they are not signed in from, once an hour`, async () => {
        const ownIp = freshIp();
        const { email } = await signUpAndSignIn(env(), { ip: ownIp });
        for (let i = 1; i < ALERT_AFTER_FAILURES; i++) {
          expect((await signIn(env(), email, `wrong-${i}`)).status).toBe(401);
        }
        // Failures from the owner's own address are the owner's typos.
        for (let i = 0; i < 3; i++) expect((await signIn(env(), email, `typo-${i}`, ownIp)).status).toBe(401);
        expect(alertsTo(env(), email)).toHaveLength(0);

        expect((await signIn(env(), email, 'wrong-10')).status).toBe(401);
        expect(alertsTo(env(), email)).toHaveLength(1);
        const mail = alertsTo(env(), email)[0]!;
        expect(mail.text).toContain(`${env().config.BASE_URL}/auth`);
        expect(mail.text).toMatch(/failed attempts to sign in/);

        for (let i = 0; i < 5; i++) expect((await signIn(env(), email, `more-${i}`)).status).toBe(401);
        expect(alertsTo(env(), email)).toHaveLength(1);

        // An hour on, new failures mail again.
        await later(env(), 61 * 60 * 1000, async () => {
          for (let i = 0; i < ALERT_AFTER_FAILURES; i++) {
            expect((await signIn(env(), email, `next-hour-${i}`)).status).toBe(401);
          }
          expect(alertsTo(env(), email)).toHaveLength(2);
        });
      }, 60_000);

      it("mails nobody for an address without an account, nor for failures from the owner's own IPv6 /64", async () => {
        const nobody = uniqueEmail('nobody');
        for (let i = 0; i < ALERT_AFTER_FAILURES + 2; i++)
          expect((await signIn(env(), nobody, `x-${i}`)).status).toBe(401);
        expect(env().mailer.sent.filter((m) => m.to === nobody)).toEqual([]);

        const { email } = await signUpAndSignIn(env(), { ip: '2001:db8:77:1::5' });
        await insertFailures(env(), email, ALERT_AFTER_FAILURES - 1, '2001:db8:77:1::99', 10 * 60 * 1000);
        expect((await signIn(env(), email, 'wrong', '2001:db8:77:1:abcd::1')).status).toBe(401);
        expect(alertsTo(env(), email)).toHaveLength(0);
      });
    });

    describe('admin role', () => {
      it('gives an ADMIN_EMAILS account the admin role at sign-up', async () => {
        const { cookie } = await signUpAndSignIn(env(), { email: 'Boss@Example.com' });
        expect(await roleOf(env(), ADMIN)).toBe('admin');
        expect((await getSession(env(), cookie))?.user.role).toBe('admin');
        const access = await env().request('/api/admin/access', { cookie });
        expect(access.status).toBe(200);
        expect(await access.json()).toEqual({ admin: true });
      });

      it('gives the admin role at sign-in to an existing account added to ADMIN_EMAILS later', async () => {
        const { email, password, cookie } = await signUpAndSignIn(env(), { email: uniqueEmail('promoted') });
        expect(await roleOf(env(), email)).toBe('user');
        expect((await env().request('/api/admin/access', { cookie })).status).toBe(403);

        // The server restarts with the account listed (any letter case).
        const restarted = createSiblingApp(env(), { ADMIN_EMAILS: `${ADMIN}, ${email.toUpperCase()}` });
        const res = await signIn(restarted, email, password);
        expect(res.status).toBe(200);
        expect(await roleOf(env(), email)).toBe('admin');
        const newCookie = cookieFrom(res);
        expect((await getSession(restarted, newCookie))?.user.role).toBe('admin');
        expect((await restarted.request('/api/admin/access', { cookie: newCookie })).status).toBe(200);
      });

      it('answers /api/admin/access with 401 when signed out', async () => {
        const res = await env().request('/api/admin/access');
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: 'Not authenticated' });
      });

      it('answers /api/admin/access with a JSON 403 for a signed-in non-admin', async () => {
        const { cookie } = await signUpAndSignIn(env());
        const res = await env().request('/api/admin/access', { cookie });
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ error: 'Not authorised: this area is for administrators only' });
      });

      it('takes the admin role away as soon as the server hears it was revoked in the database', async () => {
        const { email, cookie } = await signUpAndSignIn(env(), { email: uniqueEmail('demoted') });
        const access = async () => (await env().request('/api/admin/access', { cookie })).status;
        await env().db.update(user).set({ role: 'admin' }).where(eq(user.email, email));
        await expectOnceNotified(env(), access, 200);
        await env().db.update(user).set({ role: 'user' }).where(eq(user.email, email));
        await expectOnceNotified(env(), access, 403);
      });
    });
  },
  { ADMIN_EMAILS: ADMIN },
);
