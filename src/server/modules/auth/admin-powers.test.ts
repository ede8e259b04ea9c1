/**
 * Admin powers follow one rule everywhere (middleware.ts adminPowers): with ADMIN_REQUIRE_2FA, an
 * admin's session must itself have been completed with a second factor, for the admin endpoints
 * and for reading what only owners and admins see (a private or unconfirmed profile, its bets,
 * ledger and NDJSON). Turning two-factor sign-in on ends the account's other sessions, and a code
 * from the authenticator app completes one sign-in only (RFC 6238 section 5.2).
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { session, usedTotpCode } from '../../db/schema/index.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import {
  DEFAULT_PASSWORD,
  cookieFrom,
  describeEachDatabase,
  freshIp,
  signIn,
  signUpAndSignIn,
  type TestEnv,
} from '../../test/harness.ts';
import { freshTotpCode, secretOfUri } from '../../test/totp.ts';
import { CookieJar, passwordStep, post, signUpWithTwoFactor } from '../../test/two-factor.ts';
import {
  ADMIN_SECOND_FACTOR_REQUIRED_MESSAGE,
  ADMIN_TWO_FACTOR_REQUIRED_MESSAGE,
  TOTP_CODE_USED_MESSAGE,
} from '../../../shared/two-factor.ts';

const ADMIN = 'powers.admin@example.com';
const RECORD_PATHS = ['', '/bets', '/ledger', '/ledger.ndjson'];

const usernameOf = async (env: TestEnv, cookie: string) =>
  ((await (await env.request('/api/profile', { cookie })).json()) as { username: string }).username;

/** A private profile and an unconfirmed one, each with its username. */
async function hiddenProfiles(env: TestEnv) {
  const privateOwner = await signUpAndSignIn(env);
  await env.db.execute(
    sql`update user_settings set privacy_settings = '{"profile_public": false}'::jsonb where user_id = ${privateOwner.userId}`,
  );
  const unconfirmed = await signUpAndSignIn(env);
  await env.db.execute(
    sql`update user_settings set privacy_settings = '{"profile_public": true}'::jsonb where user_id = ${unconfirmed.userId}`,
  );
  const names = [await usernameOf(env, privateOwner.cookie), await usernameOf(env, unconfirmed.cookie)];
  await env.db.execute(sql`update users set email_verified = false where id = ${unconfirmed.userId}`);
  return names;
}

/** Each record endpoint of each profile: the status `cookie` gets. */
async function statuses(env: TestEnv, usernames: string[], cookie?: string) {
  const answers: Record<string, number> = {};
  for (const name of usernames)
    for (const path of RECORD_PATHS)
      answers[`${name}${path}`] = (await env.request(`/api/profiles/${name}${path}`, { cookie, ip: freshIp() })).status;
  return answers;
}

const sessionRowsOf = async (env: TestEnv, userId: string) =>
  (await env.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;

describeEachDatabase(
  'admin powers with ADMIN_REQUIRE_2FA',
  (env) => {
    it('an admin without two-factor sign-in reads hidden profiles as a stranger does; with a code-signed session, as an admin', async () => {
      const names = await hiddenProfiles(env());
      const stranger = await signUpAndSignIn(env());
      const asStranger = await statuses(env(), names, stranger.cookie);
      expect(Object.values(asStranger).every((status) => status === 403 || status === 404)).toBe(true);

      const admin = await signUpAndSignIn(env(), { email: ADMIN });
      expect(await statuses(env(), names, admin.cookie)).toEqual(asStranger);

      // Two-factor on, and a sign-in completed with a code: the admin's powers.
      const enable = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, admin.cookie);
      const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
      const confirm = await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(secret) }, admin.cookie);
      expect(confirm.status).toBe(200);
      const { jar } = await passwordStep(env(), ADMIN);
      jar.take(await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(secret) }, jar.toString()));
      const asAdmin = await statuses(env(), names, jar.toString());
      expect(Object.values(asAdmin)).toEqual(RECORD_PATHS.flatMap(() => [200, 200]));
    });

    it('asks how the session signed in, not only what the account has on: a session without a second factor has no admin powers', async () => {
      const admin = await signUpWithTwoFactor(env());
      await env().db.execute(sql`update users set role = 'admin' where id = ${admin.userId}`);
      const { jar } = await passwordStep(env(), admin.email);
      jar.take(
        await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(admin.secret) }, jar.toString()),
      );
      const cookie = jar.toString();
      expect((await env().request('/api/admin/stats', { cookie, ip: freshIp() })).status).toBe(200);
      const [hidden] = await hiddenProfiles(env());
      expect((await env().request(`/api/profiles/${hidden}`, { cookie, ip: freshIp() })).status).toBe(200);

      // The same account and role, the session marked as signed in without a code (as one made
      // before two-factor was on, or by the password alone, would be).
      await env().db.execute(sql`update sessions set second_factor = false where user_id = ${admin.userId}`);
      const before = await snapshotTables(env());
      const refused = await env().request('/api/admin/stats', { cookie, ip: freshIp() });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: ADMIN_SECOND_FACTOR_REQUIRED_MESSAGE });
      expect((await env().request(`/api/profiles/${hidden}`, { cookie, ip: freshIp() })).status).not.toBe(200);
      expect(await snapshotTables(env())).toEqual(before);
    });

    it('an admin who has not turned it on is told to', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN.replace('powers', 'other') });
      await env().db.execute(sql`update users set role = 'admin' where id = ${admin.userId}`);
      const res = await env().request('/api/admin/access', { cookie: admin.cookie, ip: freshIp() });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: ADMIN_TWO_FACTOR_REQUIRED_MESSAGE });
    });
  },
  { ADMIN_EMAILS: ADMIN, ADMIN_REQUIRE_2FA: 'true' },
);

