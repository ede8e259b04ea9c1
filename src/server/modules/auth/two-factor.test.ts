import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { session, twoFactor, user } from '../../db/schema/index.ts';
import { rowsOf, snapshotTables } from '../../test/db-snapshot.ts';
import {
  DEFAULT_PASSWORD,
  describeEachDatabase,
  freshIp,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { base32Decode, freshTotpCode, secretOfUri, totpCode } from '../../test/totp.ts';
import { CookieJar, passwordStep, post, signUpWithTwoFactor, type Enabled } from '../../test/two-factor.ts';
import { ADMIN_TWO_FACTOR_REQUIRED_MESSAGE, TWO_FACTOR_ISSUER } from '../../../shared/two-factor.ts';
import { TWO_FACTOR_RATE_LIMIT } from './two-factor.ts';

const sessionsOf = async (env: TestEnv, userId: string) =>
  (await env.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;

const protectedStatus = async (env: TestEnv, cookie: string) =>
  (await env.request('/api/profile', { cookie, ip: freshIp() })).status;

/** Every table but those a wrong code writes to by design (its counters: see the test). */
const withoutCounters = (snapshot: Record<string, string>) => {
  const { verifications: _v, two_factors: _t, ...rest } = snapshot;
  return rest;
};

describe('the TOTP calculator the tests use', () => {
  it('gives RFC 6238 appendix B codes (SHA-1, last 6 of the 8 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(secret, 20_000_000_000_000)).toBe('353130');
  });
});

describeEachDatabase('two-factor sign-in', (env) => {
  describe('turning it on', () => {
    it('needs a session and the password; the wrong password changes nothing', async () => {
      const account = await signUpAndSignIn(env());
      const before = await snapshotTables(env());
      const anonymous = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD });
      expect(anonymous.status).toBe(401);
      const wrong = await post(env(), '/two-factor/enable', { password: 'not-the-password-1' }, account.cookie);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
      const missing = await post(env(), '/two-factor/enable', {}, account.cookie);
      expect(missing.status).toBe(400);
      expect(await snapshotTables(env())).toEqual(before);
    });

    it('refuses keys the page does not send (a trusted-device cookie, another issuer or method), changing nothing', async () => {
      const account = await signUpAndSignIn(env());
      const before = await snapshotTables(env());
      for (const [path, body, key] of [
        ['/two-factor/enable', { password: DEFAULT_PASSWORD, issuer: 'evil' }, 'issuer'],
        ['/two-factor/enable', { password: DEFAULT_PASSWORD, method: 'otp' }, 'method'],
        ['/two-factor/verify-totp', { code: '123456', trustDevice: true }, 'trustDevice'],
        ['/two-factor/verify-backup-code', { code: 'abcde-fghij', disableSession: true }, 'disableSession'],
        ['/two-factor/disable', { password: DEFAULT_PASSWORD, extra: 1 }, 'extra'],
      ] as const) {
        const res = await post(env(), path, body, account.cookie);
        expect(res.status, path).toBe(400);
        expect(await res.json(), path).toEqual({ code: 'UNKNOWN_FIELD', message: `${key}: Unknown field` });
      }
      expect(await snapshotTables(env())).toEqual(before);
    });

    it('gives the authenticator URI and ten recovery codes, stores both encrypted, and is not on until a code is confirmed', async () => {
      const account = await signUpAndSignIn(env());
      const res = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, account.cookie);
      expect(res.status).toBe(200);
      const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
      const uri = new URL(totpURI);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(uri.searchParams.get('issuer')).toBe(TWO_FACTOR_ISSUER);
      expect(decodeURIComponent(uri.pathname)).toContain(account.email);
      expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32,}$/);
      expect(backupCodes).toHaveLength(10);
      for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
      expect(new Set(backupCodes).size).toBe(10);

      const [row] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, account.userId));
      expect(row).toMatchObject({ verified: false, failedVerificationCount: 0, lockedUntil: null });
      const secret = base32Decode(secretOfUri(totpURI)).toString();
      expect(row!.secret).not.toContain(secret);
      for (const code of backupCodes) expect(row!.backupCodes).not.toContain(code);
      const [account2fa] = await env().db.select().from(user).where(eq(user.id, account.userId));
      expect(account2fa!.twoFactorEnabled).toBe(false);

      // Not on yet: the password alone still signs in.
      const plain = await signIn(env(), account.email);
      expect(plain.status).toBe(200);
      expect(await plain.json()).toMatchObject({ user: { email: account.email } });
    });

    it('a wrong first code changes nothing; the right one turns it on and replaces the session', async () => {
      const account = await signUpAndSignIn(env());
      const enable = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, account.cookie);
      const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
      const right = await freshTotpCode(secret);
      const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');

      const before = await snapshotTables(env());
      const wrong = await post(env(), '/two-factor/verify-totp', { code: wrongCode }, account.cookie);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
      expect(await snapshotTables(env())).toEqual(before);

      const ok = await post(env(), '/two-factor/verify-totp', { code: right }, account.cookie);
      expect(ok.status).toBe(200);
      const [row] = await env().db.select().from(user).where(eq(user.id, account.userId));
      expect(row!.twoFactorEnabled).toBe(true);
      const [stored] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, account.userId));
      expect(stored!.verified).toBe(true);
      const cookie = new CookieJar(account.cookie).take(ok).toString();
      expect(await protectedStatus(env(), cookie)).toBe(200);
      const me = await env().request('/api/auth/get-session', { cookie, ip: freshIp() });
      expect(await me.json()).toMatchObject({ user: { id: account.userId, twoFactorEnabled: true } });

      // Once on, enabling again is refused (a new secret needs turning it off first).
      const again = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, cookie);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: 'TOTP_ALREADY_ENABLED' });
    });
  });

  describe('signing in once it is on', () => {
    let alice: Enabled;
    beforeAll(async () => {
      alice = await signUpWithTwoFactor(env());
    });

    it('a correct password alone yields no session: the answer asks for the second factor', async () => {
      const sessionsBefore = await sessionsOf(env(), alice.userId);
      const { res, jar } = await passwordStep(env(), alice.email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      // The session Better Auth made for the password is deleted at once, and its cookie expired.
      expect(await sessionsOf(env(), alice.userId)).toBe(sessionsBefore);
      expect(jar.has('session_token')).toBe(false);
      expect(jar.has('two_factor')).toBe(true);
      // Whatever cookies the answer left, none works on a protected endpoint or reads as signed in.
      const everyCookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      for (const cookie of [jar.toString(), everyCookie]) {
        expect(await protectedStatus(env(), cookie)).toBe(401);
        const me = await env().request('/api/auth/get-session', { cookie, ip: freshIp() });
        expect(await me.json()).toBeNull();
      }
    });

    it('the code from the authenticator completes the sign-in; a wrong one is counted and gives nothing', async () => {
      const { jar } = await passwordStep(env(), alice.email);
      const right = await freshTotpCode(alice.secret);
      const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');

      const before = await snapshotTables(env());
      const sessionsBefore = await sessionsOf(env(), alice.userId);
      const wrong = await post(env(), '/two-factor/verify-totp', { code: wrongCode }, jar.toString());
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
      // Nothing but the counters changed: the challenge's attempt count and the account's
      // consecutive failures (both limit guessing); no session was made.
      expect(withoutCounters(await snapshotTables(env()))).toEqual(withoutCounters(before));
      expect(await sessionsOf(env(), alice.userId)).toBe(sessionsBefore);
      const [counted] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, alice.userId));
      expect(counted!.failedVerificationCount).toBe(1);

      const ok = await post(env(), '/two-factor/verify-totp', { code: right }, jar.toString());
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ user: { id: alice.userId } });
      jar.take(ok);
      expect(jar.has('session_token')).toBe(true);
      expect(jar.has('two_factor')).toBe(false);
      expect(await protectedStatus(env(), jar.toString())).toBe(200);
      const [reset] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, alice.userId));
      expect(reset!.failedVerificationCount).toBe(0);
    });

    it('the second step needs the cookie of a password step, and that cookie works once', async () => {
      const code = await freshTotpCode(alice.secret);
      const before = await snapshotTables(env());
      const none = await post(env(), '/two-factor/verify-totp', { code });
      expect(none.status).toBe(401);
      const forged = await post(env(), '/two-factor/verify-totp', { code }, 'better-auth.two_factor=2fa-forged.abc');
      expect(forged.status).toBe(401);
      expect(await snapshotTables(env())).toEqual(before);

      const { jar } = await passwordStep(env(), alice.email);
      const challenge = jar.toString();
      expect((await post(env(), '/two-factor/verify-totp', { code }, challenge)).status).toBe(200);
      const replay = await post(env(), '/two-factor/verify-totp', { code }, challenge);
      expect(replay.status).toBe(401);
    });

    it('five wrong codes spend the challenge: even the right code then needs a new password step', async () => {
      const bob = await signUpWithTwoFactor(env());
      const { jar } = await passwordStep(env(), bob.email);
      for (let i = 0; i < 5; i++) {
        const res = await post(env(), '/two-factor/verify-totp', { code: '000000' }, jar.toString());
        expect(res.status).toBe(401);
      }
      const spent = await post(
        env(),
        '/two-factor/verify-totp',
        { code: await freshTotpCode(bob.secret) },
        jar.toString(),
      );
      expect(spent.status).toBe(400);
      expect(await spent.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' });
      expect(await sessionsOf(env(), bob.userId)).toBe(1); // the one from enabling
      const next = await passwordStep(env(), bob.email);
      const ok = await post(
        env(),
        '/two-factor/verify-totp',
        { code: await freshTotpCode(bob.secret) },
        next.jar.toString(),
      );
      expect(ok.status).toBe(200);
    });

    it('accepts the code of the step before (a clock a little behind), not one from three steps back', async () => {
      // An account of its own: the step before's code must not be one it has used (each code works once).
      const carol = await signUpWithTwoFactor(env());
      const { jar } = await passwordStep(env(), carol.email);
      // Out of the end of a step, so the steps below hold, and past the step whose code confirmed it.
      const step = () => 30_000 - (Date.now() % 30_000);
      while (step() < 3_000 || totpCode(carol.secret, Date.now() - 30_000) === carol.confirmCode)
        await new Promise((resolve) => setTimeout(resolve, step() + 50));
      const now = Date.now();
      const stale = await post(
        env(),
        '/two-factor/verify-totp',
        { code: totpCode(carol.secret, now - 90_000) },
        jar.toString(),
      );
      expect(stale.status).toBe(401);
      const behind = await post(
        env(),
        '/two-factor/verify-totp',
        { code: totpCode(carol.secret, now - 30_000) },
        jar.toString(),
      );
      expect(behind.status).toBe(200);
    });

    it('10 wrong codes in a row lock the second step for 15 minutes, even with the right code', async () => {
      const gina = await signUpWithTwoFactor(env());
      for (let challenge = 0; challenge < 2; challenge++) {
        const { jar } = await passwordStep(env(), gina.email);
        for (let i = 0; i < 5; i++) {
          expect((await post(env(), '/two-factor/verify-totp', { code: '000000' }, jar.toString())).status).toBe(401);
        }
      }
      const [locked] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, gina.userId));
      expect(locked!.failedVerificationCount).toBe(10);
      const lockedFor = locked!.lockedUntil!.getTime() - Date.now();
      expect(lockedFor).toBeGreaterThan(14 * 60_000);
      expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);

      const { jar } = await passwordStep(env(), gina.email);
      const sessionsBefore = await sessionsOf(env(), gina.userId);
      const refused = await post(
        env(),
        '/two-factor/verify-totp',
        { code: await freshTotpCode(gina.secret) },
        jar.toString(),
      );
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED' });
      const byRecovery = await post(
        env(),
        '/two-factor/verify-backup-code',
        { code: gina.recoveryCodes[0] },
        jar.toString(),
      );
      expect(byRecovery.status).toBe(429);
      expect(await sessionsOf(env(), gina.userId)).toBe(sessionsBefore);

      // Once the 15 minutes are over, the right code signs in (and the count starts again).
      await env()
        .db.update(twoFactor)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(twoFactor.userId, gina.userId));
      const ok = await post(
        env(),
        '/two-factor/verify-totp',
        { code: await freshTotpCode(gina.secret) },
        jar.toString(),
      );
      expect(ok.status).toBe(200);
      const [after] = await env().db.select().from(twoFactor).where(eq(twoFactor.userId, gina.userId));
      expect(after).toMatchObject({ failedVerificationCount: 0, lockedUntil: null });
    });

    it('a recovery code signs in instead of the code, once', async () => {
      const carol = await signUpWithTwoFactor(env());
      const [first, second] = carol.recoveryCodes as [string, string];
      const step = await passwordStep(env(), carol.email);
      const ok = await post(env(), '/two-factor/verify-backup-code', { code: first }, step.jar.toString());
      expect(ok.status).toBe(200);
      step.jar.take(ok);
      expect(await protectedStatus(env(), step.jar.toString())).toBe(200);

      const again = await passwordStep(env(), carol.email);
      const sessionsBefore = await sessionsOf(env(), carol.userId);
      const reused = await post(env(), '/two-factor/verify-backup-code', { code: first }, again.jar.toString());
      expect(reused.status).toBe(401);
      expect(await reused.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
      expect(await sessionsOf(env(), carol.userId)).toBe(sessionsBefore);
      const other = await post(env(), '/two-factor/verify-backup-code', { code: second }, again.jar.toString());
      expect(other.status).toBe(200);
    });

    it('a password reset leaves two-factor sign-in on', async () => {
      const dave = await signUpWithTwoFactor(env());
      const ip = freshIp();
      await env().request('/api/auth/request-password-reset', {
        body: { email: dave.email, redirectTo: '/reset-password' },
        ip,
      });
      const link = new URL(env().mailer.lastLink(dave.email, 'Reset'));
      const token = link.searchParams.get('token') ?? link.pathname.split('/').at(-1)!;
      const reset = await env().request('/api/auth/reset-password', {
        body: { token, newPassword: 'a-brand-new-secret-77' },
        ip,
      });
      expect(reset.status).toBe(200);
      const res = await signIn(env(), dave.email, 'a-brand-new-secret-77');
      expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    });
  });

  describe('turning it off', () => {
    it('needs the password (a wrong one changes nothing); then the password alone signs in again', async () => {
      const erin = await signUpWithTwoFactor(env());
      const before = await snapshotTables(env());
      const anonymous = await post(env(), '/two-factor/disable', { password: DEFAULT_PASSWORD });
      expect(anonymous.status).toBe(401);
      const wrong = await post(env(), '/two-factor/disable', { password: 'not-the-password-1' }, erin.cookie);
      expect(wrong.status).toBe(400);
      expect(await snapshotTables(env())).toEqual(before);

      const ok = await post(env(), '/two-factor/disable', { password: DEFAULT_PASSWORD }, erin.cookie);
      expect(ok.status).toBe(200);
      const [row] = await env().db.select().from(user).where(eq(user.id, erin.userId));
      expect(row!.twoFactorEnabled).toBe(false);
      expect(await env().db.select().from(twoFactor).where(eq(twoFactor.userId, erin.userId))).toEqual([]);
      const plain = await signIn(env(), erin.email);
      expect(plain.status).toBe(200);
      expect(await plain.json()).toMatchObject({ user: { id: erin.userId } });
    });
  });

  it('limits each two-factor endpoint per address (10 a minute, like sign-in); the refused call changes nothing', async () => {
    const account = await signUpAndSignIn(env());
    const ip = freshIp();
    const attempt = () =>
      env().request('/api/auth/two-factor/enable', {
        body: { password: 'not-the-password-1' },
        cookie: account.cookie,
        ip,
      });
    for (let i = 0; i < TWO_FACTOR_RATE_LIMIT.max; i++) expect((await attempt()).status).toBe(400);
    const before = await snapshotTables(env());
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await snapshotTables(env())).toEqual(before);
    // Another address, and another two-factor endpoint from the same address, are counted apart.
    expect((await post(env(), '/two-factor/enable', { password: 'not-the-password-1' }, account.cookie)).status).toBe(
      400,
    );
    const other = await env().request('/api/auth/two-factor/verify-totp', {
      body: { code: '123456' },
      cookie: account.cookie,
      ip,
    });
    expect(other.status).not.toBe(429);
  });

  it('an account deleted takes its two-factor row with it', async () => {
    const frank = await signUpWithTwoFactor(env());
    await env().db.execute(sql`delete from users where id = ${frank.userId}`);
    const left = rowsOf<{ n: number }>(
      await env().db.execute(sql`select count(*)::int as n from two_factors where user_id = ${frank.userId}`),
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});

const ADMIN = 'two-factor.admin@example.com';

describeEachDatabase(
  'ADMIN_REQUIRE_2FA',
  (env) => {
    /** Every /api/admin endpoint an admin uses, with a body for the writes. */
    const adminCalls = (targetId: string) =>
      [
        ['GET', '/api/admin/access'],
        ['GET', '/api/admin/stats'],
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/issues'],
        ['GET', '/api/admin/analytics'],
        ['GET', '/api/admin/logs'],
        ['PATCH', `/api/admin/users/${targetId}/verification`, { status: 'verified' }],
      ] as const;

    it('every admin endpoint answers 403 with a clear message to an admin without two-factor sign-in, changing nothing', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN });
      const target = await signUpAndSignIn(env());
      await env().request('/api/verification/apply', { cookie: target.cookie, method: 'POST' });
      const before = await snapshotTables(env());
      for (const [method, path, body] of adminCalls(target.userId)) {
        const res = await env().request(path, { method, body, cookie: admin.cookie, ip: freshIp() });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json(), `${method} ${path}`).toEqual({ error: ADMIN_TWO_FACTOR_REQUIRED_MESSAGE });
      }
      expect(await snapshotTables(env())).toEqual(before);
      // A non-admin is still told the area is not theirs, whatever their second factor.
      const plain = await signUpWithTwoFactor(env());
      const res = await env().request('/api/admin/access', { cookie: plain.cookie, ip: freshIp() });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Not authorised: this area is for administrators only' });
    });

    it('once the admin turns it on (and signs in with a code), the dashboard opens', async () => {
      const admin = await signUpAndSignIn(env(), { email: uniqueEmail('second.admin') });
      // Not listed in ADMIN_EMAILS here: made admin directly, as the CLI would.
      await env().db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.userId));
      expect((await env().request('/api/admin/stats', { cookie: admin.cookie, ip: freshIp() })).status).toBe(403);

      const enable = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, admin.cookie);
      const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
      const confirm = await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(secret) }, admin.cookie);
      expect(confirm.status).toBe(200);
      const cookie = new CookieJar(admin.cookie).take(confirm).toString();
      for (const path of ['/api/admin/access', '/api/admin/stats', '/api/admin/users']) {
        expect((await env().request(path, { cookie, ip: freshIp() })).status, path).toBe(200);
      }

      const { jar } = await passwordStep(env(), admin.email);
      expect(await protectedStatus(env(), jar.toString())).toBe(401);
      const ok = await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(secret) }, jar.toString());
      jar.take(ok);
      expect((await env().request('/api/admin/stats', { cookie: jar.toString(), ip: freshIp() })).status).toBe(200);
    });
  },
  { ADMIN_EMAILS: ADMIN, ADMIN_REQUIRE_2FA: 'true' },
);

describeEachDatabase(
  'admins without ADMIN_REQUIRE_2FA',
  (env) => {
    it('keep the dashboard without two-factor sign-in (the page only suggests it)', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN });
      for (const path of ['/api/admin/access', '/api/admin/stats']) {
        expect((await env().request(path, { cookie: admin.cookie, ip: freshIp() })).status, path).toBe(200);
      }
      const me = await env().request('/api/auth/get-session', { cookie: admin.cookie, ip: freshIp() });
      expect(await me.json()).toMatchObject({ user: { role: 'admin', twoFactorEnabled: false } });
    });
  },
  { ADMIN_EMAILS: ADMIN },
);