describeEachDatabase('two-factor sign-in and sessions', (env) => {
  it('turning it on ends every other session of the account; the one that turned it on goes on', async () => {
    const account = await signUpAndSignIn(env());
    // Signed in in another browser too.
    const elsewhere = cookieFrom(await signIn(env(), account.email));
    expect((await env().request('/api/profile', { cookie: elsewhere })).status).toBe(200);
    expect(await sessionRowsOf(env(), account.userId)).toBe(2);

    const enable = await post(env(), '/two-factor/enable', { password: DEFAULT_PASSWORD }, account.cookie);
    const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
    const confirm = await post(env(), '/two-factor/verify-totp', { code: await freshTotpCode(secret) }, account.cookie);
    expect(confirm.status).toBe(200);
    const cookie = new CookieJar(account.cookie).take(confirm).toString();

    expect((await env().request('/api/profile', { cookie: elsewhere })).status).toBe(401);
    expect((await env().request('/api/profile', { cookie: account.cookie })).status).toBe(401);
    expect((await env().request('/api/profile', { cookie })).status).toBe(200);
    expect(await sessionRowsOf(env(), account.userId)).toBe(1);
    // The session that confirmed the code is a second-factor one.
    const [row] = await env().db.select().from(session).where(eq(session.userId, account.userId));
    expect(row!.secondFactor).toBe(true);
  });

  it('the database ends the sessions whatever turns it on (direct SQL)', async () => {
    const account = await signUpAndSignIn(env());
    await env().db.execute(sql`update users set two_factor_enabled = true where id = ${account.userId}`);
    expect(await sessionRowsOf(env(), account.userId)).toBe(0);
    expect((await env().request('/api/profile', { cookie: account.cookie })).status).toBe(401);
  });

  it('a code completes one sign-in: the same code on a second challenge is refused and makes no session', async () => {
    const alice = await signUpWithTwoFactor(env());
    const code = await freshTotpCode(alice.secret);
    const first = await passwordStep(env(), alice.email);
    const second = await passwordStep(env(), alice.email);
    const ok = await post(env(), '/two-factor/verify-totp', { code }, first.jar.toString());
    expect(ok.status).toBe(200);
    const sessions = await sessionRowsOf(env(), alice.userId);

    const replay = await post(env(), '/two-factor/verify-totp', { code }, second.jar.toString());
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'CODE_ALREADY_USED', message: TOTP_CODE_USED_MESSAGE });
    expect(await sessionRowsOf(env(), alice.userId)).toBe(sessions);
    const replayJar = new CookieJar(second.jar.toString()).take(replay);
    expect((await env().request('/api/profile', { cookie: replayJar.toString() })).status).toBe(401);

    // The next code from the app works (on a new password step: the refused one spent its challenge).
    const again = await passwordStep(env(), alice.email);
    const next = await post(
      env(),
      '/two-factor/verify-totp',
      { code: await freshTotpCode(alice.secret) },
      again.jar.toString(),
    );
    expect(next.status).toBe(200);
    // Only hashes are kept.
    const kept = await env().db.select().from(usedTotpCode).where(eq(usedTotpCode.userId, alice.userId));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash) && !row.codeHash.includes(code))).toBe(true);
  });

  it('two sign-ins racing with one code get one session between them', async () => {
    const bob = await signUpWithTwoFactor(env());
    const code = await freshTotpCode(bob.secret);
    const challenges = [await passwordStep(env(), bob.email), await passwordStep(env(), bob.email)];
    const sessions = await sessionRowsOf(env(), bob.userId);
    const answers = await Promise.all(
      challenges.map(({ jar }) => post(env(), '/two-factor/verify-totp', { code }, jar.toString())),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(await sessionRowsOf(env(), bob.userId)).toBe(sessions + 1);
  });
});
